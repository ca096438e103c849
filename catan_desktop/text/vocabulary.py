"""The words of the rule files and settings that the screens translate by name (issue 14): ``_(resource)``,
``_(terrain)``, ``_(level)`` and so on, where the name comes from a rule file or a setting rather than a
literal. Listed here so the catalogue extractor (tools/catalogues.py) finds them; nothing imports the list.

A rule file with a new resource or terrain name shows it untranslated (English) until its word is added here
and translated.
"""

from __future__ import annotations

from ..i18n import N_

RESOURCES = (N_("lumber"), N_("brick"), N_("wool"), N_("grain"), N_("ore"))
TERRAINS = (N_("forest"), N_("hills"), N_("pasture"), N_("fields"), N_("mountains"), N_("desert"), N_("sea"))
PIECES = (N_("road"), N_("settlement"), N_("city"), N_("develop"))
LEVELS = (N_("easy"), N_("normal"), N_("hard"), N_("expert"), N_("random"))
BOARDS = (N_("Beginner"), N_("random"), N_("balanced"))
