"""The hard level's think time as work (issue 20, ai/budget.py): a decision depends on the bot's seed and its
seat's knowledge, never on the machine's speed; more think time searches more; the clock only stops a search
that runs long."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from catan_desktop.ai import budget as budget_module
from catan_desktop.ai import create_bot
from catan_desktop.ai.budget import NODES_PER_SECOND, Budget
from catan_desktop.ai.evaluate import HARD
from catan_desktop.ai.heuristic import HeuristicBot
from catan_desktop.engine import Game


def _planner(think: float) -> HeuristicBot:
    """A hard bot that plans its turn at once (no domestic offer first, which needs no search)."""
    bot = HeuristicBot("hard", seed=3, think_time=think, weights=replace(HARD, offer_search=0.0))
    bot._maybe_offer = lambda *_args: None  # type: ignore[method-assign]
    return bot


def _main_positions(seed: int = 5, count: int = 12) -> list[tuple[Game, int]]:
    """Positions of a game between normal bots where the seat to act is in its main phase with a choice."""
    game = Game.new("base", players=4, seed=seed)
    bots = [create_bot("normal", seed=seed + k) for k in range(4)]
    out: list[tuple[Game, int]] = []
    while not game.is_over and len(out) < count:
        seat = game.current_player
        moves = [a for a in game.legal_actions() if a.kind not in ("end", "offer")]
        if game.phase == "main" and len(moves) >= 4 and sum(game.hand(seat).values()) >= 4:
            out.append((game.clone(), seat))
        game.apply(bots[seat].choose(game, seat))
    return out


class _Clock:
    """A stand-in for ``time.perf_counter``: ``step`` seconds pass on every reading."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_a_decision_does_not_depend_on_the_machines_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same seed and position give the same action whether time stands still or runs 100 times slower
    than the search (as long as the clock does not reach the think time)."""
    positions = _main_positions()
    assert len(positions) >= 8
    chosen: list[list[str]] = []
    used: list[list[float]] = []
    for step in (0.0, 1e-6):
        monkeypatch.setattr(budget_module, "time", _Clock(step))
        actions, nodes = [], []
        for game, seat in positions:
            bot = _planner(0.4)
            actions.append(str(bot.choose(game, seat)))
            nodes.append(bot.budget.used)
        chosen.append(actions)
        used.append(nodes)
    assert chosen[0] == chosen[1]
    assert used[0] == used[1]


def test_more_think_time_searches_more_within_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget_module, "time", _Clock(0.0))
    totals = []
    for think in (0.05, 0.2, 0.8):
        total = 0.0
        for game, seat in _main_positions():
            bot = _planner(think)
            bot.choose(game, seat)
            # the first moves are always valued (a decision needs them); past them the budget holds
            assert bot.budget.used <= max(think * NODES_PER_SECOND, 60) + 200
            total += bot.budget.used
        totals.append(total)
    assert totals[0] < totals[1] < totals[2]


def test_the_clock_stops_a_search_that_runs_long(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a machine far slower than the reference, the search ends at the think time with a legal move."""
    positions = _main_positions(count=6)
    used = []
    for step in (0.0, 0.05):  # time stands still; every reading of the clock is 50 ms later
        monkeypatch.setattr(budget_module, "time", _Clock(step))
        total = 0.0
        for game, seat in positions:
            bot = _planner(0.4)
            assert game.is_legal(bot.choose(game, seat))
            total += bot.budget.used
        used.append(total)
    assert used[1] < used[0]


def test_a_budget_counts_nodes_and_time() -> None:
    b = Budget(0.01)
    assert b.nodes == pytest.approx(0.01 * NODES_PER_SECOND)
    assert not b.spent() or b.left() == 0.0
    b.spend(b.nodes)
    assert b.spent() and b.left() == 0.0
    none = Budget(0.0)
    assert none.spent() and none.left() == 0.0
    assert all(Budget(t).nodes >= 0 for t in itertools.islice((-1.0, 0.0, 5.0), 3))
