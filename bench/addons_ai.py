"""The computer players in the add-ons and scenarios (issues 15, 16, 17): strength and habits.

For each add-on or scenario (rules/frenemies.yaml, rules/helpers.yaml, rules/corsica.yaml,
rules/new-york.yaml, rules/new-york-erie-canal.yaml) and each rung (hard vs normal,
normal vs easy), plays N four-player games with two seats of each level, alternating A-B-A-B and
B-A-B-A so both sit in every position equally often; game i uses seed ``--seed + i``. A side wins a game
when one of its seats wins. Prints, per add-on and rung: the share of games won by the first-named level
with a 95 % Wilson interval (a clear margin means the lower end is above 50 %), and per level: favours
earned (by the way earned) and used per seat and game (Frenemies), helpers used per seat and game (Helpers),
Catan chips taken and canal tokens earned, played and traded per seat and game (the scenarios), and the
decision time p95 over every decision that level took.

    python bench/addons_ai.py 20                     # 20 games per add-on and rung (the two add-ons)
    python bench/addons_ai.py 200 --jobs 2 --json
    python bench/addons_ai.py 200 --addon corsica --addon new-york-erie-canal --rung hard:normal
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _stats import p95, wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

from catan_desktop.ai import create_bot  # noqa: E402
from catan_desktop.engine import Game  # noqa: E402

ADDONS = {
    "frenemies": ROOT / "rules/frenemies.yaml",
    "helpers": ROOT / "rules/helpers.yaml",
}
SCENARIOS = {name: ROOT / f"rules/{name}.yaml" for name in ("corsica", "new-york", "new-york-erie-canal")}
VARIANTS = {**ADDONS, **SCENARIOS}
HABITS = {  # what the summary prints per level
    "frenemies": ("earned", "used", "exchanged", "gifts_offered", "gifts_refused"),
    "helpers": ("helpers_used", "helper_flipped", "helper_swapped"),
    **{name: ("catan_chip", "canal_token", "canal_played", "canal_trade") for name in SCENARIOS},
}
SCENARIO_EVENTS = ("catan_chip", "canal_token", "canal_played", "canal_trade")
RUNGS = ("hard:normal", "normal:easy")
EARN = ("robber", "gift", "join", "joined")  # the ways a favour is earned; "exchange" is not one
MAX_TURNS = 400


def _play(task: tuple[str, str, str, int]) -> dict[str, Any]:
    addon, a, b, seed = task
    order = [a, b, a, b] if seed % 2 == 0 else [b, a, b, a]
    game = Game.new(str(VARIANTS[addon]), players=4, seed=seed)
    bots = [create_bot(kind, seed=seed * 101 + k) for k, kind in enumerate(order)]
    times: dict[str, list[float]] = {a: [], b: []}
    while not game.is_over and game.turn < MAX_TURNS:
        seat = game.current_player
        start = time.perf_counter()
        action = bots[seat].choose(game, seat)
        times[order[seat]].append(time.perf_counter() - start)
        game.apply(action)
    counts: dict[str, Counter[str]] = {a: Counter(), b: Counter()}
    for ev in game.s.log:  # the harness reads the whole log: it counts, it does not play
        seat = ev.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < 4:
            continue
        c = counts[order[seat]]
        t = ev.get("t")
        if t == "favour" and ev.get("why") in EARN:
            c["earned"] += 1
            c[f"earned_{ev['why']}"] += 1
        elif t == "favour_used":
            c["used"] += 1
            c[f"used_{ev['guild']}"] += 1
        elif t == "favour_exchange":
            c["exchanged"] += 1
        elif t == "gift_offer":
            c["gifts_offered"] += 1
        elif t == "gift_refused":
            c["gifts_refused"] += 1
        elif t == "helper_used":
            c["helpers_used"] += 1
            c[f"helper_{ev['card']}"] += 1
        elif t in ("helper_flipped", "helper_swapped") or t in SCENARIO_EVENTS:
            c[t] += 1
    winners = game.winners if game.is_over else []
    side = None
    if winners:
        side = "a" if order[winners[0]] == a else "b"
    tallies = {k: dict(v) for k, v in counts.items()}
    return {"side": side, "turns": game.turn, "times": times, "counts": tallies}


def run(addon: str, rung: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    a, b = rung.split(":")
    tasks = [(addon, a, b, seed + i) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_play, tasks, chunksize=2))
    else:
        results = [_play(t) for t in tasks]
    a_wins = sum(r["side"] == "a" for r in results)
    b_wins = sum(r["side"] == "b" for r in results)
    lo, hi = wilson(a_wins, games)
    levels: dict[str, Any] = {}
    for level in (a, b):
        total: Counter[str] = Counter()
        times: list[float] = []
        for r in results:
            total.update(r["counts"][level])
            times.extend(r["times"][level])
        seat_games = 2 * games  # two seats of each level per game
        levels[level] = {
            "per_seat_game": {k: round(v / seat_games, 3) for k, v in sorted(total.items())},
            "decisions": len(times),
            "p95_ms": round(1000 * p95(times), 1),
            "max_ms": round(1000 * max(times, default=0.0), 1),
        }
    return {
        "addon": addon,
        "rung": f"{a} vs {b}",
        "games": games,
        "a_wins": a_wins,
        "b_wins": b_wins,
        "unfinished": games - a_wins - b_wins,
        "a_win_rate": round(a_wins / games, 3),
        "ci95": [round(lo, 3), round(hi, 3)],
        "clear_margin": lo > 0.5,
        "mean_turns": round(sum(r["turns"] for r in results) / games, 1),
        "levels": levels,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=20, help="games per add-on and rung")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--addon", action="append", choices=sorted(VARIANTS),
                        help="an add-on or scenario (default: the two add-ons)")
    parser.add_argument("--rung", action="append", help="A:B, e.g. hard:normal (default: both rungs)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = []
    for addon in args.addon or list(ADDONS):
        for rung in args.rung or RUNGS:
            res = run(addon, rung, args.games, args.seed, args.jobs)
            out.append(res)
            if not args.json:
                lo, hi = res["ci95"]
                print(
                    f"{addon:19s} {res['rung']:15s} games {res['games']:4d}  {res['rung'].split()[0]} wins "
                    f"{res['a_wins']}/{res['games']} = {res['a_win_rate']:.0%}  95% CI {lo:.0%}-{hi:.0%}"
                    f"  unfinished {res['unfinished']}  mean turns {res['mean_turns']}  ({res['seconds']} s)",
                    flush=True,
                )
                for level, info in res["levels"].items():
                    keys = HABITS[addon]
                    per = info["per_seat_game"]
                    habits = "  ".join(f"{k} {per.get(k, 0):.2f}" for k in keys)
                    print(
                        f"    {level:7s} per seat-game: {habits}   decision p95 {info['p95_ms']} ms"
                        f" (max {info['max_ms']} ms, {info['decisions']} decisions)",
                        flush=True,
                    )
    if args.json:
        print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
