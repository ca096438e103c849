"""The base of the helper cards (RULES.md Part H): the module's state, the card protocol and registry.

The cards themselves are in ``helper_cards.py`` and ``helper_cards_build.py``; the module, with the stack,
the deal and the flip or swap, in ``helpers.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, ActionKind, bare_kind, register_kind
from ..errors import SnapshotError
from ..reasons import Reason
from ..ruleset import DEV_KINDS

if TYPE_CHECKING:
    from ..game import Game

NAME = "helpers"


@dataclass
class HelperState:
    """The helper cards (by implementation name): the stack, the display, each seat's card, and the step in
    progress."""

    stack: list[str] = field(default_factory=list)  # H-2.1: top first
    display: list[str] = field(default_factory=list)  # H-2.3: the supply, side A up
    held: list[str | None] = field(default_factory=list)  # per seat; None before the deal (H-2.2)
    side: list[str] = field(default_factory=list)  # per seat: "A" or "B" (H-3.2)
    taken: list[int] = field(default_factory=list)  # per seat: the turn the card was taken (H-4.1)
    used: list[int] = field(default_factory=list)  # per seat: the turn the card was last used (-1: never)
    port: list[str | None] = field(default_factory=list)  # per seat: free port resource this turn
    prompts: list[int] = field(default_factory=list)  # seats whose card answers the roll, first acts
    resume: str = ""  # the phase to go back to after the helper phases
    user: int = -1  # the seat in helper_pay / helper_pick
    after: int = -1  # the seat choosing flip or swap (helper_after)
    pay_to: list[int] = field(default_factory=list)  # forced trade: seats still to be paid, in order
    looking: list[str] = field(default_factory=list)  # development help: cards taken from the deck
    target: int = -1  # alms: the seat whose hand the user looks at

    def clone(self) -> HelperState:
        return HelperState(
            self.stack[:], self.display[:], self.held[:], self.side[:], self.taken[:], self.used[:],
            self.port[:], self.prompts[:], self.resume, self.user, self.after, self.pay_to[:],
            self.looking[:], self.target,
        )  # fmt: skip


def read_state(data: dict[str, Any], players: int, cards: Any, resources: Any) -> HelperState:
    """A helpers section of a snapshot (``HelperState`` field by field); SnapshotError names a bad field."""

    def seats(key: str, default: Any, ok: Any) -> list[Any]:
        value = data.get(key, [default] * players)
        if not isinstance(value, list) or len(value) != players or not all(ok(x) for x in value):
            raise SnapshotError(f"modules.helpers.{key} must list {players} seats' values")
        return list(value)

    def seat(key: str) -> int:
        value = data.get(key, -1)
        if type(value) is not int or not -1 <= value < players:
            raise SnapshotError(f"modules.helpers.{key} must be a seat or -1")
        return value

    def names(key: str, known: Any) -> list[str]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(x, str) and x in known for x in value):
            raise SnapshotError(f"modules.helpers.{key} names something this game does not have")
        return list(value)

    def seat_list(key: str) -> list[int]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(type(x) is int and 0 <= x < players for x in value):
            raise SnapshotError(f"modules.helpers.{key} must list seats")
        return list(value)

    def whole(x: Any) -> bool:
        return type(x) is int

    return HelperState(
        stack=names("stack", cards),
        display=names("display", cards),
        held=seats("held", None, lambda x: x is None or x in cards),
        side=seats("side", "A", lambda x: x in ("A", "B")),
        taken=seats("taken", -1, whole),
        used=seats("used", -1, whole),
        port=seats("port", None, lambda x: x is None or x in resources),
        prompts=seat_list("prompts"),
        resume=str(data.get("resume", "")),
        user=seat("user"),
        after=seat("after"),
        pay_to=seat_list("pay_to"),
        looking=names("looking", DEV_KINDS),
        target=seat("target"),
    )


def state(g: Game) -> HelperState:
    """The helpers of ``g`` (KeyError when the module is off)."""
    return g.s.modules[NAME]


class HelperCard:
    """One helper card: its conditions and its effect. Every hook has a do-nothing default.

    The module has already checked the lifecycle (held, usable this turn); a card checks its own
    conditions. ``use`` applies a use (a turn action or a prompt answer) and returns the phase of a choice
    that follows (``helper_pay`` / ``helper_pick``) or None; ``step`` applies that choice and returns True
    when the card's effect is complete.
    """

    NAME: ClassVar[str] = ""
    NUMBER: ClassVar[int] = 0  # the number printed in the 2014 set: 1-6 for A1-A6, 0 for none (H-2.1)
    SOURCE: ClassVar[str] = ""  # the data file's role and title
    CONFIDENCE: ClassVar[str] = "exact"  # the data file's mark: exact, likely or approximate
    KINDS: ClassVar[dict[str, tuple[str, ...]]] = {}  # its use kinds -> the phases of its holder's turn

    def uses(self, g: Game, p: int) -> list[Action]:
        """The uses open to ``p`` (the active player) now."""
        return []

    def why(self, g: Game, p: int, action: Action | None) -> Reason | None:
        """Why ``p`` cannot use the card now (``action``: the use asked for, or None for any)."""
        return None

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        """The fields of the ``helper_used`` event for ``action``."""
        return {}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        """Apply a use; return the phase of a following choice, or None."""
        raise NotImplementedError(self.NAME)

    def step_actions(self, g: Game, p: int) -> list[Action]:
        return []

    def step(self, g: Game, p: int, action: Action) -> bool:
        raise NotImplementedError(self.NAME)

    def answers_roll(self, g: Game, p: int, received: dict[int, dict[str, int]]) -> bool:
        """Whether the card offers ``p`` an answer to a production roll (not a 7)."""
        return False

    def answers_seven(self, g: Game, p: int) -> bool:
        """Whether the card offers ``p`` an answer to a 7 (the discards are known)."""
        return False

    def prompt_actions(self, g: Game, p: int) -> list[Action]:
        """The answers the card offers in phase ``helper_prompt`` (the module adds ``helper_decline``)."""
        return []

    def adjust_rates(self, g: Game, seat: int, rates: list[int]) -> None:
        """Change ``seat``'s bank rates (see RuleModule.adjust_rates)."""

    def on_turn_end(self, g: Game) -> None:
        """When the active player ends the turn."""


CARDS: dict[str, type[HelperCard]] = {}


def card(cls: type[HelperCard]) -> type[HelperCard]:
    """Class decorator: make a helper card available to rule files under ``cls.NAME``."""
    if not cls.NAME or cls.NAME in CARDS:
        raise ValueError(f"a helper card needs a new, non-empty NAME (got {cls.NAME!r})")
    CARDS[cls.NAME] = cls
    return cls


# ------------------------------------------------------------------------------------- action kinds


def no_arg_kind(kind: str) -> None:
    """Register an action kind written as the bare word ``kind``."""
    register_kind(bare_kind(kind))


def name_kind(kind: str) -> None:
    """Register an action kind written ``kind NAME`` (a resource, card or development card name)."""
    register_kind(
        ActionKind(
            kind,
            lambda a: f"{a.kind} {a.a}",
            lambda r: Action(kind, r.name(r.need(1)[0])),
            lambda a, b: isinstance(a, str) and b is None,
        )
    )


def seat_kind(kind: str) -> None:
    """Register an action kind written ``kind SEAT``."""
    register_kind(
        ActionKind(
            kind,
            lambda a: f"{a.kind} {a.a}",
            lambda r: Action(kind, r.integer(r.need(1)[0])),
            lambda a, b: type(a) is int and b is None,
        )
    )


def others(g: Game, p: int) -> list[int]:
    """The other seats, ascending."""
    return [q for q in range(g.s.players) if q != p]


def take_from_bank(g: Game, p: int, r: int) -> None:
    g.s.bank[r] -= 1
    g.s.hands[p][r] += 1


def bank_takes(g: Game) -> list[Action]:
    """``helper_take`` for every resource the bank holds."""
    return [Action("helper_take", name) for i, name in enumerate(g.rules.resources) if g.s.bank[i] > 0]


def section_from_view(view: dict[str, Any], turn: int, phase: str, resume: str) -> dict[str, Any]:
    """A complete ``modules.helpers`` snapshot section consistent with one seat's ``view`` (the module's
    view in an observation of turn ``turn`` in ``phase``), for a computer player's sampled worlds. Helpers
    lie face up, so almost all of it is copied; what the view does not give is rebuilt: the turn each card
    was last used (from ``usable``), the cards another seat's development help looks at (their number only:
    knights stand in), and ``resume``, the phase the helper phases return to, which the caller works out
    from the observation (see ``catan_desktop.ai.knowledge``)."""
    seats = view["seats"]
    looking = view["looking"] if view["looking"] is not None else ["knight"] * view["looking_count"]
    used = [
        turn
        if v["card"] is not None and not v["usable"] and v["taken_turn"] != turn and phase != "special_build"
        else -1
        for v in seats
    ]
    return {
        "stack": list(view["stack"]), "display": list(view["display"]),
        "held": [v["card"] for v in seats], "side": [v["side"] for v in seats],
        "taken": [v["taken_turn"] for v in seats], "used": used,
        "port": [v["free_port"] for v in seats], "prompts": list(view["prompts"]), "resume": resume,
        "user": -1 if view["user"] is None else view["user"],
        "after": -1 if view["after"] is None else view["after"],
        "pay_to": list(view["pay_to"]), "looking": list(looking),
        "target": -1 if view["target"] is None else view["target"],
    }  # fmt: skip


_HELPER_PHASES = ("helper_prompt", "helper_pay", "helper_pick", "helper_after")


def helper_resume(obs: dict[str, Any]) -> str:
    """The phase the helper phases go back to (Part H), as the seat can tell from its observation: after a
    roll's prompts the phase the roll led to (discards, the robber or the main phase); after a use in the
    holder's own turn the phase it was used in (before or after the roll). Empty outside those phases."""
    phase = obs["phase"]
    if phase not in _HELPER_PHASES:
        return ""
    dice = obs["dice"]
    after_roll = "discard" if obs["discards_pending"] else "robber" if dice and sum(dice) == 7 else "main"
    if phase == "helper_prompt":
        return after_roll
    used = next((ev for ev in reversed(obs["log"]) if ev.get("t") == "helper_used"), None)
    card = CARDS.get(used["card"]) if used is not None else None
    if card is not None and not card.KINDS:  # a card that only answers a roll or a 7
        return after_roll
    for ev in reversed(obs["log"]):
        if ev.get("turn", -1) != obs["turn"]:
            break
        if ev.get("t") == "roll":
            return "main"
    return "roll"
