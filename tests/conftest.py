"""Shared test helpers (the `kit` fixture): hand-built positions on the beginner board.

Positions are built the way docs/engine-api.md suggests: take the snapshot of a fresh game, edit its
fields, and load it back with ``Game.from_json``. Roads are given as pairs of intersections so a test reads
as geometry ("road from 16 to 22") rather than as edge numbers.

Beginner board (rules/base.yaml ``layouts.beginner``), hex id -> terrain, number:
    1.1 mountains 10   1.2 pasture 2   1.3 forest 9
    2.1 fields 12   2.2 hills 6   2.3 pasture 4   2.4 hills 10
    3.1 fields 9   3.2 forest 11   3.3 desert (robber)   3.4 forest 3   3.5 mountains 8
    4.1 forest 8   4.2 mountains 3   4.3 fields 4   4.4 pasture 5
    5.1 hills 5   5.2 fields 6   5.3 pasture 11
Harbours (intersection pairs): generic (0,3), grain (1,5), ore (10,15), generic (26,32), wool (42,46),
generic (49,52), generic (47,51), brick (33,38), lumber (11,16).
"""

from __future__ import annotations

import os
import tempfile

# The player's own folders (saves, settings, own rule files) never reach the tests: a fresh, empty home for
# the session, set before anything lists variants at import time (tests/ui gives each test its own).
os.environ["CATAN_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="catan-tests-")
# Network code talks to this machine only: the local network's game announcements (mDNS) stay on loopback.
os.environ["CATAN_DESKTOP_LAN_INTERFACES"] = "127.0.0.1"

import gc  # noqa: E402
import json  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Iterable, Sequence  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from catan_desktop.engine.game import Game  # noqa: E402
from catan_desktop.engine.ruleset import load_rules  # noqa: E402

RESOURCES = ("lumber", "wool", "grain", "brick", "ore")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Every test module is imported now: what the imports made goes to the collector's permanent
    generation (gc.freeze), so that the full collection the app makes whenever a screen's widgets go
    (catan_desktop/ui/memory.py) does not walk those long-lived objects again in every test. Objects the
    tests make are collected as before."""
    gc.collect()
    gc.freeze()


class Kit:
    """Builds positions and performs small chores that many rule tests need."""

    def fresh(
        self,
        players: int = 4,
        seed: int = 7,
        board: str = "beginner",
        options: dict[str, Any] | None = None,
    ) -> Game:
        """A new game at the start of the founding phase."""
        return Game.new("base", players=players, seed=seed, board=board, options=options)

    def edge(self, game: Game, a: int, b: int) -> int:
        """The path between intersections ``a`` and ``b`` (KeyError if they are not neighbours)."""
        return game.topo.edge_index[(min(a, b), max(a, b))]

    def path(self, game: Game, nodes: Sequence[int]) -> list[int]:
        """The paths along a walk of neighbouring intersections."""
        return [self.edge(game, a, b) for a, b in zip(nodes, nodes[1:], strict=False)]

    def position(
        self,
        *,
        players: int = 4,
        seed: int = 7,
        options: dict[str, Any] | None = None,
        phase: str = "main",
        current: int = 0,
        turn: int = 9,
        buildings: Iterable[tuple[int, int, str]] = (),
        roads: Iterable[tuple[int, int, int]] = (),
        paths: Iterable[tuple[Sequence[int], int]] = (),
        hands: Sequence[dict[str, int]] | None = None,
        bank: dict[str, int] | None = None,
        robber: str | None = None,
        dev_cards: Sequence[dict[str, int]] | None = None,
        dev_bought: Sequence[dict[str, int]] | None = None,
        dev_deck: list[str] | None = None,
        knights: Sequence[int] | None = None,
        longest_road: int | None = None,
        largest_army: int | None = None,
        **fields: Any,
    ) -> Game:
        """A hand-built position on the beginner board.

        ``buildings``: (node, seat, "settlement"|"city"); ``roads``: (node, node, seat); ``paths``: (walk of
        nodes, seat) laying a road on every step. The bank is derived from the hands unless given; the deck
        is derived (and shuffled) unless given. Extra keyword arguments set snapshot fields verbatim.
        """
        base = self.fresh(players=players, seed=seed, options=options)
        d = json.loads(base.to_json())
        d["phase"] = phase
        d["current"] = current
        d["turn"] = turn
        d["setup"] = {"queue": [], "index": 0, "last_settlement": -1}
        d["history"] = []
        d["log"] = []
        d["dice"] = [2, 3] if phase == "main" else None
        d["buildings"] = [[n, p, kind] for n, p, kind in buildings]
        road_list = [[self.edge(base, a, b), p] for a, b, p in roads]
        for walk, p in paths:
            road_list.extend([e, p] for e in self.path(base, walk))
        d["roads"] = road_list
        d["hands"] = list(hands) if hands is not None else [{} for _ in range(players)]
        if bank is None:
            del d["bank"]
        else:
            d["bank"] = {r: bank.get(r, 19) for r in RESOURCES}
        if robber is not None:
            d["board"]["robber"] = robber
        d["dev_cards"] = list(dev_cards) if dev_cards is not None else [{} for _ in range(players)]
        d["dev_bought_this_turn"] = (
            list(dev_bought) if dev_bought is not None else [{} for _ in range(players)]
        )
        d["knights_played"] = list(knights) if knights is not None else [0] * players
        if dev_deck is None:
            del d["dev_deck"]
        else:
            d["dev_deck"] = dev_deck
        d["longest_road"] = longest_road
        d["largest_army"] = largest_army
        d.update(fields)
        return Game.from_json(json.dumps(d))

    def deck(
        self, top: Sequence[str] = (), held: dict[str, int] | None = None, variant: str = "base"
    ) -> list[str]:
        """A whole development deck for ``dev_deck`` (B-1.5: every card the rule file has) ending with
        ``top`` (the last card is drawn first), less the cards ``held`` elsewhere (hands, played knights).
        Snapshots must account for every card (docs/engine-api.md), so a test that wants a known top card
        puts it on the rest of the deck rather than giving a deck of one card."""
        left = dict(load_rules(variant).dev_deck)
        for card, n in Counter(top).items():
            left[card] -= n
        for card, n in (held or {}).items():
            left[card] -= n
        assert min(left.values()) >= 0, "more cards than the game has"
        return [card for card, n in left.items() for _ in range(n)] + list(top)

    def force_roll(self, game: Game, total: int) -> None:
        """Apply "roll" so that the dice show ``total``, by reseeding the game's generator.

        The roll itself goes through the engine's normal path; only the generator's seed is chosen.
        """
        for k in range(5000):
            game.rng.seed(k)
            trial = game.clone()
            trial.apply("roll")
            if trial.s.dice is not None and sum(trial.s.dice) == total:
                game.rng.seed(k)
                game.apply("roll")
                assert game.s.dice is not None and sum(game.s.dice) == total
                return
        raise AssertionError(f"no seed rolls {total}")

    def hand(self, game: Game, seat: int) -> dict[str, int]:
        """A seat's resource cards, zero counts dropped."""
        return {r: n for r, n in game.hand(seat).items() if n}

    def bank(self, game: Game) -> dict[str, int]:
        """The bank's cards per resource."""
        return dict(zip(game.rules.resources, game.s.bank, strict=True))

    def hand_size(self, game: Game, seat: int) -> int:
        return sum(game.hand(seat).values())

    def play_setup(self, game: Game) -> list[tuple[str, int]]:
        """Finish the founding phase choosing the first legal action each time; return (kind, seat) pairs."""
        done: list[tuple[str, int]] = []
        while game.phase in ("setup_settlement", "setup_road"):
            seat = game.current_player
            action = game.legal_actions()[0]
            game.apply(action)
            done.append((action.kind, seat))
        return done


@pytest.fixture
def kit() -> Kit:
    """The position-building helpers."""
    return Kit()


@pytest.fixture
def own(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The player's own rule folder, made in a fresh home under tmp_path (its path)."""
    from catan_desktop import paths

    monkeypatch.setenv("CATAN_DESKTOP_HOME", str(tmp_path / "home"))
    folder = paths.user_rules_dir()
    folder.mkdir(parents=True)
    return folder
