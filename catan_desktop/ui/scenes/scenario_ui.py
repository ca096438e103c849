"""The scenarios (RULES.md Part S) on the game screen: the Catan chips each player took (S-3.5) and, with the
Erie Canal (S-5), the canal tokens on each player panel, the Canal button and its dialog (play a token
naming a resource, trade tokens with a player), the answer to a token trade, and the chips and tokens flying
to the panel of whoever takes them. The board itself (location spaces, paths, red paths, chip spots, the
canal) is drawn by the renderer from the map; the legal spots glow from the legal actions as everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.ruleset import Ruleset
from ...i18n import N_, _
from ...render.palette import INK, INK_SOFT
from ...text import reason_for
from .addon_ui import AddonUI, Enable, addon_ui, sprite
from .game_anims import Anim
from .rules_addons import li, rule_section
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
    STAGED_BY_COMPUTERS = True  # random roads seldom reach a town to settle (S-3.2)
    STAGING_ROUNDS = 9  # a scenario map fills up more slowly

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


@rule_section(ScenarioUI.MODULE)
def scenario_html(rules: Ruleset, heading: Callable[[str], str]) -> list[str]:
    """Part S: the map, settlements and roads, harbours, production, chips and the targets."""
    def setting(name: str, default: int) -> int:
        return int(rules.setting("scenario", name, default))

    out = [heading(_("The scenario map"))]
    out.append(li(_(
        "The printed board of this scenario is not in our sources: this map is this game's own design "
        "after the scenario and the real geography, with its place names. Its numbers are printed on it "
        "and stay the same in every game (S-2.1).")))
    out.append(li(_(
        "Settlements only on the named towns (the round spaces); the small dots between them are corners "
        "where roads meet and nobody builds. As always, no two buildings stand one path apart (S-3.1).")))
    out.append(li(_(
        "Roads only on the marked paths. Your road stops at a town: settle it before you build on past it; "
        "another player's building blocks you as usual (S-3.2).")))
    out.append(li(_(
        "Harbours are the red paths: a road of yours on one gives its rate, 3:1 or 2:1 for the resource "
        "shown, from then on. A settlement beside it gives nothing (S-3.3).")))
    out.append(li(_(
        "Every town produces from the hexes the map joins it to, even where a hex does not touch its space "
        "(S-3.4).")))
    out.append(li(_(
        "With 3 or 4 players a Catan chip lies on each starred spot: the first road to reach one takes it, "
        "worth 1 victory point, and nobody ever builds there. With 5 or 6 players there are no chips and "
        "the starred spots are ordinary towns (S-3.5).")))
    out.append(li(_(
        "To win, on your own turn: {a} points with 3 players, {b} with 4, {c} with 5 or 6 (S-4.1).",
        a=setting("target_3", 13), b=setting("target_4", 12), c=setting("target_5_6", 10))))
    return out


@rule_section(CanalUI.MODULE)
def canal_html(rules: Ruleset, heading: Callable[[str], str]) -> list[str]:
    """Part S-5: earning, playing and trading canal tokens."""
    tokens = int(rules.setting("erie_canal", "tokens", 12))
    rate = int(rules.setting("erie_canal", "rate", 2))
    out = [heading(_("The Erie Canal"))]
    out.append(li(_(
        "{n} canal tokens lie in a supply. Join two neighbouring canal towns (ringed in blue, from Buffalo "
        "to Albany) with your own roads, passing no other town, and take one token: once for each pair, "
        "never in the founding phase, whoever has settled the two towns (S-5.2).", n=tokens)))
    out.append(li(_(
        "In your turn, play a token and name a resource: until the turn ends you may trade {rate} cards of "
        "it for 1 of any resource with the bank, as often as you like. The token then goes back to the "
        "supply (S-5.3).", rate=rate)))
    out.append(li(_(
        "Canal tokens can change hands in a trade between players, but they are not resource cards: they "
        "are never discarded, stolen or taken by a Monopoly (S-5.4).")))
    return out
