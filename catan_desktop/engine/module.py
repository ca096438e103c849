"""The rule-module protocol: mechanics that data cannot express, as plugins the core calls in one loop.

A rule file switches a module on by name (``modules: [market]``) and parameterises it
(``module_settings: {market: {open_cap: 7}}``). A module is a subclass of :class:`RuleModule` registered
with :func:`register`; one instance per game's rules. It may have

- typed **settings** (``SETTINGS``: name -> :class:`Setting`), checked by the rule-file schema and read as
  ``self.cfg[name]`` (resource and card tables already turned into per-index lists);
- its own **state section** (``new_state`` / ``clone`` / ``to_data`` / ``from_data``), kept in the
  snapshot under the module's name and in ``State.modules``;
- its own **phases** (``PHASES``) and **action kinds** (``ACTIONS``, registered in ``actions.py`` with their
  text form, parser and payload check);
- **hooks** the core calls at fixed points: legal actions, apply, explain, rolling the dice and their
  odds, on roll, on produce (robber blocking), on build, on cards moved, on turn end, scoring, the seat
  view and snapshot read/write.

A module is switched on by the rule file's ``modules:`` list, or (``OPTION``) by a value of a rule option
that any rule file may set, e.g. ``options: {dice: balanced}`` switches on ``balanced_dice``.

Every hook has a do-nothing default; the game calls only the hooks a module overrides (see
:meth:`Game.hooks`), so a variant without modules pays nothing. The core never tests a module's name.
docs/rule-modules.md explains the design and how Frenemies, Helpers and the scenario maps plug in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .errors import SnapshotError
from .ruleset import DEV_KINDS, Ruleset

if TYPE_CHECKING:
    import random

    from .actions import Action
    from .game import Game


class ModuleState(Protocol):
    """A module's state section: any object with ``clone()`` (``State.clone`` copies it)."""

    def clone(self) -> ModuleState: ...


@dataclass(frozen=True)
class Setting:
    """One typed module setting.

    ``kind``: ``"count"`` (a whole number >= ``minimum``), ``"resources"`` (resource name -> count, read as a
    per-resource list), ``"dev_cards"`` (development card name -> count, read as a mapping in DEV_KINDS
    order).
    """

    kind: str
    default: Any
    minimum: int = 0
    doc: str = ""
    maximum: int = 100  # every file that validates must play: no overflow, no endless enumeration


SETTING_KINDS = ("count", "resources", "dev_cards")


class RuleModule:
    """Base class of rule modules; every hook does nothing until a subclass overrides it."""

    NAME: ClassVar[str] = ""
    RULES: ClassVar[str] = ""  # the rule numbers it implements, e.g. "D-4, D-5.3"
    REQUIRES: ClassVar[tuple[str, ...]] = ()  # other modules it builds on (checked by the schema)
    # marks its rules need on a map board (board.map.marks: "chips", "canal"), checked by the schema
    NEEDS_MARKS: ClassVar[tuple[str, ...]] = ()
    # added to a shipped variant after games of it were saved: a save of that variant whose stored rules lack
    # it gets it, with the shipped settings, when it is loaded (persistence/saves.py; e.g. D-10.1's stalemate)
    JOINS_OLD_GAMES: ClassVar[bool] = False
    SETTINGS: ClassVar[dict[str, Setting]] = {}
    PHASES: ClassVar[tuple[str, ...]] = ()  # its own phases
    ACTIONS: ClassVar[dict[str, tuple[str, ...]]] = {}  # action kind -> the phases it belongs to
    OPEN_KINDS: ClassVar[frozenset[str]] = frozenset()  # kinds legal for any valid payload (not all listed)
    SCORING_KINDS: ClassVar[frozenset[str]] = frozenset()  # its action kinds after which the actor may win
    BUILD_PHASES: ClassVar[frozenset[str]] = frozenset()  # its phases in which one builds and pays as in main
    ENDS_WITHOUT_WINNER: ClassVar[bool] = False  # a game under it may end with nobody winning (see below)
    DEV_CARDS_MAY_LEAVE: ClassVar[bool] = False  # development cards may leave the game unplayed
    # its events ("t") that hand a player cards in an exchange: the story of a game counts them as trades
    TRADE_EVENTS: ClassVar[frozenset[str]] = frozenset()
    # (option, value): the rule option whose value switches this module on instead of ``modules:``
    OPTION: ClassVar[tuple[str, str] | None] = None

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        raw = rules.data.get("module_settings", {}).get(self.NAME, {})
        self.cfg: dict[str, Any] = {name: _read(rules, s, raw.get(name, s.default)) for name, s in
                                    self.SETTINGS.items()}

    # ------------------------------------------------------------------------------------------ state

    def new_state(self, g: Game) -> ModuleState | None:
        """Return this module's state for a new game (may draw from ``g.rng``), or None for none."""
        return None

    def to_data(self, g: Game, state: Any) -> Any:
        """Return the state as JSON data for the snapshot (under ``modules.NAME``)."""
        return None

    def from_data(self, g: Game, data: Any) -> ModuleState | None:
        """Rebuild the state from ``to_data`` output or a hand-written section (None when the snapshot has
        no section for this module); raises SnapshotError naming the field."""
        return None

    def upgrade_v1(self, snapshot: Mapping[str, Any]) -> Any:
        """Return this module's section from a version-1 snapshot (before modules had sections), or None."""
        return None

    def view(self, g: Game, seat: int) -> Any:
        """Return what ``seat`` may know of this module's state (JSON data), or None. ``seat`` is -1 for
        a public view (``views.public_view``: a spectator): then only what every seat may know."""
        return None

    def facts(self) -> dict[str, Any]:
        """Public facts of this module under its rules that a rules page shows and no game is needed for
        (e.g. how sure the reading of each helper card is); words are the text layer's."""
        return {}

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """This module's snapshot section rebuilt from one seat's ``view`` of it, for a computer player's
        guess at the hidden parts (``ai.knowledge.sample_world``): what the seat sees is copied, what it
        cannot see is dealt from ``rng`` (``obs``: the seat's whole observation; ``unseen``: what the sampler
        has left to deal, ``"resources"``: the resource cards no hand took, in a random order). None: no
        section (the module's state is rebuilt from the rest, or it has none)."""
        return None

    def check(self, g: Game) -> list[str]:
        """Return problems of a loaded position that this module can see (for snapshot checks)."""
        return []

    def ended_without_winner(self, g: Game) -> bool:
        """Whether this module's ending explains a finished game with no winner (a module with
        ``ENDS_WITHOUT_WINNER``: e.g. two resources at 0 for a collapse); the snapshot checks refuse such a
        game when no module's condition holds."""
        return False

    def most_free_roads(self) -> int:
        """The most free roads this module's rules give at once (e.g. a guild favour's roads, A-6), so a
        snapshot with more ``free_roads`` than any rule gives is refused; 0: it gives none."""
        return 0

    def held_resources(self, g: Game) -> list[int] | None:
        """Resource cards this module holds outside hands and bank, per resource (card conservation)."""
        return None

    def resource_supply(self) -> list[int] | None:
        """Resource cards this module adds to the game's total, per resource."""
        return None

    def held_dev_cards(self, g: Game) -> list[int] | None:
        """Development cards this module holds outside hands and deck, per DEV_KINDS (card conservation)."""
        return None

    def dev_card_supply(self) -> list[int] | None:
        """Development cards this module adds to the game's total, per DEV_KINDS."""
        return None

    # -------------------------------------------------------------------------------------- actions

    def actor(self, g: Game) -> int:
        """The seat to act in one of this module's phases."""
        return g.s.current

    def phase_actions(self, g: Game) -> list[Action]:
        """The legal actions in one of this module's phases."""
        return []

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        """Adjust the legal actions of the current phase (add, filter or replace); return the list."""
        return actions

    def apply(self, g: Game, action: Action) -> None:
        """Apply one of this module's actions, or a core action in one of its phases (already legal)."""
        raise NotImplementedError(f"{self.NAME} does not apply {action.kind}")

    def explain(self, g: Game, action: Action) -> str | None:
        """For an open kind: why it is illegal, or None. Else: a reason for an action known to be illegal."""
        return None

    def why_not(self, g: Game, action: Action) -> str | None:
        """A specific reason why a core action is illegal under this module, or None to let the core say."""
        return None

    def robber_token(self, g: Game) -> int | None:
        """The number token on the robber's hex that it blocks, for a module where it sits on one token (the
        seat view's ``robber_slot``); None: it blocks the whole hex."""
        return None

    def why_none(self, g: Game, kind: str) -> str | None:
        """For one of this module's kinds with no legal action now: why (None: let ``explain`` say)."""
        return None

    # ---------------------------------------------------------------------------------------- events

    def on_new_game(self, g: Game) -> None:
        """After the board is laid, the deck shuffled and the start player chosen."""

    def roll_dice(self, g: Game) -> tuple[int, int] | None:
        """Roll the two dice instead of the game's RNG (may draw from ``g.rng``): the two faces, or None
        to let the next module or ordinary dice roll. Not called when a position chose ``next_dice``."""
        return None

    def dice_odds(self, g: Game) -> dict[int, float] | None:
        """The probability of each total 2..12 for the next ``roll_dice`` (a module that rolls), or None."""
        return None

    def on_roll(self, g: Game, total: int) -> None:
        """After the dice are rolled, before production or the 7."""

    def robber_blocks(self, g: Game, slot: int) -> bool:
        """Whether the robber's hex stops producing for its number token ``slot`` (default: every token)."""
        return True

    def place_robber(self, g: Game, spot: str) -> tuple[int, dict[str, Any]] | None:
        """Read a robber spot this module defines: (hex, extra event fields), or None if not its form."""
        return None

    def after_robber(self, g: Game, h: int, victim: int | None) -> None:
        """After the robber has moved to hex ``h`` and stolen from ``victim`` (None: no steal chosen)."""

    def on_seven(self, g: Game) -> None:
        """After a 7, once the discards are known (``g.s.discard_queue``, which it may change)."""

    def on_produce(self, g: Game, total: int, received: dict[int, dict[str, int]]) -> None:
        """After the production of a roll of ``total`` (not a 7): ``received`` maps seats to the cards they
        got (empty when nobody got any)."""

    def adjust_rates(self, g: Game, seat: int, rates: list[int]) -> None:
        """Change ``seat``'s bank rates per resource in place (after the harbours by buildings). A module
        whose answer changes must clear ``g.spot_cache``."""

    def road_passes(self, g: Game, seat: int, node: int) -> bool:
        """Whether ``seat``'s road network may continue through ``node``, which holds no building of
        theirs (the core already stops it at an opponent's building)."""
        return True

    def can_settle(self, g: Game, seat: int, node: int) -> bool:
        """Whether ``seat`` may found or build a settlement on ``node`` (on top of the distance rule and,
        after the founding phase, the road connection)."""
        return True

    def road_allowed(self, g: Game, seat: int, edge: int) -> bool:
        """Whether ``seat`` may build a road on the free path ``edge``, which their road network reaches
        (after ``road_passes``): a rule about the path's far end, e.g. no second road to an unsettled
        location space (S-3.2, Q-47)."""
        return True

    def vp_target(self, g: Game) -> int | None:
        """The points a player needs to win in this game, when the module sets them (e.g. by the player
        count, S-4.1), or None to keep the rule file's ``victory_points.target``."""
        return None

    def supply_for(self, players: int) -> tuple[list[int], list[int]] | None:
        """Resource cards (per resource) and development cards (per DEV_KINDS) this module adds to the
        game's stock with ``players`` at the table (e.g. F-1.2's larger stock with 5-6 players in a file for
        3-6), or None: added to the bank and the deck at the start, and counted by the snapshot checks."""
        return None

    def on_build(self, g: Game, seat: int, kind: str, where: int, founding: bool) -> bool:
        """After a settlement, city or road is placed. During the founding phase, return True to take over
        what comes next (the core then neither pays starting resources nor asks for the road)."""
        return False

    def on_cards_moved(self, g: Game) -> None:
        """After every action (any action may move cards)."""

    def on_turn_end(self, g: Game) -> bool:
        """When the active player ends the turn; return True to take over (the core does not advance)."""
        return False

    def on_dev_card_lost(self, g: Game, seat: int, card: str) -> None:
        """After a development card leaves ``seat``'s hand other than by being played."""

    def extra_supply(self, g: Game, r: int) -> int:
        """Cards of resource ``r`` a Year of Plenty may take beyond the bank."""
        return 0

    def take_supply(self, g: Game, r: int) -> bool:
        """Take one card of ``r`` for a Year of Plenty when the bank has none; True if it could."""
        return False

    def monopoly_take(self, g: Game, r: int) -> int:
        """Cards of ``r`` a Monopoly takes from this module's stocks (removed here, added by the core)."""
        return 0

    def vp(self, g: Game, seat: int) -> dict[str, int]:
        """Victory points this module gives ``seat``, by source (visible to everyone)."""
        return {}


def _read(rules: Ruleset, setting: Setting, value: Any) -> Any:
    if setting.kind == "resources":
        return [int(value.get(r, 0)) for r in rules.resources]
    if setting.kind == "dev_cards":
        return {k: int(value.get(k, 0)) for k in DEV_KINDS if value.get(k, 0)}
    return int(value)


REGISTRY: dict[str, type[RuleModule]] = {}

def register(cls: type[RuleModule]) -> type[RuleModule]:
    """Class decorator: make a module available to rule files under ``cls.NAME``."""
    if not cls.NAME or cls.NAME in REGISTRY:
        raise ValueError(f"rule module needs a new, non-empty NAME (got {cls.NAME!r})")
    REGISTRY[cls.NAME] = cls
    return cls


def switched_on(rules: Ruleset) -> tuple[str, ...]:
    """The modules ``rules`` switch on: its ``modules:`` list, then (by name) every registered module whose
    ``OPTION`` the rules' options set to that value."""
    by_option = sorted(
        name for name, cls in REGISTRY.items()
        if cls.OPTION is not None and name not in rules.modules
        and rules.option(cls.OPTION[0]) == cls.OPTION[1]
    )
    return (*rules.modules, *by_option)


def option_values(option: str) -> tuple[str, ...]:
    """The values of rule option ``option`` that switch a registered module on (for the rule-file schema)."""
    return tuple(sorted(cls.OPTION[1] for cls in REGISTRY.values() if cls.OPTION and cls.OPTION[0] == option))


def overrides(module: RuleModule, hook: str) -> bool:
    """True when ``module`` defines ``hook`` itself rather than inheriting the do-nothing default."""
    return getattr(type(module), hook) is not getattr(RuleModule, hook)


def read_section(data: Any, name: str, reader: Callable[[], Any]) -> Any:
    """Run ``reader`` and turn the usual malformed-data errors into a SnapshotError naming the section."""
    try:
        return reader()
    except SnapshotError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SnapshotError(f"modules.{name}: not valid ({exc!r})") from exc
