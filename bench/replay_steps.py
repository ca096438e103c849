"""Replay benchmark (issue 19): how fast the timeline reaches a position. Prints figures; asserts nothing.

    python bench/replay_steps.py [--games 5] [--players 4] [--variant base] [--seed 1] [--repeats 200]

For each of N long games between random players (random play makes the longest games: 150+ turns; seeds
from --seed), it builds the Timeline (the history replayed once, a checkpoint at every turn start) and then
measures, over --repeats positions chosen with a fixed RNG:

- step back one turn: from a position, the start of the turn before (``previous_turn`` + ``game_at``);
- step back one action;
- jump to turn 100 from the last position (``turn_start(100)`` + ``game_at``);
- the story of the game (``Story.of``: every figure of the Game over charts).

Goal (issue 19): stepping back one turn and jumping to turn 100 each <= 50 ms on a 150-turn game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from catan_desktop.ai import create_bot  # noqa: E402
from catan_desktop.engine import Game  # noqa: E402
from catan_desktop.match import play_game  # noqa: E402
from catan_desktop.replay import Timeline  # noqa: E402
from catan_desktop.replay.story import Story  # noqa: E402


def _ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    median, top = statistics.median(ordered), ordered[-1]
    return f"median {median * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, max {top * 1000:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="base")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args()
    back_turn: list[float] = []
    back_action: list[float] = []
    jump: list[float] = []
    story_times: list[float] = []
    builds: list[float] = []
    rng = random.Random(19)
    for k in range(args.games):
        game = Game.new(args.variant, players=args.players, seed=args.seed + k)
        play_game(game, [create_bot("random", seed=args.seed + k * 10 + s) for s in range(args.players)],
                  max_turns=400)
        start = time.perf_counter()
        timeline = Timeline.of_game(game)
        builds.append(time.perf_counter() - start)
        print(f"game {k + 1}: {game.turn} turns, {timeline.steps} actions, over={game.is_over}, "
              f"timeline built in {builds[-1] * 1000:.0f} ms")
        for _ in range(args.repeats):
            step = rng.randrange(1, timeline.steps + 1)
            start = time.perf_counter()
            timeline.game_at(timeline.previous_turn(step))
            back_turn.append(time.perf_counter() - start)
            start = time.perf_counter()
            timeline.game_at(step - 1)
            back_action.append(time.perf_counter() - start)
        for _ in range(max(1, args.repeats // 10)):
            start = time.perf_counter()
            timeline.game_at(timeline.turn_start(100))
            jump.append(time.perf_counter() - start)
        start = time.perf_counter()
        Story.of(timeline)
        story_times.append(time.perf_counter() - start)
    print(f"timeline build (whole game replayed once): {_ms(builds)}")
    print(f"step back one turn:   {_ms(back_turn)}  ({len(back_turn)} samples)")
    print(f"step back one action: {_ms(back_action)}  ({len(back_action)} samples)")
    print(f"jump to turn 100:     {_ms(jump)}  ({len(jump)} samples)")
    print(f"story of the game:    {_ms(story_times)}  ({len(story_times)} games)")
    print("goal (issue 19): step back one turn <= 50 ms, jump to turn 100 <= 50 ms")


if __name__ == "__main__":
    main()
