"""The board editor through the real screens (issue 34): Scenarios & variants › New board opens an empty
grid; every hex is painted and numbered by clicks, a harbour is put on the coast, the numbers are balanced
(B), an edit is undone and redone, the file is named in its box and saved (Ctrl+S) into the player's own
rule folder, and the saved variant starts a game at once from New game. Also: Edit board on a shipped board,
a scenario's map board edited and saved, zoom and pan, and a broken own file that opens with a message,
never a crash."""

from __future__ import annotations

from pathlib import Path

import pygame

from catan_desktop.engine import Game
from catan_desktop.paths import user_rules_dir
from catan_desktop.ui.app import App


def _centre(scene, h: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    x, y = scene.layout.hex_center(h)
    return int(x) + scene.board_rect.x, int(y) + scene.board_rect.y


def _open_variants(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    app.go("variants")
    drive.pump()


def test_a_new_board_from_an_empty_grid_is_painted_balanced_saved_and_played(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    _open_variants(app, drive)
    drive.press(pygame.K_n)  # New board, with the selected variant's rules (the base game's)
    editor = app.top
    assert type(editor).__name__ == "EditorScene"
    s = editor.session
    topo = s.topology
    assert topo.num_hexes == 19 and all(t is None for t in s.terrain)
    assert {i.code for i in s.issues()} == {"unpainted"}
    # paint: 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert (the keys 1-6 choose the brush)
    plan = [0] * 4 + [1] * 4 + [2] * 4 + [3] * 3 + [4] * 3 + [5]
    for h, brush in enumerate(plan):
        drive.press(pygame.K_1 + brush)
        drive.click_at(_centre(editor, h))
    assert s.terrain == [s.terrains[b] for b in plan]
    assert {i.code for i in s.issues()} == {"no_number"}
    # numbers: N, then + and - choose the token; a click gives it to a hex
    tokens = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    drive.press(pygame.K_n)
    for h, number in enumerate(tokens):
        while editor.number != number:
            drive.press(pygame.K_PLUS)
        drive.click_at(_centre(editor, h))
    assert s.numbers[:18] == tokens and s.numbers[18] is None
    assert not s.issues(), [str(i) for i in s.issues()]
    hot_before = len(s.fairness().hot_pairs)
    assert hot_before > 0  # 6, 6, 8, 8 laid in a row
    # balance: no 6 and 8 side by side, the same tokens
    drive.press(pygame.K_b)
    assert s.fairness().hot_pairs == [] and sorted(n for n in s.numbers if n) == tokens
    # a harbour on the coast: the harbour tool, a click on a gold dot (a coastal edge)
    drive.press(pygame.K_h)
    edge = next(iter(s.coast))
    x, y = editor.layout.edge_mid(edge)
    drive.click_at((int(x) + editor.board_rect.x, int(y) + editor.board_rect.y))
    assert [k for _h, _s, k in s.layout.harbours] == ["generic"]
    # undo and redo (Ctrl+Z, Ctrl+Y)
    drive.press(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert s.layout.harbours == []
    drive.press(pygame.K_y, mod=pygame.KMOD_CTRL)
    assert len(s.layout.harbours) == 1
    # the file's name and title, typed into their boxes
    for key, text in (("name", "my-island"), ("title", "My island")):
        box = editor.entries[key]
        drive.click(box)
        box.set_text("")
        drive.type(text)
    drive.click_at((5, 700))  # off the boxes: the keys are the editor's again
    drive.press(pygame.K_s, mod=pygame.KMOD_CTRL)
    saved = user_rules_dir() / "my-island.yaml"
    assert saved.is_file(), [type(sc).__name__ for sc in app.scenes]
    assert type(app.top).__name__ == "MessageScene"
    app.pop()
    assert not s.dirty
    # the saved variant plays at once: the same board in a new game with computers
    game = Game.new(str(saved), players=4, seed=3, board="edited")
    assert list(game.s.terrain) == s.terrain
    assert [n or None for n in game.s.number] == s.numbers
    assert [k for _e, k in game.s.harbours] == ["generic"]
    # and New game offers it first (Play it saves and opens New game on it)
    drive.click(editor.play_button)
    assert type(app.top).__name__ == "NewGameScene"
    assert app.top.variant == "my-island" and app.top.boards[0] == "edited"


def test_edit_board_on_a_shipped_board_starts_a_copy(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    _open_variants(app, drive)
    drive.press(pygame.K_e)  # the base game: its beginner board, as a new board that extends it
    editor = app.top
    assert type(editor).__name__ == "EditorScene"
    s = editor.session
    assert s.meta.base == "base" and not s.issues() and s.fairness().pips_by_resource["lumber"] == 13
    drive.press(pygame.K_1)
    drive.click_at(_centre(editor, 0))  # mountains 10 painted forest: the number stays
    assert s.terrain[0] == "forest" and s.numbers[0] == 10 and s.dirty
    drive.press(pygame.K_ESCAPE)  # unsaved: asks first
    assert type(app.top).__name__ == "ConfirmScene"
    drive.click(app.top.yes)
    assert type(app.top).__name__ == "VariantsScene"


def _at(editor, point: tuple[float, float]) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return int(point[0]) + editor.board_rect.x, int(point[1]) + editor.board_rect.y


def test_a_scenario_map_is_edited_named_marked_and_saved_and_plays(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    """Issue 34, item 1 on a map board (S-1 to S-5): Edit board on New York with the Erie Canal; a hex is
    painted, a path made a red path (S-3.3), a place renamed (S-3.1), a chip spot (S-2.2) and a canal mark
    (S-5.2) moved; saved, the file plays with computers on the edited map."""
    _open_variants(app, drive)
    variants = app.top
    variants.choose(next(i for i, v in enumerate(variants.variants) if v.name == "new-york-erie-canal"))
    drive.press(pygame.K_e)
    editor = app.top
    assert type(editor).__name__ == "EditorScene"
    s = editor.session
    assert s.is_map and not s.issues(), [i.message for i in s.issues()]
    assert s.fairness().pips_by_resource == {"lumber": 17, "wool": 18, "grain": 21, "brick": 20, "ore": 20}
    topo = s.topology
    # paint the High Peaks (mountains 2) forest: the printed number stays
    peaks = topo.hex_index["2.7"]
    drive.press(pygame.K_1)
    drive.click_at(_at(editor, editor.layout.hex_center(peaks)))
    assert s.cell("2.7") == ("forest", 2)
    # a red path: H, a click on a plain path's middle gives it a 3:1 harbour
    plain = next(e for e in range(topo.num_edges) if s.red_path_at(e) is None)
    drive.press(pygame.K_h)
    drive.click_at(_at(editor, editor.layout.edge_mid(plain)))
    assert s.red_path_at(plain) == "generic"
    # places: P, a click on Ithaca, a new name typed, Enter; C takes its chip spot... on Lyons put one
    ithaca = topo.node_index["ithaca"]
    drive.press(pygame.K_p)
    drive.click_at(_at(editor, editor.layout.node_pos(ithaca)))
    assert editor.selected == ithaca
    box = editor.place_widgets.entry
    drive.click(box)
    box.set_text("")
    drive.type("Cornell")
    drive.press(pygame.K_RETURN)
    assert s.name_of(ithaca) == "Cornell"
    drive.click_at((5, 700))  # off the box: the keys are the editor's again
    drive.press(pygame.K_c)
    assert s.has_mark("chips", ithaca)
    lyons = topo.node_index["lyons"]
    drive.click_at(_at(editor, editor.layout.node_pos(lyons)))
    drive.click(editor.place_widgets.canal)  # Lyons leaves the canal
    assert not s.has_mark("canal", lyons)
    assert not s.issues(), [i.message for i in s.issues()]
    box = editor.entries["name"]
    drive.click(box)
    box.set_text("")
    drive.type("my-new-york")
    drive.click_at((5, 700))
    drive.press(pygame.K_s, mod=pygame.KMOD_CTRL)
    saved = user_rules_dir() / "my-new-york.yaml"
    assert saved.is_file()
    app.pop()
    game = Game.new(str(saved), players=4, seed=5)
    view = game.public_view()
    assert view.topo.node_names[view.topo.node_index["ithaca"]] == "Cornell"
    assert "erie_canal" in game.rules.modules and game.s.terrain[peaks] == "forest"
    assert view.topo.node_index["ithaca"] in view.topo.marked("chips")
    assert view.topo.node_index["lyons"] not in view.topo.marked("canal")
    # the edited file opens again as a map
    app.go("editor", "my-new-york", path=saved)
    drive.pump()
    assert type(app.top).__name__ == "EditorScene" and app.top.session.is_map
    assert app.top.session.name_of(ithaca) == "Cornell"


def test_the_board_zooms_and_pans_and_clicks_follow_the_view(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    """Issue 34, item 1: zoom and pan as on the game board (the wheel, Ctrl and + / -, 0, the arrows); a
    click on a hex while zoomed in paints the hex under the pointer."""
    _open_variants(app, drive)
    drive.press(pygame.K_e)
    editor = app.top
    s = editor.session
    whole = editor.layout.size
    drive.press(pygame.K_EQUALS, mod=pygame.KMOD_CTRL)
    drive.press(pygame.K_EQUALS, mod=pygame.KMOD_CTRL)
    drive.pump()
    assert editor.zoom > 1.5 and editor.layout.size > 1.5 * whole
    before = editor.layout.focus
    drive.press(pygame.K_RIGHT)
    drive.pump()
    assert editor.layout.focus != before
    # the hex under a point of the zoomed view is the one painted
    h = next(h for h in range(s.topology.num_hexes) if editor.board_rect.collidepoint(_centre(editor, h)))
    drive.press(pygame.K_5)
    drive.click_at(_centre(editor, h))
    assert s.terrain[h] == s.terrains[4]
    drive.press(pygame.K_0)
    drive.pump()
    assert editor.zoom == 1.0 and abs(editor.layout.size - whole) < 1e-6


def test_a_broken_own_file_opens_with_its_problems_listed(app: App, drive, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = user_rules_dir()
    folder.mkdir(parents=True, exist_ok=True)
    bad = folder / "broken-board.yaml"
    bad.write_text("extends: base\nname: broken-board\ntitle: Broken\nboard: {rows: [3, 4]}\n",
                   encoding="utf-8")
    app.go("editor", "broken-board", path=bad)
    drive.pump()
    assert type(app.top).__name__ == "MessageScene"
    assert "broken-board.yaml" in app.top.text or "rows" in app.top.text


def test_test_play_runs_beside_the_screen_and_shows_each_place_in_the_turn_order(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    """Issue 34, item 2: T starts computer games on the board in a thread (the screen keeps drawing: it
    animates while they play), their progress shows, and the result gives each place in the turn order its
    wins and founding pips; T again stops a test play."""
    import time

    app.go("editor", "base")
    editor = app.top
    drive.press(pygame.K_t)
    assert editor.test is not None and editor.animating
    end = time.monotonic() + 120
    while not editor.test.done and time.monotonic() < end:
        app.step([])
        time.sleep(0.01)
    assert editor.test.done and editor.test.error is None
    r = editor.test.result
    assert r.games == editor.test.games and sum(r.wins) + r.no_winner == r.games
    assert len(r.founding_pips) == 4 and all(p > 0 for p in r.founding_pips)
    # the figures are rewritten at most every INFO_EVERY (0.15 s): step for up to 5 s, not a count of
    # frames (30 frames took less than 0.15 s on a quick machine and the text was still the last progress)
    shown = time.monotonic() + 5
    while "Player 1 in turn order" not in editor.info.html_text and time.monotonic() < shown:
        app.step([])
        time.sleep(0.01)
    assert "Player 1 in turn order" in editor.info.html_text
    drive.press(pygame.K_t)  # again: a new test play, then T stops it
    drive.press(pygame.K_t)
    editor.test.join(30)
    assert editor.test.done and editor.test.cancelled and editor.test.played < editor.test.games
