"""Every board variant and scenario plays over the network (issue 33, item 1): two persons at their own
clients and computers at the host play the first 120 moves of each (Catan a Dois's market and reserve,
the 5-6 player special building phase, Frenemies' gifts, Helpers, the scenarios and the Erie Canal), every
move taken from the seat's own legal actions and accepted by the host; at the end each client's view is
the host's view of its seat."""

from __future__ import annotations

import random

import pytest
from netkit import add_table, host_thread, join, play, wait

from catan_desktop.net.codec import view_to_data

pytestmark = pytest.mark.xdist_group("net")

VARIANTS = [("base-5-6", "pcpcp"), ("catan-a-dois", "pp"), ("frenemies", "pcpc"), ("helpers", "pcpc"),
            ("new-york-erie-canal", "pcpc"), ("corsica", "pcpc")]


@pytest.mark.parametrize("variant,seats", VARIANTS)
def test_a_variant_plays_over_the_network(variant: str, seats: str) -> None:
    host = host_thread()
    try:
        add_table(host, "t", seats, seed=5, variant=variant, players_options={})
        names = ["Ann", "Bob", "Cid"][: seats.count("p")]
        ports = [join(host, "t", n) for n in names]
        assert wait(lambda: all(p.seat >= 0 for p in ports), ports=tuple(ports))
        for p in ports:
            p.client.send({"t": "ready", "ready": True})
        assert wait(lambda: all(p.started for p in ports), ports=tuple(ports))
        moves = play(ports, random.Random(2), lambda: sum(p.moves for p in ports) >= 120 * len(ports)
                     or all(p.started and p.moves and p.view(p.seat).is_over for p in ports), timeout=60)
        assert moves > 10
        for p in ports:  # nothing the clients sent was refused
            assert not [n for n in p.notices if getattr(n, "code", "") != "chat"], list(p.notices)

        def caught_up() -> bool:
            for p in ports:
                while p.pump() is not None:
                    pass
            def still(h):  # type: ignore[no-untyped-def]  # the host waits for a person: nothing moves
                t = h.tables["t"]
                g = t.game
                waiting = g.is_over or t.seats[g.current_player].kind == "person"
                return waiting and all(len(g.history) == p.moves for p in ports)

            in_flight = any(p._sent is not None for p in ports)  # a move sent as the play loop ended
            return not in_flight and bool(host.call(still))

        assert wait(caught_up, timeout=20, ports=tuple(ports))
        for p in ports:
            theirs = host.call(lambda h, s=p.seat: view_to_data(h.tables["t"].game.seat_view(s)))
            assert view_to_data(p.view(p.seat)) == theirs
        for p in ports:  # (a goodbye lets a computer take the seat at once: the game moves on)
            p.close()
    finally:
        host.stop()
