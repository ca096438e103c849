"""Real-time cases of the add-ons, the scenario's canal and the Catan Dice Game (issue 31): every dialog the
game opens by itself must be on screen a moment later, with nothing sent."""

from __future__ import annotations

from typing import Any

from cases_base import expect_top, game_case, quiet_spot
from harness import Case, Driver
from staging import config_for, open_game, stage_after_computers

CASES: dict[str, Case] = {}


def phase_case(name: str, variant: str, players: int, seed: int, phase: str, dialog: str,
               level: str = "easy", choose: Any = None, speed: str = "fast") -> None:
    """A computer's move puts seat 0 in ``phase``: the game opens ``dialog`` by itself."""

    def script(h: Driver, scene: Any) -> None:
        h.move(quiet_spot(scene))
        h.wait_screen(dialog, timeout=60)
        h.checkpoint(f"{dialog} by itself", lambda: expect_top(h, dialog))

    target = lambda g: g.phase == phase and g.current_player == 0  # noqa: E731
    setup = game_case(variant, players, seed, target, level=level, choose=choose, speed=speed)
    CASES[name] = Case(name, setup, script)


def own_phase_case(name: str, variant: str, players: int, seed: int, phase: str, dialog: str,
                   level: str = "easy", target: Any = None) -> None:
    """Your own move put you in ``phase`` (or at ``target(game)``; the game saved there, Continue): the
    dialog opens by itself as the game screen appears."""

    def setup(app: Any) -> Any:
        config = config_for(variant, players, seed)
        moment = target or (lambda g: g.phase == phase and g.current_player == 0)
        game, _moves = stage_after_computers(config, moment, seed, tail=0, level=level)
        return open_game(app, config, game)

    def script(h: Driver, scene: Any) -> None:
        h.wait_screen(dialog, timeout=30)
        h.checkpoint(f"{dialog} by itself", lambda: expect_top(h, dialog))

    CASES[name] = Case(name, setup, script)


phase_case("frenemies_gift_from_computer", "frenemies", 4, 1, "gift_answer", "GiftAnswerDialog",
           speed="normal")
# Helpers' prompt after a computer's move is not a case: main showed it in time (the roll's animation kept the
# old loop drawing until the dialog was complete), so no test of it could fail there; its pay, pick and
# after-use dialogs below did fail.
phase_case("canal_offer_from_computer", "new-york-erie-canal", 4, 2, "canal_answer", "CanalAnswerDialog",
           level="normal")
own_phase_case("dois_market_cap", "catan-a-dois", 2, 1, "market_cap", "MarketCapDialog")


def remote_card_drawn(g: Any) -> bool:
    """Catan a Dois: your settlement drew a remote-area card you may exchange (D-7.2)."""
    if g.phase != "main" or g.current_player != 0:
        return False
    drawn = g.seat_view(0).modules.get("remote_cards", {}).get("drawn")
    return bool(drawn) and any(a.kind == "remote_exchange" for a in g.legal_actions())


own_phase_case("dois_remote_card", "catan-a-dois", 2, 1, "main", "RemoteCardDialog", target=remote_card_drawn)
own_phase_case("frenemies_favour_return", "frenemies", 4, 1, "favour_return", "ReturnFavourDialog",
               level="normal")
own_phase_case("helpers_pay", "helpers", 4, 1, "helper_pay", "PayDialog", level="normal")
own_phase_case("helpers_pick", "helpers", 4, 1, "helper_pick", "PickDialog", level="normal")
own_phase_case("helpers_after", "helpers", 4, 1, "helper_after", "AfterDialog", level="normal")


def _dice_setup(app: Any) -> Any:
    from catan_desktop.ui.scenes.dice_demo import demo_config, stage_dice_game

    app.settings.animation_speed = "fast"
    return stage_dice_game(app, demo_config("dice-game", 1, 4), turns=3, rolls=0)


def _dice_script(h: Driver, scene: Any) -> None:
    """The Catan Dice Game: press R; when the dice stop, "Roll again" and "End turn" must show enabled."""
    h.move((scene.app.size[0] // 2, 40))
    h.wait_until("your roll", lambda: scene.view.phase == "roll" and scene.ctl.human_to_act)
    h.key("r")
    h.wait_until("the dice rolled", lambda: scene.view.phase != "roll" and not scene.rolling())

    def buttons_on() -> str | None:
        off = [k for k in ("roll", "end") if not scene.buttons[k].is_enabled]
        return f"expected enabled: {', '.join(off)}" if off else None

    h.checkpoint("buttons after the roll", buttons_on)


CASES["dice_game_roll"] = Case("dice_game_roll", _dice_setup, _dice_script)
