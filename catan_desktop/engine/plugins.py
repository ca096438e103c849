"""The rule modules of one Ruleset, sorted for the core: who owns which phase and action kind, and which
modules override which hook (the core loops over those lists only, so a variant without modules pays
nothing)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from .actions import CORE_KINDS
from .explain import KIND_PHASES
from .module import REGISTRY, RuleModule, switched_on
from .perform import SCORING_KINDS
from .ruleset import DEV_KINDS, Ruleset
from .state import PHASES

_HOOKS = (
    "legal", "on_roll", "place_robber", "after_robber", "on_build", "on_cards_moved", "on_turn_end",
    "on_dev_card_lost", "extra_supply", "take_supply", "monopoly_take", "vp", "why_not", "on_seven",
    "on_produce", "adjust_rates", "road_passes", "can_settle", "roll_dice", "dice_odds", "road_allowed",
    "vp_target", "supply_for",
)
_CACHE_SIZE = 64


class Plugins:
    """The modules a Ruleset switches on (in the rule file's order, then those its options switch on),
    indexed for the core."""

    def __init__(self, rules: Ruleset) -> None:
        self.modules: tuple[RuleModule, ...] = tuple(REGISTRY[name](rules) for name in switched_on(rules))
        self.n_resources = len(rules.resources)
        self.by_name = {m.NAME: m for m in self.modules}
        self.phases: tuple[str, ...] = PHASES + tuple(p for m in self.modules for p in m.PHASES)
        self.phase_owner = {p: m for m in self.modules for p in m.PHASES}
        self.kind_owner = {k: m for m in self.modules for k in m.ACTIONS if k not in CORE_KINDS}
        kind_phases = {k: tuple(v) for k, v in KIND_PHASES.items()}
        for m in self.modules:
            for kind, phases in m.ACTIONS.items():
                kind_phases[kind] = kind_phases.get(kind, ()) + tuple(phases)
        self.kind_phases = kind_phases
        self.open_kinds = {k: m for m in self.modules for k in m.OPEN_KINDS}
        self.scoring_kinds = SCORING_KINDS.union(*(m.SCORING_KINDS for m in self.modules))
        self.build_phases = frozenset().union(*(m.BUILD_PHASES for m in self.modules))
        for hook in _HOOKS:
            setattr(self, hook, [m for m in self.modules if _overrides(m, hook)])
        blockers = [m for m in self.modules if _overrides(m, "robber_blocks")]
        self.robber_blocks: RuleModule | None = blockers[0] if blockers else None

    # typed views of the hook lists set above (for readers and type checkers)
    legal: list[RuleModule]
    on_roll: list[RuleModule]
    place_robber: list[RuleModule]
    after_robber: list[RuleModule]
    on_build: list[RuleModule]
    on_cards_moved: list[RuleModule]
    on_turn_end: list[RuleModule]
    on_dev_card_lost: list[RuleModule]
    extra_supply: list[RuleModule]
    take_supply: list[RuleModule]
    monopoly_take: list[RuleModule]
    vp: list[RuleModule]
    why_not: list[RuleModule]
    on_seven: list[RuleModule]
    on_produce: list[RuleModule]
    adjust_rates: list[RuleModule]
    road_passes: list[RuleModule]
    can_settle: list[RuleModule]
    roll_dice: list[RuleModule]
    dice_odds: list[RuleModule]
    road_allowed: list[RuleModule]
    vp_target: list[RuleModule]
    supply_for: list[RuleModule]

    def stock(self, players: int) -> tuple[list[int], list[int]]:
        """The resource cards (per resource) and development cards (per DEV_KINDS) the modules add to the
        game's stock with ``players`` at the table (``RuleModule.supply_for``); zeros when none do."""
        resources, dev = [0] * self.n_resources, [0] * len(DEV_KINDS)
        for m in self.supply_for:
            extra = m.supply_for(players)
            if extra is not None:
                resources = [a + b for a, b in zip(resources, extra[0], strict=True)]
                dev = [a + b for a, b in zip(dev, extra[1], strict=True)]
        return resources, dev


def _overrides(module: RuleModule, hook: str) -> bool:
    return getattr(type(module), hook) is not getattr(RuleModule, hook)


_PLUGINS: OrderedDict[int, tuple[Ruleset, Plugins]] = OrderedDict()


def plugins_for(rules: Ruleset) -> Plugins:
    """Return the Plugins of ``rules`` (built once per Ruleset object, kept for the last few used)."""
    key = id(rules)
    hit = _PLUGINS.get(key)
    if hit is not None and hit[0] is rules:
        _PLUGINS.move_to_end(key)
        return hit[1]
    plugins = Plugins(rules)
    _PLUGINS[key] = (rules, plugins)
    if len(_PLUGINS) > _CACHE_SIZE:
        _PLUGINS.popitem(last=False)
    return plugins


def module_facts(rules: Ruleset, name: str) -> dict[str, Any]:
    """The public facts of rule module ``name`` under ``rules`` (``RuleModule.facts``); {} when it is off."""
    module = plugins_for(rules).by_name.get(name)
    return module.facts() if module is not None else {}
