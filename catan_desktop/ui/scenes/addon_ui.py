"""What an add-on game brings to the game screen (Frenemies, RULES.md Part A; Helpers, Part H): a row on each
player panel, buttons in the action bar, the dialogs its phases need, board targets for its own build modes,
and what its events show. The game screen asks each add-on of its rule modules in turn (``addons_for``), so
an add-on is one more class here, not ``if`` branches in the screen.

Like the rest of the game screen, an add-on reads the seat view (``scene.view``), the legal actions
(``scene.ctl.legal()``) and the event log, never the engine's internals.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action

if TYPE_CHECKING:
    from .game import GameScene

Enable = Callable[[str, bool, str], None]  # (button key, enabled, tooltip)


class AddonUI:
    """One add-on's part of the game screen. Every hook has a do-nothing default."""

    MODULE = ""  # the rule module it belongs to
    ROW = 26  # the height of its row on a player panel (at scale 1; 0: no row)

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene

    # ------------------------------------------------------------------------------------- panels

    def draw_panel_row(self, surface: pygame.Surface, row: pygame.Rect, seat: int, compact: bool) -> None:
        """Draw this add-on's facts about ``seat`` into ``row`` of its panel (``compact``: a short panel,
        the row shares its line with the seat's status and badges: icons and counts only)."""

    # ------------------------------------------------------------------------------------ buttons

    def buttons(self) -> list[tuple[str, str, str]]:
        """The action-bar buttons (key, label, tooltip with its shortcut): one row of at most two."""
        return []

    def keys(self) -> dict[int, str]:
        """Keyboard shortcuts: pygame key -> button key."""
        return {}

    def sync(self, kinds: set[str], mine: bool, enable: Enable) -> None:
        """Enable or disable this add-on's buttons (``kinds``: the legal action kinds of the shown human;
        ``mine``: it is their move), each with a tooltip saying what it does or why not."""

    def press(self, key: str) -> bool:
        """A button or shortcut of this add-on was used (True: handled)."""
        return False

    # ---------------------------------------------------------------------------------- the board

    def board_targets(self, legal: list[Action], out: dict[str, dict[Any, list[Action]]]) -> None:
        """Add the board spots that the shown human's legal actions of this add-on make clickable now
        (``out``: node / edge / hex -> actions), e.g. in this add-on's own board mode."""

    def click(self, kind: str, index: Any, actions: list[Action]) -> bool:
        """A click on a board target this add-on added (True: handled, e.g. a dialog opened)."""
        return False

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw over the board (clipped to it), under the first-game tip: marks of this add-on's own."""

    def look(self) -> object:
        """This add-on's own state that its drawing reads (a board mode, a chosen piece), for the game
        screen's signature (ui/scene.py); the seat view it reads is in the screen's own."""
        return ()

    def hint(self) -> str | None:
        """The header's hint for the shown human now, when this add-on has a better one (None: the usual)."""
        return None

    def cancel_mode(self) -> bool:
        """Esc or a right click: leave this add-on's board mode (True: there was one)."""
        return False

    # ---------------------------------------------------------------------------- phases, events

    def phase_dialog(self, key: tuple[str, int, int]) -> bool:
        """Open the dialog the current phase needs from the shown human (True: this add-on handled it)."""
        return False

    def on_event(self, event: dict[str, Any], now: float, speed: float) -> None:
        """An event has happened: start its animation or sound."""


def addons_for(scene: GameScene) -> list[AddonUI]:
    """The add-on parts of ``scene``'s rule modules, in the rule file's order."""
    from .frenemies_ui import FrenemiesUI
    from .helpers_ui import HelpersUI
    from .scenario_ui import CanalUI, ScenarioUI

    known: dict[str, type[AddonUI]] = {
        ui.MODULE: ui for ui in (FrenemiesUI, HelpersUI, ScenarioUI, CanalUI)
    }
    return [known[m](scene) for m in scene.game.rules.modules if m in known]


def sprite(scene: GameScene, name: str, size: tuple[int, int]) -> pygame.Surface:
    """The sprite ``name`` at ``size``; a plain disc when the art is missing (a partial install), so a
    missing picture never stops a game."""
    from ...render.assets import AssetError

    try:
        return scene.app.assets.scaled(name, size)
    except (AssetError, ValueError):
        surf = pygame.Surface(size, pygame.SRCALPHA)
        r = min(size) // 2
        pygame.draw.circle(surf, (214, 190, 140), (size[0] // 2, size[1] // 2), r)
        pygame.draw.circle(surf, (90, 60, 30), (size[0] // 2, size[1] // 2), r, max(1, r // 6))
        return surf
