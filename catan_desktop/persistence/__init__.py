"""Save files, autosave and the player's folders. Imports the engine, never pygame."""

from .files import atomic_write_text
from .records import export_record, import_record, read_record, record_text
from .saves import LoadedSave, SaveError, SaveInfo, list_saves, load_bytes, load_game, replay, save_game

__all__ = [
    "LoadedSave",
    "SaveError",
    "SaveInfo",
    "atomic_write_text",
    "export_record",
    "import_record",
    "list_saves",
    "load_bytes",
    "load_game",
    "read_record",
    "record_text",
    "replay",
    "save_game",
]
