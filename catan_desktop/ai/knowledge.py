"""What a seat knows, and a world sampled to match it (determinization).

Fairness by construction: everything here starts from ``game.observation(seat)``. The bot never reads
``game.s``. ``CardTracker`` counts cards the way a careful player does, from the public log: production,
purchases, trades, discards and monopolies are public; a steal it did not take part in is known only as
"one unknown card moved". ``sample_world`` then builds a complete ``Game`` (through the documented
snapshot reader) whose hidden parts — other hands, other development cards, the deck order and the
future dice — are drawn from the bot's own RNG, consistent with what the seat knows.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..engine import Game
from ..engine.plugins import plugins_for
from ..engine.ruleset import DEV_KINDS, Ruleset
from ..engine.snapshot import from_data
from .addons_knowledge import ADDON_EVENTS, helper_build, shown_hand
from .dois_knowledge import DOIS_EVENTS, unseen_stock
from .scenarios_knowledge import SCENARIO_EVENTS

# the add-ons' events that move cards, each read by its add-on's own file: (tracker, event, resource index,
# build costs) -> None
EVENTS: dict[str, Callable[[CardTracker, dict[str, Any], dict[str, int], Any], None]] = {
    **ADDON_EVENTS, **DOIS_EVENTS, **SCENARIO_EVENTS,
}


class CardTracker:
    """Per other seat: resource cards known for sure, plus a count of unknown cards.

    Fed the observation's log incrementally; restarts when the log is not a continuation of what it saw
    (a different game, a loaded position, an undo).
    """

    def __init__(self) -> None:
        self.seen = 0
        self.last_event: dict[str, Any] | None = None
        self.known: list[list[int]] = []
        self.unknown: list[int] = []
        self.played: dict[str, int] = {}
        self.key: tuple[Any, ...] = ()
        self.rules: Ruleset | None = None  # the rules of the game being followed (the add-ons' settings)

    def update(self, obs: dict[str, Any], rules: Ruleset) -> None:
        log = obs["log"]
        players = obs["players"]
        key = (obs["seat"], obs["variant"], players)
        fresh = (
            key != self.key or len(log) < self.seen or (self.seen and log[self.seen - 1] != self.last_event)
        )
        if fresh:
            self.key = key
            self.seen = 0
            self.known = [[0] * len(rules.resources) for _ in range(players)]
            self.unknown = [0] * players
            self.played = {}
        idx = {r: i for i, r in enumerate(rules.resources)}
        costs = rules.costs
        self.rules = rules
        for ev in log[self.seen :]:
            self._event(ev, idx, costs)
        self.seen = len(log)
        self.last_event = log[-1] if log else None
        # reconcile with the public card counts (a position without history starts all unknown)
        for q, info in enumerate(obs["players_public"]):
            total = info["resource_cards"]
            k = self.known[q]
            if sum(k) > total:  # our bookkeeping lost track: forget what we thought we knew
                self.known[q] = [0] * len(k)
                k = self.known[q]
            self.unknown[q] = total - sum(k)

    # ---------------------------------------------------------------------------------------- events

    def gain(self, q: int, cards: dict[str, int], idx: dict[str, int]) -> None:
        for r, n in cards.items():
            self.known[q][idx[r]] += n

    def lose(self, q: int, r: int, n: int) -> None:
        k = self.known[q]
        take = min(k[r], n)
        k[r] -= take
        self.unknown[q] -= n - take  # paid from cards we could not see
        if self.unknown[q] < 0:
            self.unknown[q] = 0

    def pay(self, q: int, cost: tuple[int, ...]) -> None:
        for r, n in enumerate(cost):
            if n:
                self.lose(q, r, n)

    def _event(self, ev: dict[str, Any], idx: dict[str, int], costs: dict[str, tuple[int, ...]]) -> None:
        t = ev.get("t")
        q = ev.get("seat", -1)
        handler = EVENTS.get(t or "")
        if handler is not None:
            handler(self, ev, idx, costs)
            return
        if t in ("settle", "city", "road") and ev.get("helper"):
            helper_build(self, ev, idx)
            return
        if t in ("produce", "starting_resources"):
            self.gain(q, ev["cards"], idx)
        elif t == "settle" and ev.get("turn", 0) > 0:
            self.pay(q, costs["settlement"])
        elif t == "city":
            self.pay(q, costs["city"])
        elif t == "road" and ev.get("turn", 0) > 0 and not ev.get("free"):
            self.pay(q, costs["road"])
        elif t == "buy":
            self.pay(q, costs["development_card"])
        elif t == "discard":
            for r, n in ev["cards"].items():
                self.lose(q, idx[r], n)
        elif t == "maritime":
            self.lose(q, idx[ev["give"]], ev["rate"])
            self.known[q][idx[ev["get"]]] += 1
        elif t == "trade":
            partner = ev["partner"]
            for r, n in ev["give"].items():
                self.lose(q, idx[r], n)
                self.known[partner][idx[r]] += n
            for r, n in ev["get"].items():
                self.lose(partner, idx[r], n)
                self.known[q][idx[r]] += n
        elif t == "steal" and not ev.get("empty"):
            self.taken(q, ev["victim"], ev.get("resource"), idx)
        elif t == "play":
            card = ev.get("card")
            if card:
                self.played[card] = self.played.get(card, 0) + 1
            if card == "year_of_plenty":
                for r in ev.get("resources", []):
                    self.known[q][idx[r]] += 1
            elif card == "monopoly":
                r = idx[ev["resource"]]
                for other in range(len(self.known)):
                    if other != q:
                        self.known[other][r] = 0
                self.known[q][r] += ev.get("taken", 0)

    def taken(self, q: int, victim: int, r: str | None, idx: dict[str, int]) -> None:
        """One card moved from ``victim`` to ``q``: known when we took part, else one unknown card."""
        if r is not None:  # we took part: we know the card
            self.lose(victim, idx[r], 1)
            self.known[q][idx[r]] += 1
        else:  # one unknown card moved: any known card of the victim may be the one
            k = self.known[victim]
            self.unknown[victim] += sum(k) - 1
            self.known[victim] = [0] * len(k)
            self.unknown[q] += 1

    def move(self, giver: int, taker: int, r: int, n: int = 1) -> None:
        self.lose(giver, r, n)
        self.known[taker][r] += n


# ------------------------------------------------------------------------------------------- sampling


def sample_world(
    rules: Ruleset, obs: dict[str, Any], tracker: CardTracker, rng: random.Random, options: dict[str, Any]
) -> Game:
    """Return a complete Game matching ``obs``; hidden parts are drawn from ``rng``.

    Other seats' hands: the cards the tracker knows, plus unknown cards dealt from the pool that no one
    is known to hold (every card is either in the bank, in ``seat``'s hand or somewhere unseen). Other
    development cards and the deck: dealt from the cards not held by ``seat`` and not seen played.
    The RNG of the returned game is seeded from ``rng``, so future dice are the bot's guess, not the game's.
    """
    seat = obs["seat"]
    players = obs["players"]
    names = rules.resources
    nres = len(names)
    mine = [obs["you"]["hand"][r] for r in names]
    bank = [obs["bank"][r] for r in names]
    # cards outside the bank and our hand, minus what we know others hold = the unknown pool; in Catan a
    # Dois the market holds cards too: its open cards and discards are seen, its pile is not (D-2.1)
    views: dict[str, Any] = obs.get("modules") or {}
    unseen = unseen_stock(rules, views)
    extra_res, extra_dev = plugins_for(rules).stock(players)  # e.g. F-1's stock in a 3-6 player scenario
    total = rules.bank_per_resource
    pool_counts = [total + unseen[i] + extra_res[i] - bank[i] - mine[i] for i in range(nres)]
    known = [list(k) for k in tracker.known]
    for q in range(players):
        if q == seat:
            continue
        for i in range(nres):
            if known[q][i] > pool_counts[i]:
                known[q][i] = pool_counts[i]
            pool_counts[i] -= known[q][i]
    pool = [i for i in range(nres) for _ in range(max(0, pool_counts[i]))]
    rng.shuffle(pool)
    hands: list[dict[str, int]] = []
    for q in range(players):
        if q == seat:
            hands.append(dict(obs["you"]["hand"]))
            continue
        shown = shown_hand(views, q)  # a hand this seat is looking at (a Helpers alms)
        if shown is not None:
            hands.append(shown)
            continue
        h = known[q][:]
        need = obs["players_public"][q]["resource_cards"] - sum(h)
        while need > 0 and pool:
            h[pool.pop()] += 1
            need -= 1
        hands.append({names[i]: h[i] for i in range(nres) if h[i]})
    market_pile = [names[r] for r in pool]  # what no hand took is in the market pile, in a random order

    # development cards: the deck's composition minus ours and those seen played
    full = {kind: n + extra_dev[k] for k, (kind, n) in enumerate(rules.dev_deck)}
    own = obs["you"]["development_cards"]
    for k in DEV_KINDS:
        full[k] = full.get(k, 0) - own.get(k, 0)
    knights_seen = max(
        tracker.played.get("knight", 0), sum(p["knights_played"] for p in obs["players_public"])
    )
    for k in DEV_KINDS:
        seen = knights_seen if k == "knight" else tracker.played.get(k, 0)
        full[k] = full.get(k, 0) - seen
    dev_pool = [k for k in DEV_KINDS for _ in range(max(0, full.get(k, 0)))]
    rng.shuffle(dev_pool)
    dev_cards: list[dict[str, int]] = []
    for q in range(players):
        if q == seat:
            dev_cards.append(dict(own))
            continue
        d: dict[str, int] = {}
        for _ in range(obs["players_public"][q]["development_cards"]):
            card = dev_pool.pop() if dev_pool else "knight"
            d[card] = d.get(card, 0) + 1
        dev_cards.append(d)
    deck_size = obs["development_deck"]
    deck = dev_pool[:deck_size]
    while len(deck) < deck_size:
        deck.append("knight")
    new = [dict(obs["you"]["bought_this_turn"]) if q == seat else {} for q in range(players)]

    trade = obs["trade"]
    data: dict[str, Any] = {
        "variant": rules.name,
        "options": options,
        "seed": rng.randrange(1 << 30),
        "players": players,
        "phase": obs["phase"],
        "current": obs["active"],
        "start_player": obs.get("start_player", 0),
        "turn": obs["turn"],
        "board": {
            "hexes": obs["board"]["hexes"],
            "harbours": obs["board"]["harbours"],
            "robber": obs["board"]["robber"],
            **({"extra_tokens": obs["board"]["extra_tokens"]} if obs["board"].get("extra_tokens") else {}),
        },
        "buildings": obs["buildings"],
        "roads": obs["roads"],
        "hands": hands,
        "bank": obs["bank"],
        "dev_deck": deck,
        "dev_cards": dev_cards,
        "dev_bought_this_turn": new,
        "knights_played": [p["knights_played"] for p in obs["players_public"]],
        "dev_played_this_turn": bool(obs.get("dev_played_this_turn")),
        "longest_road": obs["longest_road"],
        "largest_army": obs["largest_army"],
        "dice": obs["dice"],
        "built_this_turn": obs["built_this_turn"],
        "offers_made": obs["offers_made"],
        "discards_pending": obs["discards_pending"],
        "free_roads": obs["free_roads"],
        "resume_phase": obs.get("resume_phase", "main"),
        "setup": obs.get("setup") or {},
        "winners": obs["winners"],
        "modules": _module_sections(rules, obs, market_pile, rng),  # after the seed: the same RNG order
    }
    if trade is not None:
        data["trade"] = {
            "give": trade["give"],
            "get": trade["get"],
            "responders": trade["responders"],
            "answers": {
                q: ([a["answer"], a["give"], a["get"]] if a["answer"] == "counter" else [a["answer"]])
                for q, a in trade["answers"].items()
            },
        }
    return from_data(Game, data, rules, check=False)  # a guess at the hidden parts, not a reachable position


def _module_sections(
    rules: Ruleset, obs: dict[str, Any], market_pile: list[str], rng: random.Random
) -> dict[str, Any]:
    """The snapshot's rule-module sections from the seat's module views, each rebuilt by its module
    (``RuleModule.sample_section``): what is public is copied, what is face down is dealt from ``rng`` and,
    for cards, from the resource cards no hand took (``market_pile``), in the rule file's module order."""
    views: dict[str, Any] = obs.get("modules") or {}
    unseen = {"resources": market_pile}
    out: dict[str, Any] = {}
    for module in plugins_for(rules).modules:
        view = views.get(module.NAME)
        if view is None:
            continue
        section = module.sample_section(view, obs, unseen, rng)
        if section is not None:
            out[module.NAME] = section
    return out


