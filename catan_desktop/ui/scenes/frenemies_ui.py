"""Frenemies (RULES.md Part A) on the game screen: the favour tokens and Catan chips on each player panel
(face down for the others, faces for you: hot-seat keeps them private, as the seat view does), the Favours and
Give-a-card buttons, the dialogs its phases need, the harmless-robber explanation, and the tokens flying to
the panel of whoever earns them. The dialogs are in ``frenemies_dialogs``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame

from ...engine.ruleset import Ruleset
from ...i18n import N_, _, ngettext
from ...render.palette import INK, INK_SOFT
from ...text import reason_for
from ...text.addons import GUILDS
from . import frenemies_dialogs as fd
from . import frenemies_gift_dialogs as gd
from .addon_ui import AddonUI, Enable, addon_ui, sprite
from .frenemies_dialogs import guild_name
from .game_anims import Anim
from .rules_addons import li, rule_section

TIPS = {
    "panel": N_(
        "Favour tokens: {n} (face down). Earn them by being helpful: the robber moved where it harms nobody, "
        "a card given to a player who is not ahead, a road that joins another player's roads (A-3). "
        "Spend them on guild favours (Favours, F). Catan chips: {chips}, a visible point each."
    ),
    "yours": N_(
        "Your favour tokens by guild: {tokens}. Those earned this turn can be used from your next turn "
        "(A-5.1). Catan chips: {chips}, a visible point each. Favours (F) shows the guild table."
    ),
    "robber": N_(
        "Move the robber (click a hex). Where a token shows, it harms nobody: +1 favour (A-3.1)"
    ),
}


@addon_ui
class FrenemiesUI(AddonUI):
    """Favours, gifts and chips: RULES.md Part A."""

    MODULE = "frenemies"
    SHOWCASE = "favours"  # the guild table on your turn
    SHOWCASE_FROM_ROLL = True

    # ------------------------------------------------------------------------------------- panels

    def draw_panel_row(self, surface: pygame.Surface, row: pygame.Rect, seat: int, compact: bool) -> None:
        sc, s = self.kit, self.kit.px
        sec = self.section
        count, chips = sec["tokens"][seat], sec["chips"][seat]
        icon = s(18) if compact else s(20)
        y = row.centery
        x = row.x
        mine = seat == sc.you
        if mine and not compact:  # the faces of your own tokens, by guild, with the count of each
            held = Counter(sec["yours"])
            new = Counter(sec["yours_new"])
            words = ", ".join(f"{held[g]} {guild_name(g)}" for g in GUILDS if held[g]) or _("none")
            tip = _(TIPS["yours"], tokens=words, chips=chips)
            if not held:
                x = sc.text(surface, _("no favours"), (x, y), 12, INK_SOFT, anchor="midleft").right + s(6)
            for g in GUILDS:
                if not held[g]:
                    continue
                img = sprite(self.app, f"guilds/{g}", (icon, icon))
                if new[g] == held[g]:  # all earned this turn: not usable yet
                    img = img.copy()
                    img.set_alpha(120)
                surface.blit(img, img.get_rect(midleft=(x, y)))
                x += icon + s(1)
                x = sc.text(surface, str(held[g]), (x, y), 12, INK, bold=True, anchor="midleft").right + s(5)
        else:
            tip = _(TIPS["panel"], n=count, chips=chips)
            if mine:  # a short panel shows your count; its explanation names your tokens' guilds
                held = Counter(sec["yours"])
                words = ", ".join(f"{held[g]} {guild_name(g)}" for g in GUILDS if held[g]) or _("none")
                tip = _(TIPS["yours"], tokens=words, chips=chips)
            img = sprite(self.app, "guilds/back", (icon, icon))
            surface.blit(img, img.get_rect(midleft=(x, y)))
            x += icon + s(3)
            x = sc.text(surface, f"×{count}", (x, y), 12, INK, bold=True, anchor="midleft").right + s(8)
        if chips or not compact:
            chip = sprite(self.app, "icons/catan_chip", (icon, icon))
            cx = max(x, row.right - icon - s(22)) if not compact else x
            surface.blit(chip, chip.get_rect(midleft=(cx, y)))
            sc.text(surface, f"×{chips}", (cx + icon + s(2), y), 12, INK, bold=True, anchor="midleft")
        sc.tip(row, tip)

    # ------------------------------------------------------------------------------------ buttons

    def buttons(self) -> list[tuple[str, str, str]]:
        return [
            ("favours", _("Favours"), _("The guild table: use a favour or exchange a token (F)")),
            ("gift", _("Give a card"), _("Give one card to a player who is not ahead: earn a favour (C)")),
        ]

    def keys(self) -> dict[int, str]:
        return {pygame.K_f: "favours", pygame.K_c: "gift"}

    def sync(self, kinds: set[str], mine: bool, enable: Enable) -> None:
        use = kinds & {"favour", "exchange_favour", "merchant_swap"}
        enable(
            "favours",
            mine and self.view.phase in ("roll", "main"),
            _("The guild table: use a favour or exchange a token (F)")
            if use
            else _("The guild table (F). No favour now: {why}", why=self._why("favour")),
        )
        enable(
            "gift",
            "gift" in kinds,
            _("Give one card to a player who is not ahead: earn a favour (C)")
            if "gift" in kinds
            else self._why("gift"),
        )

    def _why(self, kind: str) -> str:
        sc = self.kit
        if not self.port.human_to_act or self.port.seat_to_act != sc.viewer:
            return _("Wait for your turn")
        reason = self.port.why_none(kind)
        return _("Not now") if reason is None else reason_for(reason, sc.names, sc.viewer)

    def press(self, key: str) -> bool:
        sc = self.kit
        if key == "favours" and sc.button_enabled("favours"):
            self.app.push(fd.GuildDialog(self.app, self.port, self.kit))
        elif key == "gift" and sc.button_enabled("gift"):
            self.app.push(gd.GiftDialog(self.app, self.port, self.kit))
        else:
            return key in ("favours", "gift")
        return True

    def showcase(self) -> None:
        self.app.push(fd.GuildDialog(self.app, self.port, self.kit))

    # ---------------------------------------------------------------------------- phases, events

    def harmless_hexes(self) -> list[int]:
        """A-3.1: the hexes the shown human may move the robber to that harm nobody: no settlement or city
        next to them, or the desert (where not stealing earns the token too). From the seat view."""
        sc = self.kit
        v = self.view
        out = []
        for h in sc.board_targets()["hex"]:
            empty = all(v.node_owner[n] < 0 for n in v.topo.hex_nodes[h])
            if empty or v.rules.terrain_resource.get(v.terrain[h]) is None:
                out.append(h)
        return out

    def draw_board(self, surface: pygame.Surface) -> None:
        """In the robber phase: a favour token on each hex where the robber harms nobody (A-3.1)."""
        sc = self.kit
        if self.view.phase != "robber" or sc.layout is None:  # (a robber on tokens: no hexes to mark)
            return
        size = sc.px(26)
        img = sprite(self.app, "guilds/back", (size, size))
        for h in self.harmless_hexes():
            x, y = sc.layout.hex_center(h)
            spot = (int(x + sc.layout.size * 0.42), int(y - sc.layout.size * 0.5))
            pygame.draw.circle(surface, (255, 236, 170), spot, size // 2 + sc.px(3))
            surface.blit(img, img.get_rect(center=spot))

    def hint(self) -> str | None:
        if self.view.phase == "robber" and self.kit.board_targets()["hex"]:  # not on tokens (D-8)
            return _(TIPS["robber"])
        if self.view.phase == "road_building":  # the pavers' favour or a Road Building card: say which
            for event in reversed(self.port.events_since(0)):
                if event.get("t") == "favour_used" and event.get("guild") == "paver":
                    return _("The pavers' favour: place a free road")
                if event.get("t") in ("play", "turn"):
                    return None
        return None

    def phase_dialog(self, key: tuple[str, int, int]) -> bool:
        phase = self.view.phase
        if phase == "gift_answer":
            self.app.push(gd.GiftAnswerDialog(self.app, self.port, self.kit))
        elif phase == "favour_return":
            self.app.push(fd.ReturnFavourDialog(self.app, self.port, self.kit))
        elif phase == "favour_order":
            self.app.push(fd.FavourOrderDialog(self.app, self.port, self.kit))
        else:
            return False
        return True

    def on_event(self, event: dict[str, Any], now: float, speed: float) -> None:
        """Earned tokens fly to the earner's panel (A-3), face down but for your own: the log says why."""
        sc = self.kit
        t = event.get("t")
        if t == "road":
            self._road = event.get("edge")
        if t == "favour_used":
            self.app.play_sound("card")
        if t != "favour" or not speed:
            return
        seat = event["seat"]
        source: tuple[int, int] = sc.regions()["board"].center
        road = getattr(self, "_road", None)
        if sc.layout is not None and event.get("why") in ("join", "joined") and road is not None:
            x, y = sc.layout.edge_mid(road)  # from the road that joined the districts
            source = (int(x), int(y))
        card = event.get("card") if seat == sc.viewer else None
        img = sprite(self.app, f"guilds/{card}" if card else "guilds/back", (sc.px(30), sc.px(30)))
        batch = getattr(self, "_batch", (0.0, 0))
        k = batch[1] + 1 if batch[0] == now else 0  # several tokens at once fly one after another
        self._batch = (now, k)
        sc.animate(
            Anim("fly", now + 0.15 * k * speed, 0.9 * speed,
                 {"from": source, "to": sc.panel_rect(seat).center, "image": img})
        )  # fmt: skip
        self.app.play_sound("card")
        sc.hold_computers(0.4 * speed)


@rule_section(FrenemiesUI.MODULE)
def frenemies_html(rules: Ruleset, heading: Callable[[str], str]) -> list[str]:
    """Part A: earning favours (A-3), using them (A-5), the guild table (A-6)."""
    def setting(name: str, default: int) -> int:
        return int(rules.setting(FrenemiesUI.MODULE, name, default))

    out = [heading(_("Favours and guilds (Frenemies)"))]
    out.append(li(_(
        "Favour tokens lie face down in a supply, one guild on each: merchants, traders, pavers, teachers "
        "and architects (A-2). You keep yours face down; the others see only how many you hold.")))
    out.append(li(_(
        "Move the robber onto a hex with no settlement or city next to it, or onto the desert without "
        "stealing: draw {n} (A-3.1).", n=setting("robber_favours", 1))))
    out.append(li(_(
        "Give one resource card, once a turn, to a player whose visible points are not higher than yours. "
        "If they accept, draw {n}; if they refuse, you may offer the same card to someone else (A-3.2).",
        n=setting("gift_favours", 1))))
    out.append(li(_(
        "Build a road that joins your roads to another player's for the first time: you draw {a}, they "
        "draw {b} (A-3.3). Free roads count; the founding phase does not.",
        a=setting("join_builder_favours", 3), b=setting("join_other_favours", 1))))
    out.append(li(_(
        "Once a turn, hand in tokens held before this turn for a guild's favour, or exchange one: draw a "
        "token, then return any one of yours. Not in the special building phase (A-5).")))
    for guild in GUILDS:
        cost = setting(f"{guild}_cost", 1)
        tokens = ngettext("{n} token", "{n} tokens", cost, n=cost)
        out.append(li(f"{guild_name(guild)} ({tokens}): {_(fd.FAVOURS[guild])}"))
    out.append(li(_(
        "A Catan chip is a visible victory point: it counts for gifts too. First to {vp} points wins (A-7).",
        vp=rules.vp_target)))
    return out
