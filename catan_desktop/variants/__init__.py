"""Rule files (``rules/*.yaml``) read into validated rule data: loading, ``extends``, overrides, listing."""

from catan_desktop.variants.loader import (
    RuleFileError,
    RuleLoader,
    VariantInfo,
    list_variants,
    load_rule_file,
    load_variant,
)

__all__ = [
    "RuleFileError",
    "RuleLoader",
    "VariantInfo",
    "list_variants",
    "load_rule_file",
    "load_variant",
]
