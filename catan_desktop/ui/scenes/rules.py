"""The rules reference: a variant's title, description and summary, then a readable guide to the whole
game whose numbers (costs, targets, limits) come from the variant's own rule file."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextBox

from ...engine import Game, RulesetError, load_rules
from ...engine.ruleset import Ruleset
from ...i18n import N_, _
from ...text import file_problems
from ...variants import RuleFileError
from ..screens import screen
from ..widgets import ERROR_RED, ScreenScene, esc, preload_font
from .rules_addons import addon_rules_html

if TYPE_CHECKING:
    from ..app import App

_ITEMS = (
    ("road", N_("Road")),
    ("settlement", N_("Settlement")),
    ("city", N_("City")),
    ("development_card", N_("Development card")),
)


def cost_text(rules: Ruleset, item: str) -> str:
    """ "1 brick + 1 lumber" for ``item``, resource names translated."""
    cost = rules.costs.get(item, ())
    return " + ".join(f"{n} {_(rules.resources[i])}" for i, n in enumerate(cost) if n) or _("nothing")


def _p(text: str, **fields: object) -> str:
    """A translated paragraph."""
    return esc(_(text, **fields)) + "<br>"


def _li(text: str, **fields: object) -> str:
    """A translated bullet point."""
    return "\u2022 " + esc(_(text, **fields)) + "<br>"


def rules_html(rules: Ruleset, heading_px: int) -> str:
    """The rules of ``rules`` as text for a UITextBox: the variant first, then the full reference."""

    def _h(text: str) -> str:
        return f"<br><font face='vollkorn_bold' pixel_size={heading_px}>{esc(_(text))}</font><br>"

    dev = dict(rules.dev_deck)
    steal_optional = bool(rules.option("robber_steal_optional", True))
    strict = bool(rules.option("strict_trade_then_build", True))
    domestic = bool(rules.option("domestic_trade", True))
    offers = rules.option("max_offers_per_turn", None)
    road, settlement, city = rules.pieces
    targets = targets_by_players(rules)
    if rules.players_min == rules.players_max:
        span = _("{n} players, first to {vp} victory points", n=rules.players_min, vp=rules.vp_target)
    elif len(set(targets.values())) > 1:  # a scenario's target by the player count (S-4.1)
        span = _("{lo}\u2013{hi} players", lo=rules.players_min, hi=rules.players_max) + ", " + \
            target_text(targets)
    else:
        span = _("{lo}\u2013{hi} players, first to {vp} victory points",
                 lo=rules.players_min, hi=rules.players_max, vp=rules.vp_target)
    out = [f"<b>{esc(_(rules.title))}</b> \u2014 {esc(span)}<br>"]  # a shipped file's words are translated
    if rules.description:
        out.append(esc(_(rules.description)) + "<br>")
    if rules.summary:
        out.append(_h("In short"))
        out += [f"\u2022 {esc(_(line))}<br>" for line in rules.summary]
    font = f"<font face='vollkorn_bold' pixel_size={heading_px}>"
    out.append(addon_rules_html(rules, lambda words: f"<br>{font}{esc(words)}</font><br>"))  # the add-ons'

    out.append(_h("The goal"))
    out.append(_p(
        "Settle an island of hexes. Each hex produces a resource: forest gives lumber, pasture wool, "
        "fields grain, hills brick and mountains ore; the desert gives nothing. Settlements and cities "
        "sit on the corners of hexes and collect from the hexes around them. Be the first to reach {vp} "
        "victory points during your own turn.", vp=rules.vp_target))

    out.append(_h("Setting up"))
    out.append(_p(
        "The starting player is chosen by a dice roll. Each player places {n} settlements, each with a "
        "road touching it: first in turn order, then in reverse order. The settlement placed in round {k} "
        "pays one card of each resource its hexes produce. Settlements never stand on neighbouring "
        "corners (the distance rule: at least two paths apart).",
        n=rules.setup_settlements, k=rules.starting_resources_from))

    out.append(_h("A turn"))
    out.append(_li(
        "Roll the two dice. Every hex showing the total produces: each settlement next to it takes 1 "
        "card, each city 2. If the bank runs short of a resource, nobody gets that resource."))
    out.append(_li("Trade: with the other players, and with the bank."))
    out.append(_li("Build: roads, settlements, cities, and buy development cards."))
    out.append(_li("You may play one development card during your turn, even before rolling."))
    if strict:
        out.append(_p(
            "This game reads the order strictly: trade first, then build. Once you have built something "
            "this turn, you can no longer trade."))

    out.append(_h("A seven and the robber"))
    out.append(_li(
        "A roll of 7 produces nothing. Every player holding more than {n} cards discards half of them, "
        "rounded down (9 cards: discard 4).", n=rules.discard_limit))
    out.append(_li(
        "Then the player who rolled moves the robber to another hex. The robber's hex produces nothing "
        "while it stays there."))
    if steal_optional:
        out.append(_li("Finally they may steal one random card from a player with a building on that hex."))
    else:
        out.append(_li("Finally they steal one random card from a player with a building on that hex."))
    out.append(_li("A knight card moves the robber the same way (without the discards)."))

    out.append(_h("Trading"))
    if domestic:
        out.append(_li(
            "On your turn you may offer a trade to everyone; the others accept, refuse or make a "
            "counter-offer, and you choose whom to trade with. Players trade only with the player whose "
            "turn it is, and only resource cards, at least one each way."))
        if offers is not None:
            out.append(_li("At most {n} offers per turn.", n=offers))
    else:
        out.append(_li("In this game players do not trade with each other; only the bank trades."))
    out.append(_li(
        "With the bank: {n} cards of one resource for 1 card of your choice. A settlement or city on a "
        "harbour improves this: {g}:1 for any resource at a generic harbour, {s}:1 for the harbour's own "
        "resource.", n=rules.rate_none, g=rules.rate_generic, s=rules.rate_special))

    out.append(_h("Building costs"))
    out += [f"\u2022 <b>{esc(_(label))}</b>: {esc(cost_text(rules, item))}<br>" for item, label in _ITEMS]
    out.append(_p(
        "Each player has {r} roads, {s} settlements and {c} cities. A road joins your own road or "
        "building; a new settlement needs your road leading to it and the distance rule; a city replaces "
        "one of your settlements (which goes back to your supply) and produces double.",
        r=road, s=settlement, c=city))

    out.append(_h("Development cards"))
    out.append(_li(
        "Knight ({n} in the deck): move the robber and steal. Played knights stay in front of you.",
        n=dev.get("knight", 0)))
    out.append(_li("Road building ({n}): build {r} roads for free.",
                   n=dev.get("road_building", 0), r=rules.road_building_roads))
    out.append(_li("Year of plenty ({n}): take {k} resource cards of your choice from the bank.",
                   n=dev.get("year_of_plenty", 0), k=rules.year_of_plenty_cards))
    out.append(_li("Monopoly ({n}): name a resource; every other player gives you all of theirs.",
                   n=dev.get("monopoly", 0)))
    out.append(_li(
        "Victory point ({n}): worth {v} point, kept hidden, never played; it counts as soon as you have it.",
        n=dev.get("victory_point", 0), v=rules.vp_card))
    out.append(_li(
        "A card cannot be played in the turn it was bought (victory points excepted), and you play at "
        "most one card per turn."))

    out.append(_h("Longest Road and Largest Army"))
    out.append(_li(
        "Longest Road ({v} points): the first player with an unbroken road of at least {n} pieces. "
        "Another player takes it by building a longer one. An opponent's settlement on your road breaks "
        "it.", v=rules.vp_longest_road, n=rules.longest_road_min))
    out.append(_li(
        "Largest Army ({v} points): the first player to play {n} knights; another player takes it by "
        "playing more.", v=rules.vp_largest_army, n=rules.largest_army_min))

    out.append(_h("Victory"))
    out.append(_p(
        "Settlements are worth {s}, cities {c}, and the special cards and victory-point cards as above. "
        "The first player to have {vp} points during their own turn wins at once.",
        s=rules.vp_settlement, c=rules.vp_city, vp=rules.vp_target))

    out.append(_h("How this game reads the rules"))
    if strict:
        out.append(_li("Trade before build: no trading after your first build of a turn."))
    else:
        out.append(_li("Trading and building may be mixed in any order during your turn."))
    if steal_optional:
        out.append(_li("Stealing after moving the robber is optional."))
    else:
        out.append(_li("Stealing after moving the robber is compulsory when someone can be robbed."))
    out.append(_li("Discarding on a 7: half the hand, rounded down, for hands above {n} cards.",
                   n=rules.discard_limit))
    out.append(_li("On a 7 the discards come first, then the robber moves, then the steal."))
    if rules.option("bank_shortage_one_player_exception", False):
        out.append(_li("A short bank pays nobody that resource, unless only one player is owed it: they "
                       "get what is left."))
    else:
        out.append(_li("A short bank pays nobody that resource."))
    out.append(_li(
        "Bought development cards cannot be played the same turn; an empty deck cannot be bought from."))
    out.append(_li(
        "Road length counts the longest single trail; opponents' buildings cut it. If the holder's road "
        "is broken, they keep the card while nobody is longer; a tie for longest sets it aside."))
    out.append(_li("You win when you reach the target during your own turn."))
    return "".join(out)


@screen("rules")
class RulesScene(ScreenScene):
    """A scrollable rules reference for one variant; Esc or Back returns."""

    panel_size = (980, 660)

    def __init__(self, app: App, variant: str | Ruleset = "base") -> None:
        """``variant``: an installed variant's name, or the rules a running game plays by (the pause menu
        passes those: a save's rules are stored in it, never read from the file its metadata names)."""
        super().__init__(app)
        self.title = _("Rules")  # from the pause menu too (it was set after the return below: no heading)
        self.error: str | None = None
        self.rules: Ruleset | None = None
        if isinstance(variant, Ruleset):
            self.variant, self.rules = variant.name, variant
            return
        self.variant = variant
        try:
            self.rules = load_rules(variant)
        except (RulesetError, RuleFileError, OSError) as exc:
            self.rules, self.error = None, file_problems(exc)

    def build(self) -> None:
        panel, inner = self.make_panel()
        foot = self.px(46) + self.px(14)
        preload_font(self.ui, "vollkorn_bold", self.px(22))
        if self.rules is not None:
            text = rules_html(self.rules, self.px(22))
        else:
            text = (
                f"<b>{esc(_('The rules of {name} cannot be read.', name=self.variant))}</b><br><br>"
                f"<font color='{ERROR_RED}'>{esc(self.error or '')}</font>"
            )
        self.text = UITextBox(
            text, pygame.Rect(inner.x, inner.y, inner.w, inner.h - foot), manager=self.ui, container=panel
        )
        (self.back_button,) = self.footer_buttons(inner, [(_("Back"), _("Return (Esc)"), True)])

    def primary(self) -> bool:
        self.back()
        return True

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.back()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        # Page Up/Down and the arrow keys scroll the text without reaching for the mouse
        bar = getattr(self.text, "scroll_bar", None) if hasattr(self, "text") else None
        if event.type == pygame.KEYDOWN and bar is not None:
            step = {
                pygame.K_DOWN: 0.05,
                pygame.K_UP: -0.05,
                pygame.K_PAGEDOWN: 0.6,
                pygame.K_PAGEUP: -0.6,
                pygame.K_HOME: -10.0,
                pygame.K_END: 10.0,
            }.get(event.key)
            if step is not None:
                visible = bar.visible_percentage
                start = min(max(0.0, bar.start_percentage + step * visible), 1.0 - visible)
                bar.set_scroll_from_start_percentage(start)
                return True
        return super().handle_event(event)


def target_text(targets: dict[int, int]) -> str:
    """"first to 10 victory points", or by player count: "first to 13 / 12 / 10 victory points with 3 / 4 /
    5–6 players" (runs of counts with the same target joined)."""
    runs: list[tuple[int, int, int]] = []  # (first count, last count, target)
    for n, t in sorted(targets.items()):
        if runs and runs[-1][2] == t and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n, t)
        else:
            runs.append((n, n, t))
    if len(runs) == 1:
        return _("first to {n} victory points", n=runs[0][2])
    counts = " / ".join(str(a) if a == b else f"{a}\u2013{b}" for a, b, _t in runs)
    return _("first to {targets} victory points with {counts} players",
             targets=" / ".join(str(t) for _a, _b, t in runs), counts=counts)


def targets_by_players(rules: Ruleset) -> dict[int, int]:
    """The victory points that win with each player count the rules allow: a game set up at that count
    says (a scenario's depend on it, S-4.1); the rule file's target where a count cannot be set up."""
    out = {}
    for n in range(rules.players_min, rules.players_max + 1):
        try:
            out[n] = Game.new(rules, players=n, seed=0).vp_target
        except RulesetError:
            out[n] = rules.vp_target
    return out
