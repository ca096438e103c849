"""Helpers (RULES.md Part H) on the game screen: every seat's helper card on its panel (they lie face up), the
Helper button and its dialog, the board modes of the cards that build or move something (road assistance,
move a road, swords to plowshares, the robber to the desert), the dialogs of the helper phases, and a mark on
the panel of whoever uses a helper. The dialogs are in ``helper_dialogs`` and ``helper_dialogs2``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action
from ...engine.plugins import module_facts
from ...engine.ruleset import Ruleset
from ...i18n import N_, _
from ...render.helper_cards import SIDE_COLOURS, helper_emblem
from ...render.palette import INK, INK_SOFT, WHITE
from ...text import reason_for, reason_text
from ...text.helper_texts import (
    helper_effect,
    helper_name,
    helper_note,
    helper_role,
    helper_short,
    helper_tip,
    helper_when,
)
from ..widgets import esc
from . import helper_dialogs2 as d2
from .addon_ui import AddonUI, Enable, addon_ui
from .game_anims import MARK_SECONDS, Anim
from .helper_dialogs import BOARD_KINDS, ChoiceDialog, HelperDialog, spot_options
from .rules_addons import li, rule_section

if TYPE_CHECKING:
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit

HELPER_PHASES = ("helper_prompt", "helper_pay", "helper_pick", "helper_after")
MODE_HINTS = {
    "helper_road": N_(
        "Road Assistance: click a glowing path to build a road, paying one card exchanged; right-click or "
        "Esc to cancel"
    ),
    "helper_move_road": N_("Move a Road: click the road to move; right-click or Esc to cancel"),
    "helper_move_road_to": N_("Move a Road: click where the road goes; right-click or Esc to choose another"),
    "helper_plowshares": N_(
        "Swords to Plowshares: click a glowing spot for a settlement or a city; right-click or Esc to cancel"
    ),
    "helper_robber": N_("Robber to the Desert: click the glowing desert; right-click or Esc to cancel"),
}
NO_HELPER = N_("Helpers: each player takes one on placing their second founding settlement (A1 first).")


@addon_ui
class HelpersUI(AddonUI):
    """The helper cards: RULES.md Part H."""

    MODULE = "helpers"
    SHOWCASE = "helper"  # your helper card, the display, the others' (H-3)
    SHOWCASE_FROM_ROLL = True

    def __init__(self, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(port, kit)
        self.mode: str | None = None  # a board mode: one of BOARD_KINDS
        self.move_from: int | None = None  # move a road: the road chosen to move
        self.rows: dict[int, pygame.Rect] = {}  # where each seat's helper was last drawn (for the marks)

    # ------------------------------------------------------------------------------------ reading

    def seat(self, seat: int) -> dict[str, Any]:
        return self.section["seats"][seat]

    def facts(self, card: str) -> tuple[str | None, str | None]:
        """The card's printed number ("A1") and the confidence of its reading."""
        for c in self.section["cards"]:
            if c["card"] == card:
                return c["number"], c["confidence"]
        return None, None

    def use_kinds(self, card: str | None) -> tuple[str, ...]:
        """The action kinds a card is used with on its holder's turn (none for a card that answers a roll)."""
        return next((tuple(c.get("kinds", ())) for c in self.section["cards"] if c["card"] == card), ())

    def tip(self, card: str, side: str = "A") -> str:
        number, confidence = self.facts(card)
        return helper_tip(card, side, confidence, number)

    def idle_reason(self, seat: int) -> str | None:
        """Why ``seat``'s helper cannot be used at all now (taken or used this turn), or None."""
        info, view = self.seat(seat), self.view
        if info["card"] is None or info["usable"]:
            return None
        if view.phase == "special_build":
            return reason_text("helper_not_in_special_build", {})
        if info["taken_turn"] == view.turn:
            return reason_text("helper_taken_this_turn", {})
        return reason_text("helper_used_this_turn", {})

    def why_not(self, card: str) -> str:
        """Why the shown human cannot use ``card`` now, in words."""
        sc = self.kit
        idle = self.idle_reason(sc.viewer)
        if idle:
            return idle
        kinds = self.use_kinds(card)
        if not kinds:
            return helper_when(card)  # it answers a roll or a 7: the game asks
        if not self.port.human_to_act or self.port.seat_to_act != sc.viewer:
            return _("wait for your turn")
        reason = self.port.why_none(kinds[0])
        return _("not now") if reason is None else reason_for(reason, sc.names, sc.viewer)

    def usable_kinds(self) -> list[str]:
        """The use kinds of the shown human's card that are legal now."""
        sc = self.kit
        if not self.port.human_to_act or self.port.seat_to_act != sc.viewer:
            return []
        legal = {a.kind for a in self.port.legal()}
        return [k for k in self.use_kinds(self.seat(sc.viewer)["card"]) if k in legal]

    # ------------------------------------------------------------------------------------- panels

    def draw_panel_row(self, surface: pygame.Surface, row: pygame.Rect, seat: int, compact: bool) -> None:
        sc, s = self.kit, self.kit.px
        info = self.seat(seat)
        card, side = info["card"], info["side"]
        y = row.centery
        if card is None:
            if not compact:
                self._fit(surface, _("no helper yet"), (row.x, y), row.w, 12, INK_SOFT, False)
            sc.tip(row, _(NO_HELPER))
            return
        self.rows[seat] = row
        dim = not info["usable"]
        x = row.x
        if not compact:  # the card's emblem, side up
            img = helper_emblem(self.app.assets, card, side, row.h, dim)
            surface.blit(img, img.get_rect(midleft=(x, y)))
            x += img.get_width() + s(3)
        r = s(8)
        pygame.draw.circle(surface, SIDE_COLOURS[side], (x + r, y), r)
        sc.text(surface, side, (x + r, y + 1), 11, WHITE, bold=True, anchor="center")
        x += 2 * r + s(4)
        name = helper_short(card) if compact else helper_name(card)
        colour = INK_SOFT if dim else INK
        self._fit(surface, name, (x, y), row.right - x, 11 if compact else 12, colour, not dim)
        tip = self.tip(card, side)
        idle = self.idle_reason(seat)
        if idle:
            tip = _("{tip} Now: {why}.", tip=tip, why=idle)
        sc.tip(row, tip)

    def _fit(self, surface: pygame.Surface, text: str, pos: tuple[int, int], width: int, size: int,
             colour: tuple[int, int, int], bold: bool) -> None:
        """Text at the largest size down to 8 that fits ``width`` (a name is never cut short)."""
        sc = self.kit
        while size > 8 and self.app.assets.font(sc.px(size), bold=bold).size(text)[0] > width:
            size -= 1
        sc.text(surface, text, pos, size, colour, bold=bold, anchor="midleft")

    # ------------------------------------------------------------------------------------ buttons

    def buttons(self) -> list[tuple[str, str, str]]:
        return [("helper", _("Helper"), _("Your helper card: look at it and use it (P)"))]

    def keys(self) -> dict[int, str]:
        return {pygame.K_p: "helper"}

    def sync(self, kinds: set[str], mine: bool, enable: Enable) -> None:
        sc = self.kit
        if self.mode and (self.mode not in kinds or sc.mode):
            self.mode, self.move_from = None, None
        card = self.seat(sc.viewer)["card"]
        if card is None:
            enable("helper", False, _(NO_HELPER))
            return
        name = helper_name(card)
        if any(k in kinds for k in self.use_kinds(card)):
            tip = _("{card}: you can use it now (P)", card=name)
        else:
            tip = _("{card}: not usable now: {why} (P)", card=name, why=self.why_not(card))
        enable("helper", True, tip)

    def press(self, key: str) -> bool:
        if key != "helper":
            return False
        if self.kit.button_enabled("helper"):
            self.open_dialog()
        return True

    def open_dialog(self) -> None:
        self.app.push(HelperDialog(self.app, self.port, self.kit, self))

    def showcase(self) -> None:
        self.open_dialog()

    def use(self, kind: str, actions: list[Action]) -> None:
        """A Use button of the helper dialog (on top): a board mode, or the dialog of the choice it needs."""
        app, port, kit = self.app, self.port, self.kit
        if kind in BOARD_KINDS:
            app.pop()
            self.start_mode(kind)
        elif kind == "helper_forced_trade":
            app.replace(d2.ForcedTradeDialog(app, port, kit, self))
        elif kind == "helper_free_port":
            app.replace(d2.FreePortDialog(app, port, kit, self))
        elif len(actions) == 1:
            app.pop()
            kit.act(actions[0])
        else:
            title, options = spot_options(self.view, kit.names, actions)
            app.replace(ChoiceDialog(app, port, kit, self, title, options))

    # ---------------------------------------------------------------------------------- the board

    def start_mode(self, kind: str) -> None:
        """Show the board spots of ``kind`` (one of BOARD_KINDS) until one is clicked or Esc."""
        sc = self.kit
        sc.mode = None
        self.mode, self.move_from = kind, None

    def _mode(self) -> str | None:
        return None if self.kit.mode else self.mode

    def board_targets(self, legal: list[Action], out: dict[str, dict[Any, list[Action]]]) -> None:
        mode = self._mode()
        if mode is None:
            return
        topo = self.view.topo
        for a in legal:
            if a.kind != mode:
                continue
            if mode == "helper_road" or (mode == "helper_move_road" and self.move_from is None):
                out["edge"].setdefault(a.a, []).append(a)
            elif mode == "helper_move_road" and a.a == self.move_from:
                out["edge"].setdefault(a.b, []).append(a)
            elif mode == "helper_plowshares":
                out["node"].setdefault(a.b[0], []).append(a)
            elif mode == "helper_robber":
                out["hex"].setdefault(topo.hex_index[a.a], []).append(a)

    def click(self, kind: str, index: Any, actions: list[Action]) -> bool:
        mode = self._mode()
        mine = [a for a in actions if a.kind == mode]
        if not mine:
            return False
        sc = self.kit
        if mode == "helper_move_road" and self.move_from is None:
            self.move_from = index  # then where it goes; a ring marks the road chosen
            if sc.layout is not None:
                x, y = sc.layout.edge_mid(index)
                mark = {"pos": (int(x), int(y)), "seat": sc.viewer}
                sc.animate(Anim("mark", time.perf_counter(), MARK_SECONDS, mark))
            return True
        if len(mine) == 1:
            self.mode, self.move_from = None, None
            sc.act(mine[0])
            return True
        title, options = spot_options(self.view, sc.names, mine)
        self.app.push(ChoiceDialog(self.app, self.port, self.kit, self, title, options))
        return True

    def hint(self) -> str | None:
        mode = self._mode()
        if mode == "helper_move_road" and self.move_from is not None:
            return _(MODE_HINTS["helper_move_road_to"])
        if mode is not None:
            return _(MODE_HINTS[mode])
        return None  # the helper phases' hints are the screen's (game_header.HINTS)

    def cancel_mode(self) -> bool:
        if self.mode is None:
            return False
        if self.move_from is not None:
            self.move_from = None  # back to choosing the road to move
        else:
            self.mode = None
        return True

    # ---------------------------------------------------------------------------- phases, events

    def look(self) -> object:
        return (self.mode, self.move_from)

    def phase_dialog(self, key: tuple[str, int, int]) -> bool:
        dialog = {
            "helper_prompt": d2.PromptDialog,
            "helper_pay": d2.PayDialog,
            "helper_pick": d2.PickDialog,
            "helper_after": d2.AfterDialog,
        }.get(self.view.phase)
        if dialog is None:
            return False
        self.mode, self.move_from = None, None
        self.app.push(dialog(self.app, self.port, self.kit, self))
        return True

    def on_event(self, event: dict[str, Any], now: float, speed: float) -> None:
        """A helper used, turned or swapped: a sound, and a ring on the helper of that seat's panel."""
        sc = self.kit
        t = event.get("t")
        if t not in ("helper_used", "helper_flipped", "helper_swapped"):
            return
        self.app.play_sound("card")
        seat = event.get("seat")
        row = self.rows.get(seat) if isinstance(seat, int) else None
        if not speed or row is None:
            return
        spot = (row.x + sc.px(9), row.centery)
        sc.animate(Anim("mark", now, MARK_SECONDS, {"pos": spot, "seat": seat}))
        if seat != sc.viewer:  # let the others' use be seen before the next computer move
            sc.hold_computers(0.5 * speed)


@rule_section(HelpersUI.MODULE)
def helpers_html(rules: Ruleset, heading: Callable[[str], str]) -> list[str]:
    """Part H: the lifecycle (H-2 to H-4), then each card of the rule file."""
    out = [heading(_("The helpers"))]
    out.append(li(_(
        "Each player takes the top helper of the stack when placing their second founding settlement, "
        "side A up; the others lie face up beside the board (H-2).")))
    out.append(li(_(
        "Use your helper when its conditions arise: at most once a turn, never in the turn you took it, "
        "never in the special building phase (H-4).")))
    out.append(li(_(
        "After a use on side A, flip it to side B (one more use) or swap it for a helper of the display; "
        "after a use on side B you must swap it. A helper is never returned unused (H-3.2).")))
    settings = rules.data.get("module_settings", {}).get(HelpersUI.MODULE, {}) or {}
    confidence = module_facts(rules, HelpersUI.MODULE).get("confidence", {})
    for card, number in settings.items():
        if card not in confidence:
            continue
        label = f"A{number} " if number else ""
        role = helper_role(card)
        title = f"{label}{helper_name(card)}" + (f" ({role})" if role else "")
        words = " ".join(w for w in (helper_effect(card), helper_when(card),
                                     helper_note(confidence[card])) if w)  # fmt: skip
        out.append(f"\u2022 <b>{esc(title)}</b>: {esc(words)}<br>")
    return out
