"""Save files, autosave and the player's folders. Imports the engine, never pygame."""

from .files import atomic_write_text
from .saves import LoadedSave, SaveError, SaveInfo, list_saves, load_bytes, load_game, replay, save_game

__all__ = [
    "LoadedSave",
    "SaveError",
    "SaveInfo",
    "atomic_write_text",
    "list_saves",
    "load_bytes",
    "load_game",
    "replay",
    "save_game",
]
