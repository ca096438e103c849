"""The one text layer: everything the engine says as data (refusal reasons, log events) put into words in
the player's language, through the translation function (``catan_desktop.i18n``).

``reasons``: ``engine.reasons.Reason`` codes -> sentences (installed as the engine's wording on import);
``events``: log events -> the game log's sentences, card names and rules.
"""

from .cards import CARD_NAMES, CARD_RULES
from .events import describe
from .phrases import cards_text, place_text, places_of
from .reasons import REASONS, card_name, cost_text, file_problems, reason_for, reason_text, save_problem

__all__ = [
    "CARD_NAMES", "CARD_RULES", "REASONS", "card_name", "cards_text", "cost_text", "describe", "place_text",
    "places_of", "reason_for", "reason_text", "save_problem", "file_problems",
]
