"""The game screen's helpers, given to its dialogs and to the add-ons' screen parts with the seat port
(issue 32): sizes (``px``), drawing (text, wrapped text, badges, tags, tooltips of drawn panels), where things
are (the screen's regions, the board's layout, a player's panel), and the screen's own verbs (play an action
with its animations, animate, hold the computers for a moment, open the pause menu, the build mode).

A dialog or an add-on part reads the game through the port (``kit.port``) and the screen through this kit,
never through the game screen's own members: the kit is the one place that knows the screen, and it knows
it only as a ``ScreenHost``, the public members a game screen offers (the board game's screen, the replay's
and the dice game's implement it; a screen for a network seat would too).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from ...render.palette import INK

if TYPE_CHECKING:
    import pygame

    from ...engine import Action
    from ...render.layout import BoardLayout
    from ..app import App
    from ..seat_port import SeatPort
    from .game_anims import Anim


class ScreenHost(Protocol):
    """What a game screen offers its kit: public members only."""

    app: App
    port: SeatPort
    viewer: int
    anims: list[Anim]
    next_bot_at: float  # the computers' next move waits until then (time.perf_counter)
    tips: list[tuple[pygame.Rect, str]]  # drawn rects that explain themselves, this frame
    mode: str | None
    buttons: dict[str, Any]
    addons: list[Any]

    @property
    def you(self) -> int: ...  # the seat the screen calls "you": the viewer's, or -1 for a spectator
    @property
    def names(self) -> list[str]: ...
    @property
    def colours(self) -> list[str]: ...
    @property
    def scale(self) -> float: ...
    @property
    def layout(self) -> BoardLayout | None: ...
    def px(self, value: float) -> int: ...
    def regions(self) -> dict[str, pygame.Rect]: ...
    def panel_rect(self, seat: int) -> pygame.Rect: ...
    def column_rect(self) -> pygame.Rect: ...
    def draw_text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
                  colour: tuple[int, int, int] = INK, bold: bool = False, title: bool = False,
                  anchor: str = "topleft", max_w: int | None = None) -> pygame.Rect: ...
    def draw_wrapped(self, surface: pygame.Surface, text: str, pos: tuple[int, int], width: int, size: int,
                     colour: tuple[int, int, int], bold: bool = False) -> int: ...
    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int]) -> None: ...
    def draw_card(self, surface: pygame.Surface, name: str, rect: pygame.Rect, count: int = 0,
                  dim: bool = False, note: str | None = None) -> None: ...
    def badge(self, surface: pygame.Surface, centre: tuple[int, int], text: str, r: int = 11) -> None: ...
    def tag(self, surface: pygame.Surface, text: str, centre: tuple[int, int]) -> None: ...
    def do(self, action: Action) -> bool: ...
    def open_pause(self) -> None: ...
    def board_targets(self) -> dict[str, dict[Any, list[Action]]]: ...


class ScreenKit:
    """What a dialog or an add-on part may ask of the game screen it belongs to."""

    def __init__(self, host: ScreenHost) -> None:
        self._host = host

    # ------------------------------------------------------------------------------------------ who

    @property
    def app(self) -> App:
        return self._host.app  # type: ignore[no-any-return]

    @property
    def port(self) -> SeatPort:
        return self._host.port  # type: ignore[no-any-return]

    @property
    def viewer(self) -> int:
        """The seat whose hand the screen shows."""
        return int(self._host.viewer)

    @property
    def you(self) -> int:
        """The seat the screen calls "you": the viewer's, or -1 for a spectator (who holds no seat)."""
        return self._host.you

    @property
    def names(self) -> list[str]:
        return self._host.names  # type: ignore[no-any-return]

    @property
    def colours(self) -> list[str]:
        """The seats' colours as shown (the colour-blind palette when it is on)."""
        return self._host.colours  # type: ignore[no-any-return]

    # ---------------------------------------------------------------------------------------- sizes

    @property
    def scale(self) -> float:
        return float(self._host.scale)

    def px(self, value: float) -> int:
        return int(self._host.px(value))

    def regions(self) -> dict[str, pygame.Rect]:
        return self._host.regions()  # type: ignore[no-any-return]

    @property
    def layout(self) -> BoardLayout | None:
        """The board's layout on screen (None before the first frame)."""
        return self._host.layout  # type: ignore[no-any-return]

    def panel_rect(self, seat: int) -> pygame.Rect:
        return self._host.panel_rect(seat)  # type: ignore[no-any-return]

    # -------------------------------------------------------------------------------------- drawing

    def text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
             colour: tuple[int, int, int] = INK, bold: bool = False, title: bool = False,
             anchor: str = "topleft", max_w: int | None = None) -> pygame.Rect:
        """Draw ``text`` at ``pos`` (by its ``anchor``), shortened with "…" to ``max_w``; returns its rect."""
        return self._host.draw_text(surface, text, pos, size, colour, bold=bold, title=title,  # type: ignore[no-any-return]
                                 anchor=anchor, max_w=max_w)

    def wrapped(self, surface: pygame.Surface, text: str, pos: tuple[int, int], width: int, size: int,
                colour: tuple[int, int, int], bold: bool = False) -> int:
        """Draw ``text`` word-wrapped to ``width``; returns the y below it."""
        return int(self._host.draw_wrapped(surface, text, pos, width, size, colour, bold=bold))

    def badge(self, surface: pygame.Surface, centre: tuple[int, int], text: str, r: int = 11) -> None:
        self._host.badge(surface, centre, text, r)

    def tag(self, surface: pygame.Surface, text: str, centre: tuple[int, int]) -> None:
        self._host.tag(surface, text, centre)

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int]) -> None:
        """A parchment panel with its shadow and border, as the screen's own."""
        self._host.draw_panel(surface, rect, fill)

    def card(self, surface: pygame.Surface, name: str, rect: pygame.Rect, count: int = 0,
             dim: bool = False, note: str | None = None) -> None:
        """A card picture (``cards/NAME``) with its count badge and a note on its top edge."""
        self._host.draw_card(surface, name, rect, count, dim=dim, note=note)

    def column_rect(self) -> pygame.Rect:
        """Where an add-on's panel goes under the player panels, in the left column (``AddonUI.COLUMN``)."""
        return self._host.column_rect()  # type: ignore[no-any-return]

    def tip(self, rect: pygame.Rect, text: str) -> None:
        """``rect`` of the drawn screen explains itself with ``text`` under a resting mouse."""
        self._host.tips.append((rect, text))

    # ---------------------------------------------------------------------------------------- verbs

    def act(self, action: Action) -> bool:
        """Play ``action`` for the person at the screen, as a click on the board would (its animations and
        sounds; a refusal is shown). Returns whether it was played."""
        return bool(self._host.do(action))

    def animate(self, anim: Anim) -> None:
        self._host.anims.append(anim)

    def hold_computers(self, seconds: float) -> None:
        """Let the computers wait ``seconds`` more before their next move (an animation is under way)."""
        self._host.next_bot_at = max(self._host.next_bot_at, time.perf_counter() + seconds)

    def open_pause(self) -> None:
        self._host.open_pause()

    @property
    def mode(self) -> str | None:
        """The board's build mode ("road", "settlement", an add-on's own), or None."""
        return self._host.mode  # type: ignore[no-any-return]

    @mode.setter
    def mode(self, value: str | None) -> None:
        self._host.mode = value

    def button_enabled(self, key: str) -> bool:
        """Whether the action bar's button ``key`` is enabled now (False when there is none)."""
        button = self._host.buttons.get(key)
        return bool(button is not None and button.is_enabled)

    def board_targets(self) -> dict[str, dict[Any, list[Action]]]:
        """The board spots the shown person may click now: node / edge / hex / token -> actions."""
        return self._host.board_targets()  # type: ignore[no-any-return]

    def addon(self, module: str) -> Any:
        """The screen's part of the add-on of rule module ``module`` (None when the game has none)."""
        return next((a for a in self._host.addons if module == a.MODULE), None)
