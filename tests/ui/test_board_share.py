"""Boards shared between friends (issue 34), driven through the real screens: Scenarios & variants exports the
chosen own board as one file in the boards folder and says where, with a button to show the folder; Import
lists the files there (a broken one with its problem), copies the chosen one into the player's own rule
files, and Scenarios & variants lists it at once, chosen, with its picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from catan_desktop.paths import user_rules_dir
from catan_desktop.persistence.userdirs import boards_dir, user_folders
from catan_desktop.ui.app import App
from catan_desktop.ui.dialogs import ConfirmScene, MessageScene
from catan_desktop.ui.scenes.board_share import ImportBoardsScene
from catan_desktop.ui.scenes.variants import VariantsScene
from catan_desktop.variants import load_rule_file

ISLAND = ("# my uncle's island\nformat: 1\nname: island\ntitle: Uncle's island\nextends: base\n"
          "description: Eleven to win.\nvictory_points: {target: 11}\n")
ISLAND_TWO = ("format: 1\nname: island-two\ntitle: Uncle's island for two\nextends: island\n"
              "description: From two players.\nplayers: {min: 2, max: 4}\n")


def _own_chain() -> Path:
    folder = user_rules_dir()
    folder.mkdir(parents=True)
    (folder / "island.yaml").write_text(ISLAND, encoding="utf-8")
    (folder / "island-two.yaml").write_text(ISLAND_TWO, encoding="utf-8")
    return folder


def _open_variants(app: App) -> VariantsScene:
    scene = VariantsScene(app)
    app.push(scene)
    app.step()
    return scene


def _choose(drive, scene: VariantsScene, name: str) -> None:  # type: ignore[no-untyped-def]
    index = next(i for i, v in enumerate(scene.variants) if v.name == name)
    drive.click(scene.list.item_list[index]["button_element"])
    assert scene.selected == index


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The folders the system's file manager was asked to open (none is started)."""
    import catan_desktop.ui.widgets as widgets

    calls: list[list[str]] = []
    real = widgets.subprocess.Popen

    def popen(args: Any, **kwargs: Any) -> Any:
        if isinstance(args, list) and args and args[0] in ("xdg-open", "open"):
            calls.append(list(args))
            return None
        return real(args, **kwargs)  # anything else (ctypes looks for libraries) runs

    monkeypatch.setattr(widgets.subprocess, "Popen", popen)
    return calls


def test_the_boards_folder_is_one_of_the_players_folders() -> None:
    assert boards_dir() in user_folders() and boards_dir().name == "boards"


def test_export_writes_the_chosen_own_board_and_says_where(app, drive, opened) -> None:  # type: ignore[no-untyped-def]
    own = _own_chain()
    scene = _open_variants(app)
    assert scene.variants[scene.selected].name == "base"
    assert not scene.export_button.is_enabled and scene.import_button.is_enabled  # the game's: not exported
    drive.press(pygame.K_x)
    assert app.top is scene and not boards_dir().exists()

    _choose(drive, scene, "island-two")
    assert scene.export_button.is_enabled
    drive.click(scene.export_button)
    written = boards_dir() / "island-two.yaml"
    assert isinstance(app.top, ConfirmScene) and str(written) in app.top.text
    text = written.read_text(encoding="utf-8")
    assert "extends: base" in text and "extends: island\n" not in text  # one file: the island merged in
    assert load_rule_file(written) == load_rule_file(own / "island-two.yaml")
    drive.click(app.top.yes)  # Show the folder
    assert opened and opened[-1][-1] == str(boards_dir()) and app.top is scene

    drive.press(pygame.K_x)  # again: a new file, the first one kept
    assert isinstance(app.top, ConfirmScene) and "island-two-2.yaml" in app.top.text
    drive.press(pygame.K_ESCAPE)
    assert app.top is scene and written.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in boards_dir().iterdir()) == ["island-two-2.yaml", "island-two.yaml"]


def test_import_lists_the_boards_imports_one_and_the_list_shows_it(app, drive) -> None:  # type: ignore[no-untyped-def]
    boards_dir().mkdir(parents=True)
    (boards_dir() / "broken.yaml").write_text(ISLAND.replace("target: 11", "target: x"), encoding="utf-8")
    (boards_dir() / "from-anna.yaml").write_text(ISLAND, encoding="utf-8")
    (boards_dir() / "notes.txt").write_text("not a board", encoding="utf-8")
    variants = _open_variants(app)
    before = len(variants.variants)

    drive.press(pygame.K_i)
    imports = app.top
    assert isinstance(imports, ImportBoardsScene)
    assert [p.name for p in imports.files] == ["broken.yaml", "from-anna.yaml"]
    drive.click(imports.list.item_list[0]["button_element"])
    assert imports.selected == 0
    assert "cannot be imported" in imports.details.html_text
    assert "broken.yaml:7: victory_points.target" in imports.details.html_text
    assert not imports.import_button.is_enabled and not imports.preview_image.visible
    drive.press(pygame.K_RETURN)
    assert app.top is imports  # nothing happens
    drive.click(imports.list.item_list[1]["button_element"])
    assert imports.selected == 1 and imports.import_button.is_enabled
    html = imports.details.html_text.replace("&#x27;", "'")
    assert "Uncle's island" in html and "3\u20134 players" in html and "first to 11 victory points" in html
    assert "as 'island'" in html and imports.preview_image.visible

    drive.click(imports.import_button)
    target = user_rules_dir() / "island.yaml"
    assert imports.imported == target and target.read_text(encoding="utf-8") == ISLAND
    assert isinstance(app.top, MessageScene) and "Board imported" in app.top.title
    drive.press(pygame.K_RETURN)
    assert app.top is variants  # back, and the list has it at once, chosen, with its picture
    assert len(variants.variants) == before + 1
    chosen = variants.variants[variants.selected]
    assert chosen.name == "island" and chosen.own and chosen.error is None
    assert variants.has_preview and variants.preview_image.visible
    assert "Uncle's island" in variants.details.html_text.replace("&#x27;", "'")
    assert any("Uncle's island" in item["text"] for item in variants.list.item_list)

    drive.press(pygame.K_i)  # the same board again: it would be island-2, the first never overwritten
    imports = app.top
    assert isinstance(imports, ImportBoardsScene)
    imports.select(1)
    assert "as 'island-2'" in imports.details.html_text.replace("&#x27;", "'")
    drive.press(pygame.K_RETURN)
    drive.press(pygame.K_RETURN)
    assert app.top is variants and variants.variants[variants.selected].name == "island-2"
    assert target.read_text(encoding="utf-8") == ISLAND
    assert load_rule_file(user_rules_dir() / "island-2.yaml")["name"] == "island-2"


def test_import_with_an_empty_folder_says_where_to_put_boards(app, drive, opened) -> None:  # type: ignore[no-untyped-def]
    variants = _open_variants(app)
    drive.click(variants.import_button)
    imports = app.top
    assert isinstance(imports, ImportBoardsScene) and imports.files == [] and imports.list is None
    assert str(boards_dir()) in imports.details.html_text
    assert not imports.import_button.is_enabled
    drive.press(pygame.K_f)
    assert opened[-1][-1] == str(boards_dir()) and boards_dir().is_dir()
    drive.press(pygame.K_ESCAPE)
    assert app.top is variants


def test_a_hostile_board_is_listed_with_its_problem_on_one_line(app, drive) -> None:  # type: ignore[no-untyped-def]
    boards_dir().mkdir(parents=True)
    (boards_dir() / "evil\u202eyaml.yaml").write_text(
        ISLAND.replace("name: island", "name: ../../\u202eevil"), encoding="utf-8")
    (boards_dir() / "link.yaml").symlink_to(user_rules_dir().parent)
    (boards_dir() / "huge.yaml").write_bytes(b"#" * 2_000_000)
    variants = _open_variants(app)
    drive.press(pygame.K_i)
    imports = app.top
    assert isinstance(imports, ImportBoardsScene)
    labels = [item["text"] for item in imports.list.item_list]
    assert all("\u202e" not in label for label in labels) and any("\\u202e" in label for label in labels)
    for index, words in enumerate(["\\u202e", "too large", "is a link"]):
        imports.select(index)
        assert words in imports.details.html_text, (index, imports.details.html_text)
        assert "\u202e" not in imports.details.html_text and not imports.import_button.is_enabled
    assert not list(user_rules_dir().glob("*.yaml"))  # nothing imported on the way
    drive.press(pygame.K_ESCAPE)
    assert app.top is variants
