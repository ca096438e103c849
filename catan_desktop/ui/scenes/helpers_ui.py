"""Helpers (RULES.md Part H) on the game screen: its panel row, button and dialogs come next (issue 16)."""

from __future__ import annotations

from .addon_ui import AddonUI


class HelpersUI(AddonUI):
    MODULE = "helpers"
