"""The board editor on map boards (issue 34; the scenario maps of RULES.md Part S): every shipped map loaded
into the editor and saved unchanged is *semantically* identical (the loader gives back the same rule data
but for the name, title and description, and the same seeded game plays on it), not byte-for-byte (the
shipped files carry comments); the map's own edits (S-3.1 place names, S-2.2 chip spots, S-3.3 red paths,
S-5.2 canal marks, terrains, printed numbers, the robber's start, S-2.3) undo and save; the figures match
the pips counted by hand from rules/new-york.yaml's header; a broken own map file is refused with its
problems."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from catan_desktop import paths
from catan_desktop.editor.map_session import MapSession, session_for_file, session_for_variant
from catan_desktop.editor.session import EditorSession
from catan_desktop.engine import Game
from catan_desktop.variants import RuleFileError, load_rule_file, load_variant

MAP_VARIANTS = sorted(
    path.stem for path in paths.rules_dir().glob("*.yaml")
    if "map" in (load_rule_file(path).get("board") or {})
)
STEPS = 300


def _play(game: Game) -> tuple[list[str], list[dict[str, Any]]]:
    rng = random.Random(7)
    for _ in range(STEPS):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return list(game.history), copy.deepcopy(game.log)


def _session(variant: str) -> MapSession:
    s = MapSession.from_variant(variant)
    s.meta.description = "An edited map."
    s.meta_changed()
    return s


def test_the_shipped_maps_are_found() -> None:
    assert {"corsica", "new-york", "new-york-erie-canal"} <= set(MAP_VARIANTS)
    assert isinstance(session_for_variant("corsica"), MapSession)
    assert isinstance(session_for_variant("base"), EditorSession)


@pytest.mark.parametrize("variant", MAP_VARIANTS)
def test_every_shipped_map_saved_unchanged_is_the_same_variant_and_plays_the_same(
    own: Path, variant: str
) -> None:
    s = _session(variant)
    assert not s.issues(), [i.message for i in s.issues()]
    path = s.save(own)
    assert path == own / f"{variant}-edited.yaml"
    loaded, original = load_rule_file(path), load_variant(variant)
    differ = {k for k in set(loaded) | set(original) if loaded.get(k) != original.get(k)}
    assert differ == {"name", "title", "description"}
    assert load_rule_file(path)["board"] == original["board"]
    for players in (3, 4):
        mine = Game.new(str(path), players=players, seed=11)
        theirs = Game.new(variant, players=players, seed=11)
        assert (mine.s.terrain, mine.s.number, mine.s.harbours, mine.s.robber) == (
            theirs.s.terrain, theirs.s.number, theirs.s.harbours, theirs.s.robber)
        assert _play(mine) == _play(theirs)
    # opened again, it writes the same text
    again = session_for_file(path)
    assert isinstance(again, MapSession) and again.text() == s.text()


def test_new_york_figures_match_the_pips_counted_by_hand() -> None:
    """rules/new-york.yaml's header: lumber 17, wool 18, brick 20, ore 20, grain 21 pips; no 6 or 8 side by
    side; 46 named places of which 9 are chip spots (S-2.2: nobody founds there), so 37 founding spots; two
    3:1 harbours and one 2:1 of each resource on the red paths (S-3.3)."""
    fair = _session("new-york").fairness()
    assert fair.pips_by_resource == {"lumber": 17, "wool": 18, "grain": 21, "brick": 20, "ore": 20}
    assert fair.hot_pairs == [] and fair.founding_spots == 37
    assert fair.harbour_access == {"generic": 2, "lumber": 1, "wool": 1, "grain": 1, "brick": 1, "ore": 1}


def test_the_map_edits_undo_and_save(own: Path) -> None:
    s = _session("new-york-erie-canal")
    topo = s.topology
    ithaca, lyons = topo.node_index["ithaca"], topo.node_index["lyons"]
    plain = next(e for e in range(topo.num_edges) if s.red_path_at(e) is None)
    red = next(e for e in range(topo.num_edges) if s.red_path_at(e) == "wool")
    assert s.paint("2.7", "forest") and s.cell("2.7") == ("forest", 2)
    assert s.paint("2.7", "desert") and s.cell("2.7") == ("desert", None)  # a desert prints no number
    assert not s.paint("2.7", None)  # a map hex is never taken away
    assert s.paint("2.7", "mountains") and s.set_number("2.7", 4) and s.cell("2.7") == ("mountains", 4)
    assert s.set_red_path(plain, "ore") and s.red_path_at(plain) == "ore"
    assert s.set_red_path(red, None) and s.red_path_at(red) is None
    assert s.rename(ithaca, "  Cornell   Heights ") and s.name_of(ithaca) == "Cornell Heights"
    assert s.toggle_mark("chips", ithaca) and s.has_mark("chips", ithaca)
    assert s.toggle_mark("canal", lyons) and not s.has_mark("canal", lyons)
    assert s.set_robber("5.7") and s.robber_hex == topo.hex_index["5.7"]
    assert not s.issues(), [i.message for i in s.issues()]
    path = s.save(own)
    game = Game.new(str(path), players=4, seed=2)
    view = game.public_view()
    assert view.topo.node_names[ithaca] == "Cornell Heights" and ithaca in view.topo.marked("chips")
    assert lyons not in view.topo.marked("canal") and game.s.robber == topo.hex_index["5.7"]
    assert dict((e, k) for e, k in game.s.harbours)[plain] == "ore" and red not in dict(game.s.harbours)
    # every step undoes, back to the map as shipped
    while s.undo():
        pass
    assert s.layout.map == load_variant("new-york-erie-canal")["board"]["map"]
    assert s.redo() and s.cell("2.7") == ("forest", 2)


def test_a_name_taken_away_makes_a_plain_corner_and_a_clash_is_a_problem() -> None:
    s = _session("new-york")
    topo = s.topology
    ithaca, geneva = topo.node_index["ithaca"], topo.node_index["geneva"]
    assert s.rename(ithaca, "") and s.layout.map["locations"]["ithaca"] == "4.4 SE"  # back to a bare position
    assert s.rename(ithaca, "Geneva")  # two places of the same name (rules/README.md)
    assert s.issues() and "Geneva" in " ".join(i.message for i in s.issues())
    assert s.name_of(geneva) == "Geneva"


def test_balance_numbers_keeps_the_printed_tokens() -> None:
    s = _session("corsica")
    before = sorted(n for n in s.numbers if n)
    assert s.balance(3)
    assert sorted(n for n in s.numbers if n) == before and s.fairness().hot_pairs == []


@pytest.mark.parametrize("text", [
    "extends: new-york\nname: bad-map\ntitle: Bad\nreplace: [board]\n"
    "board: {map: {hexes: {'1.1': forest 7}}}\n",
    "extends: new-york\nname: bad-map\ntitle: Bad\nboard: {map: [1, 2]}\n",
    "extends: nowhere\nname: bad-map\ntitle: Bad\n",
])
def test_a_broken_own_map_file_is_refused_with_its_problems(own: Path, text: str) -> None:
    path = own / "bad-map.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises((RuleFileError, ValueError)):
        session_for_file(path)
    assert path.read_text(encoding="utf-8") == text  # never changed


def test_an_opened_file_keeps_the_comments_it_starts_with(own: Path) -> None:
    """Issue 34, item 3: an edited file keeps the comments it did not touch where practical: the comment
    block at its top (rows boards and maps alike)."""
    s = _session("corsica")
    path = s.save(own)
    text = path.read_text(encoding="utf-8").replace(
        "# Made with", "# Our club's Corsica, with the towns we like.\n# Made with", 1)
    path.write_text(text, encoding="utf-8")
    again = session_for_file(path)
    assert again.rename(again.topology.node_index["ajaccio"], "Aiacciu")
    again.save(own)
    saved = path.read_text(encoding="utf-8")
    assert saved.startswith("# Our club's Corsica, with the towns we like.\n# Made with")
    assert "Aiacciu" in saved
    rows = session_for_variant("base")
    rows.meta.description, rows.meta.name = "Mine.", "club-base"
    rows_path = rows.save(own)
    rows_path.write_text("# Club rules.\n" + rows_path.read_text(encoding="utf-8"), encoding="utf-8")
    reopened = session_for_file(rows_path)
    assert reopened.text().startswith("# Club rules.\n")
