"""Win rates of OUR bots playing inside catanatron 3.2.1 (its engine, its rules, its bots).

Usage::

    python bench/vs_catanatron.py [--bot hard] [--opponents vp[,random,weighted]] [--modes 1v1,1v3]
                                  [--games 200] [--seed 1] [--jobs 2] [--json]
    python bench/vs_catanatron.py --check N [--seed 1] [--jobs 2] [--json]

Method
------
* catanatron runs in the throw-away venv ``bench/.venv-catanatron`` (``bench/_catanatron_env.py``: created
  on first use with catanatron==3.2.1, plus PyYAML and platformdirs, the only packages our engine and bots
  need). Catanatron is never a project dependency. The games run in ``bench/_catanatron_bridge.py`` inside
  that venv, which imports our package from this checkout (the repository root on ``sys.path``).
* One of our bots (``catan_desktop.ai.create_bot(kind, seed)``, one per game) sits in a catanatron
  ``Player`` whose ``decide(game, playable_actions)`` translates catanatron's state into one of our snapshots
  (docs/engine-api.md, "Snapshots"; our base rules with ``domestic_trade``, ``robber_steal_optional`` and
  ``strict_trade_then_build`` off), reads it with ``snapshot.from_data``, calls ``bot.choose(game, seat)``
  and maps the chosen action back to one of catanatron's playable actions. A decision with a single
  playable action (a lone roll, catanatron's engine-chosen discard) is taken without asking the bot.
* 1v1: our bot against one catanatron bot; 1v3: against three copies. Game ``i`` uses catanatron seed
  ``--seed + i`` and puts our bot at seat ``i % players`` (seating is arranged through catanatron's own
  seeded shuffle), so every seat gets the same share of games. Opponents: ``vp`` = VictoryPointPlayer
  (greedy on points, catanatron's strongest bot without a model), ``random`` = RandomPlayer, ``weighted``
  = WeightedRandomPlayer. Games are split over ``--jobs`` processes.
* A game that reaches catanatron's TURNS_LIMIT (1000 of its turns, which count 2 * (players - 1) founding
  turn changes too) has no winner and counts as not won. Win rates carry a 95 % Wilson score interval;
  a fair share is 50 % in 1v1 and 25 % in 1v3.
* Decision time is the time inside ``bot.choose`` (mean and 95th percentile, ms); building the snapshot
  and mapping the action back is reported separately ("translate").
* ``--check N`` plays N catanatron random-play games (4 and 2 players alternately, RandomPlayer and
  WeightedRandomPlayer) and at every decision compares our ``legal_actions()`` on the translated position
  with catanatron's ``playable_actions`` (and the actor, visible and own victory points). Each difference is
  labelled with the known rule difference that explains it, or UNEXPLAINED.

What the translation cannot carry, and rule differences (catanatron 3.2.1 vs ours)
--------------------------------------------------------------------------------
* A snapshot has no history: our bot sees no log (no past rolls, steals or trades) and no dice of turns
  before; it may only read ``game.observation(seat)``. Other seats' resource cards are their real ones
  (the observation shows only counts); their development cards have the right count but an arbitrary
  composition (dealt knights first, victory points last, from the cards the bot cannot see); the deck
  holds the rest, shuffled.
* catanatron lets a card bought this turn be played at once; our snapshot lists it as bought this turn,
  so our bot does not play it (check: "catanatron only - card bought this turn").
* catanatron allows only knights before the roll and Road Building only when the player could pay for a
  road; our engine allows both. The bridge shows such cards as "bought this turn" while they cannot be
  played, so our bot does not choose them (counted as ``hidden_cards``).
* catanatron steals only from players holding cards (a tile whose only neighbours have empty hands is a
  plain move); ours lets the robber target an empty hand. Such a steal maps to catanatron's plain move when
  there is one, else it is a fallback (the same hex, another victim).
* catanatron offers one-card Year of Plenty when the bank cannot pay a pair; maritime trade in both only at
  the best rate; discards are chosen by catanatron's engine at random (our bot never discards); no
  domestic trade in either; catanatron ends the game as soon as anyone has 10 points (ours: only on
  one's own turn), and keeps its own Longest Road bookkeeping (the snapshot takes its holder).
* An action of ours with no catanatron counterpart is replaced deterministically (END_TURN, else ROLL,
  else the first playable action) and counted per kind as a fallback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from typing import Any

from _catanatron_env import BENCH_DIR, CATANATRON_VERSION, PROJECT_RUNTIME, ensure_catanatron_venv, log
from _stats import wilson

BRIDGE = BENCH_DIR / "_catanatron_bridge.py"
OPPONENT_NAMES = {"vp": "VictoryPointPlayer", "random": "RandomPlayer", "weighted": "WeightedRandomPlayer"}
MODES = {"1v1": 2, "1v3": 4}
DEFAULT_GAMES = 200


# ----------------------------------------------------------------------------- statistics


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank percentile (q in 0..100)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


# ----------------------------------------------------------------------------- running the bridge


def run_bridge(
    python: str, command: list[str], indices: list[int], jobs: int, label: str, meta: dict[str, Any]
) -> list[dict[str, Any]]:
    """Run the bridge over ``indices`` split across ``jobs`` processes; return one row per game.

    ``meta`` receives the bridge's greeting (catanatron's TURNS_LIMIT, our BOT_KINDS).
    """
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    parts = [indices[j::jobs] for j in range(jobs)]
    parts = [p for p in parts if p]
    rows: list[dict[str, Any]] = []
    errors: list[str] = []
    lock = threading.Lock()
    total = len(indices)

    def drain(proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            row = json.loads(line)
            if row.get("hello"):
                meta.update(row)
                continue
            with lock:
                rows.append(row)
                done = len(rows)
            if done == total or done % max(1, total // 4) == 0:
                log(f"  {label}: {done}/{total} games")

    procs = []
    threads = []
    for part in parts:
        cmd = [python, str(BRIDGE), *command, "--indices", ",".join(map(str, part))]
        proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=BENCH_DIR
        )
        thread = threading.Thread(target=drain, args=(proc,), daemon=True)
        thread.start()
        procs.append(proc)
        threads.append(thread)
    for proc, thread in zip(procs, threads, strict=True):
        assert proc.stderr is not None
        err = proc.stderr.read()
        proc.wait()
        thread.join()
        if proc.returncode != 0:
            errors.append(f"exit {proc.returncode}: {err.strip()}")
    if errors:
        raise RuntimeError("bridge failed:\n" + "\n".join(errors))
    rows.sort(key=lambda r: r["index"])
    return rows


# ----------------------------------------------------------------------------- play mode


def summarise(rows: list[dict[str, Any]], players: int, seconds: float) -> dict[str, Any]:
    n = len(rows)
    wins = sum(r["won"] for r in rows)
    lo, hi = wilson(wins, n)
    choose = [x for r in rows for x in r["choose_ms"]]
    decisions = sum(r["decisions"] for r in rows)
    fallbacks: Counter[str] = Counter()
    hidden: Counter[str] = Counter()
    examples: list[str] = []
    by_seat = [[0, 0] for _ in range(players)]
    for r in rows:
        fallbacks.update(r["fallbacks"])
        hidden.update(r["hidden_cards"])
        examples.extend(r["fallback_examples"][: max(0, 6 - len(examples))])
        by_seat[r["position"]][0] += r["won"]
        by_seat[r["position"]][1] += 1
    return {
        "games": n,
        "wins": wins,
        "win_rate": wins / n if n else None,
        "ci95": [lo, hi],
        "fair_share": 1 / players,
        "mean_turns": sum(r["turns"] for r in rows) / n if n else None,
        "turn_limit_hit": sum(not r["finished"] for r in rows),
        "wins_by_seat": by_seat,
        "decisions": decisions,
        "forced_decisions": sum(r["forced"] for r in rows),
        "choose_ms_mean": sum(choose) / len(choose) if choose else None,
        "choose_ms_p95": percentile(choose, 95),
        "choose_ms_max": max(choose) if choose else None,
        "translate_ms_mean": sum(r["translate_ms"] for r in rows) / decisions if decisions else None,
        "fallbacks": sum(fallbacks.values()),
        "fallbacks_by_kind": dict(fallbacks.most_common()),
        "fallback_examples": examples,
        "hidden_cards": dict(hidden.most_common()),
        "wall_s": seconds,
        "wall_s_per_game": seconds / n if n else None,
        "cpu_s_per_game": sum(r["seconds"] for r in rows) / n if n else None,
    }


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


def print_play(report: dict[str, Any]) -> None:
    print(
        f"catanatron {report['catanatron']} (turn limit {report['turns_limit']}), our bot {report['bot']!r}, "
        f"{report['games']} games per matchup, "
        f"seeds {report['seed']}..{report['seed'] + report['games'] - 1}, "
        f"{report['jobs']} jobs"
    )
    header = (
        f"{'matchup':<34}{'games':>6}{'wins':>6}{'win%':>8}{'95% CI':>17}{'fair':>6}{'turns':>7}"
        f"{'limit':>6}{'fallb.':>7}{'ms/dec':>8}{'p95':>7}{'s/game':>8}"
    )
    print(header)
    print("-" * len(header))
    for m in report["matchups"]:
        s = m["summary"]
        name = f"{report['bot']} vs {OPPONENT_NAMES[m['opponent']]} {m['mode']}"
        ci = f"[{_pct(s['ci95'][0])}, {_pct(s['ci95'][1])}]"
        print(
            f"{name:<34}{s['games']:>6}{s['wins']:>6}{_pct(s['win_rate']):>8}{ci:>17}"
            f"{100 * s['fair_share']:>5.0f}%{_num(s['mean_turns'], '.1f'):>7}{s['turn_limit_hit']:>6}"
            f"{s['fallbacks']:>7}{_num(s['choose_ms_mean'], '.2f'):>8}{_num(s['choose_ms_p95'], '.2f'):>7}"
            f"{_num(s['wall_s_per_game'], '.2f'):>8}"
        )
    print()
    for m in report["matchups"]:
        s = m["summary"]
        seats = ", ".join(f"{i}: {w}/{g}" for i, (w, g) in enumerate(s["wins_by_seat"]))
        print(f"{OPPONENT_NAMES[m['opponent']]} {m['mode']}: wins by our seat (catanatron order) {seats}")
        print(
            f"  decisions {s['decisions']} (+{s['forced_decisions']} forced, not asked), "
            f"choose max {_num(s['choose_ms_max'], '.1f')} ms, "
            f"translate {_num(s['translate_ms_mean'], '.2f')} ms/decision, "
            f"CPU {_num(s['cpu_s_per_game'], '.2f')} s/game"
        )
        kinds = ", ".join(f"{k} {v}" for k, v in s["fallbacks_by_kind"].items()) or "none"
        print(f"  fallbacks: {kinds}")
        for ex in s["fallback_examples"][:3]:
            print(f"    e.g. {ex.splitlines()[0]}")
        hidden = ", ".join(f"{k} {v}" for k, v in s["hidden_cards"].items()) or "none"
        print(f"  cards shown as new because catanatron forbids them then (decisions): {hidden}")
    print(
        "(turns = catanatron's num_turns, founding turn changes included; limit = games stopped at the "
        "turn limit, counted as not won; ms/dec = mean time in bot.choose, p95 its 95th percentile; "
        "s/game = wall time / games with the jobs in parallel)"
    )


def run_play(args: argparse.Namespace, python: str) -> dict[str, Any]:
    matchups = []
    meta: dict[str, Any] = {}
    for opponent in args.opponents:
        for mode in args.modes:
            players = MODES[mode]
            label = f"{args.bot} vs {OPPONENT_NAMES[opponent]} {mode}"
            cmd = ["play", "--bot", args.bot, "--opponent", opponent, "--players", str(players)]
            cmd += ["--seed", str(args.seed)]
            start = time.perf_counter()
            rows = run_bridge(python, cmd, list(range(args.games)), args.jobs, label, meta)
            seconds = time.perf_counter() - start
            matchups.append(
                {
                    "opponent": opponent,
                    "mode": mode,
                    "players": players,
                    "summary": summarise(rows, players, seconds),
                }
            )
    return {
        "catanatron": CATANATRON_VERSION,
        "turns_limit": meta.get("turns_limit"),
        "bot": args.bot,
        "games": args.games,
        "seed": args.seed,
        "jobs": args.jobs,
        "matchups": matchups,
    }


# ----------------------------------------------------------------------------- check mode


def run_check(args: argparse.Namespace, python: str) -> dict[str, Any]:
    start = time.perf_counter()
    meta: dict[str, Any] = {}
    cmd = ["check", "--seed", str(args.seed)]
    rows = run_bridge(python, cmd, list(range(args.check)), args.jobs, "check", meta)
    seconds = time.perf_counter() - start
    counts: Counter[str] = Counter()
    phases: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    hidden: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for r in rows:
        counts.update(r["mismatches"])
        phases.update(r["phases"])
        skipped.update(r["skipped"])
        hidden.update(r["hidden_cards"])
        for k, v in r["examples"].items():
            examples.setdefault(k, v)
    unexplained = sum(
        v for k, v in counts.items() if "UNEXPLAINED" in k or k.startswith(("state:", "snapshot"))
    )
    return {
        "catanatron": CATANATRON_VERSION,
        "games": len(rows),
        "seed": args.seed,
        "finished": sum(r["finished"] for r in rows),
        "positions": sum(r["positions"] for r in rows),
        "positions_by_phase": dict(phases.most_common()),
        "skipped": dict(skipped),
        "mismatch_positions": sum(r["mismatch_positions"] for r in rows),
        "mismatches": dict(sorted(counts.items())),
        "unexplained": unexplained,
        "examples": examples,
        "hidden_cards": dict(hidden.most_common()),
        "wall_s": seconds,
    }


def print_check(report: dict[str, Any]) -> None:
    print(
        f"check: {report['games']} catanatron {report['catanatron']} random-play games (4p/2p alternately), "
        f"first seed {report['seed']}, {report['finished']} finished, {report['wall_s']:.1f} s"
    )
    phases = ", ".join(f"{k} {v}" for k, v in report["positions_by_phase"].items())
    print(f"positions compared: {report['positions']} ({phases})")
    skipped = ", ".join(f"{k} {v}" for k, v in report["skipped"].items()) or "none"
    print(f"skipped: {skipped}")
    print(f"positions with any difference: {report['mismatch_positions']}")
    print("differences (one per action per position):")
    for label, n in sorted(report["mismatches"].items(), key=lambda kv: -kv[1]):
        print(f"  {n:>7}  {label}")
        for ex in report["examples"].get(label, [])[:2]:
            print(f"             e.g. {ex}")
    if not report["mismatches"]:
        print("  none")
    hidden = ", ".join(f"{k} {v}" for k, v in report["hidden_cards"].items()) or "none"
    print(f"cards shown as new because catanatron forbids them then (positions): {hidden}")
    print(f"UNEXPLAINED differences: {report['unexplained']}")


# ----------------------------------------------------------------------------- main


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--bot", default="hard", help="our bot kind (catan_desktop.ai.BOT_KINDS; default hard)"
    )
    parser.add_argument(
        "--opponents",
        default="vp",
        help="comma-separated catanatron bots: vp (VictoryPointPlayer), random, weighted (default vp)",
    )
    parser.add_argument("--modes", default="1v1,1v3", help="comma-separated: 1v1, 1v3 (default both)")
    parser.add_argument(
        "--games", type=int, default=DEFAULT_GAMES, help=f"games per matchup (default {DEFAULT_GAMES})"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game, >= 1 (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--check", type=int, metavar="N", help="instead: compare legal actions over N random-play games"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.seed < 1:
        parser.error("--seed must be >= 1 (catanatron treats seed 0 as 'unseeded')")
    if args.games < 1 or args.jobs < 1 or (args.check is not None and args.check < 1):
        parser.error("--games, --jobs and --check must be >= 1")
    args.opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    args.modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    for o in args.opponents:
        if o not in OPPONENT_NAMES:
            parser.error(f"unknown opponent {o!r}; choose from {', '.join(OPPONENT_NAMES)}")
    for m in args.modes:
        if m not in MODES:
            parser.error(f"unknown mode {m!r}; choose from {', '.join(MODES)}")

    try:
        python = str(ensure_catanatron_venv(PROJECT_RUNTIME))
        start = time.perf_counter()
        report = run_check(args, python) if args.check else run_play(args, python)
    except (OSError, subprocess.SubprocessError, RuntimeError, ValueError) as exc:
        log(f"vs_catanatron: {exc}")
        return 1
    report["total_wall_s"] = time.perf_counter() - start
    if args.json:
        print(json.dumps(report))
    elif args.check:
        print_check(report)
    else:
        print_play(report)
        print(f"total wall time {report['total_wall_s']:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
