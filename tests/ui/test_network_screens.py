"""The network game's screens (issue 33), headless: join a table from Play over the network by its
address, wait in the lobby for a friend (a scripted client), start, and play the whole game on the game
screen through the remote seat port (its moves go to the host; the friend's and the computers' come back
through ``pump``) to Game over, which says the dice were verified. And hosting from the same screen opens
a table on this computer that the lobby's Leave closes."""

from __future__ import annotations

import random
import socket
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from catan_desktop.persistence.net_seats import seat_token
from catan_desktop.ui.app import App

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from netkit import add_table, choose, host_thread, join, wait  # noqa: E402

sys.path.pop(0)

pytestmark = pytest.mark.xdist_group("net")


def _step_until(app: App, cond, timeout: float = 10.0) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.step(pygame.event.get())
        if cond():
            return True
        time.sleep(0.005)
    return False


def test_join_by_address_wait_in_the_lobby_and_play_to_game_over(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    host = host_thread()
    try:
        add_table(host, "friends", "ppcc", seed=12, players_options={"victory_points.target": 4})
        app.settings.animation_speed = "instant"
        app.go("menu")
        drive.pump()
        drive.click(app.top.buttons["online"])
        online = app.top
        assert type(online).__name__ == "OnlineScene"
        drive.click(online.entries["address"])
        drive.type(f"127.0.0.1:{host.port}/friends")
        drive.click(online.join_button)
        lobby = app.top
        assert type(lobby).__name__ == "LobbyScene"
        assert _step_until(app, lambda: lobby.port.lobby is not None)
        assert lobby.port.owner  # the first to sit down starts the game
        # the seat's token is kept in the data folder: a restarted game takes the same seat back
        assert seat_token(f"ws://127.0.0.1:{host.port}", "friends") == lobby.port.client.token
        assert not lobby.start_button.is_enabled  # a person's seat is still free
        friend = join(host, "friends", "Bea")
        assert wait(lambda: friend.seat >= 0, ports=(friend,))
        friend.say("hello from Bea")
        assert _step_until(app, lambda: lobby.start_button.is_enabled and "Bea" in lobby.chat_box.html_text)
        assert "Bea" in lobby.seats_box.html_text
        drive.click(lobby.start_button)
        assert _step_until(app, lambda: type(app.top).__name__ == "GameScene")
        scene = app.top
        me = scene.port.seat
        assert scene.port.remote and scene.viewer == me and scene.names[friend.seat] == "Bea"
        # the chat goes on in the game: M opens a line for the table; the friend's lines come to the log
        drive.press(pygame.K_m)
        assert type(app.top).__name__ == "ChatDialog"
        drive.type("good luck")
        drive.press(pygame.K_RETURN)
        assert app.top is scene
        assert wait(lambda: any(m.get("text") == "good luck" for m in friend.chat), ports=(friend,))
        friend.say("you too")
        assert _step_until(app, lambda: any("you too" in line for line in scene.log_lines))
        assert any("Bea" in line and "you too" in line for line in scene.log_lines)
        # Esc's menu over a network game: the host keeps it, so no Save or Load here (Save crashed the app:
        # the port's SaveError was made without its file), and leaving says what happens to the seat
        drive.press(pygame.K_ESCAPE)
        pause = app.top
        assert type(pause).__name__ == "PauseScene" and pause.remote
        assert not pause.buttons["save"].is_enabled and not pause.buttons["load"].is_enabled
        drive.press(pygame.K_s)
        drive.press(pygame.K_l)
        assert app.top is pause
        drive.press(pygame.K_q)
        assert type(app.top).__name__ == "ConfirmScene" and "plays your seat" in app.top.text
        drive.press(pygame.K_ESCAPE)
        assert app.top is pause
        drive.press(pygame.K_ESCAPE)
        assert app.top is scene
        # the window's close button asks too (it quit at once: the seat went to a computer unasked)
        app.step([pygame.event.Event(pygame.QUIT)])
        assert type(app.top).__name__ == "ConfirmScene" and app.top.title == "Leave the table?"
        assert app.running
        drive.press(pygame.K_ESCAPE)
        assert app.top is scene
        rng, friend_rng = random.Random(4), random.Random(5)  # one each: the game does not depend on timing
        end = time.monotonic() + 150
        played = 0
        while time.monotonic() < end and type(app.top).__name__ != "GameOverScene":
            while friend.pump() is not None:
                pass
            if friend.human_to_act and friend.legal():
                friend.apply(choose(friend, friend_rng))
            top = app.top
            if top is scene and scene.port.human_to_act and not scene.anims:
                legal = scene.port.legal()
                if legal:
                    scene.do(choose(scene.port, rng))
                    played += 1
            elif top is not scene and type(top).__name__ != "GameOverScene":
                app.pop()  # a phase dialog (discard, robber...): this test plays through the port
            app.step(pygame.event.get())
        assert type(app.top).__name__ == "GameOverScene", f"not over after {played} moves"
        assert played > 10
        assert scene.port.verdict is not None and scene.port.verdict.ok
        assert "again" not in app.top.buttons  # the host deals the next game
        friend.close()
    finally:
        host.stop()


def test_hosting_opens_a_table_here_and_leaving_closes_it(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    app.go("online")
    online = app.top
    drive.pump()
    entry = online.entries["port"]
    entry.set_text(str(free))
    drive.click(online.host_button)
    lobby = app.top
    assert type(lobby).__name__ == "LobbyScene"
    assert _step_until(app, lambda: lobby.port.lobby is not None)
    assert f":{free}" in lobby._invite()
    friend = join(type("H", (), {"port": free})(), "table-1", "Bea")  # type: ignore[arg-type]
    assert wait(lambda: friend.seat == 1, ports=(friend,))
    drive.click(lobby.leave_button)
    drive.click(app.top.yes)
    assert app.top is online
    assert wait(lambda: friend.client.status in ("lost", "closed"), timeout=5, ports=(friend,))
    friend.close()


def test_watching_a_game_from_the_network_screen_to_game_over(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    """Issue 33, item 6: Watch on Play over the network opens the lobby as a spectator (no Ready, no
    Start), then the game screen with no hand and no moves of its own, its log worded for nobody ("Bea
    rolled", never "you"), to Game over (the dice verified, and nobody's "You win!")."""
    host = host_thread()
    try:
        add_table(host, "friends", "pcc", seed=12, players_options={"victory_points.target": 4})
        friend = join(host, "friends", "Bea")
        assert wait(lambda: friend.seat >= 0, ports=(friend,))
        app.settings.animation_speed = "instant"
        app.go("online")
        online = app.top
        drive.pump()
        drive.click(online.entries["address"])
        drive.type(f"127.0.0.1:{host.port}/friends")
        drive.click(online.entries["name"])
        online.entries["name"].set_text("Cid")
        drive.click(online.watch_button)
        lobby = app.top
        assert type(lobby).__name__ == "LobbyScene" and lobby.port.watching
        assert _step_until(app, lambda: "Cid" in lobby.seats_box.html_text)
        assert not lobby.ready_button.visible and not lobby.start_button.visible
        assert "watching" in lobby.seats_box.html_text
        friend.client.send({"t": "ready", "ready": True})
        assert _step_until(app, lambda: type(app.top).__name__ == "GameScene")
        scene = app.top
        assert scene.port.watching and scene.hand_title(scene.viewer) == "You are watching"
        assert not scene.buttons["road"].is_enabled
        rng = random.Random(5)
        end = time.monotonic() + 150
        while time.monotonic() < end and type(app.top).__name__ != "GameOverScene":
            while friend.pump() is not None:
                pass
            if friend.human_to_act and friend.legal():
                friend.apply(choose(friend, rng))
            assert app.top is scene or type(app.top).__name__ == "GameOverScene", app.top  # no dialog
            app.step(pygame.event.get())
        assert type(app.top).__name__ == "GameOverScene"
        assert any("Bea" in line for line in scene.log_lines)
        assert not any(line.startswith("You ") for line in scene.log_lines)
        assert scene.port.verdict is not None and scene.port.verdict.ok
        assert app.top.winner_label.text != "You win!"
        # the replay viewer says the dice check first in its log
        app.top.open_replay()
        assert type(app.top).__name__ == "ReplayScene"
        assert app.top.log_lines[0].startswith("dice verified")
        friend.close()
    finally:
        host.stop()


class FakeLan:
    """Games on your network, as heard (the tests add them)."""

    problem = None

    def __init__(self) -> None:
        self.heard: list[Any] = []

    def games(self) -> list[Any]:
        return list(self.heard)

    def close(self) -> None:
        pass


def test_a_game_heard_on_the_network_while_typing_keeps_the_box_and_its_keys(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    """The list of games on the network is made again when a game is heard; the address box being typed in
    keeps its focus and cursor, so the keys typed next are not lost (seen in bench/net_walk.py: the joining
    window's address came out short and Join said the address was wrong)."""
    from catan_desktop.net.lan import LanGame

    app.go("online")
    online = app.top
    online.lan.close()
    online.lan = FakeLan()
    drive.pump()
    drive.click(online.entries["address"])
    drive.type("127.0.")
    online.lan.heard.append(LanGame("Ann", "127.0.0.1", 8765, "table-1", "base", 1))
    drive.pump()
    assert len(online.lan_shown) == 1  # the list was made again
    drive.type("0.1:8765")
    assert online.entries["address"].get_text() == "127.0.0.1:8765"


def test_the_name_field_offers_the_name_last_used_never_you(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    """Every window offered "You" as the player's name, so at a table every player was "You". The field
    starts with the login name (or "Player"); the name a player joins with is offered the next time, also
    after a restart (the settings file), and so is the address (it had to be typed again to rejoin)."""
    from catan_desktop.ui.settings import Settings

    app.go("online")
    online = app.top
    assert online.entries["name"].get_text() not in ("", "You")
    host = host_thread()
    try:
        add_table(host, "t1", "ppc", seed=3)
        drive.click(online.entries["address"])
        drive.type(f"127.0.0.1:{host.port}/t1")
        online.entries["name"].set_text("  Zoe   Q ")
        drive.click(online.join_button)
        lobby = app.top
        assert _step_until(app, lambda: lobby.port.lobby is not None and "Zoe Q" in lobby.seats_box.html_text)
        drive.click(lobby.leave_button)
        if type(app.top).__name__ == "ConfirmScene":
            drive.click(app.top.yes)
    finally:
        host.stop()
    assert app.settings.online_name == "Zoe Q" and Settings.load()[0].online_name == "Zoe Q"
    address = f"127.0.0.1:{host.port}/t1"
    assert Settings.load()[0].online_address == address
    app.go("menu", how="reset")
    app.go("online")
    assert app.top.entries["name"].get_text() == "Zoe Q"
    assert app.top.entries["address"].get_text() == address  # to join again after leaving


def _join_from_the_menu(app: App, drive, port: int, table: str):  # type: ignore[no-untyped-def]
    """Play over the network: the address typed, Join; returns the lobby."""
    app.go("online")
    online = app.top
    drive.click(online.entries["address"])
    drive.type(f"127.0.0.1:{port}/{table}")
    drive.click(online.join_button)
    return app.top


def test_the_lobby_says_when_the_host_closed_the_table(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    """Seen under Xvfb: the host left its lobby (the table closed) and the other player's lobby went on
    showing the seats as before, Ready and all. It now says the host closed the table, and neither Ready
    nor Start can be pressed while the host is out of reach."""
    host = host_thread()
    add_table(host, "t1", "ppc", seed=3)
    lobby = _join_from_the_menu(app, drive, host.port, "t1")
    assert _step_until(app, lambda: lobby.port.lobby is not None and lobby.ready_button.is_enabled)
    host.stop()
    assert _step_until(app, lambda: "The host closed the table." in lobby.seats_box.html_text)
    assert not lobby.ready_button.is_enabled and not lobby.start_button.is_enabled
    app.go("menu", how="reset")  # the lobby closed another way than Leave: its connection stops trying
    assert wait(lambda: lobby.port.client.status == "closed", timeout=5)


def test_while_the_host_is_out_of_reach_the_game_waits_for_it(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    """Seen under Xvfb: the host had stopped, yet the other player's screen still said "Place a settlement:
    click a glowing spot", and a click sent a move nowhere. Out of reach, the seat does not act and the
    header says the game waits for the host."""
    host = host_thread()
    add_table(host, "t1", "pcc", seed=3)
    app.settings.animation_speed = "instant"
    lobby = _join_from_the_menu(app, drive, host.port, "t1")
    assert _step_until(app, lambda: lobby.start_button.is_enabled)
    drive.click(lobby.start_button)
    assert _step_until(app, lambda: type(app.top).__name__ == "GameScene")
    scene = app.top
    assert _step_until(app, lambda: scene.port.human_to_act)
    host.stop()
    assert _step_until(app, lambda: scene.port.out_of_reach)
    assert not scene.port.human_to_act
    shown: list[str] = []
    draw_text = scene.draw_text

    def recording(surface, text, *args, **kw):  # type: ignore[no-untyped-def]
        shown.append(text)
        return draw_text(surface, text, *args, **kw)

    scene.draw_text = recording  # type: ignore[method-assign]
    scene.draw_header(app.screen, pygame.Rect(0, 0, 1280, 46))
    assert "Waiting for the host…" in shown


def test_a_game_on_your_network_is_chosen_by_a_click_and_joined_by_a_double_click(app: App, drive) -> None:  # type: ignore[no-untyped-def]
    """Seen with two app windows: a click on a listed game did nothing, and a double-click said "Type the
    host's address" (the screen's own widget events never reached the list's). A click fills the address
    box; a double-click joins."""
    from catan_desktop.net.lan import LanGame

    host = host_thread()
    try:
        add_table(host, "table-1", "ppc", seed=3)
        app.go("online")
        online = app.top
        online.lan.close()
        online.lan = FakeLan()
        online.lan.heard.append(LanGame("Ann", "127.0.0.1", host.port, "table-1", "base", 2))
        drive.pump()
        item = online.list.item_list_container.elements[0]
        drive.click(item)
        assert online.entries["address"].get_text() == f"127.0.0.1:{host.port}/table-1"
        drive.click(item)  # the second click of a double-click
        assert _step_until(app, lambda: type(app.top).__name__ == "LobbyScene")
        lobby = app.top
        assert _step_until(app, lambda: lobby.port.seat >= 0)
    finally:
        host.stop()
