"""Catan Desktop: an offline desktop Catan game with computer opponents, variants and scenarios.

The engine reads no files: it asks an installed rule-file layer to turn ``"base"`` into a Ruleset.
Importing this package installs a stand-in that loads ``catan_desktop.variants`` (and so YAML) the first
time a name, a path or a rule mapping must be resolved, so ``import catan_desktop.engine`` stays
standard-library only while ``Game.new("base")`` keeps working (docs/engine-api.md). In the same way the
engine's refusal reasons are codes that the text layer (``catan_desktop.text``) puts into words.
"""

from __future__ import annotations

import importlib
from typing import Any

from .engine import reasons as _reasons
from .engine import ruleset as _ruleset

__version__ = "0.1.0"


class _VariantsOnFirstUse:
    """A RulesSource that hands over to ``catan_desktop.variants``, imported when first needed."""

    def _real(self) -> _ruleset.RulesSource:
        importlib.import_module("catan_desktop.variants")  # installs the real source in its place
        return _ruleset.rules_source()

    def validate(self, data: Any) -> list[str]:
        return self._real().validate(data)

    def resolve(self, variant: Any, options: Any) -> _ruleset.Ruleset:
        return self._real().resolve(variant, options)

    def load_data(self, variant: Any, options: Any) -> Any:  # any game's rule mapping (the dice game's)
        return self._real().load_data(variant, options)  # type: ignore[attr-defined]


def _words_on_first_use(code: str, params: Any) -> str:
    """Puts engine reasons into words by loading the text layer (which installs itself) on first use."""
    importlib.import_module("catan_desktop.text")
    return str(_reasons.Reason(code, **params))


if not _ruleset.has_rules_source():
    _ruleset.install_rules_source(_VariantsOnFirstUse())
if not _reasons.has_wording():
    _reasons.install_wording(_words_on_first_use)
