"""Issue 17: Scenarios & variants shows each variant's board, drawn from its rule file (render/preview.py),
above its title, its players and target, and its description; a broken rule file gets no picture."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from catan_desktop.engine import load_rules
from catan_desktop.paths import user_rules_dir
from catan_desktop.render import preview
from catan_desktop.render.preview import MAX_PREVIEWS, board_preview, cached_previews, clear_previews
from catan_desktop.ui.app import App
from catan_desktop.ui.scenes.variants import VariantsScene

MAP_ISLAND = Path(__file__).resolve().parents[1] / "fixtures" / "map_island.yaml"
BROKEN = ("format: 1\nname: typo\ntitle: Typo\nextends: base\ndescription: To 6.\n"
          "victory_points:\n  target: x\n")
PANEL = pygame.Color("#F3E9D2")  # the panel's parchment, under the picture


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    clear_previews()


def own_rule_files() -> Path:
    """The map test island and a broken file among the player's own rule files."""
    folder = user_rules_dir()
    folder.mkdir(parents=True)
    shutil.copy(MAP_ISLAND, folder / "map_island.yaml")
    (folder / "typo.yaml").write_text(BROKEN, encoding="utf-8")
    return folder


def colours(surface: pygame.Surface, step: int = 4) -> set[tuple[int, int, int]]:
    """The colours of a grid of the surface's pixels."""
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)}


def is_blue(c: tuple[int, int, int]) -> bool:
    return c[2] > c[0] + 40 and c[2] > c[1]


def is_green(c: tuple[int, int, int]) -> bool:
    return c[1] > c[0] + 25 and c[1] > c[2] + 25


def assert_a_board(surface: pygame.Surface) -> None:
    """Many colours: sea blue around the picture, green land (forest, pasture) on it, not a plain fill."""
    seen = colours(surface)
    assert len(seen) > 200, len(seen)
    assert sum(map(is_blue, seen)) > 20 and sum(map(is_green, seen)) > 20
    w, h = surface.get_size()
    assert is_blue(tuple(surface.get_at((w // 12, h // 2)))[:3])  # the sea beside the island
    assert not is_blue(tuple(surface.get_at((w // 2, h // 2)))[:3])  # the island is in the middle


# ------------------------------------------------------------------------------------------- the picture


def test_the_base_game_preview_is_its_board(app: App) -> None:
    picture = board_preview(app.assets, "base", (420, 240))
    assert picture is not None and picture.get_size() == (420, 240)
    assert_a_board(picture)


def test_a_map_board_previews_with_its_paths_and_names_where_they_can_be_read(app: App) -> None:
    picture = board_preview(app.assets, MAP_ISLAND, (420, 240))
    assert picture is not None
    assert_a_board(picture)
    base = board_preview(app.assets, "base", (420, 240))
    assert base is not None and colours(base) != colours(picture)


def test_place_names_are_left_off_where_they_would_be_unreadable(app: App, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    drawn = {}
    for limit in (0, 10_000):  # names always, names never
        monkeypatch.setattr(preview, "NAME_MIN_RADIUS", limit)
        clear_previews()
        picture = board_preview(app.assets, MAP_ISLAND, (560, 200))
        assert picture is not None
        drawn[limit] = pygame.image.tobytes(picture, "RGB")
    assert drawn[0] != drawn[10_000]


def test_a_variant_that_cannot_be_loaded_gets_no_preview_and_no_error(app: App, home: Path) -> None:
    folder = own_rule_files()
    assert board_preview(app.assets, folder / "typo.yaml", (300, 200)) is None
    assert board_preview(app.assets, "no-such-variant", (300, 200)) is None
    assert board_preview(app.assets, folder / "missing.yaml", (300, 200)) is None
    assert board_preview(app.assets, "base", (0, 0)) is None


def test_a_board_whose_set_up_fails_is_still_drawn(app: App, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A scenario whose rule module is still being written: the board the engine lays out, alone."""

    class Unready:
        @staticmethod
        def new(*args: object, **kwargs: object) -> None:
            raise RuntimeError("module half-written")

    monkeypatch.setattr(preview, "Game", Unready)
    picture = board_preview(app.assets, MAP_ISLAND, (420, 240))
    assert picture is not None
    assert_a_board(picture)


def test_previews_are_cached_a_few_at_a_time_and_redrawn_when_the_file_changes(app: App, home: Path) -> None:
    first = board_preview(app.assets, "base", (300, 200))
    assert board_preview(app.assets, "base", (300, 200)) is first  # the list redraws often: no new picture
    for i in range(MAX_PREVIEWS + 6):
        board_preview(app.assets, "base", (300 + i, 200))
    assert cached_previews() <= MAX_PREVIEWS
    folder = own_rule_files()
    mine = folder / "map_island.yaml"
    before = board_preview(app.assets, mine, (300, 200))
    mine.write_text(mine.read_text(encoding="utf-8").replace("forest 6", "forest 8"), encoding="utf-8")
    after = board_preview(app.assets, mine, (300, 200))
    assert before is not None and after is not None and after is not before


# -------------------------------------------------------------------------------------------- the screen


def open_variants(app: App) -> VariantsScene:
    scene = VariantsScene(app)
    app.push(scene)
    app.step()
    return scene


def shown_picture(app: App, scene: VariantsScene) -> pygame.Surface:
    app.draw()
    assert scene.preview_image is not None and scene.preview_image.visible
    return app.screen.subsurface(scene.preview_image.rect).copy()


def facts(v) -> list[str]:  # type: ignore[no-untyped-def]
    players = f"{v.players_min} players" if v.players_min == v.players_max else \
        f"{v.players_min}\u2013{v.players_max} players"
    if "scenario" in load_rules(str(v.path)).modules:  # S-4.1: the target by the player count
        return [players, "first to 13 / 12 / 10 victory points with 3 / 4 / 5\u20136 players"]
    return [players, f"first to {load_rules(str(v.path)).vp_target} victory points"]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_choosing_each_variant_shows_its_board_players_and_target(home: Path, drive_at, size) -> None:  # type: ignore[no-untyped-def]
    own_rule_files()
    app, drive = drive_at(size)
    scene = open_variants(app)
    seen = {}
    for i, v in enumerate(scene.variants):
        if v.error:
            continue
        drive.click(scene.list.item_list[i]["button_element"])
        assert scene.selected == i
        picture = shown_picture(app, scene)  # at once, in the next frame
        assert_a_board(picture)
        assert picture.get_at((picture.get_width() // 2, 1))[:3] != PANEL[:3]  # framed, not bare parchment
        for fact in facts(v):
            assert fact in scene.details.html_text, (v.name, fact)
        assert v.description[:30] in scene.details.html_text
        pane = scene.pane.move(scene.panel.get_container().get_rect().topleft)
        assert scene.preview_image.rect.width >= pane.width - 8 and pane.contains(scene.preview_image.rect)
        assert scene.details.rect.top > scene.preview_image.rect.bottom  # nothing overlaps
        assert scene.details.rect.bottom == pane.bottom
        assert scene.preview_image.rect.height >= 0.4 * pane.height
        seen[v.name] = pygame.image.tobytes(picture, "RGB")
    assert set(seen) >= {"base", "base-5-6", "catan-a-dois", "frenemies", "helpers", "map_island"}
    assert len({seen["base"], seen["base-5-6"], seen["map_island"]}) == 3  # each its own board


def test_up_and_down_choose_the_next_variant_and_its_picture(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    scene = open_variants(app)
    start = scene.selected
    assert start is not None and scene.variants[start].name == "base"
    before = pygame.image.tobytes(shown_picture(app, scene), "RGB")
    drive.press(pygame.K_DOWN)
    assert scene.selected == start + 1
    assert scene.list.item_list[start + 1]["selected"] and not scene.list.item_list[start]["selected"]
    assert scene.variants[start + 1].title in scene.details.html_text
    after = pygame.image.tobytes(shown_picture(app, scene), "RGB")
    assert after != before
    drive.press(pygame.K_UP)
    assert scene.selected == start
    assert pygame.image.tobytes(shown_picture(app, scene), "RGB") == before


def test_down_scrolls_a_long_list_to_the_chosen_variant(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    folder = user_rules_dir()
    folder.mkdir(parents=True)
    for i in range(12):
        (folder / f"mine{i:02d}.yaml").write_text(
            f"format: 1\nname: mine{i:02d}\ntitle: Mine {i}\nextends: base\ndescription: Mine.\n",
            encoding="utf-8")
    scene = open_variants(app)
    for _ in range(len(scene.variants)):
        drive.press(pygame.K_DOWN)
    last = len(scene.variants) - 1
    assert scene.selected == last and "Mine 11" in scene.details.html_text
    button = scene.list.item_list[last]["button_element"]
    assert button is not None and button.is_selected and scene.list.rect.contains(button.rect)
    assert scene.has_preview


def test_a_long_title_is_shortened_to_fit_its_line(app: App) -> None:
    folder = user_rules_dir()
    folder.mkdir(parents=True)
    title = "A very long title for a scenario of one's own, much too long for one line of the list"
    (folder / "long.yaml").write_text(
        f"format: 1\nname: long\ntitle: {title}\nextends: base\ndescription: Long.\n", encoding="utf-8")
    scene = open_variants(app)
    for item in scene.list.item_list:
        button = item["button_element"]
        assert button.font.size(button.text)[0] <= button.rect.w - 14, button.text
    line = next(item["text"] for item in scene.list.item_list if "A very long" in item["text"])
    assert line.endswith("\u2026")
    long = next(i for i, v in enumerate(scene.variants) if v.name == "long")
    scene.choose(long)
    assert title in scene.details.html_text.replace("&#x27;", "'")  # the details say it whole


def test_a_broken_own_rule_file_is_listed_with_its_problems_and_no_picture(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    own_rule_files()
    scene = open_variants(app)
    typo = next(i for i, v in enumerate(scene.variants) if v.name == "typo")
    drive.click(scene.list.item_list[typo]["button_element"])
    app.draw()
    assert scene.selected == typo and not scene.has_preview
    assert not scene.preview_image.visible
    assert "typo.yaml:7" in scene.details.html_text
    pane = scene.pane.move(scene.panel.get_container().get_rect().topleft)
    assert scene.details.rect == pane  # the problems get the whole pane
    assert not scene.play_button.is_enabled
    drive.press(pygame.K_UP)  # and back to a playable one: its picture returns
    assert scene.has_preview and scene.preview_image.visible


def test_clicking_the_chosen_variant_keeps_it_chosen(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    scene = open_variants(app)
    chosen = scene.selected
    drive.click(scene.list.item_list[chosen]["button_element"])
    assert scene.selected == chosen and scene.list.item_list[chosen]["selected"]
    assert scene.preview_image.visible


def test_resizing_the_window_lays_the_picture_out_again(app: App) -> None:
    scene = open_variants(app)
    small = scene.preview_image.rect.size
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app.on_resize()
    app.step()
    big = scene.preview_image.rect.size
    assert big[0] > small[0] and big[1] > small[1]
    assert_a_board(shown_picture(app, scene))
    assert scene.details.rect.top > scene.preview_image.rect.bottom


def test_names_with_line_breaks_and_bidi_controls_are_shown_escaped(app: App) -> None:
    """Issue 35, item 8: a file named with a line break or U+202E (right-to-left override), and a title
    holding U+202E, are shown escaped (``\\n``, ``\\u202e``) in the list and the details, as the command
    line's listing shows them."""
    folder = user_rules_dir()
    folder.mkdir(parents=True)
    (folder / "evil\u202etxt.yaml").write_text("format: 1\n", encoding="utf-8")
    (folder / "two\nlines.yaml").write_text("format: 1\n", encoding="utf-8")
    (folder / "odd.yaml").write_text(
        "format: 1\nname: odd\ntitle: \"Odd \u202etitle\"\nextends: base\ndescription: Odd.\n",
        encoding="utf-8")
    scene = open_variants(app)
    own = {v.name: i for i, v in enumerate(scene.variants) if v.own}
    assert set(own) == {"evil\u202etxt", "two\nlines", "odd"}
    for i in own.values():
        scene.choose(i)
        shown = [scene.list.item_list[i]["text"], scene.details.html_text]
        assert not any(ch in text for text in shown for ch in "\u202e\n"), shown
    labels = [scene.list.item_list[i]["text"] for i in own.values()]
    assert any("evil\\u202etxt" in x for x in labels) and any("two\\nlines" in x for x in labels)
    assert any("Odd \\u202etitle" in x for x in labels)
