"""The scenarios (RULES.md Part S) on the game screen: the Catan chips each player took (S-3.5) and, with the
Erie Canal (S-5), the canal tokens on each player panel, the Canal button and its dialog (play a token
naming a resource, trade tokens with a player), the answer to a token trade, and the chips and tokens flying
to the panel of whoever takes them. The board itself (location spaces, paths, red paths, chip spots, the
canal) is drawn by the renderer from the map; the legal spots glow from the legal actions as everywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import N_, _
from ...render.palette import INK, INK_SOFT
from ...text import reason_for
from .addon_ui import AddonUI, Enable, addon_ui, sprite
from .game_anims import Anim
from .scenario_dialogs import CanalAnswerDialog, CanalDialog

if TYPE_CHECKING:
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit

TIPS = {
    "chips": N_(
        "Catan chips: {n}, a visible point each. The first road to reach a chip spot (a gold star) takes its "
        "chip (S-3.5); a chip spot is never built on with 3 or 4 players."
    ),
    "canal": N_(
        "Canal tokens: {n} (supply {supply}). Join two canal locations directly with your roads to take one "
        "(S-5.2); play one in your turn to trade a resource 2:1 with the bank until the turn ends (S-5.3). "
        "They can be traded with players, never discarded, stolen or taken by a Monopoly (S-5.4)."
    ),
}


@addon_ui
class ScenarioUI(AddonUI):
    """Catan chips on the panels (3–4 players; none with 5–6, Q-49)."""

    MODULE = "scenario"

    def __init__(self, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(port, kit)
        self.ROW = 0 if self.section.get("large") else AddonUI.ROW  # 5-6 players: no chips, no row

    def draw_panel_row(self, surface: pygame.Surface, row: pygame.Rect, seat: int, compact: bool) -> None:
        sc = self.kit
        n = self.section["chips"][seat]
        icon = sc.px(18) if compact else sc.px(20)
        chip = sprite(self.app, "icons/catan_chip", (icon, icon))
        surface.blit(chip, chip.get_rect(midleft=(row.x, row.centery)))
        label = f"×{n}" if compact else _("Catan chips: {n}", n=n)
        sc.text(
            surface,
            label,
            (row.x + icon + sc.px(3), row.centery),
            12,
            INK if n else INK_SOFT,
            bold=bool(n),
            anchor="midleft",
        )
        sc.tip(row, _(TIPS["chips"], n=n))

    def on_event(self, event: dict[str, Any], now: float, speed: float) -> None:
        """A chip taken (S-3.5) flies from its spot to the taker's panel."""
        sc = self.kit
        if event.get("t") != "catan_chip" or not speed or sc.layout is None:
            return
        x, y = sc.layout.node_pos(event["node"])
        img = sprite(self.app, "icons/catan_chip", (sc.px(30), sc.px(30)))
        sc.animate(
            Anim(
                "fly",
                now,
                0.9 * speed,
                {"from": (int(x), int(y)), "to": sc.panel_rect(event["seat"]).center, "image": img},
            )
        )
        self.app.play_sound("card")
        sc.hold_computers(0.4 * speed)


@addon_ui
class CanalUI(AddonUI):
    """The Erie Canal's tokens (S-5): the panel row, the Canal button (K) and its dialogs."""

    MODULE = "erie_canal"

    def draw_panel_row(self, surface: pygame.Surface, row: pygame.Rect, seat: int, compact: bool) -> None:
        sc, sec = self.kit, self.section
        n = sec["tokens"][seat]
        icon = sc.px(18) if compact else sc.px(20)
        img = sprite(self.app, "guilds/trader", (icon, icon))  # S-5.1: the traders' boat tokens of Frenemies
        surface.blit(img, img.get_rect(midleft=(row.x, row.centery)))
        label = f"×{n}" if compact else _("Canal tokens: {n}", n=n)
        x = sc.text(
            surface,
            label,
            (row.x + icon + sc.px(3), row.centery),
            12,
            INK if n else INK_SOFT,
            bold=bool(n),
            anchor="midleft",
        ).right
        if seat == self.view.active and sec["named"] and not compact:
            named = " ".join(_(r) for r in sec["named"])
            sc.text(
                surface,
                _("2:1 {res}", res=named),
                (x + sc.px(8), row.centery),
                11,
                INK_SOFT,
                anchor="midleft",
                max_w=max(sc.px(10), row.right - x - sc.px(8)),
            )
        sc.tip(row, _(TIPS["canal"], n=n, supply=sec["supply"]))

    def buttons(self) -> list[tuple[str, str, str]]:
        return [("canal", _("Canal"), _("Play a canal token, or trade tokens with a player (K)"))]

    def keys(self) -> dict[int, str]:
        return {pygame.K_k: "canal"}

    def sync(self, kinds: set[str], mine: bool, enable: Enable) -> None:
        ok = bool(kinds & {"canal", "canal_offer"})
        if ok:
            tip = _("Play a canal token, or trade tokens with a player (K)")
        elif not mine:
            tip = _("Wait for your turn")
        else:
            reason = self.port.why_none("canal")
            tip = _("Not now") if reason is None else reason_for(reason, self.kit.names, self.kit.viewer)
        enable("canal", ok, tip)

    def press(self, key: str) -> bool:
        if key != "canal":
            return False
        if self.kit.button_enabled("canal"):
            self.app.push(CanalDialog(self.app, self.port, self.kit))
        return True

    def phase_dialog(self, key: tuple[str, int, int]) -> bool:
        if self.view.phase != "canal_answer":
            return False
        self.app.push(CanalAnswerDialog(self.app, self.port, self.kit))
        return True

    def on_event(self, event: dict[str, Any], now: float, speed: float) -> None:
        """A canal token earned (S-5.2) flies from the road's canal locations to the panel."""
        sc = self.kit
        if event.get("t") != "canal_token" or not speed or sc.layout is None:
            return
        a, b = event["pair"]
        (xa, ya), (xb, yb) = sc.layout.node_pos(a), sc.layout.node_pos(b)
        img = sprite(self.app, "guilds/trader", (sc.px(30), sc.px(30)))
        sc.animate(
            Anim(
                "fly",
                now,
                0.9 * speed,
                {
                    "from": (int((xa + xb) / 2), int((ya + yb) / 2)),
                    "to": sc.panel_rect(event["seat"]).center,
                    "image": img,
                },
            )
        )
        self.app.play_sound("card")
        sc.hold_computers(0.4 * speed)
