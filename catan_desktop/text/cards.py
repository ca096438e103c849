"""The development cards' names and one-line rules (B-8), for the log, the reasons and the screens."""

from __future__ import annotations

from ..i18n import N_

CARD_NAMES = {
    "knight": N_("Knight"),
    "road_building": N_("Road Building"),
    "year_of_plenty": N_("Year of Plenty"),
    "monopoly": N_("Monopoly"),
    "victory_point": N_("Victory Point"),
}

CARD_RULES = {
    "knight": N_("Move the robber and steal one card from a player next to it. Counts towards Largest Army."),
    "road_building": N_("Build two roads for free."),
    "year_of_plenty": N_("Take any two resource cards from the bank."),
    "monopoly": N_("Name a resource: every other player gives you all their cards of it."),
    "victory_point": N_("Worth 1 victory point. Kept hidden; it counts at once."),
}
