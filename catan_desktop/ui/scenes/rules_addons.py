"""The rules reference's sections for the add-on games (Frenemies, Helpers, the scenario maps, the Erie
Canal), by rule module: each add-on's screen file registers its own section (``@rule_section``), and the
rules screen shows the sections of the modules a rule file switches on, in its order. The numbers come from
the rule file's ``module_settings``; the words from the text layer."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.ruleset import Ruleset
from ..widgets import esc

Section = Callable[[Ruleset, Callable[[str], str]], list[str]]  # (rules, heading) -> HTML lines
SECTIONS: dict[str, Section] = {}  # rule module -> its section of the rules reference


def rule_section(module: str) -> Callable[[Section], Section]:
    """Register the rules reference's section of the add-on of rule module ``module``."""

    def register(section: Section) -> Section:
        SECTIONS[module] = section
        return section

    return register


def li(text: str) -> str:
    """One bullet of a section."""
    return "\u2022 " + esc(text) + "<br>"


def addon_rules_html(rules: Ruleset, heading: Callable[[str], str]) -> str:
    """The sections of the add-ons ``rules`` switches on ("" for none), in the rule file's module order."""
    return "".join(line for m in rules.modules if m in SECTIONS for line in SECTIONS[m](rules, heading))
