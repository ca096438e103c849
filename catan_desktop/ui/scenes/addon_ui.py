"""What an add-on game brings to the game screen (Frenemies, RULES.md Part A; Helpers, Part H): a row on each
player panel, buttons in the action bar, the dialogs its phases need, board targets for its own build modes,
and what its events show. The game screen asks each add-on of its rule modules in turn (``addons_for``), so
an add-on is one more class here, not ``if`` branches in the screen.

An add-on part is given the seat port (``port``: the seat views, the legal actions, the reasons) and the
game screen's kit (``kit``: sizes, drawing, the screen's verbs), never the game screen itself or the
engine's internals (issue 32). Each part registers itself with ``@addon_ui``; the game screen asks the
registry for the parts of its game's rule modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action
from ...render.assets import AssetError

if TYPE_CHECKING:
    from ...engine.views import SeatView
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit

Enable = Callable[[str, bool, str], None]  # (button key, enabled, tooltip)
REGISTRY: dict[str, type[AddonUI]] = {}  # rule module -> its part of the game screen


def addon_ui(cls: type[AddonUI]) -> type[AddonUI]:
    """Register an add-on's screen part under its rule module (``cls.MODULE``)."""
    REGISTRY[cls.MODULE] = cls
    return cls


class AddonUI:
    """One add-on's part of the game screen. Every hook has a do-nothing default."""

    MODULE = ""  # the rule module it belongs to
    ROW = 26  # the height of its row on a player panel (at scale 1; 0: no row)
    PANEL_BLOCK = 0  # the height of a block it draws in each full player panel under the badges (scale 1)
    COLUMN = 0  # the height of its panel under the player panels, in the left column (scale 1; 0: none)
    # how the screenshot tool (ui/screenshot.py) stages a game of this add-on
    SHOWCASE = ""  # the tool's --scene that shows this add-on's dialog (opened by ``showcase``); "": none
    SHOWCASE_FROM_ROLL = False  # its dialog may open before the shown seat rolls: the staging stops there
    STAGED_BY_COMPUTERS = False  # random moves would not make a mid-game a player sees: computers play it
    STAGING_ROUNDS = 0  # rounds played before the picture (0: the tool's own number)

    def __init__(self, port: SeatPort, kit: ScreenKit) -> None:
        self.port, self.kit = port, kit

    @property
    def app(self) -> App:
        return self.kit.app

    @property
    def view(self) -> SeatView:
        """What the shown seat may know now."""
        return self.port.view(self.kit.viewer)

    @property
    def section(self) -> dict[str, Any]:
        """This add-on's section of the shown seat's view."""
        return self.view.modules[self.MODULE]  # type: ignore[no-any-return]

    def mine(self) -> bool:
        """The shown person is to act now."""
        return self.port.human_to_act and self.port.seat_to_act == self.kit.viewer

    # ------------------------------------------------------------------------------------- panels

    def draw_panel_row(self, surface: pygame.Surface, row: pygame.Rect, seat: int, compact: bool) -> None:
        """Draw this add-on's facts about ``seat`` into ``row`` of its panel (``compact``: a short panel,
        the row shares its line with the seat's status and badges: icons and counts only)."""

    def draw_panel_block(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """Draw its ``PANEL_BLOCK`` into ``seat``'s panel ``rect`` (Catan a Dois: the reserve tokens)."""

    def draw_column(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw its panel (``COLUMN`` high at scale 1) into ``rect``, under the player panels."""

    # ------------------------------------------------------------------------------------ buttons

    def builds(self) -> list[tuple[str, str]]:
        """Build buttons it adds after the usual four (key, label): a build mode of the board, as Road."""
        return []

    def build_cost(self, key: str) -> list[int] | None:
        """What its build ``key`` costs, per resource in the rule file's order (icons under the button)."""
        return None

    def build_tip(self, key: str) -> str:
        """The tooltip of its build button ``key`` when it may be used."""
        return ""

    def trade_button(self) -> tuple[str, str] | None:
        """(label, tooltip) when it takes the Trade button over (Catan a Dois's market, D-4.1): then its
        ``sync`` enables the button and its ``press("trade")`` acts. None: the usual offer to players."""
        return None

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

    def showcase(self) -> None:
        """Open this add-on's dialog (``SHOWCASE``) as the screenshot tool shows it, the shown seat to act."""


def showcases() -> dict[str, type[AddonUI]]:
    """The screenshot tool's add-on scenes: --scene name -> the add-on part that opens its dialog."""
    return {cls.SHOWCASE: cls for cls in REGISTRY.values() if cls.SHOWCASE}


def addons_for(port: SeatPort, kit: ScreenKit) -> list[AddonUI]:
    """The registered add-on parts of the game's rule modules, in the rule file's order."""
    return [REGISTRY[m](port, kit) for m in port.rules.modules if m in REGISTRY]


def sprite(app: App, name: str, size: tuple[int, int]) -> pygame.Surface:
    """The sprite ``name`` at ``size``; a plain disc when the art is missing (a partial install), so a
    missing picture never stops a game."""
    try:
        return app.assets.scaled(name, size)
    except (AssetError, ValueError):
        surf = pygame.Surface(size, pygame.SRCALPHA)
        r = min(size) // 2
        pygame.draw.circle(surf, (214, 190, 140), (size[0] // 2, size[1] // 2), r)
        pygame.draw.circle(surf, (90, 60, 30), (size[0] // 2, size[1] // 2), r, max(1, r // 6))
        return surf
