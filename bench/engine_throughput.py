"""Random-vs-random throughput of our rules engine vs catanatron (4 players, base game).

Usage::

    python bench/engine_throughput.py [--games N] [--seed S] [--time-budget SECS] [--rounds R]
                                      [--skip-catanatron] [--json]

Prints figures only; it never asserts anything about timings.

* Catanatron runs in a throw-away venv ``bench/.venv-catanatron`` (git-ignored; created on first
  use with ``python -m venv`` + ``pip install catanatron==3.2.1``) via ``bench/_catanatron_random.py``.
  Catanatron is NOT a project dependency.  See that script's docstring for how its RandomPlayer,
  discards and robber work (discards and stolen cards are chosen by catanatron's engine).
* Our engine runs in-process through the public ``catan_desktop.engine.Game`` API, with a bot that
  picks uniformly from ``legal_actions()`` using its own ``random.Random(seed)``; domestic trade is
  off (catanatron has none) and games are capped at catanatron's turn limit.

The games are played in ``--rounds`` rounds (default 5) that alternate the two engines (catanatron's
share of the seeds, then ours), so a machine that slows down or speeds up during the run (other work, CPU
frequency) weighs on both alike; the ratio is of the totals, and each round's own ratio is printed too.

Both sides time game creation + play only (no imports, no venv setup).  Turn counts are each
engine's own notion: catanatron's ``num_turns`` includes 6 setup-phase increments for 4 players.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from _catanatron_env import BENCH_DIR, REPO_ROOT, ensure_catanatron_venv, log

CATANATRON_SCRIPT = BENCH_DIR / "_catanatron_random.py"
# catanatron.game.TURNS_LIMIT in 3.2.1; the value reported by the subprocess wins if it differs.
CATANATRON_TURNS_LIMIT = 1000
DEFAULT_GAMES = 200
DEFAULT_TIME_BUDGET = 75.0  # seconds of play per engine; keeps the whole run under ~3 minutes
DEFAULT_ROUNDS = 5


# ----------------------------------------------------------------------------- machine info


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("model name", "Model", "Hardware"):
                return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def machine_info() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpu": cpu_model(),
        "cpu_count": os.cpu_count(),
        "platform": platform.platform(),
    }


# ----------------------------------------------------------------------------- catanatron side


def run_catanatron(games: int, seed: int, time_budget: float | None) -> dict[str, Any]:
    python = ensure_catanatron_venv()
    cmd = [str(python), str(CATANATRON_SCRIPT), "--games", str(games), "--seed", str(seed)]
    if time_budget is not None:
        cmd += ["--time-budget", str(time_budget)]
    # Catanatron builds some action lists from sets of tuples; a fixed hash seed removes the
    # str-hash part of the ordering noise (not the None-hash part before 3.12, see that script).
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    log(f"catanatron: playing up to {games} games ...")
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=BENCH_DIR, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"catanatron run failed (exit {proc.returncode}):\n{proc.stderr.strip()}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ----------------------------------------------------------------------------- our side


def run_ours(games: int, seed: int, time_budget: float | None, turns_limit: int) -> dict[str, Any]:
    """Play random-vs-random games with our engine. Raises ImportError if it is not there yet."""
    sys.path.insert(0, str(REPO_ROOT))  # run from a checkout without installing
    from catan_desktop.engine import Game  # may not exist yet

    turns: list[int] = []
    actions: list[int] = []
    finished = 0
    capped = 0
    elapsed = 0.0
    log(f"catan_desktop: playing up to {games} games ...")
    for i in range(games):
        game_seed = seed + i
        start = time.perf_counter()
        rng = random.Random(game_seed)
        game = Game.new("base", players=4, seed=game_seed, board="random", options={"domestic_trade": False})
        while not game.is_over and game.turn < turns_limit:
            game.apply(rng.choice(game.legal_actions()))
        elapsed += time.perf_counter() - start
        turns.append(game.turn)
        actions.append(len(game.history))
        if game.is_over and game.winners:
            finished += 1
        else:
            capped += 1
        if time_budget is not None and elapsed >= time_budget:
            break
    played = len(turns)
    return {
        "engine": "catan_desktop",
        "python": platform.python_version(),
        "turns_limit": turns_limit,
        "games": played,
        "seconds": elapsed,
        "games_per_s": played / elapsed if elapsed else None,
        "actions_per_s": sum(actions) / elapsed if elapsed else None,
        "mean_turns": sum(turns) / played if played else None,
        "mean_actions": sum(actions) / played if played else None,
        "finished": finished,
        "turn_limit_hit": capped,
    }


# ----------------------------------------------------------------------------- report


def _pct_finished(result: dict[str, Any]) -> float | None:
    return 100.0 * result["finished"] / result["games"] if result.get("games") else None


def _ratio(ours: dict[str, Any] | None, theirs: dict[str, Any] | None, key: str) -> float | None:
    if not ours or not theirs or not ours.get(key) or not theirs.get(key):
        return None
    return ours[key] / theirs[key]


def _fmt(value: Any, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def _combine(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One engine's figures over several rounds (sums of games, seconds, turns and actions)."""
    games = sum(p["games"] for p in parts)
    seconds = sum(p["seconds"] for p in parts)
    turns = sum(p["mean_turns"] * p["games"] for p in parts if p["games"])
    actions = sum(p["mean_actions"] * p["games"] for p in parts if p["games"])
    out = dict(parts[0])
    out.update(
        games=games,
        seconds=seconds,
        games_per_s=games / seconds if seconds else None,
        actions_per_s=actions / seconds if seconds else None,
        mean_turns=turns / games if games else None,
        mean_actions=actions / games if games else None,
        finished=sum(p["finished"] for p in parts),
        turn_limit_hit=sum(p["turn_limit_hit"] for p in parts),
    )
    return out


def print_table(report: dict[str, Any]) -> None:
    m = report["machine"]
    print(f"Python {m['python']} ({m['implementation']}) on {m['cpu']} x{m['cpu_count']} - {m['platform']}")
    print(
        f"4 players, base game, random vs random, first seed {report['seed']}, "
        f"turn cap {report['turns_limit']}"
    )
    print()
    header = (
        f"{'engine':<22}{'games':>7}{'seconds':>9}{'games/s':>9}{'actions/s':>11}"
        f"{'turns':>8}{'actions/game':>14}{'finished':>10}"
    )
    print(header)
    print("-" * len(header))
    for name, key in (("catanatron", "catanatron"), ("catan_desktop (ours)", "ours")):
        res = report.get(key)
        if isinstance(res, dict):
            pct = _pct_finished(res)
            print(
                f"{name:<22}{res['games']:>7}{res['seconds']:>9.2f}{_fmt(res['games_per_s'], '.2f'):>9}"
                f"{_fmt(res['actions_per_s'], ',.0f'):>11}{_fmt(res['mean_turns'], '.1f'):>8}"
                f"{_fmt(res['mean_actions'], '.1f'):>14}{_fmt(pct, '.1f') + '%':>10}"
            )
        else:
            print(f"{name:<22}  {report.get(key + '_status', 'not run')}")
    print()
    ratios = report["ratio_ours_over_catanatron"]
    print(
        f"ours / catanatron: games/s x{_fmt(ratios['games_per_s'], '.2f')}, "
        f"actions/s x{_fmt(ratios['actions_per_s'], '.2f')}"
    )
    if report.get("rounds"):
        print("games/s ratio per round: " + ", ".join(_fmt(r, ".2f") for r in report["rounds"]))
    print(
        "(turns are each engine's own count; catanatron's includes 6 setup increments. "
        "'finished' = ended with a winner before the turn cap.)"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=DEFAULT_GAMES, help=f"games per engine (default {DEFAULT_GAMES})"
    )
    parser.add_argument("--seed", type=int, default=1, help="first game seed, >= 1 (default 1)")
    parser.add_argument(
        "--time-budget",
        type=float,
        default=DEFAULT_TIME_BUDGET,
        help="stop an engine after this many seconds of play, 0 = no limit "
        f"(default {DEFAULT_TIME_BUDGET:g})",
    )
    parser.add_argument(
        "--rounds", type=int, default=DEFAULT_ROUNDS,
        help=f"alternate the engines in this many rounds of games (default {DEFAULT_ROUNDS})",
    )
    parser.add_argument("--skip-catanatron", action="store_true", help="only benchmark our engine")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.games < 1:
        build_parser().error("--games must be >= 1")
    if args.seed < 1:
        build_parser().error("--seed must be >= 1 (catanatron treats seed 0 as 'unseeded')")
    budget = args.time_budget if args.time_budget > 0 else None
    exit_code = 0

    report: dict[str, Any] = {
        "machine": machine_info(),
        "seed": args.seed,
        "games_requested": args.games,
        "time_budget_s": budget,
    }
    rounds = max(1, min(args.rounds, args.games))
    per_round = [args.games // rounds + (1 if r < args.games % rounds else 0) for r in range(rounds)]
    round_budget = budget / rounds if budget is not None else None
    theirs_parts: list[dict[str, Any]] = []
    ours_parts: list[dict[str, Any]] = []
    turns_limit = CATANATRON_TURNS_LIMIT
    first = args.seed
    for count in per_round:
        if args.skip_catanatron:
            report["catanatron_status"] = "skipped (--skip-catanatron)"
        elif "catanatron_status" not in report:
            try:
                part = run_catanatron(count, first, round_budget)
                theirs_parts.append(part)
                turns_limit = int(part["turns_limit"])
            except (OSError, subprocess.SubprocessError, RuntimeError, ValueError) as exc:
                report["catanatron_status"] = f"unavailable: {exc}"
                log(f"catanatron side failed: {exc}")
                exit_code = 1
        if "ours_status" not in report:
            try:
                ours_parts.append(run_ours(count, first, round_budget, turns_limit))
            except ImportError as exc:
                report["ours_status"] = f"our engine is not available yet ({exc})"
            except Exception as exc:  # a crash in the engine under test is a result too
                traceback.print_exc()
                report["ours_status"] = f"error: {type(exc).__name__}: {exc}"
                exit_code = 1
        first += count
    theirs = _combine(theirs_parts) if theirs_parts else None
    ours = _combine(ours_parts) if ours_parts else None
    report["catanatron"] = theirs
    report["turns_limit"] = turns_limit
    report["ours"] = ours
    report["rounds"] = [
        _ratio(o, t, "games_per_s") for o, t in zip(ours_parts, theirs_parts, strict=False)
    ]

    for res in (theirs, ours):
        if res:
            res["pct_finished"] = _pct_finished(res)
    report["ratio_ours_over_catanatron"] = {
        "games_per_s": _ratio(ours, theirs, "games_per_s"),
        "actions_per_s": _ratio(ours, theirs, "actions_per_s"),
    }

    if args.json:
        print(json.dumps(report))
    else:
        print_table(report)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
