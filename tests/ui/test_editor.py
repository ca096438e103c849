"""The board editor through the real screens (issue 34): Scenarios & variants › New board opens an empty
grid; every hex is painted and numbered by clicks, a harbour is put on the coast, the numbers are balanced
(B), an edit is undone and redone, the file is named in its box and saved (Ctrl+S) into the player's own
rule folder, and the saved variant starts a game at once from New game. Also: Edit board on a shipped board,
and a map board or a broken own file open with a message, never a crash."""

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


def test_edit_board_on_a_shipped_board_starts_a_copy_and_a_map_board_says_why(app: App, drive) -> None:  # type: ignore[no-untyped-def]
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
    # a scenario's map board: a message, no editor
    variants = app.top
    corsica = next(i for i, v in enumerate(variants.variants) if v.name == "corsica")
    variants.choose(corsica)
    drive.press(pygame.K_e)
    assert type(app.top).__name__ == "MessageScene"


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
    for _ in range(30):
        app.step([])
    assert "Player 1 in turn order" in editor.info.html_text
    drive.press(pygame.K_t)  # again: a new test play, then T stops it
    drive.press(pygame.K_t)
    editor.test.join(30)
    assert editor.test.done and editor.test.cancelled and editor.test.played < editor.test.games
