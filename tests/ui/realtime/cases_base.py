"""Real-time cases of the base game's screen (issue 31): each does what a player does, then sends nothing,
and checks the screen a moment later."""

from __future__ import annotations

from typing import Any

from harness import Case, Driver
from staging import (
    config_for,
    main_phase_with,
    new_game,
    open_game,
    play_until,
    script_computers,
    stage_after_computers,
)

CASES: dict[str, Case] = {}


def case(name: str, timeout: float = 90.0):  # type: ignore[no-untyped-def]
    def register(fn):  # type: ignore[no-untyped-def]
        setup, script = fn()
        CASES[name] = Case(name, setup, script, timeout)
        return fn

    return register


# --------------------------------------------------------------------------------------------- helpers


def buttons(dialog: Any, text: str) -> list[Any]:
    """The dialog's buttons showing ``text``, top to bottom, left to right."""
    found = [b for b in dialog.actions if getattr(b, "text", None) == text]
    return sorted(found, key=lambda b: (b.rect.y, b.rect.x))


def top_name(h: Driver) -> str:
    return type(h.top).__name__


def expect_top(h: Driver, name: str) -> str | None:
    return None if top_name(h) == name else f"expected {name} on top, found {h.stack()}"


def button_state(scene: Any, key: str) -> bool:
    return bool(scene.buttons[key].is_enabled)


def expect_buttons(scene: Any, **wanted: bool) -> str | None:
    wrong = [f"{k} {'enabled' if v else 'disabled'}" for k, v in wanted.items()
             if button_state(scene, k) != v]
    return ("expected " + ", ".join(wrong)) if wrong else None


def board_point(scene: Any, kind: str, index: Any = None) -> tuple[int, int]:
    """A point of the board where a click hits the legal ``kind`` target (``index``: that one), clear of
    the first-game tip."""
    layout = scene.layout
    targets = scene.board_targets()[kind]
    where = {"node": layout.node_pos, "edge": layout.edge_mid, "hex": layout.hex_center}[kind]
    for target in ([index] if index is not None else sorted(targets)):
        x, y = where(target)
        pos = (int(x), int(y))
        tip = scene.coach_drawn
        if (tip is None or not tip.collidepoint(pos)) and scene._target_at(pos) == (kind, target):
            return pos
    raise AssertionError(f"no clickable {kind} target")


def quiet_spot(scene: Any) -> tuple[int, int]:
    """A point on the board's sea where nothing reacts to the mouse."""
    board = scene.regions()["board"]
    tip = scene.coach_drawn
    corners = ((board.x + 12, board.y + 12), (board.right - 12, board.y + 12),
               (board.right - 12, board.bottom - 12))
    for pos in corners:
        if scene._target_at(pos) is None and (tip is None or not tip.collidepoint(pos)):
            return pos
    return board.topleft


def settled(scene: Any) -> bool:
    """No animation runs and the human may act."""
    return not scene.anims and scene.ctl.human_to_act


def game_case(variant: str, players: int, seed: int, target: Any, humans: tuple[int, ...] = (0,),
              level: str = "easy", choose: Any = None, vp: int | None = None, tail: int = 6,
              speed: str = "fast"):  # type: ignore[no-untyped-def]
    """Set-up: the game a few computer moves before ``target(game)``; the screen's computers play them."""

    def setup(app: Any) -> Any:
        config = config_for(variant, players, seed, humans=humans, vp=vp)
        game, moves = stage_after_computers(config, target, seed, tail=tail, choose=choose, level=level)
        scene = open_game(app, config, game, speed=speed)
        script_computers(scene, moves)
        return scene

    return setup


def main_turn(seed: int, min_cards: int = 3, speed: str = "fast", **kw: Any):  # type: ignore[no-untyped-def]
    """Set-up: the base game at a turn of the human (seat 0) after the roll, with cards to trade."""

    def setup(app: Any) -> Any:
        config = config_for("base", 4, seed, **kw)
        game = new_game(config)
        play_until(game, lambda g: main_phase_with(g, 0, min_cards), seed)
        return open_game(app, config, game, speed=speed)

    return setup


# ------------------------------------------------------------------------------------------------ cases


@case("answers_after_offer")
def _answers_after_offer():  # type: ignore[no-untyped-def]
    """Offer one of your most plentiful cards for one you lack; the three computers answer; the "Answers to
    your offer" dialog must be on screen a second later, with nothing sent after the Offer click."""

    def script(h: Driver, scene: Any) -> None:
        h.move(scene.buttons["trade"].rect.center)
        h.click()
        dialog = h.wait_screen("TradeDialog")
        hand = scene.ctl.game.hand(0)
        order = dialog.give.order
        names = scene.ctl.game.rules.resources
        give = max(range(len(names)), key=lambda i: hand[names[i]])
        get = min(range(len(names)), key=lambda i: hand[names[i]])
        plus = buttons(dialog, "+")
        h.click_widget(plus[order.index(give)])
        h.click_widget(plus[len(order) + order.index(get)])
        h.wait_until("the Offer button enabled", lambda: dialog.ok.is_enabled)
        h.click_widget(dialog.ok)
        h.wait_screen("TradeAnswersDialog", timeout=40)
        h.checkpoint("answers dialog", lambda: expect_top(h, "TradeAnswersDialog"))

    return main_turn(11), script


def hand_size(game: Any, seat: int) -> int:
    return sum(game.hand(seat).values())


def rolls_seven(game: Any) -> bool:
    from catan_desktop.engine import Action

    if game.phase != "roll":
        return False
    trial = game.clone()
    trial.apply(Action("roll"))
    return any(ev.get("t") == "roll" and sum(ev.get("dice", ())) == 7 for ev in trial.log[-3:])


def robber_hex_with_victims(game: Any, seat: int, victims: int) -> int | None:
    """A hex the robber may go to that touches ``victims`` or more other players holding cards."""
    from catan_desktop.engine import Action

    trial = game.clone()
    trial.apply(Action("roll"))
    if trial.phase != "robber" or trial.current_player != seat:
        return None
    by_hex: dict[int, set[int]] = {}
    for a in trial.legal_actions():
        if a.kind == "robber" and a.b is not None:
            by_hex.setdefault(a.a, set()).add(a.b)
    best = [h for h, who in sorted(by_hex.items()) if len(who) >= victims]
    return best[0] if best else None


@case("robber_victim_then_steal")
def _robber():  # type: ignore[no-untyped-def]
    """You roll a 7 (R), click a hex touching two players: the "Steal a card from" dialog must show by
    itself; after choosing a victim, the main-phase buttons (Trade, Bank, End turn) must show enabled."""

    def setup(app: Any) -> Any:
        seed = 21
        config = config_for("base", 4, seed)
        game = new_game(config)
        play_until(game, lambda g: g.current_player == 0 and g.turn >= 6 and hand_size(g, 0) <= 7
                   and rolls_seven(g) and robber_hex_with_victims(g, 0, 2) is not None, seed)
        scene = open_game(app, config, game, speed="instant")
        return scene, robber_hex_with_victims(game, 0, 2)

    def script(h: Driver, ctx: Any) -> None:
        scene, target = ctx
        h.move(quiet_spot(scene))
        h.key("r")
        h.wait_until("the robber phase", lambda: scene.ctl.game.phase == "robber" and settled(scene))
        h.checkpoint("after the roll of 7", lambda: expect_buttons(scene, roll=False, end=False))
        h.click(board_point(scene, "hex", scene.view.topo.hex_index[target]))
        dialog = h.wait_screen("VictimDialog")
        h.checkpoint("victim dialog", lambda: expect_top(h, "VictimDialog"))
        h.click_widget(buttons(dialog, next(b.text for b in dialog.actions if "(" in b.text))[0])
        h.wait_until("the main phase", lambda: scene.ctl.game.phase == "main" and h.top is scene)
        h.checkpoint("buttons after the steal",
                     lambda: expect_buttons(scene, end=True, bank=True, roll=False))

    return setup, script


@case("build_road_then_undo")
def _build_undo():  # type: ignore[no-untyped-def]
    """Press 1 and click a glowing road spot: the road, the hand and the buttons (Undo enabled) must show;
    press U: the road goes and Undo is disabled again, with nothing sent after the key."""

    def can_road(g: Any) -> bool:
        return main_phase_with(g, 0, 2) and any(a.kind == "road" for a in g.legal_actions())

    def setup(app: Any) -> Any:
        seed = 5
        config = config_for("base", 4, seed)
        game = new_game(config)
        play_until(game, can_road, seed)
        return open_game(app, config, game)

    def script(h: Driver, scene: Any) -> None:
        h.move(quiet_spot(scene))
        h.key("1")
        h.wait_until("road mode", lambda: scene.mode == "road")
        version = scene.ctl.version
        h.click(board_point(scene, "edge"))
        h.wait_until("the road built", lambda: scene.ctl.version != version)
        h.checkpoint("buttons after building", lambda: expect_buttons(scene, undo=True))
        h.key("u")
        h.wait_until("the road taken back", lambda: not scene.ctl.undo_stack)
        h.checkpoint("buttons after undo", lambda: expect_buttons(scene, undo=False))

    return setup, script


def hoarder(game: Any, seat: int) -> Any:
    """Seat 0 keeps its cards (rolls and ends its turn), so a 7 makes it discard."""
    from catan_desktop.engine import Action

    if seat != 0 or game.turn < 2:
        return None
    if game.phase == "roll":
        return Action("roll")
    if game.phase == "main" and game.is_legal(Action("end")):
        return Action("end")
    return None


@case("discard_after_computer_seven")
def _discard():  # type: ignore[no-untyped-def]
    """A computer rolls a 7 while you hold more than seven cards: the discard dialog must show by itself."""

    def script(h: Driver, scene: Any) -> None:
        h.move(quiet_spot(scene))
        h.wait_screen("DiscardDialog", timeout=40)
        h.checkpoint("discard dialog", lambda: expect_top(h, "DiscardDialog"))

    target = lambda g: g.phase == "discard" and g.current_player == 0  # noqa: E731
    return game_case("base", 4, 3, target, choose=hoarder), script


@case("offer_from_computer")
def _offer_to_you():  # type: ignore[no-untyped-def]
    """A computer offers you a trade: the "offers you a trade" dialog must show by itself."""

    def script(h: Driver, scene: Any) -> None:
        h.move(quiet_spot(scene))
        h.wait_screen("AnswerOfferDialog", timeout=40)
        h.checkpoint("offer dialog", lambda: expect_top(h, "AnswerOfferDialog"))

    target = lambda g: g.phase == "trade_offer" and g.current_player == 0  # noqa: E731
    return game_case("base", 4, 2, target, level="normal"), script


@case("computers_turns_end_on_yours")
def _computers_then_you():  # type: ignore[no-untyped-def]
    """End your turn (E): the three computers play; when your turn comes back, Roll must show enabled and
    End turn disabled, with nothing sent since the E."""

    def script(h: Driver, scene: Any) -> None:
        h.move(quiet_spot(scene))
        h.key("e")
        h.wait_until("a computer's turn", lambda: not scene.ctl.human_to_act)
        h.wait_until("your next turn", lambda: scene.ctl.game.phase == "roll" and settled(scene)
                     and h.top is scene, timeout=60)
        h.checkpoint("your turn again", lambda: expect_buttons(scene, roll=True, end=False, trade=False))

    return main_turn(8, speed="instant"), script


@case("tooltip_comes_and_goes")
def _tooltip():  # type: ignore[no-untyped-def]
    """Rest the mouse on a disabled button: its reason must appear by itself; move away: it must go; rest
    again and press Esc: the pause menu must not show the game's tooltip."""

    def tips(scene: Any) -> list[Any]:
        from pygame_gui.elements import UITooltip

        return [s for s in scene.ui.get_sprite_group().sprites() if isinstance(s, UITooltip)]

    def script(h: Driver, scene: Any) -> None:
        disabled = next(k for k in ("city", "settlement", "road", "buy") if not scene.buttons[k].is_enabled)
        h.move(quiet_spot(scene))
        h.still(0.3)
        h.move(scene.buttons[disabled].rect.center)
        h.checkpoint("tooltip shown", lambda: None if tips(scene) else "no tooltip", settle=2.0)
        h.move(quiet_spot(scene))
        h.checkpoint("tooltip gone", lambda: "the tooltip is still there" if tips(scene) else None)
        h.move(scene.buttons[disabled].rect.center)
        h.wait_until("the tooltip", lambda: tips(scene))
        h.key("Escape")
        h.wait_screen("PauseScene")
        h.checkpoint("pause menu", lambda: "the game's tooltip stays under the pause menu" if tips(scene)
                     else expect_top(h, "PauseScene"))

    return main_turn(8, min_cards=0), script


@case("log_ring_comes_and_goes")
def _log_ring():  # type: ignore[no-untyped-def]
    """Rest the mouse on a log line about a place: its ring must show on the board; move up onto the
    Menu button: the ring must go."""

    def script(h: Driver, scene: Any) -> None:
        h.move(quiet_spot(scene))
        rect = scene.log_rect
        spot = None
        for y in range(rect.bottom - 8, rect.y, -6):
            h.move((rect.x + rect.w // 3, y))
            h.still(0.15)
            line = scene._log_hovered
            if line is not None and line.event is not None and scene.layout is not None:
                from catan_desktop.ui.scenes.game_anims import mark_places

                if mark_places(scene, line.event):
                    spot = (rect.x + rect.w // 3, y)
                    break
        assert spot is not None, "no log line names a place"
        h.checkpoint("ring shown", lambda: None if scene._log_hovered is not None else "no line lit")
        h.move(scene.buttons["menu"].rect.center)
        h.checkpoint("ring gone", lambda: "the log line is still lit" if scene._log_hovered else None)

    return main_turn(10, min_cards=0), script


@case("hot_seat_hand_over")
def _hot_seat():  # type: ignore[no-untyped-def]
    """Two people at one screen: you end your turn; "Pass to Sam" must show by itself; a click, and Sam's
    turn must show with Roll enabled, nothing sent after the click."""

    def setup(app: Any) -> Any:
        seed = 8
        config = config_for("base", 4, seed, humans=(0, 1))
        game = new_game(config)
        play_until(game, lambda g: main_phase_with(g, 0, 0), seed)
        return open_game(app, config, game)

    def script(h: Driver, scene: Any) -> None:
        h.move(quiet_spot(scene))
        h.key("e")
        h.wait_screen("PassDeviceScene")
        h.checkpoint("pass the screen", lambda: expect_top(h, "PassDeviceScene"))
        h.click(quiet_spot(scene))
        h.wait_until("Sam's turn", lambda: scene.viewer == 1 and h.top is scene and settled(scene))
        h.checkpoint("Sam's turn", lambda: expect_buttons(scene, roll=True, end=False))

    return setup, script


@case("game_over_by_itself")
def _game_over():  # type: ignore[no-untyped-def]
    """A computer reaches the points it needs on its turn: the Game over screen must show by itself."""

    def script(h: Driver, scene: Any) -> None:
        h.move(quiet_spot(scene))
        h.wait_screen("GameOverScene", timeout=60)
        h.checkpoint("game over", lambda: expect_top(h, "GameOverScene"))

    target = lambda g: g.is_over and 0 not in g.winners  # noqa: E731
    return game_case("base", 4, 4, target, vp=4), script


@case("knight_played_button_goes")
def _knight():  # type: ignore[no-untyped-def]
    """Click a Knight's Play button: its button must go from under the hand while you move the robber,
    and the robber's hexes glow, with nothing sent after the click."""

    def setup(app: Any) -> Any:
        from catan_desktop.engine import Action

        seed = 2
        config = config_for("base", 4, seed)
        game = new_game(config)
        play_until(game, lambda g: g.current_player == 0 and g.phase in ("roll", "main")
                   and g.is_legal(Action("knight")) and g.seat_view(0).development_cards[0] == 1, seed)
        return open_game(app, config, game, speed="instant")

    def script(h: Driver, scene: Any) -> None:
        h.click_widget(scene.play_buttons["knight"])
        h.wait_until("the robber phase", lambda: scene.ctl.game.phase == "robber")
        h.checkpoint("robber after the knight", lambda: "the Play button is still there"
                     if "knight" in scene.play_buttons else None)

    return setup, script
