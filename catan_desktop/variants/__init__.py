"""Rule files (``rules/*.yaml``) read into validated rule data: loading, ``extends``, overrides, listing.

Importing this package installs its ``VariantsSource`` as the engine's rule-file layer, so that
``Game.new("base")`` and ``Ruleset.from_dict`` work (the engine itself reads no files).
"""

from catan_desktop.engine.ruleset import install_rules_source
from catan_desktop.variants.listing import VariantInfo, list_variants
from catan_desktop.variants.loader import RuleFileError, RuleLoader, load_rule_file, load_variant
from catan_desktop.variants.rulesets import SOURCE, VariantsSource

install_rules_source(SOURCE)

__all__ = [
    "RuleFileError",
    "RuleLoader",
    "SOURCE",
    "VariantsSource",
    "VariantInfo",
    "list_variants",
    "load_rule_file",
    "load_variant",
]
