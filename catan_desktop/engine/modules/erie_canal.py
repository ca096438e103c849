"""Rule module ``erie_canal`` (RULES.md S-5, readings Q-50 and Q-51): the Erie Canal variant of New York.

- **Supply** (S-5.1): ``tokens`` canal tokens (12) beside the board; they lie on the table, so every count
  is public.
- **Earning** (S-5.2, Q-50): a road that completes a direct connection of two canal locations by the
  builder's own roads, passing no other location space (``erie_canal_state``), takes one token from the
  supply, once per pair of locations and player; roads of the founding phase earn nothing (their pairs are
  recorded, so they never pay later); free and special-building roads earn. An empty supply pays nothing
  and says so (``canal_short``).
- **Using** (S-5.3, Q-51): ``canal ore`` in one's own trade phase (``main`` while trading is allowed, Q-06):
  the token goes into play and ore trades at ``rate`` (2):1 with the bank for the rest of the turn, as often
  as the player likes (``adjust_rates``). Several tokens a turn, each naming another resource. At the end of
  the turn they return to the supply (``on_turn_end``).
- **Trading** (S-5.4, Q-51): only in domestic trade, with the module's own offer (``canal_offer 2 canal=1 for
  ore=2``, answered ``canal_accept`` / ``canal_reject`` by the seat asked, phase ``canal_answer``); the
  core's offers move resource cards only. Tokens are never resource cards: no 7-discard, no robber, no
  Monopoly takes them (they are not in the hands).

Requires the ``scenario`` module (which nodes are location spaces).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import SnapshotError
from ..module import RuleModule, Setting, read_section, register
from . import erie_canal_moves as moves
from .erie_canal_state import (
    MARK,
    NAME,
    TOKEN,
    Canal,
    all_pairs,
    move,
    new_pairs,
    rate,
    state,
    total,
)
from .scenario import place

if TYPE_CHECKING:
    import random

    from ..game import Game


@register
class ErieCanal(RuleModule):
    """S-5: canal tokens earned by joining canal locations, played for a turn's 2:1 trade, traded."""

    NAME = NAME
    RULES = "S-5, Q-50, Q-51"
    REQUIRES = ("scenario",)
    NEEDS_MARKS = (MARK,)  # S-5.2: the tokens are earned by joining the canal's locations
    SETTINGS = {
        "tokens": Setting("count", 12, 0, "canal tokens in the supply (S-5.1)"),
        "rate": Setting("count", 2, 1, "cards of the named resource for one card from the bank (S-5.3)", 20),
    }
    PHASES = ("canal_answer",)
    ACTIONS = {
        "canal": ("main",),
        "canal_offer": ("main",),
        "canal_accept": ("canal_answer",),
        "canal_reject": ("canal_answer",),
    }
    OPEN_KINDS = frozenset({"canal_offer"})

    # ------------------------------------------------------------------------------------------ state

    def new_state(self, g: Game) -> Canal:
        players = g.s.players
        return Canal(supply=self.cfg["tokens"], tokens=[0] * players, pairs=[[] for _ in range(players)])

    def to_data(self, g: Game, st: Canal) -> dict[str, Any]:
        offer = None
        if st.offer_to >= 0:
            offer = {"to": st.offer_to, "give": dict(st.offer_give), "get": dict(st.offer_get)}
        return {
            "supply": st.supply,
            "tokens": list(st.tokens),
            "pairs": [[list(pair) for pair in pairs] for pairs in st.pairs],
            "named": list(st.named),
            "offer": offer,
        }

    def from_data(self, g: Game, data: Any) -> Canal:
        """The section written by ``to_data`` (a view also reads); without one, the whole supply, and the
        pairs the roads already join recorded as joined (they earned in the past, or in the founding)."""
        if data is None:
            st = self.new_state(g)
            g.s.modules[NAME] = st  # all_pairs reads the section
            st.pairs = [all_pairs(g, q) for q in range(g.s.players)]
            return st
        if not isinstance(data, dict):
            raise SnapshotError(f"modules.{NAME} must be a mapping")
        players = g.s.players
        canal = g.topo.marked(MARK)

        def whole(value: Any, where: str) -> int:
            if type(value) is not int or value < 0:
                raise SnapshotError(f"modules.{NAME}.{where} must be a whole number >= 0")
            return value

        def pairs(value: Any, q: int) -> list[tuple[int, int]]:
            if not isinstance(value, list):
                raise SnapshotError(f"modules.{NAME}.pairs[{q}] must list pairs of canal locations")
            out = []
            for pair in value:
                if (not isinstance(pair, list) or len(pair) != 2 or any(type(n) is not int for n in pair)
                        or pair[0] >= pair[1] or not set(pair) <= canal):
                    raise SnapshotError(f"modules.{NAME}.pairs[{q}]: {pair!r} is not two canal locations "
                                        "(intersections, ascending)")
                out.append((pair[0], pair[1]))
            return out

        def bundle(value: Any, where: str) -> dict[str, int]:
            if not isinstance(value, dict) or any(k != TOKEN and k not in g.res_index for k in value):
                raise SnapshotError(f"modules.{NAME}.offer.{where} must map resources or '{TOKEN}' to counts")
            return {str(k): whole(n, f"offer.{where}.{k}") for k, n in value.items()}

        def read() -> Canal:
            tokens = data.get("tokens", [0] * players)
            if not isinstance(tokens, list) or len(tokens) != players:
                raise SnapshotError(f"modules.{NAME}.tokens must give each seat a count")
            raw_pairs = data.get("pairs", [[] for _ in range(players)])
            if not isinstance(raw_pairs, list) or len(raw_pairs) != players:
                raise SnapshotError(f"modules.{NAME}.pairs must have one list per seat")
            named = data.get("named", [])
            if not isinstance(named, list) or any(r not in g.res_index for r in named):
                raise SnapshotError(f"modules.{NAME}.named must list resource names")
            st = Canal(
                supply=whole(data.get("supply", self.cfg["tokens"]), "supply"),
                tokens=[whole(n, f"tokens[{q}]") for q, n in enumerate(tokens)],
                pairs=[pairs(v, q) for q, v in enumerate(raw_pairs)],
                named=[str(r) for r in named],
            )
            offer = data.get("offer")
            if offer is not None:
                if not isinstance(offer, dict) or type(offer.get("to")) is not int:
                    raise SnapshotError(f"modules.{NAME}.offer must be null or {{to, give, get}}")
                st.offer_to = offer["to"]
                st.offer_give = bundle(offer.get("give", {}), "give")
                st.offer_get = bundle(offer.get("get", {}), "get")
            return st

        return read_section(data, NAME, read)

    def check(self, g: Game) -> list[str]:
        """S-5.1: supply, hands and tokens in play add up to the game's tokens; a resource is named once a
        turn; a ``canal_answer`` position has its offer, to another seat."""
        st, s = state(g), g.s
        problems: list[str] = []
        found = st.supply + sum(st.tokens) + len(st.named)
        if found != total(g):
            held, played = sum(st.tokens), len(st.named)
            problems.append(f"modules.{NAME}: {found} canal tokens (supply {st.supply}, held {held}, in play "
                            f"{played}), but the game has {total(g)} (S-5.1)")
        if len(set(st.named)) != len(st.named):
            problems.append(f"modules.{NAME}.named: a resource is named twice in one turn")
        if s.phase == "canal_answer" and not (0 <= st.offer_to < s.players and st.offer_to != s.current
                                              and st.offer_give and st.offer_get):
            problems.append(f"a canal_answer snapshot needs modules.{NAME}.offer to another seat")
        return problems

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """Public in full: the canal tokens and their supply (its view holds its snapshot section)."""
        return view

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        """Public (the tokens lie on the table): the supply, each seat's tokens and joined pairs, the
        resources named this turn, the offer on the table; the rate, the game's tokens, the canal places."""
        st = state(g)
        return {
            **self.to_data(g, st),
            "rate": rate(g),
            "total": total(g),
            "canal": sorted(g.topo.marked(MARK)),
        }

    # ---------------------------------------------------------------------------------------- actions

    def actor(self, g: Game) -> int:
        return state(g).offer_to

    def phase_actions(self, g: Game) -> list[Action]:
        return moves.answer_actions(g)

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        if g.s.phase == "main":
            actions.extend(moves.turn_actions(g))
        return actions

    def explain(self, g: Game, action: Action) -> str | None:
        return moves.explain(g, action)

    def why_none(self, g: Game, kind: str) -> str | None:
        return moves.why_none(g, kind)

    def apply(self, g: Game, action: Action) -> None:
        s, st = g.s, state(g)
        p = s.current
        if action.kind == "canal":  # S-5.3
            st.tokens[p] -= 1
            st.named.append(action.a)
            g.spot_cache.clear()  # the rates change
            g.event("canal_played", seat=p, resource=action.a, rate=rate(g))
        elif action.kind == "canal_offer":  # S-5.4
            give, get = dict(action.b[0]), dict(action.b[1])
            s.offers_made += 1
            st.offer_to, st.offer_give, st.offer_get = action.a, give, get
            s.phase = "canal_answer"
            g.event("canal_offer", seat=p, to=action.a, give=give, get=get)
        else:
            q = st.offer_to
            if action.kind == "canal_accept":
                move(g, p, q, st.offer_give)
                move(g, q, p, st.offer_get)
                g.event("canal_trade", seat=p, partner=q, give=dict(st.offer_give), get=dict(st.offer_get))
            else:
                g.event("canal_rejected", seat=q, giver=p)
            st.offer_to, st.offer_give, st.offer_get = -1, {}, {}
            s.phase = "main"

    # ----------------------------------------------------------------------------------------- events

    def on_build(self, g: Game, seat: int, kind: str, where: int, founding: bool) -> bool:
        """S-5.2, Q-50: each pair of canal locations the road joins for the first time earns a token (never
        in the founding phase; free and special-building roads earn too)."""
        if kind != "road":
            return False
        st = state(g)
        for a, b in new_pairs(g, seat, where):
            st.pairs[seat].append((a, b))
            if founding:
                continue
            places = [place(g, a), place(g, b)]
            if st.supply > 0:
                st.supply -= 1
                st.tokens[seat] += 1
                g.event("canal_token", seat=seat, pair=[a, b], places=places)
            else:
                g.event("canal_short", seat=seat, pair=[a, b], places=places)
        return False

    def adjust_rates(self, g: Game, seat: int, rates: list[int]) -> None:
        """S-5.3: the resources the active player named this turn trade at 2:1."""
        st = state(g)
        if seat != g.s.current or not st.named:
            return
        best = rate(g)
        for r in st.named:
            i = g.res_index[r]
            rates[i] = min(rates[i], best)

    def on_turn_end(self, g: Game) -> bool:
        """S-5.3: the tokens played this turn go back to the supply."""
        st = state(g)
        if st.named:
            g.event("canal_returned", seat=g.s.current, n=len(st.named))
            st.supply += len(st.named)
            st.named = []
            g.spot_cache.clear()
        return False

