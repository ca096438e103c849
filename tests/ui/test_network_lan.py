"""Games on the local network (issue 33, item 4): a host's tables announced with mDNS/DNS-SD are listed on
Play over the network, and a click puts one in the address box. Tested where this machine delivers
multicast to itself; skipped, with the reason, where it does not (joining by address is tested always:
test_network_game.py)."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from catan_desktop.net.lan import Announcer, LanBrowser

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from netkit import add_table, host_thread, wait  # noqa: E402

sys.path.pop(0)

pytestmark = pytest.mark.xdist_group("net")


def test_an_announced_table_is_found_and_lands_in_the_join_box(home, app) -> None:  # type: ignore[no-untyped-def]
    host = host_thread()
    browser = LanBrowser()
    try:
        add_table(host, "table-7", "ppc", seed=1)
        name = f"Test {time.monotonic_ns() % 100000}"
        announcer = Announcer(name, host.port, address="127.0.0.1")
        host.call(lambda h: (setattr(h, "announcer", announcer), h.announce()))
        if browser.problem:
            pytest.skip(f"no multicast DNS on this machine: {browser.problem}")
        mine = lambda: [g for g in browser.games() if g.name.startswith(name)]  # noqa: E731
        if not wait(lambda: bool(mine()), timeout=10):
            reason = announcer.problem or "multicast is not delivered to this machine itself"
            pytest.skip(f"the announcement was not heard: {reason}")
        game = mine()[0]
        assert (game.port, game.table, game.variant, game.free) == (host.port, "table-7", "base", 2)
        assert game.join_text == f"127.0.0.1:{host.port}/table-7"

        app.go("online")  # the screen lists it; choosing it fills the address box
        online = app.top
        end = time.monotonic() + 10
        while time.monotonic() < end and not any(g.name.startswith(name) for g in online.lan_shown):
            app.step([])
            time.sleep(0.02)
        index = next(i for i, g in enumerate(online.lan_shown) if g.name.startswith(name))
        online.select(index)
        assert online.entries["address"].get_text() == game.join_text
        app.pop()
        assert online.lan is None  # the screen stops listening when it closes
    finally:
        browser.close()
        host.stop()


def test_leaving_play_online_stops_its_listening_thread(home, app) -> None:  # type: ignore[no-untyped-def]
    """Each visit to Play over the network left zeroconf's browser thread running after the screen closed
    (LanBrowser.close closed the Zeroconf instance only): three visits, three threads more."""
    def listening() -> int:
        return sum(t.name.startswith("zeroconf-ServiceBrowser") for t in threading.enumerate())

    before = listening()
    for _visit in range(3):
        app.go("online")
        if app.top.lan.problem:
            pytest.skip(f"no multicast DNS on this machine: {app.top.lan.problem}")
        assert listening() == before + 1
        app.pop()
        assert wait(lambda: listening() == before, timeout=5)


def test_an_announcement_that_comes_after_the_close_announces_nothing() -> None:
    """The host's Leave closed its announcer before the announcing thread had taken the lock; that thread
    then made its Zeroconf, announced the stopped table, and zeroconf's thread ran on (one left after the
    hosting test). Here the late thread's work is run after the close, as it happened."""
    before = {t.ident for t in threading.enumerate()}
    announcer = Announcer("Late", 8765, address="127.0.0.1")
    announcer.close()
    announcer._announce([("table-1", "base", 2, False)])  # the thread's body, late
    assert announcer._zc is None and not announcer._infos
    assert {t.ident for t in threading.enumerate()} <= before


def test_an_announcement_updated_after_the_lobby_changed_is_still_heard() -> None:
    """Seen with two app windows: the hosted table was never listed on the other. Its first announcement
    went out, but the update when the host's own player sat down (free seats 2 -> 1) failed ("ServiceInfo
    must have a server": zeroconf's update does not name the server as its registration does) and took the
    table off the network. The update is heard, with its new count."""
    browser = LanBrowser()
    name = f"Upd {time.monotonic_ns() % 100000}"
    announcer = Announcer(name, 8765, address="127.0.0.1")
    try:
        if browser.problem:
            pytest.skip(f"no multicast DNS on this machine: {browser.problem}")
        mine = lambda: [g for g in browser.games() if g.name.startswith(name)]  # noqa: E731
        announcer._announce([("table-1", "base", 2, False)])  # the thread's body, in order
        if not wait(lambda: bool(mine()), timeout=10):
            pytest.skip(f"the announcement was not heard: {announcer.problem or 'no multicast to itself'}")
        announcer._announce([("table-1", "base", 1, False)])
        assert announcer.problem is None
        assert wait(lambda: [g.free for g in mine()] == [1], timeout=10), mine()
    finally:
        announcer.close()
        browser.close()
