"""The first-game coach (issue 12): advice for the seat to act in every phase of random games, the specific
advice of a few hand-built situations, the panel drawn inside its rectangle whatever its size, and the
Settings toggle that turns it off."""

from __future__ import annotations

import json
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import catan_desktop.text  # noqa: E402,F401  (installs the wording of the engine's reasons)
from catan_desktop.engine import Game  # noqa: E402
from catan_desktop.render.assets import Assets  # noqa: E402
from catan_desktop.render.palette import INK, WOOD  # noqa: E402
from catan_desktop.ui.scenes import coach  # noqa: E402
from catan_desktop.ui.scenes.coach import Advice, coach_advice, draw_coach  # noqa: E402
from catan_desktop.ui.settings import Settings  # noqa: E402

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def advice_for(g: Game, seat: int | None = None) -> Advice | None:
    """What the coach tells ``seat`` (default: the seat to act), as the game screen asks it."""
    seat = g.seat_view(0).to_act if seat is None else seat
    assert seat is not None
    kinds = {a.kind for a in g.legal_actions()}
    return coach_advice(g.seat_view(seat), kinds, g, NAMES[: g.players])


class TextKit:
    """A stand-in for the game screen's text function (GameScene.draw_text, game_draw.DrawKit) and ``px``."""

    def __init__(self, scale: float = 1.0) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.assets = Assets()
        self.scale = scale
        self.calls = 0

    def px(self, value: float) -> int:
        return int(round(value * self.scale))

    def text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
             colour: tuple[int, int, int] = INK, bold: bool = False, title: bool = False,
             anchor: str = "topleft", max_w: int | None = None) -> pygame.Rect:
        self.calls += 1
        font = self.assets.font(self.px(size), bold=bold, title=title)
        fitted = text
        if max_w is not None:
            while font.size(fitted)[0] > max_w and len(fitted) > 4:
                fitted = fitted[:-2].rstrip() + "…"
        img = font.render(fitted, True, colour)
        rect = img.get_rect(**{anchor: pos})
        surface.blit(img, rect)
        return rect


# ------------------------------------------------------------------------------------------ random games

CORE_PHASES = {"setup_settlement", "setup_road", "roll", "main", "robber"}
EXPECTED = {
    "base": CORE_PHASES | {"discard", "trade_offer", "trade_confirm"},
    "base-5-6": CORE_PHASES | {"special_build", "discard", "trade_offer"},
    "catan-a-dois": CORE_PHASES | {"remove_token"},
}


@pytest.mark.parametrize("variant, players", [("base", 4), ("base-5-6", 6), ("catan-a-dois", 2)])
def test_every_decision_of_random_games_gets_advice(variant: str, players: int) -> None:
    phases: set[str] = set()
    keys: set[str] = set()
    for seed in range(3):
        g = Game.new(variant, players=players, seed=seed)
        rng = random.Random(seed)
        for _step in range(1500):
            if g.is_over:
                assert advice_for(g, 0) is None
                break
            legal = g.legal_actions()
            view = g.seat_view(0)
            seat = view.to_act
            assert seat is not None
            advice = advice_for(g, seat)
            assert advice is not None, (variant, g.phase)
            assert advice.title.strip() and advice.key
            assert 2 <= len(advice.lines) <= 4, advice
            assert all(isinstance(line, str) and line.strip() for line in advice.lines), advice
            assert "{" not in " ".join(advice.lines), advice  # every placeholder filled
            other = (seat + 1) % players
            if g.seat_view(other).to_act != other:
                assert advice_for(g, other) is None  # not their decision: nothing to say
            phases.add(g.phase)
            keys.add(advice.key)
            g.apply(rng.choice(legal))
    assert EXPECTED[variant] <= phases, EXPECTED[variant] - phases
    assert len(keys) >= 8  # the advice follows the situation, not only the phase


def test_advice_is_none_when_it_is_not_the_seats_turn() -> None:
    g = Game.new("base", players=4, seed=3)
    to_act = g.seat_view(0).to_act
    for seat in range(4):
        assert (advice_for(g, seat) is None) == (seat != to_act)


# ----------------------------------------------------------------------------------- specific situations


def test_founding_advice_explains_6_and_8_and_names_a_spot() -> None:
    g = Game.new("base", players=4, seed=5)
    advice = advice_for(g)
    assert advice is not None and advice.key == "setup_settlement"
    assert "6 and 8" in advice.lines[0] and "dots" in advice.lines[0]
    assert any("brick and lumber" in line for line in advice.lines)
    assert any(line.startswith("A strong free spot now: the ") for line in advice.lines)
    g.apply(g.legal_actions()[0])
    road = advice_for(g)
    assert road is not None and road.key == "setup_road" and "two paths away" in road.lines[0]


def test_the_second_founding_settlement_says_it_pays() -> None:
    g = Game.new("base", players=3, seed=2)
    while not (g.phase == "setup_settlement" and g.seat_view(0).to_act == 0 and g.seat_view(0).vp):
        g.apply(g.legal_actions()[0])
    advice = advice_for(g)
    assert advice is not None and advice.key == "setup_settlement:pays"
    assert advice.title == "Founding settlement 2 of 2"
    assert any("pays you one card from each hex" in line for line in advice.lines)


def _main_with(kit: Any, hand: dict[str, int], **extra: Any) -> Game:
    """Seat 0 in its build phase with a settlement at 16, a road 16-22, and ``hand``."""
    return kit.position(buildings=[(16, 0, "settlement"), (30, 1, "settlement"), (40, 1, "city")],
                        roads=[(16, 22, 0)], hands=[hand, {}, {}, {}], **extra)


def test_an_affordable_road_is_named_with_its_worth(kit: Any) -> None:
    g = _main_with(kit, {"brick": 1, "lumber": 1})
    advice = advice_for(g)
    assert advice is not None and advice.key == "main:build:road"
    assert advice.lines[0] == "You can build now: a road (1)."
    assert "Longest Road" in advice.lines[1]
    assert any("no trading after you build" in line for line in advice.lines)


def test_with_nothing_affordable_the_closest_build_and_trading_are_named(kit: Any) -> None:
    g = _main_with(kit, {"brick": 1, "wool": 2})
    kinds = {a.kind for a in g.legal_actions()}
    assert not kinds & {"road", "settle", "city", "buy"} and "offer" in kinds
    advice = advice_for(g)
    assert advice is not None and advice.key.startswith("main:closest:")
    text = " ".join(advice.lines)
    assert "Closest next: a road (1), missing 1 lumber." in advice.lines  # one card short, fewest missing
    assert "trade with the others (T)" in text and "the bank (B" in text
    assert "1 lumber" in advice.lines[1]  # the trade line says what to trade for
    reason = g.why_none("road")
    assert reason is not None and reason.params["missing"] == {"lumber": 1}


def test_after_building_the_coach_says_trading_is_over(kit: Any) -> None:
    g = _main_with(kit, {"brick": 2, "lumber": 2, "wool": 1})
    road = next(a for a in g.legal_actions() if a.kind == "road")
    g.apply(road)
    advice = advice_for(g)
    assert advice is not None
    assert any("trading is over" in line for line in advice.lines)


def test_a_city_is_preferred_and_explained(kit: Any) -> None:
    g = _main_with(kit, {"ore": 3, "grain": 2, "brick": 1, "lumber": 1})
    advice = advice_for(g)
    assert advice is not None and advice.key == "main:build:city+road"
    assert advice.lines[0] == "You can build now: a city (3) and a road (1)."
    assert advice.lines[1] == "A city doubles a settlement's income and adds a point."


def test_roll_advice_suggests_the_knight_when_the_robber_blocks_you(kit: Any) -> None:
    hexes = Game.new("base", players=4, seed=7, board="beginner").topo
    blocked = hexes.hex_ids[hexes.node_hexes[16][0]]
    g = _main_with(kit, {}, phase="roll", dice=None, robber=blocked, dev_cards=[{"knight": 1}, {}, {}, {}],
                   dev_deck=kit.deck(held={"knight": 1}))
    assert "knight" in {a.kind for a in g.legal_actions()}
    advice = advice_for(g)
    assert advice is not None and advice.key == "roll:knight"
    assert advice.lines[0].startswith("Roll the dice (R).")
    assert any("play the Knight first" in line for line in advice.lines)
    assert any(line.startswith("Your buildings collect on ") for line in advice.lines)


def test_robber_advice_names_the_leader_and_a_target(kit: Any) -> None:
    g = _main_with(kit, {}, phase="robber")
    advice = advice_for(g)
    assert advice is not None and advice.key == "robber"
    assert "leader (most points)" in advice.lines[0]
    assert advice.lines[1] == "Bruno leads with 3 points."
    assert advice.lines[2].startswith("A good target: the ") and "beside Bruno" in advice.lines[2]


def test_every_line_goes_through_the_translation_function(monkeypatch: pytest.MonkeyPatch, kit: Any) -> None:
    def mark(text: str, /, **fields: object) -> str:
        return "\u27e6" + (text.format(**fields) if fields else text)

    def mark_n(singular: str, plural: str, n: int, /, **fields: object) -> str:
        return mark(singular if n == 1 else plural, **fields)

    monkeypatch.setattr(coach, "_", mark)
    monkeypatch.setattr(coach, "ngettext", mark_n)
    games = [Game.new("base", players=4, seed=1), _main_with(kit, {"brick": 1, "lumber": 1}),
             _main_with(kit, {"wool": 1}), _main_with(kit, {}, phase="robber")]
    for g in games:
        advice = advice_for(g)
        assert advice is not None
        assert advice.title.startswith("\u27e6")
        assert all(line.startswith("\u27e6") for line in advice.lines), advice


# ------------------------------------------------------------------------------------------------ drawing

SAMPLES = [
    Advice("Build", ["You can build now: a city (3) and a road (1).",
                     "A city doubles a settlement's income and adds a point.",
                     "Closest next: a development card (4), missing 1 wool.",
                     "Turn spare cards into 1 wool: trade with the others (T) or the bank (B: 4:1, or 2:1 at "
                     "your harbour). Trade first: no trading after you build."], "main:build:city+road"),
    Advice("A title far too long to fit on one line of a narrow panel, however small the text is drawn",
           ["Supercalifragilisticexpialidocious" * 3, "short"], "long"),
]


def _outside_unchanged(surface: pygame.Surface, before: pygame.Surface, rect: pygame.Rect) -> bool:
    a, b = surface.copy(), before.copy()
    a.fill((0, 0, 0), rect)
    b.fill((0, 0, 0), rect)
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.5])
@pytest.mark.parametrize("size", [(800, 600), (420, 300), (300, 160), (160, 60), (40, 20), (6, 3), (1, 1),
                                  (0, 10)])
def test_the_panel_never_draws_outside_its_rect(size: tuple[int, int], scale: float) -> None:
    kit = TextKit(scale)
    for advice in SAMPLES:
        surface = pygame.Surface((1000, 800))
        surface.fill((255, 0, 255))
        before = surface.copy()
        rect = pygame.Rect((90, 70), size)
        used = draw_coach(surface, rect, advice, kit.px, kit.text)
        assert rect.contains(used) or used.size == (0, 0)
        assert _outside_unchanged(surface, before, rect), (size, scale, advice.key)
        assert surface.get_clip() == surface.get_rect()  # the clip is put back
        bottom = draw_coach(surface, rect, advice, kit.px, kit.text, anchor="bottom")
        assert rect.contains(bottom) or bottom.size == (0, 0)
        if bottom.h:
            assert bottom.bottom == rect.bottom


def test_a_large_rect_gets_a_panel_as_tall_as_its_text() -> None:
    kit = TextKit()
    rect = pygame.Rect(0, 0, 800, 600)
    used = draw_coach(pygame.Surface((800, 600)), rect, SAMPLES[0], kit.px, kit.text)
    assert used.w == 800 and 100 < used.h < 300  # all four lines, wrapped, with the footer
    narrow = draw_coach(pygame.Surface((800, 600)), pygame.Rect(0, 0, 260, 600), SAMPLES[0], kit.px, kit.text)
    assert narrow.h > used.h  # narrower: more wrapped lines


def test_render_the_panel_to_a_png() -> None:
    """/tmp/coach.png: a panel on the game screen's wooden table, at the window's 1280x720 scale."""
    kit = TextKit()
    surface = pygame.Surface((900, 560))
    surface.fill(WOOD)
    g = Game.new("base", players=4, seed=5)
    y = 16
    for advice, width in [(SAMPLES[0], 430), (advice_for(g), 430)]:
        assert advice is not None
        y = draw_coach(surface, pygame.Rect(16, y, width, 400), advice, kit.px, kit.text).bottom + 16
    small = draw_coach(surface, pygame.Rect(470, 16, 300, 120), SAMPLES[0], kit.px, kit.text)
    assert small.h <= 120
    pygame.image.save(surface, "/tmp/coach.png")
    assert os.path.getsize("/tmp/coach.png") > 1000


# ----------------------------------------------------------------------------------------------- settings


def test_the_coach_setting_round_trips(home: Any) -> None:
    assert Settings().coach is True
    Settings(coach=False).save()
    loaded, problem = Settings.load()
    assert problem is None and loaded.coach is False
    Settings.path().write_text(json.dumps({"coach": "no", "language": "en"}), encoding="utf-8")
    loaded, problem = Settings.load()
    assert problem is None and loaded.coach is True  # a mistyped value is ignored


def test_the_settings_screen_toggles_the_tips(app: Any, drive: Any) -> None:
    from catan_desktop.ui.scenes.settings_scene import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    app.step()
    assert scene.coach.text.endswith("On")
    assert scene.coach.tool_tip_text and "what to do now and why" in scene.coach.tool_tip_text
    drive.click(scene.coach)
    assert scene.draft.coach is False and scene.coach.text == "Off"
    assert app.settings.coach is True  # only the draft until Save
    drive.click(scene.save_button)
    assert app.settings.coach is False
    loaded, _problem = Settings.load()
    assert loaded.coach is False



# ------------------------------------------------------------------------------ on the real game screen


def _game_scene(size: tuple[int, int] = (1280, 720)) -> Any:
    from test_game_scene import new_scene, pump  # the GUI tests' helpers (tests/ui is on the path)

    from catan_desktop.ui.app import App

    app = App(size=size)
    scene = new_scene(app, seed=3, coach=True)
    pump(app, 3)
    return app, scene


def test_the_game_screen_shows_the_tip_on_the_humans_move_and_g_hides_it(home: Any) -> None:
    """Issue 12: a first-game walkthrough on the game screen (what to do now and why) that can be hidden
    (G, or a click on it) and turned off (Settings)."""
    from test_game_scene import pump

    app, scene = _game_scene()
    assert scene.ctl.human_to_act and scene.ctl.game.phase == "setup_settlement"
    scene.draw(app.screen)
    assert scene.coach_drawn is not None and scene.regions()["board"].contains(scene.coach_drawn)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0))
    pump(app, 2)
    scene.draw(app.screen)
    assert scene.coach_drawn is None
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0))
    scene.draw(app.screen)
    assert scene.coach_drawn is not None  # G again brings it back
    app.settings.coach = False
    scene.draw(app.screen)
    assert scene.coach_drawn is None


def test_a_click_on_the_tip_hides_it_and_builds_nothing(home: Any) -> None:
    app, scene = _game_scene()
    scene.draw(app.screen)
    rect = scene.coach_drawn
    assert rect is not None
    before = len(scene.ctl.game.history)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, pos=rect.center, button=1))
    scene.draw(app.screen)
    assert scene.coach_drawn is None and len(scene.ctl.game.history) == before


@pytest.mark.parametrize(("size", "ui_scale"), [((800, 600), 1.0), ((1280, 720), 1.0), ((1280, 720), 1.5),
                                                ((1920, 1080), 1.0), ((1920, 1080), 1.25)])
def test_the_tip_never_covers_the_board(home: Any, size: tuple[int, int], ui_scale: float) -> None:
    """Issue 31: the tip has a column beside the board; no hex, spot, road place or harbour lies under it,
    and the island keeps the height of the board's room."""
    from test_game_scene import new_scene, pump

    from catan_desktop.render.board_static import BADGE
    from catan_desktop.ui.app import App

    app = App(size=size)
    app.settings.ui_scale = ui_scale
    scene = new_scene(app, seed=3, coach=True)
    pump(app, 3)
    scene.draw(app.screen)
    tip, layout = scene.coach_drawn, scene.layout
    board = scene.regions()["board"]
    assert tip is not None
    if scene.coach_docked:  # a small window: above the log, off the board, with the log's newest lines below
        assert not tip.colliderect(board) and scene.log_rect.contains(tip)
        assert scene.log_rect.bottom - tip.bottom >= scene.px(60)
    else:
        assert board.contains(tip) and layout.rect[0] >= tip.right
    topo = layout.topo
    points = [layout.node_pos(n) for n in range(topo.num_nodes)]
    points += [layout.edge_mid(e) for e in range(topo.num_edges)]
    points += [p for h in range(topo.num_hexes) for p in layout.hex_polygon(h)]
    covered = [p for p in points if tip.collidepoint(p)]
    assert not covered, f"the tip at {tip} covers {len(covered)} points of the board"
    badge = BADGE * layout.size / 2
    for e, _kind in scene.view.harbours:
        x, y = layout.harbour_anchor(e)
        assert not tip.colliderect(pygame.Rect(x - badge, y - badge, 2 * badge, 2 * badge))


def test_without_tips_the_board_takes_the_whole_room(home: Any) -> None:
    from test_game_scene import new_scene, pump

    from catan_desktop.ui.app import App

    app = App(size=(1280, 720))
    app.settings.coach = False
    scene = new_scene(app, seed=3, coach=False)
    pump(app, 3)
    assert scene.coach_column is None
    assert scene.layout.rect[2] >= scene.regions()["board"].w - scene.px(8)


def test_a_hidden_tip_stays_hidden_in_the_next_situations(home: Any) -> None:
    """Issue 31: G hid the tip, and the next roll brought one back; now the tips stay away until G again."""
    from test_game_scene import pump

    app, scene = _game_scene()
    scene.draw(app.screen)
    assert scene.coach_drawn is not None
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0))
    before = scene.ctl.version
    legal = scene.ctl.legal()
    scene.do(legal[0])  # a founding settlement: a new situation, with advice of its own
    pump(app, 2)
    scene.draw(app.screen)
    assert scene.ctl.version != before and scene.coach_drawn is None
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0))
    scene.draw(app.screen)
    assert scene.coach_drawn is not None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_tips_column_costs_the_board_little(home: Any, size: tuple[int, int]) -> None:
    """Issue 31: the column takes the sea the island leaves free; the hexes lose at most 5 % with tips on
    (measured: 3.8 % at 1280x720, 1.3 % at 1920x1080: the board's sea margin grows on all sides at once
    when its harbours touch the room's side)."""
    from test_game_scene import new_scene, pump

    from catan_desktop.ui.app import App

    radius = {}
    for tips in (False, True):
        app = App(size=size)
        scene = new_scene(app, seed=3, coach=tips)
        pump(app, 2)
        radius[tips] = scene.layout.size
        assert (scene.coach_column is not None) == tips
    assert radius[True] >= radius[False] * 0.95, radius
