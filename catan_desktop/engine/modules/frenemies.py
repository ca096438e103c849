"""Rule module ``frenemies`` (RULES.md Part A, readings Q-38 to Q-41): favour tokens and the guilds.

Being helpful earns favour tokens, drawn face down from a supply sized by the player count (A-2.2):

- moving the robber harmlessly, after a 7 or a Knight: to a hex with no building next to it, or to the
  desert without stealing (A-3.1; ``after_robber``);
- a gift of one resource card, in one's own turn, to a player whose visible VP are not higher; the
  receiver accepts or refuses (phase ``gift_answer``), a refused card may be offered to another player,
  and one gift a turn is accepted at most (A-3.2, Q-38);
- a road that joins one of the builder's districts to another player's for the first time: 3 for the
  builder, 1 for the other; free and special-building roads too, nothing in the founding phase (A-3.3,
  Q-39, Q-40; ``on_build``). When two players are owed at once and the supply cannot pay both, the
  builder chooses who draws first (phase ``favour_order``); otherwise they draw clockwise from the
  builder, which is the same thing with blind draws.

An empty supply pays nothing (Q-41). Once in their own turn (``roll`` or ``main``, never the special
building phase) a player may hand in tokens held before this turn for one guild favour, or exchange a
token (A-5): merchants' two bank swaps, the trader's card, the paver's free road (the core's
``road_building`` phase with one road), the teacher's development card and the architect's Catan chip, a
visible point (A-6; ``vp``). Handed-in tokens leave the game; an exchanged token is shuffled back into the
supply (Q-41). The action kinds are in ``frenemies_moves.py``, the state and the districts in
``frenemies_state.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import SnapshotError
from ..module import RuleModule, Setting, read_section, register
from . import frenemies_moves as moves
from .frenemies_apply import APPLY
from .frenemies_state import (
    GUILDS,
    NAME,
    Favours,
    cfg,
    cost,
    draw,
    first_joins,
    fresh,
    section_from_view,
    sort_tokens,
    state,
    table,
)

if TYPE_CHECKING:
    import random

    from ..game import Game

_PER_PLAYER = {"merchant": 2, "trader": 2, "paver": 2, "teacher": 4, "architect": 4}
_COST = {"merchant": 1, "trader": 1, "paver": 1, "teacher": 2, "architect": 2}
_SETTINGS: dict[str, Setting] = {}
for _guild in GUILDS:
    _SETTINGS[f"{_guild}_tokens_per_player"] = Setting(
        "count",
        _PER_PLAYER[_guild],
        0,
        f"{_guild} tokens in the supply per player (A-2.2: the table is {_PER_PLAYER[_guild]} x players)",
    )
    _SETTINGS[f"{_guild}_cost"] = Setting(
        "count", _COST[_guild], 1, f"tokens a {_guild} favour takes (A-1.1)"
    )
_SETTINGS.update(
    {
        "robber_favours": Setting("count", 1, 0, "favours for a harmless robber move (A-3.1)"),
        "gift_favours": Setting("count", 1, 0, "favours for an accepted gift (A-3.2)"),
        "gifts_per_turn": Setting("count", 1, 1, "gifts a player may make in a turn (A-3.2)"),
        "join_builder_favours": Setting("count", 3, 0, "favours for the builder of a joining road (A-3.3)"),
        "join_other_favours": Setting("count", 1, 0, "favours for each player joined (A-3.3)"),
        "merchant_swaps": Setting("count", 2, 1, "bank swaps of the merchants' favour (A-6)"),
        "trader_cards": Setting("count", 1, 1, "cards the traders' favour takes from the bank (A-6)"),
        "paver_roads": Setting("count", 1, 1, "free roads of the pavers' favour (A-6)"),
        "teacher_cards": Setting("count", 1, 1, "development cards of the teachers' favour (A-6)"),
        "catan_chips": Setting("count", 12, 0, "Catan chips beside the guild table (A-1.1)"),
        "chip_vp": Setting("count", 1, 0, "points per Catan chip, always visible (A-6)"),
    }
)


@register
class Frenemies(RuleModule):
    """Part A: favour tokens earned by helping, spent on guild favours."""

    NAME = NAME
    RULES = "A-1 to A-7, Q-38, Q-39, Q-40, Q-41"
    SETTINGS = _SETTINGS
    PHASES = ("gift_answer", "favour_return", "favour_order")

    def most_free_roads(self) -> int:
        return int(self.cfg["paver_roads"])  # the pavers' favour (A-6)

    ACTIONS = {
        "gift": moves.TURN_PHASES,
        "favour": moves.TURN_PHASES,
        "merchant_swap": moves.TURN_PHASES,
        "exchange_favour": moves.TURN_PHASES,
        "accept_gift": ("gift_answer",),
        "refuse_gift": ("gift_answer",),
        "return_favour": ("favour_return",),
        "favour_first": ("favour_order",),
    }
    SCORING_KINDS = frozenset({"favour"})  # a teacher's VP card, an architect's chip

    # ------------------------------------------------------------------------------------------ state

    def new_state(self, g: Game) -> Favours:
        """A-2.2: the tokens for the player count, shuffled face down with the game's RNG."""
        players = g.s.players
        supply = [guild for guild, n in table(g, players).items() for _ in range(n)]
        g.rng.shuffle(supply)
        return Favours(
            supply=supply,
            tokens=[[] for _ in range(players)],
            new=[[] for _ in range(players)],
            chips=[0] * players,
        )

    def to_data(self, g: Game, st: Favours) -> dict[str, Any]:
        return {
            "supply": list(st.supply),
            "tokens": [list(t) for t in st.tokens],
            "new": [list(fresh(g, q)) for q in range(g.s.players)],
            "new_turn": st.new_turn,
            "used": list(st.used),
            "chips": list(st.chips),
            "acted": st.acted,
            "gifts": st.gifts,
            "refused": list(st.refused),
            "refused_card": st.refused_card,
            "offer_to": st.offer_to,
            "offer_card": st.offer_card,
            "resume": st.resume,
            "merchant_swaps": st.merchant_swaps,
            "owed": list(st.owed),
            "owed_by": st.owed_by,
        }

    def from_data(self, g: Game, data: Any) -> Favours:
        """The section written by ``to_data``; a snapshot without one starts with the whole supply."""
        if data is None:
            return self.new_state(g)
        if not isinstance(data, dict):
            raise SnapshotError(f"modules.{NAME} must be a mapping")
        players = g.s.players
        names = set(g.rules.resources)

        def guilds(value: Any, where: str) -> list[str]:
            if not isinstance(value, list) or any(t not in GUILDS for t in value):
                raise SnapshotError(f"modules.{NAME}.{where} must list guilds ({', '.join(GUILDS)})")
            return [str(t) for t in value]

        def per_seat(value: Any, where: str) -> list[list[str]]:
            value = value if value is not None else [[] for _ in range(players)]
            if not isinstance(value, list) or len(value) != players:
                raise SnapshotError(f"modules.{NAME}.{where} must have one list per seat")
            out = [guilds(v, where) for v in value]
            for t in out:
                sort_tokens(t)
            return out

        def whole(key: str, default: int, minimum: int = 0) -> int:
            value = data.get(key, default)
            if type(value) is not int or value < minimum:
                raise SnapshotError(f"modules.{NAME}.{key} must be a whole number >= {minimum}")
            return value

        def seats(key: str) -> list[int]:
            value = data.get(key, [])
            if not isinstance(value, list) or any(type(q) is not int or not 0 <= q < players for q in value):
                raise SnapshotError(f"modules.{NAME}.{key} must list seats from 0 to {players - 1}")
            return list(value)

        def card(key: str) -> str | None:
            value = data.get(key)
            if value is not None and value not in names:
                raise SnapshotError(f"modules.{NAME}.{key} must be a resource name or null")
            return value

        def read() -> Favours:
            chips = data.get("chips", [0] * players)
            if (
                not isinstance(chips, list)
                or len(chips) != players
                or any(type(c) is not int or c < 0 for c in chips)
            ):
                raise SnapshotError(f"modules.{NAME}.chips must give each seat a whole number >= 0")
            resume = data.get("resume", "main")
            if resume not in g.phases:
                raise SnapshotError(f"modules.{NAME}.resume must be a phase")
            return Favours(
                supply=guilds(data.get("supply", []), "supply"),
                tokens=per_seat(data.get("tokens"), "tokens"),
                new=per_seat(data.get("new"), "new"),
                new_turn=whole("new_turn", -1, -1),
                used=guilds(data.get("used", []), "used"),
                chips=list(chips),
                acted=bool(data.get("acted", False)),
                gifts=whole("gifts", 0),
                refused=seats("refused"),
                refused_card=card("refused_card"),
                offer_to=whole("offer_to", -1, -1),
                offer_card=card("offer_card"),
                resume=str(resume),
                merchant_swaps=whole("merchant_swaps", 0),
                owed=seats("owed"),
                owed_by=whole("owed_by", -1, -1),
            )

        return read_section(data, NAME, read)

    def check(self, g: Game) -> list[str]:
        """The tokens in the supply, the hands and the used pile add up to A-2.2's table; the phases have
        what they need."""
        st, s = state(g), g.s
        problems: list[str] = []
        for guild, n in table(g, s.players).items():
            held = st.supply.count(guild) + st.used.count(guild) + sum(t.count(guild) for t in st.tokens)
            if held != n:
                problems.append(
                    f"modules.{NAME}: {held} {guild} tokens, the table for {s.players} players has {n}"
                )
        for q in range(s.players):
            if any(fresh(g, q).count(t) > st.tokens[q].count(t) for t in GUILDS):
                problems.append(f"modules.{NAME}.new[{q}] lists tokens the seat does not hold")
        if sum(st.chips) > cfg(g)["catan_chips"]:
            problems.append(f"modules.{NAME}.chips: more Catan chips than the game has")
        if s.phase == "gift_answer" and not (0 <= st.offer_to < s.players and st.offer_card is not None):
            problems.append(f"a gift_answer snapshot needs modules.{NAME}.offer_to and offer_card")
        if s.phase == "favour_order" and not (st.owed and 0 <= st.owed_by < s.players):
            problems.append(f"a favour_order snapshot needs modules.{NAME}.owed and owed_by")
        return problems

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """Part A: the seat's own token faces are known; the others' and the supply are dealt."""
        table = {g: self.cfg[f"{g}_tokens_per_player"] * obs["players"] for g in GUILDS}
        return section_from_view(view, obs["seat"], obs["turn"], table, rng)

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        """Public: each seat's token count (and how many are new this turn), the supply's size, the tokens
        handed in, the chips, the gift on the table. Private: ``seat``'s own tokens' faces."""
        st, s = state(g), g.s
        return {
            "yours": list(st.tokens[seat]) if seat >= 0 else [],  # seat -1: a spectator's public view
            "yours_new": list(fresh(g, seat)) if seat >= 0 else [],
            "tokens": [len(t) for t in st.tokens],
            "new": [len(fresh(g, q)) for q in range(s.players)],
            "supply": len(st.supply),
            "used": {guild: st.used.count(guild) for guild in GUILDS},
            "chips": list(st.chips),
            "chips_left": cfg(g)["catan_chips"] - sum(st.chips),
            "acted": st.acted,
            "gifts": st.gifts,
            "refused": list(st.refused),
            "refused_card": st.refused_card,
            "offer": {"from": s.current, "to": st.offer_to, "resource": st.offer_card}
            if s.phase == "gift_answer"
            else None,
            "resume": st.resume,
            "merchant_swaps": st.merchant_swaps,
            "owed": list(st.owed),
            "owed_by": st.owed_by,
            "costs": {guild: cost(g, guild) for guild in GUILDS},
        }

    def vp(self, g: Game, seat: int) -> dict[str, int]:
        """A-6: Catan chips are visible points (they count for gifts, A-3.2)."""
        return {"catan_chips": state(g).chips[seat] * cfg(g)["chip_vp"]}

    # ---------------------------------------------------------------------------------------- actions

    def actor(self, g: Game) -> int:
        st = state(g)
        if g.s.phase == "gift_answer":
            return st.offer_to
        if g.s.phase == "favour_order":
            return st.owed_by
        return g.s.current

    def phase_actions(self, g: Game) -> list[Action]:
        ph = g.s.phase
        if ph == "gift_answer":
            return [Action("accept_gift"), Action("refuse_gift")]
        if ph == "favour_return":
            return moves.return_actions(g)
        return [Action("favour_first", q) for q in state(g).owed]

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        if g.s.phase in moves.TURN_PHASES:
            actions.extend(moves.turn_actions(g))
        return actions

    def explain(self, g: Game, action: Action) -> str | None:
        return moves.explain(g, action)

    def why_none(self, g: Game, kind: str) -> str | None:
        return moves.why_none(g, kind)

    def apply(self, g: Game, action: Action) -> None:
        APPLY[action.kind](g, action)

    # ----------------------------------------------------------------------------------------- events

    def after_robber(self, g: Game, h: int, victim: int | None) -> None:
        """A-3.1: a hex with no settlement or city next to it, or the desert without a steal."""
        s = g.s
        empty = all(s.node_owner[n] < 0 for n in g.topo.hex_nodes[h])
        desert = g.terrain_res[h] is None  # the hex that produces nothing
        if empty or (desert and victim is None):
            g.event("harmless_robber", seat=s.current, hex=g.topo.hex_ids[h])
            draw(g, s.current, self.cfg["robber_favours"], "robber")

    def on_build(self, g: Game, seat: int, kind: str, where: int, founding: bool) -> bool:
        """A-3.3 / Q-40: a road (free and special-building roads too) joining districts for the first time;
        nothing for a founding-phase join (Q-39)."""
        if kind != "road" or founding:
            return False
        others = first_joins(g, seat, where)
        if not others:
            return False
        g.event("districts_joined", seat=seat, edge=where, others=others)
        draw(g, seat, self.cfg["join_builder_favours"], "join")
        st = state(g)
        each = self.cfg["join_other_favours"]
        if len(others) > 1 and 0 < len(st.supply) < each * len(others):
            st.owed, st.owed_by = others, seat  # the builder chooses who draws first (after this action)
            return False
        for q in others:
            draw(g, q, each, "joined")
        return False

    def on_cards_moved(self, g: Game) -> None:
        """After a road that owes favours to several players from a short supply: the builder's choice."""
        st = state(g)
        if st.owed and g.s.phase not in ("favour_order", "over"):
            st.resume = g.s.phase
            g.s.phase = "favour_order"
            g.event("favour_order", seat=st.owed_by, owed=list(st.owed))
        elif st.owed and g.s.phase == "over":
            st.owed, st.owed_by = [], -1

    def on_turn_end(self, g: Game) -> bool:
        """A-5.1, A-3.2: the once-a-turn favour and gift, and the merchants' swaps, end with the turn."""
        st = state(g)
        st.acted = False
        st.gifts = 0
        st.refused = []
        st.refused_card = None
        st.merchant_swaps = 0
        return False
