"""Clients that only see their seat (issue 33, item 3): a recording client takes part in a whole game over
127.0.0.1, and every message it got is checked, after the game, against the game played again from the
revealed seed: each state is exactly its seat's view, its events as worded for its seat, and its own legal
actions; nothing of the whole game (snapshot, seed, RNG, other hands) arrives before the end. And what a
view sends does not change when other seats' hidden cards, the deck order or the RNG do (B-3.6)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from netkit import add_table, host_thread, over, play, url, wait

from catan_desktop.engine import Game, Ruleset
from catan_desktop.engine.views import seat_event
from catan_desktop.net.client import NetClient
from catan_desktop.net.codec import view_to_data
from catan_desktop.ui.remote_port import RemotePort

pytestmark = pytest.mark.xdist_group("net")

SEEN_BEFORE_END = {"welcome", "lobby", "start", "state", "chat", "pong", "refused", "error", "_status"}


class RecordingClient(NetClient):
    """A client that keeps a copy of every message it received."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.received: list[dict[str, Any]] = []

    def poll(self) -> list[dict[str, Any]]:
        got = super().poll()
        self.received.extend(json.loads(json.dumps(m)) for m in got)
        return got


def test_no_message_to_a_seat_holds_what_its_seat_may_not_know() -> None:
    """Also a spectator's (issue 33, item 6): it is sent the public view and nothing else."""
    host = host_thread()
    try:
        add_table(host, "t1", "pcpc", seed=21)
        clients = [RecordingClient(url(host), "t1", n) for n in ("Ann", "Bob")]
        ports = [RemotePort(c.start()) for c in clients]
        watcher = RecordingClient(url(host), "t1", "Cid", watch=True)
        watching = RemotePort(watcher.start())
        assert wait(lambda: all(p.seat >= 0 for p in ports) and watcher.status == "connected",
                    ports=(*ports, watching))
        for p in ports:
            p.client.send({"t": "ready", "ready": True})
        play(ports, random.Random(5), over(ports), timeout=120)
        assert over(ports)()
        assert wait(lambda: watching.record() is not None, ports=(watching,))
        for port, client in zip(ports, clients, strict=True):
            _check_messages(port.seat, client.received)
        assert watching.seat == -1 and watching.watching
        _check_messages(-1, watcher.received)
        assert watching.verdict is not None and watching.verdict.ok
        for p in (*ports, watching):
            p.close()
    finally:
        host.stop()


def _check_messages(seat: int, received: list[dict[str, Any]]) -> None:
    kinds = [m["t"] for m in received]
    end = kinds.index("over")
    assert set(kinds[:end]) <= SEEN_BEFORE_END, set(kinds[:end]) - SEEN_BEFORE_END
    before = json.dumps(received[:end])
    for secret in ('"snapshot"', '"seed"', '"salt"', '"rng"', '"hands"', '"dev_deck"', '"history"'):
        assert secret not in before, f"{secret} sent to seat {seat} before the end"
    start = next(m for m in received if m["t"] == "start")
    final = next(m for m in received if m["t"] == "over")
    record = Game.from_json(final["snapshot"])
    replay = Game.new(Ruleset.from_dict(start["rules"]), players=record.players, seed=final["seed"],
                      board=start["board"])
    states = [m for m in received[:end + 1] if m["t"] == "state"]
    assert states and states[-1]["view"]["phase"] == "over"
    for msg in states:
        while len(replay.history) < msg["moves"]:
            replay.apply(record.history[len(replay.history)])
        view = replay.public_view() if seat < 0 else replay.seat_view(seat)
        assert msg["view"] == json.loads(json.dumps(view_to_data(view)))
        at = msg["log_at"]
        assert msg["events"] == json.loads(json.dumps([seat_event(e, seat) for e in replay.log[at:]]))
        mine = not replay.is_over and replay.current_player == seat
        assert msg["legal"] == ([str(a) for a in replay.legal_actions()] if mine else [])
        assert bool(msg["why_none"]) <= mine


@pytest.mark.parametrize("variant,players", [("base", 4), ("base-5-6", 5), ("catan-a-dois", 2),
                                             ("frenemies", 4), ("helpers", 4), ("new-york-erie-canal", 4)])
def test_a_sent_view_does_not_change_with_what_the_seat_cannot_see(variant: str, players: int) -> None:
    """Other seats' cards exchanged (their counts kept), the development deck shuffled, the RNG changed:
    the view sent to seat 0 is the same, byte for byte; so is the view sent to a spectator."""
    rng = random.Random(11)
    g = Game.new(variant, players=players, seed=13)
    checked = 0
    for step in range(900):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        if step % 150 != 149 or players < 3:
            continue
        sent = json.dumps(view_to_data(g.seat_view(0)), sort_keys=True)
        public = json.dumps(view_to_data(g.public_view()), sort_keys=True)
        data = json.loads(g.to_json())
        rng.shuffle(data["dev_deck"])
        data["rng"] = None
        hands = data["hands"]
        for _ in range(20):  # one card from x to y and one back: counts kept, the cards changed
            x, y = rng.sample(range(1, players), 2)
            a = next((r for r, n in hands[x].items() if n), None)
            b = next((r for r, n in hands[y].items() if n), None)
            if a and b and a != b:
                hands[x][a] -= 1
                hands[y][a] = hands[y].get(a, 0) + 1
                hands[y][b] -= 1
                hands[x][b] = hands[x].get(b, 0) + 1
        other = Game.from_data(data, check=False)
        assert json.dumps(view_to_data(other.seat_view(0)), sort_keys=True) == sent
        assert json.dumps(view_to_data(other.public_view()), sort_keys=True) == public
        checked += 1
    assert checked or players < 3
