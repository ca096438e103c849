"""The rules reference screen has a section for each add-on and scenario a variant switches on, with the
rule file's numbers: Frenemies (Part A), Helpers (Part H), the scenario maps (S-2 to S-4) and the Erie
Canal (S-5)."""

from __future__ import annotations

import pytest

from catan_desktop.ui.scenes.rules import RulesScene


def rules_text(app, variant: str) -> str:  # type: ignore[no-untyped-def]
    scene = RulesScene(app, variant)
    app.push(scene)
    app.step()
    return str(scene.text.html_text)


@pytest.mark.parametrize("variant", ["corsica", "new-york", "new-york-erie-canal"])
def test_a_scenario_has_its_map_rules_with_their_numbers(app, variant: str) -> None:  # type: ignore[no-untyped-def]
    text = rules_text(app, variant)
    assert "The scenario map" in text and "own design" in text  # the printed map is not in the sources
    for rule in ("S-3.1", "S-3.2", "S-3.3", "S-3.4", "S-3.5", "S-4.1"):
        assert rule in text, rule
    assert "13 points with 3 players, 12 with 4, 10 with 5 or 6" in text  # module_settings.scenario
    assert ("The Erie Canal" in text) == (variant == "new-york-erie-canal")
    if variant == "new-york-erie-canal":
        assert "12 canal tokens" in text and "trade 2 cards" in text and "S-5.4" in text


def test_the_base_game_and_the_add_ons_have_no_scenario_section(app) -> None:  # type: ignore[no-untyped-def]
    assert "The scenario map" not in rules_text(app, "base")
    frenemies = rules_text(app, "frenemies")
    assert "Favours and guilds" in frenemies and "The scenario map" not in frenemies
    assert "The helpers" in rules_text(app, "helpers")
