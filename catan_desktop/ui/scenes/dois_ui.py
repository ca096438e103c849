"""Catan a Dois (RULES.md Part D) on the game screen, as add-on parts of its rule modules: the market and the
bank's stock under the player panels with the Market button in place of Trade (D-4, D-5), the reserve
tokens on each player panel (D-1.7), terrain development as a fourth build (D-6), the robber on number tokens
(D-8) and the remote-area card's choice (D-7). The dialogs are in ``dois_dialogs``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action
from ...i18n import N_, _, ngettext
from ...render.palette import ALERT, INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, WARN
from ...text import cards_text, reason_for
from .addon_ui import AddonUI, Enable, addon_ui
from .coach import Advice, coach_note, coach_phase
from .coach_board import _hex_pips, _legal_targets, _place
from .dois_dialogs import DevelopDialog, MarketCapDialog, MarketDialog, RemoteCardDialog
from .game_anims import Anim

if TYPE_CHECKING:
    from ...engine.views import SeatView
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit

PANEL_TIPS = {  # Catan a Dois panels explain themselves when the mouse rests on them (RULES.md Part D)
    "reserve": N_("Reserve: the number tokens taken at founding (D-1.7). Develop terrain to put them on a "
    "hex next to your building (D-6)."),
    "market": N_("The market (D-4): on your turn, after rolling, buy an open card for as many of your "
    "cards as the difference of the two dice (a double closes it). An exhausted resource (×2) costs "
    "double. At most {cap} open cards; after a 7 it is renewed with {renewal} new cards. "
    "Market button or T."),
    "bank": N_("The bank's stock (D-5). Building, buying and the development cost pay into it; production "
    "and maritime trade take from it. A resource at 0 is exhausted: its hexes produce nothing and its "
    "market price doubles. Two exhausted at once: the game ends and both players lose. Remote-area cards "
    "are drawn by building on the coast or next to an unproductive hex (D-7)."),
}


@addon_ui
class MarketUI(AddonUI):
    """The market and the bank's stock (D-4, D-5): their panel, the Market button, the market's cap."""

    MODULE = "market"
    ROW = 0
    COLUMN = 340
    SHOWCASE = "market"
    STAGED_BY_COMPUTERS = True  # random play soon collapses the economy (D-5.4)

    def trade_button(self) -> tuple[str, str] | None:
        return _("Market"), _("Buy open market cards at the turn's price (T)")  # D-4.1: no trade with players

    def sync(self, kinds: set[str], mine: bool, enable: Enable) -> None:
        ok = mine and bool(kinds & {"market", "market_sell"})
        reason = self.port.why_none("market") if mine else None
        why = _("Wait for your turn") if not mine else (self._reason(reason) if reason else _("Not now"))
        enable("trade", ok, _("Buy open market cards at the turn's price (D-4)") if ok else why)

    def _reason(self, reason: Any) -> str:
        return reason_for(reason, self.kit.names, self.kit.viewer)

    def showcase(self) -> None:
        """The market dialog after the roll (D-4), a card chosen with the payment the dialog suggests."""
        dialog = MarketDialog(self.app, self.port, self.kit)
        self.app.push(dialog)
        view, names = self.view, self.port.rules.resources
        hand = dict(zip(names, view.hand, strict=True))
        wanted = sorted(set(self.section["open"]), key=lambda r: (hand[r], r))
        if wanted and view.phase == "main":
            dialog.choose(wanted[0])

    def press(self, key: str) -> bool:
        if key != "trade":
            return False
        if self.mine() and self.view.phase == "main" and self.kit.button_enabled("trade"):
            self.app.push(MarketDialog(self.app, self.port, self.kit))
        return True

    def phase_dialog(self, key: tuple[str, int, int]) -> bool:
        if self.view.phase != "market_cap":
            return False
        self.app.push(MarketCapDialog(self.app, self.port, self.kit))
        return True

    def on_event(self, event: dict[str, Any], now: float, speed: float) -> None:
        """Cards taken from the market (a purchase, a sale, a development's yield) fly from the market panel
        to the taker's panel, like production from the hexes."""
        t = event.get("t")
        if t not in ("market", "market_sell", "develop"):
            return
        if speed:
            if t == "market":
                cards = [event["get"]]
            elif t == "market_sell":
                cards = [res for res, n in event["get"].items() for _k in range(n)]
            else:
                cards = [event["resource"]] * min(4, event.get("got", 0))
            rect = self.kit.column_rect()
            source = (rect.centerx, rect.y + self.kit.px(70))
            target = self.kit.panel_rect(event["seat"]).center
            for i, res in enumerate(cards):
                fly = {"from": source, "to": target, "res": res}
                self.kit.animate(Anim("fly", now + 0.08 * speed * i, 0.7 * speed, fly))
        self.app.play_sound("trade" if t != "develop" else "build")

    def draw_column(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The market row with the turn's price (D-4), pile and discard counts, and the bank's stock per
        resource with scarcity warnings before a collapse (D-5)."""
        kit, s = self.kit, self.kit.px
        if rect.h < s(120):
            return
        kit.panel(surface, rect, PARCHMENT)
        v = self.view
        names = v.rules.resources
        x0, w = rect.x + s(10), rect.w - s(20)
        y = rect.y + s(8)
        kit.text(surface, _("Market"), (x0, y), 16, INK, bold=True)
        market_top = y
        dice = v.dice
        y += s(22)
        if v.turn == 0 or not dice or v.phase == "roll":
            price_text, price_colour = _("Price: set by the roll"), INK_SOFT
        elif dice[0] == dice[1]:
            price_text, price_colour = _("Closed this turn: the dice show a double"), ALERT
        else:
            n = abs(dice[0] - dice[1])
            price_text = (
                _("Price this turn: 1 card each") if n == 1 else _("Price this turn: {n} cards each", n=n)
            )
            price_colour = INK
        kit.text(surface, price_text, (x0, y), 12, price_colour, bold=True, max_w=w)
        y += s(20)
        stock = self.section  # public: the open cards, the pile's and the discards' sizes (D-4)
        settings = v.settings[self.MODULE]
        cards = sorted(names.index(r) for r in stock["open"])
        closed = bool(dice) and dice[0] == dice[1] and v.phase != "roll"
        cw = min(s(40), (w - s(4)) // max(1, len(cards)))
        ch = int(cw * 1.4)
        for i, r in enumerate(cards):
            rc = pygame.Rect(x0 + i * cw, y, cw - s(2), ch)
            kit.card(surface, f"cards/{names[r]}", rc, 0, dim=closed)
            if v.bank[r] == 0:
                kit.tag(surface, "×2", (rc.centerx, rc.bottom - s(6)))
        if not cards:
            ch = s(24)
            kit.text(surface, _("no open cards"), (x0, y + ch // 2), 13, INK_SOFT, anchor="midleft")
        y += ch + s(4)
        kit.text(
            surface,
            _("pile {p} · discards {d} · cap {c}", p=stock["pile_size"], d=len(stock["discard"]),
              c=settings["open_cap"]),
            (x0, y), 12, INK_SOFT,
        )  # fmt: skip
        y += s(22)
        kit.tip(pygame.Rect(rect.x, market_top, rect.w, y - market_top),
                _(PANEL_TIPS["market"], cap=settings["open_cap"], renewal=settings["renewal_cards"]))
        bank_top = y
        pygame.draw.line(surface, PARCHMENT_DARK, (x0, y), (rect.right - s(10), y), 2)
        y += s(6)
        kit.text(surface, _("Bank"), (x0, y), 16, INK, bold=True)
        y += s(24)
        col = w // len(names)
        low: list[str] = []
        out: list[str] = []
        for i, res in enumerate(names):
            n = v.bank[i]
            cx = x0 + i * col + col // 2
            surface.blit(self.app.assets.scaled(f"icons/{res}", (s(22), s(22))), (cx - s(11), y))
            colour = ALERT if n == 0 else WARN if n <= 3 else INK
            kit.text(surface, str(n), (cx, y + s(24)), 14, colour, bold=True, anchor="midtop")
            if n == 0:
                out.append(_(res))
            elif n <= 3:
                low.append(_(res))
        y += s(46)
        limit = v.settings.get("collapse", {}).get("exhausted_resources", 2)
        if out and len(out) < limit:
            text = _(
                "{res} is exhausted: it costs double in the market. If {k} more run out, the economy "
                "collapses and both players lose.",
                res=", ".join(out),
                k=limit - len(out),
            )
            colour = ALERT
        elif low:
            text = _(
                "Running low: {res}. If {k} resources run out at once, both players lose.",
                res=", ".join(low),
                k=limit,
            )
            colour = WARN
        else:
            text = _("Collapse: if {k} resources run out in the bank at once, both players lose.", k=limit)
            colour = INK_SOFT
        bottom = kit.wrapped(surface, text, (x0, y), w, 12, colour, bold=colour != INK_SOFT)
        if bottom + s(60) < rect.bottom:  # the decks, where there is room: what is left to draw
            y = bottom + s(10)
            pygame.draw.line(surface, PARCHMENT_DARK, (x0, y), (rect.right - s(10), y), 2)
            y += s(6)
            kit.text(surface, _("Decks"), (x0, y), 16, INK, bold=True)
            y += s(24)
            dev = _("development cards: {n}", n=v.development_deck)
            kit.text(surface, dev, (x0, y), 12, INK_SOFT, max_w=w)
            remote = v.modules.get(RemoteCardsUI.MODULE)
            if remote is not None:
                kit.text(surface, _("remote-area cards: {n}", n=remote["deck_size"]), (x0, y + s(18)), 12,
                         INK_SOFT, max_w=w)  # fmt: skip
        kit.tip(pygame.Rect(rect.x, bank_top, rect.w, bottom - bank_top), _(PANEL_TIPS["bank"]))


@addon_ui
class ReserveUI(AddonUI):
    """The number tokens each player took at founding (D-1.7), on the player panels."""

    MODULE = "token_removal"
    ROW = 0
    PANEL_BLOCK = 24

    def draw_panel_block(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """The number tokens a player took at founding and may place by terrain development (D-1.7, D-6)."""
        kit, s = self.kit, self.kit.px
        y = rect.y + s(66)
        reserves = self.section.get("reserve", [])
        reserve = sorted(reserves[seat]) if seat < len(reserves) else []
        kit.tip(pygame.Rect(rect.x, y, rect.w, s(26)), _(PANEL_TIPS["reserve"]))
        label = kit.text(surface, _("Reserve:"), (rect.x + s(24), y + s(12)), 12, INK_SOFT, anchor="midleft")
        x = label.right
        x += s(6)
        if not reserve:
            kit.text(surface, _("empty"), (x, y + s(12)), 12, INK_SOFT, anchor="midleft")
        for number in reserve:
            surface.blit(self.app.assets.scaled(f"tokens/{number}", (s(24), s(24))), (x, y))
            x += s(27)


@addon_ui
class DevelopUI(AddonUI):
    """Terrain development (D-6): the Develop build button (5 or D), its glowing hexes and its dialog."""

    MODULE = "terrain_development"
    ROW = 0
    KEY = "develop"

    def builds(self) -> list[tuple[str, str]]:
        return [(self.KEY, _("Develop"))]

    def keys(self) -> dict[int, str]:
        return {pygame.K_5: self.KEY, pygame.K_d: self.KEY}

    def build_cost(self, key: str) -> list[int] | None:
        return list(self.view.settings[self.MODULE]["cost"]) if key == self.KEY else None

    def build_tip(self, key: str) -> str:
        cost = self.view.settings[self.MODULE]["cost"]
        cards = cards_text(dict(zip(self.port.rules.resources, cost, strict=True)))
        return _("Put reserve tokens on a hex next to your building, paying {cards} or a development card "
                 "(D-6), then click a glowing hex", cards=cards)

    def board_targets(self, legal: list[Action], out: dict[str, dict[Any, list[Action]]]) -> None:
        if self.kit.mode != self.KEY:
            return
        for a in legal:
            if a.kind == "develop":
                out["hex"].setdefault(self.view.topo.hex_index[a.a], []).append(a)

    def click(self, kind: str, index: Any, actions: list[Action]) -> bool:
        if not actions or actions[0].kind != "develop":
            return False
        self.app.push(DevelopDialog(self.app, self.port, self.kit, actions[0].a, actions))
        return True

    def hint(self) -> str | None:
        if self.view.phase == "main" and self.kit.mode == self.KEY:
            return _("Click a glowing hex next to your building to develop it; right-click or Esc to cancel")
        return None


@addon_ui
class TokenRobberUI(AddonUI):
    """The robber on a number token (D-8.1): its moves are clicked on the tokens, not on the hexes."""

    MODULE = "token_robber"
    ROW = 0

    def board_targets(self, legal: list[Action], out: dict[str, dict[Any, list[Action]]]) -> None:
        hexes = out["hex"]
        for a in legal:
            if a.kind != "robber":
                continue
            spot = robber_spot(self.view.topo.hex_index, a.a)
            actions = hexes.get(spot[0])
            if actions is not None and a in actions:
                actions.remove(a)
                if not actions:
                    del hexes[spot[0]]
            out["token"].setdefault(spot, []).append(a)

    def hint(self) -> str | None:
        if self.view.phase == "robber" and self.mine():
            return _("Move the robber onto another number token (D-8): click a ringed token")
        return None


def robber_spot(hex_index: dict[str, int], text: str) -> tuple[int, int]:
    """A robber action's place: '2.3' -> (hex, 0); '2.3/1' -> (hex, token 1) (D-8.1)."""
    hex_id, _sep, slot = text.partition("/")
    return hex_index[hex_id], int(slot or 0)


@addon_ui
class RemoteCardsUI(AddonUI):
    """A remote-area card drawn by building (D-7.1): keep it, or exchange it this turn (D-7.2)."""

    MODULE = "remote_cards"
    ROW = 0

    def __init__(self, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(port, kit)
        self.seen: tuple[int, int] | None = None

    def phase_dialog(self, key: tuple[str, int, int]) -> bool:
        drawn = self.section.get("drawn") if self.view.phase == "main" else None
        if not drawn:
            return False
        seen = (self.view.turn, len(drawn))  # D-7.2: offer the choice once per card drawn
        if seen == self.seen:
            return False
        self.seen = seen
        offers = self.port.legal("remote_exchange")
        if not offers:
            return False
        newest = drawn[-1]
        offers.sort(key=lambda a: a.a != newest)
        self.app.push(RemoteCardDialog(self.app, self.port, self.kit, offers))
        return True


# ------------------------------------------------------------------------------------- the first-game coach


@coach_note(ReserveUI.MODULE, "founding")
def _founding_note() -> str:
    return _("Then you take the number token of one hex beside it into your reserve.")


@coach_note(MarketUI.MODULE, "roll")
def _roll_note() -> str:
    return _("The difference between the two dice sets this turn's market price (a double closes it).")


@coach_note(MarketUI.MODULE, "trade")
def _trade_note(cards: str, bank: str) -> str:
    return _("Turn spare cards into {cards}: buy from the market (T) or trade with {bank}.", cards=cards,
             bank=bank)


@coach_note(TokenRobberUI.MODULE, "robber")
def _robber_note() -> str:
    return _("Move the robber onto a number token of the leader (most points): it blocks that number on its "
             "hex and you steal one card from a player beside it.")


@coach_phase("remove_token")
def _remove_token(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    """Founding in Catan a Dois (D-1.7): which number token to take into the reserve."""
    lines = [
        _("Take the number token of one hex beside your new settlement into your reserve: that hex stops "
          "producing."),
        _("Avoid taking often-rolled numbers (many dots); lumber is needed early, so spare the forests."),
    ]
    targets = [view.topo.hex_index[t] for t in _legal_targets(game, "remove_token") or ()
               if isinstance(t, str) and t in view.topo.hex_index]
    if targets:
        cheapest = min(targets, key=lambda h: (_hex_pips(view, h), view.terrain[h] == "forest", h))
        lines.append(_("The least painful choice here: {place}.", place=_place(view, cheapest)))
    lines.append(_("Later, develop terrain (D) to put your reserve tokens on hexes beside your buildings."))
    return Advice(_("Take a number token"), lines[:4], "remove_token")


@coach_phase("market_cap")
def _market_cap(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    """D-4.5: the market holds more open cards than its cap after a trade."""
    market = view.modules.get(MarketUI.MODULE) or {}
    cap = view.settings.get(MarketUI.MODULE, {}).get("open_cap", 7)
    n = int(market.get("excess") or 0)
    return Advice(_("Market over its limit"), [
        ngettext("The market holds at most {cap} open cards: put {n} aside.",
                 "The market holds at most {cap} open cards: put {n} aside.", n, cap=cap, n=n),
        _("Put aside what you need least: the open cards are what both of you can buy next."),
    ], "market_cap")
