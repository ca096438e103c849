"""What the Frenemies favour tokens (RULES.md Part A) and the Helpers cards (Part H) are worth to a computer
player, in the evaluation's units (``evaluate``: a victory point is ``Weights.vp``, about ten; a resource
card about one once its use for building is counted).

Everything here reads a *sampled world* (``knowledge.sample_world``): the seat's own tokens are its real
ones, the other seats' token faces and the supply's order are the bot's own guesses. Tokens are valued by
the favour they can buy: a guild's favour needs ``cost`` tokens of that guild (A-1.1), so a lone teacher or
architect token is worth only part of its pair (it waits for another, or for an exchange, A-5.5). A helper
card is worth what its next use is likely to bring, a little more on side A (a use, then a flip for one
more, H-3.2) than on side B.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine.modules.frenemies_state import GUILDS

if TYPE_CHECKING:
    from ..engine import Game
    from .evaluate import Weights

FRENEMIES, HELPERS = "frenemies", "helpers"

# what one guild favour is worth while its tokens are held: the architect's chip is a visible point
# (held in prospect, a little below a point in play), the teacher's a development card (about what the
# evaluation gives a bought one), the paver's a road, the trader's a chosen card, the merchant's two swaps
FAVOUR_WORTH = {"merchant": 1.0, "trader": 1.3, "paver": 1.4, "teacher": 2.4, "architect": 0.75}  # x vp
PARTIAL = 0.4  # a token short of its favour: this share of its part of the favour
OPPONENT_TOKEN = 1.2  # a token another seat holds (its face unknown), for their strength

# a helper's next use, by card (the cards' own names, helper_cards*.py)
HELPER_WORTH = {
    "forced_trade": 1.2,
    "road_assistance": 0.8,
    "resource_balance": 1.3,
    "move_road": 0.6,
    "seven_protection": 1.1,
    "development_help": 1.0,
    "robber_to_desert": 1.2,
    "free_port": 0.9,
    "swords_to_plowshares": 0.4,
    "alms": 0.4,
}
SIDE_A = 1.3  # side A still has its flip (H-3.2): a use and, probably, one more


def favour_worth(guild: str, w: Weights) -> float:
    """What one favour of ``guild`` is worth while its tokens are held."""
    worth = FAVOUR_WORTH[guild]
    return worth * w.vp if guild == "architect" else worth


def tokens_value(tokens: list[str], costs: dict[str, int], w: Weights) -> float:
    """The worth of a hand of favour tokens: whole favours, plus a share for tokens short of one."""
    v = 0.0
    for guild in GUILDS:
        n = tokens.count(guild)
        if not n:
            continue
        c = costs[guild]
        each = favour_worth(guild, w)
        v += (n // c) * each + (n % c) * PARTIAL * each / c
    return v


def guild_costs(g: Game) -> dict[str, int]:
    """Tokens per favour (A-1.1), from the rule file."""
    module = g.module(FRENEMIES)
    assert module is not None
    return {guild: int(module.cfg[f"{guild}_cost"]) for guild in GUILDS}


def unseen_tokens(g: Game, p: int) -> list[str]:
    """The tokens ``p`` cannot see (the other seats' and the supply): in a sampled world, a guess with the
    right make-up (the table less ``p``'s own tokens and the used pile, A-2.2)."""
    st = g.s.modules[FRENEMIES]
    out = list(st.supply)
    for q, hand in enumerate(st.tokens):
        if q != p:
            out.extend(hand)
    return out


def _blind_draw(g: Game, p: int, w: Weights, after: Callable[[list[str]], float]) -> float:
    """The mean over the tokens ``p`` might draw blind from the supply of ``after(tokens with it)`` minus
    the worth of ``p``'s tokens now (0 when the supply is empty)."""
    if not g.s.modules[FRENEMIES].supply:
        return 0.0
    pool = unseen_tokens(g, p)
    mine = g.s.modules[FRENEMIES].tokens[p]
    base = tokens_value(mine, guild_costs(g), w)
    return sum(after([*mine, t]) - base for t in pool) / len(pool)


def expected_token(g: Game, p: int, w: Weights) -> float:
    """What one more token drawn blind from the supply is worth to ``p`` (0 when the supply is empty)."""
    costs = guild_costs(g)
    return _blind_draw(g, p, w, lambda hand: tokens_value(hand, costs, w))


def exchange_gain(g: Game, p: int, w: Weights) -> float:
    """A-5.5: the expected gain of drawing a token and returning the least useful one."""
    costs = guild_costs(g)
    return _blind_draw(g, p, w, lambda hand: max(
        tokens_value(hand[:i] + hand[i + 1:], costs, w) for i in range(len(hand))))


def helper_worth(g: Game, p: int, card: str) -> float:
    """What ``p``'s next use of helper ``card`` is likely to bring in its position."""
    s = g.s
    worth = HELPER_WORTH.get(card, 0.8)
    if card == "swords_to_plowshares" and (s.knights[p] or s.dev_hand[p][0]):
        worth += 1.4  # a knight to spend: a settlement or city at a discount
    elif card == "alms":
        mine = g.visible_vp(p)
        if any(g.visible_vp(q) > mine for q in range(s.players) if q != p):
            worth += 0.8  # somebody is ahead: a card of our choice from their hand
    return worth


def addon_value(g: Game, p: int, w: Weights) -> float:
    """The worth of ``p``'s favour tokens and helper card (0 without the add-ons)."""
    mods = g.s.modules
    v = 0.0
    st = mods.get(FRENEMIES)
    if st is not None and st.tokens[p]:
        v += tokens_value(st.tokens[p], guild_costs(g), w)
    hs = mods.get(HELPERS)
    if hs is not None:
        card = hs.held[p]
        if card is not None:
            v += helper_worth(g, p, card) * (SIDE_A if hs.side[p] == "A" else 1.0)
    return v


def addon_opponent(g: Game, q: int) -> float:
    """The part of another seat's strength its favour tokens make (their faces are unknown)."""
    st = g.s.modules.get(FRENEMIES)
    return OPPONENT_TOKEN * len(st.tokens[q]) if st is not None else 0.0
