"""Rule module ``helpers`` (Helpers, "Os ajudantes", RULES.md Part H, Q-42, Q-43): one helper card each.

The cards are classes in ``helper_cards.py`` and ``helper_cards_build.py``; the rule file lists the ones in
play under ``module_settings.helpers``, each with the number printed on it (1-6 for A1-A6, 0 for none). This
file holds their lifecycle:

- **Stack and deal** (H-2.1, H-2.2): the numbered cards in ascending order on top, the others below
  ("any order": by name); a player placing their second founding settlement takes the top card,
  side A up. With fewer than two founding settlements, the cards are dealt at the end of the founding phase
  in reverse turn order (the reading of Q-42; so is a position loaded without this module's section).
- **Display** (H-2.3): after the founding phase the rest lie face up beside the board.
- **Use**: each card's conditions are its own (``uses`` on its holder's turn; a prompt, phase
  ``helper_prompt``, when it answers a roll or a 7). Never in the turn it was taken (H-4.1), at most once a
  turn, never in the special building phase (the data file: no card says otherwise).
- **After use** (H-3.2): phase ``helper_after``: ``helper_flip`` (side A to B) or ``helper_swap NAME`` (back
  to the display side A up, and another card from it, side A up: never the one returned, Q-43); after a
  side-B use only the swap. A card is never returned unused (H-4.2): there is no other way to swap.

Action kinds of the lifecycle (text form; the cards' own are in their files): ``helper_decline`` (let a
prompt pass), ``helper_flip``, ``helper_swap free_port``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import RulesetError, SnapshotError
from ..module import RuleModule, Setting, read_section, register
from ..queries import actor
from ..reasons import Reason
from ..ruleset import DEV_KINDS
from . import helper_cards, helper_cards_build  # noqa: F401 - importing them registers the cards
from .helper_base import (
    CARDS,
    NAME,
    HelperCard,
    HelperState,
    helper_resume,
    name_kind,
    no_arg_kind,
    read_state,
    section_from_view,
    state,
)

if TYPE_CHECKING:
    import random

    from ..game import Game

no_arg_kind("helper_decline")
no_arg_kind("helper_flip")
name_kind("helper_swap")

_FOUNDING = ("setup_settlement", "setup_road", "place_robber")
_TURN_PHASES = ("roll", "main")
_USE_KINDS = {kind: cls.NAME for cls in CARDS.values() for kind in cls.KINDS}
_OWN_PHASES = ("helper_prompt", "helper_pay", "helper_pick", "helper_after")


def label(number: int) -> str | None:
    """The number printed on a card: "A1" for 1; None for a card without one."""
    return f"A{number}" if number > 0 else None


@register
class Helpers(RuleModule):
    """Part H: every player holds one helper card, uses it, then flips or swaps it."""

    NAME = NAME
    RULES = "H-2, H-3, H-4, Q-42, Q-43"
    SETTINGS = {
        cls.NAME: Setting(
            "count", cls.NUMBER, 0,
            f"{cls.SOURCE} ({cls.CONFIDENCE}): the number on the card (1-6: A1-A6), 0 for none", maximum=99,
        )
        for cls in CARDS.values()
    }  # fmt: skip
    PHASES = _OWN_PHASES
    ACTIONS = {
        **{kind: phases for cls in CARDS.values() for kind, phases in cls.KINDS.items()},
        "helper_take": ("helper_prompt",),
        "helper_spare": ("helper_prompt",),
        "helper_decline": ("helper_prompt",),
        "helper_pay": ("helper_pay",),
        "helper_pick": ("helper_pick",),
        "helper_flip": ("helper_after",),
        "helper_swap": ("helper_after",),
    }
    SCORING_KINDS = frozenset({"helper_road", "helper_move_road", "helper_plowshares", "helper_pick"})
    DEV_CARDS_MAY_LEAVE = True  # swords to plowshares discards a knight

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        # H-2.1: A1..A6 from the top, then the cards without a number "in any order": by name, so that the
        # order never depends on how a mapping was written or stored (a snapshot sorts its keys)
        numbered = sorted((n, k) for k, n in self.cfg.items() if n > 0)
        self.order: list[str] = [k for _n, k in numbered] + sorted(k for k, n in self.cfg.items() if n == 0)
        self.cards: dict[str, HelperCard] = {k: CARDS[k]() for k in self.order}
        self.labels = {k: label(self.cfg[k]) for k in self.order}
        self._rate_cards = [
            c for c in self.cards.values() if type(c).adjust_rates is not HelperCard.adjust_rates
        ]
        self._end_cards = [
            c for c in self.cards.values() if type(c).on_turn_end is not HelperCard.on_turn_end
        ]

    # ------------------------------------------------------------------------------------------ state

    def _empty(self, players: int) -> HelperState:
        return HelperState(
            stack=list(self.order),
            held=[None] * players,
            side=["A"] * players,
            taken=[-1] * players,
            used=[-1] * players,
            port=[None] * players,
        )

    def new_state(self, g: Game) -> HelperState:
        players = g.s.players
        if len(self.order) <= players:
            raise RulesetError(
                [
                    f"module_settings.helpers: {len(self.order)} helper cards for {players} "
                    "players; a swap needs at least one more card than players (H-3.2)"
                ]
            )
        return self._empty(players)

    def to_data(self, g: Game, st: HelperState) -> dict[str, Any]:
        return asdict(st)  # stack, display, held, side, taken, used, port, prompts, resume, user, ...

    def from_data(self, g: Game, data: Any) -> HelperState:
        players = g.s.players
        if data is None:  # a position without the section: deal as its progress says (Q-42 past founding)
            st = self._empty(players)
            self._deal_position(g, st)
            return st
        if not isinstance(data, dict):
            raise SnapshotError("modules.helpers must be a mapping")
        return read_section(data, self.NAME, lambda: read_state(data, players, self.cards, g.res_index))

    def check(self, g: Game) -> list[str]:
        """Every card once in the stack, the display or a hand; one each once dealt; the step's data."""
        st, s = state(g), g.s
        where = st.stack + st.display + [c for c in st.held if c is not None]
        if sorted(where) != sorted(self.order):
            return ["modules.helpers: every helper card must be once in the stack, the display or a hand"]
        if s.phase not in _FOUNDING and s.turn > 0 and (None in st.held or st.stack):
            return ["modules.helpers: after the founding phase every player holds one helper (H-2.2, H-2.3)"]
        if s.phase in _OWN_PHASES and st.resume not in g.phases:
            return ["modules.helpers.resume must name the phase to go back to"]
        need = {
            "helper_prompt": bool(st.prompts),
            "helper_after": st.after >= 0,
            "helper_pay": st.user >= 0 and bool(st.pay_to),
            "helper_pick": st.user >= 0 and (bool(st.looking) or st.target >= 0),
        }
        if not need.get(s.phase, True):
            return [f"a {s.phase} snapshot needs its modules.helpers fields"]
        for q in [*st.prompts, st.user, st.after]:
            if q >= 0 and st.held[q] is None:
                return [f"modules.helpers: seat {q} has no helper to use"]
        return []

    def held_dev_cards(self, g: Game) -> list[int]:
        looking = state(g).looking
        return [looking.count(k) for k in DEV_KINDS]

    def facts(self) -> dict[str, Any]:
        """How sure the reading of each card of the rule file is (the cards' texts are a transcription)."""
        return {"confidence": {k: CARDS[k].CONFIDENCE for k in self.order}}

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """Part H: face up; the phase the helper phases go back to is read from the seat's log."""
        return section_from_view(view, obs["turn"], obs["phase"], helper_resume(obs))

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        """Public (helpers lie face up): every seat's card and side, the display, the stack, the step in
        progress. Private: the cards a development help looks at, and the hand alms looks at, to the user."""
        st, s = state(g), g.s
        mine = seat >= 0 and seat == st.user  # seat -1: a spectator's public view
        return {
            "cards": [
                {"card": k, "number": self.labels[k], "confidence": CARDS[k].CONFIDENCE,
                 "kinds": list(CARDS[k].KINDS)} for k in self.order
            ],
            "stack": list(st.stack),
            "display": list(st.display),
            "seats": [
                {"card": c, "side": st.side[q], "usable": c is not None and self.usable(g, q),
                 "taken_turn": st.taken[q], "free_port": st.port[q]}
                for q, c in enumerate(st.held)
            ],
            "prompts": list(st.prompts),
            "user": st.user if st.user >= 0 else None,
            "after": st.after if st.after >= 0 else None,
            "pay_to": list(st.pay_to),
            "looking": list(st.looking) if mine else None,
            "looking_count": len(st.looking),
            "target": st.target if st.target >= 0 else None,
            "target_hand": (dict(zip(g.rules.resources, s.hands[st.target], strict=True))
                            if mine and st.target >= 0 else None),
        }  # fmt: skip

    # -------------------------------------------------------------------------------------- lifecycle

    def usable(self, g: Game, p: int) -> bool:
        """Whether seat ``p``'s card may be used now: held, not taken this turn (H-4.1), not yet used this
        turn, not in the special building phase."""
        st, s = state(g), g.s
        return (
            st.held[p] is not None
            and st.taken[p] != s.turn
            and st.used[p] != s.turn
            and s.phase != "special_build"
        )

    def _deal(self, g: Game, st: HelperState, p: int, log: bool = True) -> None:
        """H-2.2: the top card of the stack, side A up."""
        c = st.stack.pop(0)
        st.held[p], st.side[p], st.taken[p] = c, "A", g.s.turn
        if log:
            g.event("helper_dealt", seat=p, card=c, number=self.labels[c])

    def _reverse_order(self, g: Game) -> list[int]:
        """Q-42: reverse turn order, the last player in turn order first."""
        s = g.s
        return [(s.start_player - k) % s.players for k in range(1, s.players + 1)]

    def _finish_founding(self, g: Game, st: HelperState, log: bool = True) -> None:
        for q in self._reverse_order(g):  # nobody placed a second founding settlement
            if st.held[q] is None:
                self._deal(g, st, q, log)
        st.display.extend(st.stack)  # H-2.3
        st.stack = []
        if log:
            g.event("helper_display", cards=list(st.display))

    def _deal_position(self, g: Game, st: HelperState) -> None:
        """Deal as a position's progress says (a snapshot without the section; nothing is logged)."""
        s = g.s
        if s.phase not in _FOUNDING and s.turn > 0:
            self._finish_founding(g, st, log=False)
            return
        done = s.setup_index + (1 if s.phase == "setup_road" else 0)
        for i in range(min(done, len(s.setup_queue))):
            q = s.setup_queue[i]
            if s.setup_queue[: i + 1].count(q) == 2:
                self._deal(g, st, q, log=False)

    def on_build(self, g: Game, seat: int, kind: str, where: int, founding: bool) -> bool:
        if not founding:
            return False
        s, st = g.s, state(g)
        if kind == "settle" and st.held[seat] is None and s.setup_queue[: s.setup_index + 1].count(seat) == 2:
            self._deal(g, st, seat)  # H-2.2: the second founding settlement
        elif kind == "road" and s.setup_index + 1 >= len(s.setup_queue):
            self._finish_founding(g, st)  # the last founding road
        return False

    def on_produce(self, g: Game, total: int, received: dict[int, dict[str, int]]) -> None:
        self._ask(g, lambda c, q: c.answers_roll(g, q, received))

    def on_seven(self, g: Game) -> None:
        self._ask(g, lambda c, q: c.answers_seven(g, q))

    def _ask(self, g: Game, answers: Any) -> None:
        """Queue a prompt for each seat (in turn order from the active player) whose card answers."""
        s, st = g.s, state(g)
        for k in range(s.players):
            q = (s.current + k) % s.players
            c = st.held[q]
            if c is not None and self.usable(g, q) and answers(self.cards[c], q):
                st.prompts.append(q)

    def on_cards_moved(self, g: Game) -> None:
        """After the roll: open the prompts its production or 7 raised (the core has set the next phase)."""
        s, st = g.s, state(g)
        if st.prompts and s.phase not in _OWN_PHASES and s.phase != "over":
            st.resume = s.phase
            self._continue(g)

    def _continue(self, g: Game) -> None:
        """The next prompt, or back to the phase the helpers interrupted."""
        s, st = g.s, state(g)
        if st.prompts:
            q = st.prompts[0]
            s.phase = "helper_prompt"
            g.event("helper_prompt", seat=q, card=st.held[q])
            return
        phase, st.resume = st.resume or "main", ""
        if phase == "discard" and not s.discard_queue:  # the only discarder was spared (A5)
            phase = "robber"
        s.phase = phase

    def on_turn_end(self, g: Game) -> bool:
        for c in self._end_cards:
            c.on_turn_end(g)
        return False

    def adjust_rates(self, g: Game, seat: int, rates: list[int]) -> None:
        for c in self._rate_cards:
            c.adjust_rates(g, seat, rates)

    # ---------------------------------------------------------------------------------------- actions

    def actor(self, g: Game) -> int:
        st, ph = state(g), g.s.phase
        if ph == "helper_prompt":
            return st.prompts[0]
        if ph == "helper_after":
            return st.after
        return st.user

    def phase_actions(self, g: Game) -> list[Action]:
        st, ph = state(g), g.s.phase
        p = self.actor(g)
        c = st.held[p]
        assert c is not None
        if ph == "helper_prompt":
            return [*self.cards[c].prompt_actions(g, p), Action("helper_decline")]
        if ph == "helper_after":
            flip = [Action("helper_flip")] if st.side[p] == "A" else []  # H-3.2: side B must be swapped
            return flip + [Action("helper_swap", k) for k in st.display]  # never the card returned
        return self.cards[c].step_actions(g, p)

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        s = g.s
        if s.phase in _TURN_PHASES:
            p = s.current
            c = state(g).held[p]
            if c is not None and self.usable(g, p):
                card = self.cards[c]
                if any(s.phase in phases for phases in card.KINDS.values()):
                    actions.extend(a for a in card.uses(g, p) if s.phase in card.KINDS[a.kind])
        return actions

    def apply(self, g: Game, action: Action) -> None:
        s, st = g.s, state(g)
        kind = action.kind
        if kind in _USE_KINDS:
            st.resume = s.phase
            self._use(g, s.current, action)
        elif kind in ("helper_take", "helper_spare"):
            self._use(g, st.prompts.pop(0), action)
        elif kind == "helper_decline":
            q = st.prompts.pop(0)
            g.event("helper_declined", seat=q, card=st.held[q])
            self._continue(g)
        elif kind in ("helper_pay", "helper_pick"):
            p = st.user
            c = st.held[p]
            assert c is not None
            if self.cards[c].step(g, p, action):
                st.user = -1
                self._after(g, p)
        elif kind == "helper_flip":
            p, st.after = st.after, -1
            st.side[p] = "B"
            g.event("helper_flipped", seat=p, card=st.held[p])
            self._continue(g)
        elif kind == "helper_swap":
            p, st.after = st.after, -1
            old = st.held[p]
            assert old is not None
            st.display.remove(action.a)
            st.display.append(old)  # H-3.2: back to the display, side A up
            st.held[p], st.side[p], st.taken[p] = action.a, "A", s.turn
            g.event("helper_swapped", seat=p, returned=old, card=action.a)
            self._continue(g)
        else:  # a core action in one of the helper phases is never legal
            raise AssertionError(kind)

    def _use(self, g: Game, p: int, action: Action) -> None:
        st = state(g)
        c = st.held[p]
        assert c is not None
        card = self.cards[c]
        st.used[p] = g.s.turn
        g.event("helper_used", seat=p, card=c, side=st.side[p], **card.describe(g, p, action))
        step = card.use(g, p, action)
        if step is not None:
            st.user = p
            g.s.phase = step
        else:
            self._after(g, p)

    def _after(self, g: Game, p: int) -> None:
        """H-3.2: the user chooses to flip or swap."""
        state(g).after = p
        g.s.phase = "helper_after"

    # ---------------------------------------------------------------------------------------- reasons

    def _unusable(self, g: Game, p: int, c: str) -> Reason | None:
        st = state(g)
        if g.s.phase == "special_build":
            return Reason("helper_not_in_special_build")
        if st.held[p] != c:
            return Reason("helper_not_held", card=c)
        if st.taken[p] == g.s.turn:
            return Reason("helper_taken_this_turn")  # H-4.1
        if st.used[p] == g.s.turn:
            return Reason("helper_used_this_turn")
        return None

    def explain(self, g: Game, action: Action) -> str | None:
        kind = action.kind
        p = actor(g)
        if kind in _USE_KINDS:
            c = _USE_KINDS[kind]
            return (
                self._unusable(g, p, c) or self.cards[c].why(g, p, action) or Reason("helper_not_now", card=c)
            )
        if kind == "helper_flip":
            return Reason("helper_must_swap")  # H-3.2: after the side-B use
        if kind == "helper_swap":
            return Reason("helper_not_in_display", card=action.a)
        return Reason("helper_choice_not_offered")

    def why_not(self, g: Game, action: Action) -> str | None:
        if g.s.phase == "special_build" and action.kind in _USE_KINDS:
            return Reason("helper_not_in_special_build")
        return None

    def why_none(self, g: Game, kind: str) -> str | None:
        if kind not in _USE_KINDS:
            return None
        if g.s.phase == "special_build":
            return Reason("helper_not_in_special_build")
        if g.s.phase not in self.ACTIONS[kind]:
            return None  # the core says whose move it is
        c = _USE_KINDS[kind]
        p = actor(g)
        return self._unusable(g, p, c) or self.cards[c].why(g, p, None) or Reason("helper_not_now", card=c)
