"""Starting and resuming games from the screens: the set-up a save was started with, and the game screen for
its kind of game, opened by name (``ui/screens.py``), so the menus, Load game and Game over need not import
the game screens.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import RulesetError
from ..engine.any_game import game_kind, kind_of
from ..i18n import _
from ..persistence import LoadedSave, SaveError, load_game
from ..text import file_problems, save_problem
from ..variants import RuleFileError
from .config import GameConfig

if TYPE_CHECKING:
    from .app import App

# kind of game (``engine.any_game``) -> the name of the screen that plays it
GAME_SCREENS = {"board": "game", "dice": "dice_game"}


def config_for(loaded: LoadedSave) -> GameConfig:
    """The GameConfig a save was started with (from its metadata), or a default one that fits it."""
    players = loaded.game.players
    config: GameConfig | None = None
    data = loaded.meta.get("config") if isinstance(loaded.meta, dict) else None
    if isinstance(data, dict):
        try:
            config = GameConfig.from_dict(data)
        except (KeyError, TypeError, ValueError):
            config = None
    if config is None or len(config.seats) != players:
        fallback = GameConfig.default(players)
        if config is not None:  # keep what the metadata knew about the seats
            fallback.seats[: len(config.seats)] = config.seats[:players]
        config = fallback
        config.variant = loaded.game.rules.name
        config.seed = loaded.game.seed
        config.board = board_kind(loaded, data)
    return config


def board_kind(loaded: LoadedSave, data: object = None) -> str:
    """The board a save was started on: the one its metadata names, else the seat view's (public)."""
    if isinstance(data, dict) and isinstance(data.get("board"), str):
        return data["board"]
    return getattr(loaded.game.seat_view(0), "board_kind", "sheet")  # a dice game has a sheet, no board


def start_game(app: App, config: GameConfig, loaded: LoadedSave | None = None) -> bool:
    """Replace the whole scene stack with the screen that plays this kind of game (the board game's, the
    dice game's); on a rules problem show it and return False."""
    try:
        kind = kind_of(loaded.game) if loaded is not None else game_kind(config.variant)
        args = (config, loaded) if loaded is not None else (config,)
        scene = app.go(GAME_SCREENS.get(kind, "game"), *args, how="reset")
    except (RulesetError, RuleFileError, SaveError, ValueError) as exc:
        text = f"{exc.path}: {save_problem(exc)}" if isinstance(exc, SaveError) else file_problems(exc)
        app.show_message(_("Cannot start the game"), text)
        return False
    return scene is not None


def resume_save(app: App, path: Path, offer_new_game: bool = False) -> bool:
    """Load the save at ``path`` and continue it; a damaged file is reported and left untouched. With
    ``offer_new_game`` (Continue from the menu) the message offers to start a new game instead."""
    try:
        loaded = load_game(path)
    except SaveError as exc:
        title = _("This game cannot be loaded")
        text = _(
            "File: {file}\n\nProblem: {problem}\n\nThe file has been left exactly as it is.",
            file=exc.path,
            problem=save_problem(exc),
        )
        if not offer_new_game:
            app.show_message(title, text)
            return False
        more = _("A new game's autosave will replace it: copy the file first if you want to keep it.")
        app.confirm(title, text + "\n\n" + more, lambda: app.go("new_game"), yes=_("New game"))
        return False
    return start_game(app, config_for(loaded), loaded)
