"""A dice game staged in the middle (``catan-desktop screenshot --scene dice``, the self-test): computers
play some turns for every seat, then the person's turn starts with the dice rolled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ai import create_bot
from ...engine import Action, RulesetError
from ...engine.any_game import game_kind
from ...engine.dice_sheet import load_sheet
from ...i18n import _
from ...variants import RuleFileError
from ..config import HUMAN, GameConfig, SeatConfig

if TYPE_CHECKING:
    from ..app import App
    from .dice_game import DiceGameScene
DEMO_NAMES = ("You", "Anna", "Bruno", "Carla")


def demo_config(variant: str, players: int, seed: int) -> GameConfig:
    """You and computers at a dice game of ``variant``."""
    colours = load_sheet(variant).colours
    seats = [SeatConfig(_(DEMO_NAMES[i]), HUMAN if i == 0 else "normal", colours[i]) for i in range(players)]
    return GameConfig(variant=variant, seats=seats, board="sheet", seed=seed)


def stage_dice_game(app: App, config: GameConfig, turns: int = 6, rolls: int = 2) -> DiceGameScene:
    """Push a dice game and play it with computers to seat 0's turn ``turns`` (of the game), then roll
    ``rolls`` times for seat 0 (keeping what a computer would); returns the scene."""
    scene: DiceGameScene = app.go("dice_game", config)  # type: ignore[assignment]
    ctl, bot = scene.ctl, create_bot("normal", seed=config.seed)
    game = ctl.game
    while not game.is_over and (game.turn < turns or game.current_player != 0):
        ctl.apply(bot.choose(game.clone(), game.current_player))
    for _roll in range(rolls):
        if game.is_over or game.current_player != 0:
            break
        choice = bot.choose(game.clone(), 0)
        if game.phase == "roll":
            ctl.apply(Action("roll"))
        elif choice.kind == "reroll":
            scene.kept = set(range(len(game.seat_view(0).dice))) - set(choice.a)
            ctl.apply(choice)
        else:
            break
    if game.phase == "reroll" and not game.is_over:  # show which dice the player would keep now
        choice = bot.choose(game.clone(), 0)
        if choice.kind == "reroll":
            scene.kept = set(range(len(game.seat_view(0).dice))) - set(choice.a)
    scene.anims.clear()
    scene.relog()
    return scene


def dice_variant(variant: str) -> str:
    """``variant`` when it is a dice game's sheet, else Dice Game Plus (the CLI's default is a board game)."""
    try:
        return variant if game_kind(variant) == "dice" else "dice-game-plus"
    except (RulesetError, RuleFileError, OSError):  # an unknown name: show the Plus game
        return "dice-game-plus"


def stage_demo(app: App, variant: str, seed: int) -> DiceGameScene:
    """The screenshot's game: four players in Plus (alone in the classic game), some turns in."""
    sheet = load_sheet(variant)
    players = min(sheet.players_max, 4) if sheet.players_min > 1 else 1
    scene = stage_dice_game(app, demo_config(variant, players, seed), turns=17 if players > 1 else 7)
    for _frame in range(3):
        app.step([])
    return scene
