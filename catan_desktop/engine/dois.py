"""Rule modules of "Catan a Dois", the 2-player variant (RULES.md Part D).

Each mechanic is a named module a rule file switches on (``modules:``) and parameterises
(``module_settings:``); ``rules.py`` calls in here only when the module is on, so other variants pay
nothing for it.

- ``token_removal`` (D-1.4–D-1.9): after each founding settlement the player takes the number token of an
  adjacent hex, under the A–F type constraints, into a personal reserve; the hex becomes unproductive.
- ``market`` (D-4, D-5.3): the open market cards, bought at the difference of the dice (doubled for an
  exhausted resource), capped at 7, renewed after a 7; an exhausted resource sells for two.
- ``collapse`` (D-5.4): when two resources are exhausted in the bank at once, the game ends and both lose.
- ``token_robber`` (D-8): the robber sits on one number token of a productive hex and blocks only it.
- ``terrain_development`` (D-6): put reserve tokens on a hex next to your building, paying grain + wool +
  ore or an unused development card, and take its cards from the market at once.
- ``remote_cards`` (D-7): building on the coast or next to an unproductive hex draws a remote-area card,
  kept as a development card or exchanged that turn for grain + wool + ore.
With ``market`` on, Monopoly also empties the open market cards and Invention (Year of Plenty) falls back on
the market when the bank is short (D-9.1, D-9.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Bundle, make_bundle

if TYPE_CHECKING:
    from .game import Game
    from .ruleset import Ruleset


def on(g: Game, module: str) -> bool:
    return module in g.rules.modules


# ------------------------------------------------------------------------------------------- set-up


def init_state(g: Game) -> None:
    """Fill the Catan a Dois stocks of a new game (D-2.1); a no-op for variants without its modules."""
    s, rules = g.s, g.rules
    if on(g, "token_removal") or on(g, "token_robber"):
        s.extra_tokens = [[] for _ in range(g.topo.num_hexes)]
        s.reserve = [[] for _ in range(s.players)]
    if on(g, "market"):
        per = rules.setting("market", "pile_per_resource", 7)
        pile = [r for r in range(len(rules.resources)) for _ in range(per)]
        g.rng.shuffle(pile)
        s.market_pile = pile
        opened = g.rng.randint(1, 6)  # D-2.1: roll one die and turn that many cards face up
        s.market_open = [s.market_pile.pop() for _ in range(min(opened, len(pile)))]
        g.event("market_opened", cards=_names(g, s.market_open))
    if on(g, "remote_cards"):
        init_remote_deck(g)


def _names(g: Game, cards: list[int]) -> list[str]:
    return [g.rules.resources[r] for r in cards]


# ------------------------------------------------------------------------------- token removal (D-1)


_ANY_STEPS = (0, 5)  # steps A and F take any type (D-1.4)


def allowed_types(g: Game) -> set[str] | None:
    """The terrain types the current founding step may take a token from (None: any type)."""
    s = g.s
    step = s.setup_index
    if step in _ANY_STEPS or step >= 6:
        return None
    return {t for t in g.rules.terrain_resource if g.rules.terrain_resource[t] is not None} - set(
        s.removed_types
    )


def _removable(g: Game, h: int, types: set[str] | None) -> bool:
    s = g.s
    return s.number[h] > 0 and (types is None or s.terrain[h] in types)


def founding_spot_ok(g: Game, n: int) -> bool:
    """Q-20: a founding settlement needs an adjacent hex whose token this step may take, unless no
    intersection on the board allows one (then the type constraint is lifted for this step)."""
    types = allowed_types(g)
    if types is None:
        return any(_removable(g, h, None) for h in g.topo.node_hexes[n])
    if any(_removable(g, h, types) for h in g.topo.node_hexes[n]):
        return True
    return not _constraint_satisfiable(g, types)


def _constraint_satisfiable(g: Game, types: set[str]) -> bool:
    from .rules import settlement_spot_free

    for m in range(g.topo.num_nodes):
        if settlement_spot_free(g, m) and any(_removable(g, h, types) for h in g.topo.node_hexes[m]):
            return True
    return False


def removal_actions(g: Game) -> list[Action]:
    s = g.s
    types = allowed_types(g)
    if types is not None and not any(_removable(g, h, types) for h in g.topo.node_hexes[s.last_settlement]):
        types = None  # the constraint was lifted for this step
    return [
        Action("remove_token", g.topo.hex_ids[h])
        for h in sorted(g.topo.node_hexes[s.last_settlement])
        if _removable(g, h, types)
    ]


def do_remove_token(g: Game, action: Action) -> None:
    """D-1.4/D-1.6/D-1.7: the token goes to the player's reserve; the hex is unproductive from now on."""
    from .rules import actor, give_starting_resources

    s = g.s
    p = actor(g)
    h = g.topo.hex_index[action.a]
    number = s.number[h]
    s.reserve[p].append(number)
    s.removed_types.append(s.terrain[h])
    s.number[h] = 0
    s.letter[h] = ""
    g._refresh_board()
    g.event("remove_token", seat=p, hex=action.a, number=number)
    round_no = s.setup_index // s.players + 1
    if round_no == g.rules.starting_resources_from:  # after the removal, from productive hexes
        give_starting_resources(g, p, s.last_settlement)
    s.phase = "setup_road"


# ------------------------------------------------------------------------------------ market (D-4/5)


def price(g: Game, r: int) -> int | None:
    """The cards one open market card of resource ``r`` costs this turn; None when the market is blocked
    (doubles, or no roll yet). An exhausted resource costs double (D-5.2b)."""
    dice = g.s.dice
    if not dice or dice[0] == dice[1]:
        return None
    base = abs(dice[0] - dice[1])
    if g.s.bank[r] == 0:
        return base * g.rules.setting("market", "exhausted_price_factor", 2)
    return base


def market_open_now(g: Game) -> bool:
    from .rules import trading_allowed

    s = g.s
    return s.phase == "main" and bool(s.market_open) and price(g, 0) is not None and trading_allowed(g)


def market_actions(g: Game, p: int) -> list[Action]:
    """A representative set of market purchases (like domestic offers, any valid one is legal): for each
    open resource, pay with the cards of which the player holds most."""
    s = g.s
    if not market_open_now(g):
        return []
    names = g.rules.resources
    hand = s.hands[p]
    out: list[Action] = []
    for r in sorted(set(s.market_open)):
        cost = price(g, r)
        assert cost is not None
        if sum(hand) < cost:
            continue
        give = _cheapest_payment(hand, cost, avoid=r)
        out.append(Action("market", make_bundle({names[i]: n for i, n in enumerate(give) if n}), names[r]))
    for r, have in enumerate(hand):
        if have and s.bank[r] == 0:
            others = sorted({x for x in s.market_open if x != r})
            for i, a in enumerate(others):
                for b in others[i + 1 :]:
                    out.append(Action("market_sell", names[r], make_bundle({names[a]: 1, names[b]: 1})))
    return out


def _cheapest_payment(hand: list[int], cost: int, avoid: int) -> list[int]:
    """Pay ``cost`` cards taking from the largest piles first, keeping the bought resource if possible."""
    left = hand[:]
    give = [0] * len(hand)
    for _ in range(cost):
        order = sorted(range(len(left)), key=lambda i: (i == avoid, -left[i], i))
        i = next(i for i in order if left[i] > 0)
        left[i] -= 1
        give[i] += 1
    return give


def explain_market(g: Game, action: Action) -> str | None:
    """Why a market purchase or sale is not legal now, or None when it is (any valid payment counts)."""
    from ..i18n import _
    from .rules import actor, counts

    s = g.s
    if s.phase != "main":
        return _("the market trades only in your trade phase")
    if not s.market_open:
        return _("the market has no open cards")
    if s.dice and s.dice[0] == s.dice[1]:
        return _("the market is blocked this turn: the dice show a double (D-4.3)")
    if not market_open_now(g):
        return _("no more trading this turn: you have already built (trade comes before building)")
    p = actor(g)
    hand = s.hands[p]
    idx = g.res_index
    if action.kind == "market":
        r = idx.get(action.b) if isinstance(action.b, str) else None
        give = counts(g, action.a) if isinstance(action.a, tuple) else None
        if r is None or give is None:
            return _("unknown resource")
        if r not in s.market_open:
            return _("there is no open {res} card in the market", res=_(action.b))
        cost = price(g, r)
        if sum(give) != cost:
            return _("an open {res} card costs {n} cards this turn", res=_(action.b), n=cost)
        if any(h < n for h, n in zip(hand, give, strict=True)):
            return _("you do not hold those cards")
        return None
    # market_sell
    r = idx.get(action.a) if isinstance(action.a, str) else None
    get = counts(g, action.b) if isinstance(action.b, tuple) else None
    if r is None or get is None:
        return _("unknown resource")
    if s.bank[r] != 0:
        return _("only a resource exhausted in the bank sells for two (D-5.3)")
    if hand[r] < 1:
        return _("you have no {res}", res=_(action.a))
    if sum(get) != 2 or max(get) != 1 or get[r]:
        return _("an exhausted resource sells for two open cards of two other, different resources")
    if any(n and i not in s.market_open for i, n in enumerate(get)):
        return _("the market has no such open cards")
    return None


def do_market(g: Game, action: Action) -> None:
    """D-4.4: take the card, the payment joins the open cards, then the cap applies."""
    from .rules import actor, counts

    s = g.s
    p = actor(g)
    r = g.res_index[action.b]
    give = counts(g, action.a)
    assert give is not None
    s.market_open.remove(r)
    s.hands[p][r] += 1
    for i, n in enumerate(give):
        s.hands[p][i] -= n
        s.market_open.extend([i] * n)
    g.event("market", seat=p, give=dict(action.a), get=action.b)
    _apply_cap(g)


def do_market_sell(g: Game, action: Action) -> None:
    """D-5.3 / Q-27: the exhausted card joins the open cards; two other, different open cards come back."""
    from .rules import actor, counts

    s = g.s
    p = actor(g)
    r = g.res_index[action.a]
    get = counts(g, action.b)
    assert get is not None
    s.hands[p][r] -= 1
    for i, n in enumerate(get):
        if n:
            s.market_open.remove(i)
            s.hands[p][i] += 1
    s.market_open.append(r)
    g.event("market_sell", seat=p, give=action.a, get=dict(action.b))
    _apply_cap(g)


def _apply_cap(g: Game) -> None:
    s = g.s
    cap = g.rules.setting("market", "open_cap", 7)
    if len(s.market_open) > cap:
        s.market_excess = len(s.market_open) - cap
        s.phase = "market_cap"


def cap_actions(g: Game) -> list[Action]:
    """Every way to put ``market_excess`` open cards aside (Q-24: any open cards, the trader's choice)."""
    from .rules import _sub_bundles

    s = g.s
    open_counts = [0] * len(g.rules.resources)
    for r in s.market_open:
        open_counts[r] += 1
    return [Action("market_discard", b) for b in _sub_bundles(g, open_counts, s.market_excess)]


def do_market_discard(g: Game, action: Action) -> None:
    from .rules import counts

    s = g.s
    out = counts(g, action.a)
    assert out is not None
    for i, n in enumerate(out):
        for _ in range(n):
            s.market_open.remove(i)
            s.market_discard.append(i)
    s.market_excess = 0
    g.event("market_discard", seat=s.current, cards=dict(action.a))
    s.phase = "main"


def renew(g: Game) -> None:
    """D-4.6 / Q-25: after a 7's robber, discard all open cards and turn up 4 new ones, reshuffling the
    discards into the pile when it runs short (fewer if the whole market holds fewer)."""
    s = g.s
    s.renewal_pending = False
    s.market_discard.extend(s.market_open)
    s.market_open = []
    want = renewal_cards(g.rules)
    while len(s.market_open) < want:
        if not s.market_pile:
            if not s.market_discard:
                break
            s.market_pile = s.market_discard
            s.market_discard = []
            g.rng.shuffle(s.market_pile)
        s.market_open.append(s.market_pile.pop())
    g.event("market_renewed", cards=_names(g, s.market_open))


def market_bundle(g: Game, cards: list[int]) -> Bundle:
    names = g.rules.resources
    c = [0] * len(names)
    for r in cards:
        c[r] += 1
    return make_bundle({names[i]: n for i, n in enumerate(c) if n})


# ---------------------------------------------------------------------------------------- collapse


def check_collapse(g: Game) -> None:
    """D-5.4 / Q-28: two (``exhausted_resources``) resources at 0 in the bank end the game; nobody wins."""
    s = g.s
    if s.phase == "over":
        return
    exhausted = [i for i, n in enumerate(s.bank) if n == 0]
    if len(exhausted) >= g.rules.setting("collapse", "exhausted_resources", 2):
        s.winners = []
        s.phase = "over"
        g.event("collapse", resources=_names(g, exhausted))


# ------------------------------------------------------------------------------------ token robber


def tokens_of(g: Game, h: int) -> list[int]:
    """The number tokens on hex ``h``: the printed one (if still there) then the developed ones."""
    s = g.s
    out = [s.number[h]] if s.number[h] else []
    if s.extra_tokens:
        out.extend(s.extra_tokens[h])
    return out


def robber_spot(g: Game, text: str) -> tuple[int, int]:
    """'2.3' -> (hex, 0); '2.3/1' -> (hex, 1). Raises KeyError for an unknown hex."""
    hex_id, _sep, slot = text.partition("/")
    return g.topo.hex_index[hex_id], int(slot or 0)


def robber_spot_text(g: Game, h: int, slot: int) -> str:
    return g.topo.hex_ids[h] + (f"/{slot}" if slot else "")


def token_robber_moves(g: Game) -> list[tuple[int, int]]:
    """D-8.1 / Q-34: every number token of a productive hex except the one the robber is on."""
    s = g.s
    out = []
    for h in range(g.topo.num_hexes):
        if g.terrain_res[h] is None:
            continue
        for slot in range(len(tokens_of(g, h))):
            if (h, slot) != (s.robber, s.robber_slot):
                out.append((h, slot))
    return out


# ------------------------------------------------------------------------------ terrain development (D-6)


def development_cost(rules: Ruleset) -> list[int]:
    """The cards paid per developed hex (D-6.2), per resource in the rule file's order."""
    cost = rules.setting("terrain_development", "cost", {"grain": 1, "wool": 1, "ore": 1})
    return [cost.get(r, 0) for r in rules.resources]


def development_actions(g: Game, p: int) -> list[Action]:
    """D-6.1/D-6.2/D-6.3: a non-desert hex next to one of your buildings; 1..all of your reserve tokens;
    paid with grain + wool + ore or by discarding any unused development card (Q-29)."""
    from itertools import combinations

    from .ruleset import DEV_KINDS

    s = g.s
    reserve = sorted(s.reserve[p])
    if not reserve or s.phase != "main" or not s.dice:
        return []
    payments: list[str] = []
    if all(h >= c for h, c in zip(s.hands[p], development_cost(g.rules), strict=True)):
        payments.append("cards")
    payments.extend(k for i, k in enumerate(DEV_KINDS) if s.dev_hand[p][i] > 0)
    if not payments:
        return []
    hexes = sorted(
        {h for n in s.buildings_of[p] for h in g.topo.node_hexes[n] if g.terrain_res[h] is not None}
    )
    token_sets = sorted({c for k in range(1, len(reserve) + 1) for c in combinations(reserve, k)})
    return [
        Action("develop", g.topo.hex_ids[h], (pay, tokens))
        for h in hexes
        for tokens in token_sets
        for pay in payments
    ]


def do_develop(g: Game, action: Action) -> None:
    """D-6.3/D-6.4 / Q-30: place the tokens, pay, and take as many cards of the hex's resource as it now has
    tokens from the whole market, which is then reshuffled and 4 cards turned up."""
    from .rules import actor
    from .ruleset import DEV_KINDS

    s = g.s
    p = actor(g)
    h = g.topo.hex_index[action.a]
    pay, tokens = action.b
    if pay == "cards":
        for i, c in enumerate(development_cost(g.rules)):
            s.hands[p][i] -= c
            s.bank[i] += c
    else:  # the card leaves the game; an old card first, so a new one keeps its "new" mark right
        k = DEV_KINDS.index(pay)
        s.dev_hand[p][k] -= 1
        if s.dev_new[p][k] > s.dev_hand[p][k]:
            s.dev_new[p][k] -= 1
        while s.remote_drawn.count(pay) > s.dev_new[p][k]:
            s.remote_drawn.remove(pay)
    for t in tokens:
        s.reserve[p].remove(t)
        if not s.number[h]:
            s.number[h] = t
        else:
            s.extra_tokens[h].append(t)
    g._refresh_board()
    r = g.terrain_res[h]
    want = len(tokens_of(g, h))
    market = s.market_pile + s.market_open + s.market_discard
    got = min(want, market.count(r))
    for _ in range(got):
        market.remove(r)
    s.hands[p][r] += got
    g.rng.shuffle(market)
    s.market_pile, s.market_open, s.market_discard = market, [], []
    for _ in range(min(renewal_cards(g.rules), len(s.market_pile))):
        s.market_open.append(s.market_pile.pop())
    s.built = True
    cost = dict(_card_counts(g, development_cost(g.rules))) if pay == "cards" else {}
    g.event("develop", seat=p, hex=action.a, tokens=list(tokens), paid=pay, cards=cost, got=got,
            resource=g.rules.resources[r])  # fmt: skip
    g.event("market_renewed", cards=_names(g, s.market_open))


def explain_develop(g: Game, action: Action) -> str | None:
    from ..i18n import _
    from .rules import actor

    if action in development_actions(g, actor(g)):
        return None
    return _(
        "develop a non-desert hex next to your building with tokens from your reserve, paying grain + wool + "
        "ore or an unused development card (D-6)"
    )


# ----------------------------------------------------------------------------- remote-area cards (D-7)


def remote_trigger(g: Game, p: int, n: int) -> None:
    """D-7.1 / Q-32: a settlement (or its upgrade) on the coast or next to an unproductive hex draws the top
    remote-area card; it is kept as a development card, or exchanged this turn (remote_exchange)."""
    from .ruleset import DEV_KINDS

    s = g.s
    if not s.remote_deck:
        return  # D-7.3: not refilled
    coastal = n in g.topo.coastal_nodes
    unproductive = any(not tokens_of(g, h) for h in g.topo.node_hexes[n])
    if not (coastal or unproductive):
        return
    card = s.remote_deck.pop()
    k = DEV_KINDS.index(card)
    s.dev_hand[p][k] += 1
    s.dev_new[p][k] += 1
    s.remote_drawn.append(card)
    g.event("remote_card", seat=p, card=card, private=[p])


def remote_exchange_actions(g: Game, p: int) -> list[Action]:
    s = g.s
    if s.phase != "main" or p != s.current:
        return []
    give = exchange_cards(g.rules)
    if any(s.bank[i] < c for i, c in enumerate(give)):
        return []  # only if the bank holds all three
    from .ruleset import DEV_KINDS

    held = s.dev_new[p]  # a drawn card spent on a development (D-6.2) can no longer be exchanged
    return [Action("remote_exchange", k) for k in sorted(set(s.remote_drawn)) if held[DEV_KINDS.index(k)] > 0]


def exchange_cards(rules: Ruleset) -> list[int]:
    """The cards a remote-area card is exchanged for (D-7.2), per resource in the rule file's order."""
    cards = rules.setting("remote_cards", "exchange", {"grain": 1, "wool": 1, "ore": 1})
    return [cards.get(r, 0) for r in rules.resources]


def renewal_cards(rules: Ruleset) -> int:
    """How many market cards are turned up after a renewal or a development (D-4.6, D-6.4)."""
    return int(rules.setting("market", "renewal_cards", 4))


def do_remote_exchange(g: Game, action: Action) -> None:
    """D-7.2 / Q-33: the card drawn this turn leaves the game for grain + wool + ore from the bank."""
    from .rules import actor
    from .ruleset import DEV_KINDS

    s = g.s
    p = actor(g)
    k = DEV_KINDS.index(action.a)
    s.remote_drawn.remove(action.a)
    s.dev_hand[p][k] -= 1
    s.dev_new[p][k] -= 1
    for i, c in enumerate(exchange_cards(g.rules)):
        s.bank[i] -= c
        s.hands[p][i] += c
    g.event("remote_exchange", seat=p, card=action.a, cards=dict(_card_counts(g, exchange_cards(g.rules))))


def _card_counts(g: Game, counts: list[int]) -> list[tuple[str, int]]:
    return [(g.rules.resources[i], n) for i, n in enumerate(counts) if n]


def init_remote_deck(g: Game) -> None:
    deck_counts = g.rules.setting(
        "remote_cards", "deck", {"victory_point": 3, "road_building": 1, "year_of_plenty": 1, "monopoly": 1}
    )
    deck = [k for k, n in sorted(deck_counts.items()) for _ in range(n)]
    g.rng.shuffle(deck)
    g.s.remote_deck = deck


# ------------------------------------------------------------------------ Monopoly and Invention (D-9)


def market_count(g: Game, r: int) -> int:
    s = g.s
    return s.market_pile.count(r) + s.market_open.count(r) + s.market_discard.count(r)


def take_for_invention(g: Game, p: int, r: int) -> None:
    """D-9.2 / Q-36: from the bank; if it lacks, from the open cards, then the pile (reshuffled), then the
    discards shuffled together with the pile."""
    s = g.s
    if s.bank[r] > 0:
        s.bank[r] -= 1
    elif r in s.market_open:
        s.market_open.remove(r)
    elif r in s.market_pile:
        s.market_pile.remove(r)
        g.rng.shuffle(s.market_pile)
    elif r in s.market_discard:
        s.market_pile.extend(s.market_discard)
        s.market_discard = []
        g.rng.shuffle(s.market_pile)
        s.market_pile.remove(r)
    else:
        return  # nowhere: the player receives fewer cards
    s.hands[p][r] += 1
