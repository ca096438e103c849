"""Game records in the desktop (issue 19): Load game exports the selected save as a record in the records
folder; Import lists the records there (a damaged one with its problem), replays one, and keeps one as a new
save that Load game then lists."""

from __future__ import annotations

import pygame

from catan_desktop.ai import create_bot
from catan_desktop.engine import Game
from catan_desktop.match import play_game
from catan_desktop.persistence import load_game, read_record, save_game
from catan_desktop.persistence.userdirs import records_dir, saves_dir
from catan_desktop.ui.config import GameConfig
from catan_desktop.ui.dialogs import ConfirmScene, MessageScene
from catan_desktop.ui.scenes.load_save import LoadScene
from catan_desktop.ui.scenes.records import ImportScene
from catan_desktop.ui.scenes.replay import ReplayScene


def _saved_game() -> Game:
    game = Game.new("base", players=3, seed=8)
    play_game(game, [create_bot("random", seed=s) for s in range(3)], max_turns=30)
    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(game, saves_dir() / "evening.json", "Evening", {"config": GameConfig.default(3).to_dict()})
    return game


def test_export_then_import_a_record_from_load_game(app, drive) -> None:
    game = _saved_game()
    load = LoadScene(app)
    app.push(load)
    app.step()
    load.select(next(i for i, (info, auto) in enumerate(load.entries) if not auto))
    drive.click(load.export_button)
    assert isinstance(app.top, ConfirmScene) and "evening.catan.txt" in app.top.text
    drive.press(pygame.K_ESCAPE)
    record = records_dir() / "evening.catan.txt"
    assert read_record(record).game.to_json() == game.to_json()
    damaged = records_dir() / "damaged.catan.txt"
    damaged.write_text("format: catan-desktop-record 1\nseed: x\n", encoding="utf-8")

    drive.press(pygame.K_i)
    imports = app.top
    assert isinstance(imports, ImportScene)
    assert [p.name for p in imports.files] == ["damaged.catan.txt", "evening.catan.txt"]
    imports.select(0)
    assert "cannot be used" in imports.details.html_text and not imports.import_button.is_enabled
    imports.select(1)
    assert "Evening" in imports.details.html_text and imports.import_button.is_enabled
    drive.click(imports.replay_button)  # watch it without importing
    assert isinstance(app.top, ReplayScene)
    drive.press(pygame.K_END)
    assert app.top.ctl.game.to_json() == game.to_json()
    drive.press(pygame.K_ESCAPE)
    assert app.top is imports
    before = len(list(saves_dir().glob("*.json")))
    drive.click(imports.import_button)
    assert isinstance(app.top, MessageScene) and "Evening" in app.top.text
    drive.press(pygame.K_RETURN)
    assert app.top is load and len(list(saves_dir().glob("*.json"))) == before + 1
    assert load_game(imports.imported, verify=True).game.to_json() == game.to_json()
    assert any(info.path == imports.imported for info, _auto in load.entries)  # listed at once
