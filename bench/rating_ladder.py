"""A rating ladder of the computer players: seat-rotated games among all levels, fitted to Elo-scale ratings.

For each variant, game i of N seats a lineup of levels drawn from ``--levels`` (default: every kind in
``catan_desktop.ai.BOT_KINDS`` at run time) and uses seed ``--seed + i``:

- a table's levels: every set of as many levels as there are seats (with fewer levels than seats, every
  level once or more and the extra seats every set of distinct levels), taken in turn;
- their order: a cyclic order of the set, turned one seat further each game, so that over every
  ``seats x sets`` consecutive games each level sits in every position equally often; the cyclic orders
  themselves change every block, so who sits after whom is balanced too, over longer runs.

With five levels (easy, normal, hard, expert, random): a four-seat game seats one of the five sets of four
(a block of 20 games), the five-seat game all five (a block of 5), Catan a Dois one of the ten pairs, both
ways round (a block of 20).
Every game is written to a JSON-lines file as it ends (``--out``; default a new file under
bench/results/), and the games already in that file are not played again, so an interrupted run goes on
with the same command. ``--from FILE`` fits games saved earlier without playing.

The fit (``_rating.py``): the winner of a game is seat s with probability proportional to its level's
strength (Luce's choice model, the first stage of Plackett-Luce; Bradley-Terry in a two-player game), by
maximum likelihood, on the Elo scale (400 points = ten times as likely to win), ``--anchor`` (default
normal, a level that wins often enough to tie the scale to and is not being tuned) at 1500. 95 % intervals:
percentiles of 1000 bootstrap fits over games (drawn within each variant), seeded; "above the next" is the gap
to the next level down with its interval. A level that won none of its games has no finite rating (its
likelihood rises without end as its rating falls): it gets a one-sided 95 % upper bound instead ("below
1100"); an interval end is infinite when more than 2.5 % of the bootstrap draws leave the level so. Games
nobody won (the turn cap, a Catan a Dois collapse) count but change no rating.

    python bench/rating_ladder.py --games 4 --variant base          # a first look
    python bench/rating_ladder.py --games 140 --jobs 2              # every variant (see bench/README.md)
    python bench/rating_ladder.py --from bench/results/rating-ladder-2026-11-29.jsonl --json

Hard and expert search at their own budgets (counted in nodes, ``ai/budget.py``), with the safety clock that
would cut a search on a slow machine set to ``--clock`` seconds (default 30), so a game is the same however
busy the machine is. The dice games (rules/dice-game*.yaml) are a different game kind, scored solo:
bench/dice_ai.py rates them. Games are split over ``--jobs`` worker processes (default 1: the machine is
shared). Prints figures only.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import shlex
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _rating import bootstrap_gaps, no_win_bound, ratings, sides, tally  # noqa: E402  (bench/ is on sys.path when run as a script)
from ai_ladder import bot_for  # noqa: E402

from catan_desktop.ai import BOT_KINDS, HeuristicBot  # noqa: E402
from catan_desktop.engine import Game  # noqa: E402

# variant -> seats at its table: four for the 3-4 player games, two for Catan a Dois, five for the 5-6 game
VARIANTS = {
    "base": 4, "base-5-6": 5, "catan-a-dois": 2, "frenemies": 4, "helpers": 4, "corsica": 4, "new-york": 4,
    "new-york-erie-canal": 4,
}  # fmt: skip
MAX_TURNS = 500
# seconds after which a search stops whatever its budget says: long, so that the budget, counted in nodes,
# ends every search and the games are the same on a loaded machine (at the level's own think time the
# safety clock cut hard's searches short when the shared machine was busy)
CLOCK = 30.0
RESULTS = ROOT / "bench" / "results"


def tables(levels: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The tables' sets of levels (as sorted tuples, repeats allowed) for ``seats`` seats."""
    if len(levels) >= seats:
        return list(itertools.combinations(levels, seats))
    whole, extra = divmod(seats, len(levels))
    return [tuple(sorted(list(levels) * whole + list(more), key=list(levels).index))
            for more in itertools.combinations(levels, extra)]


def cyclic_orders(table: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct orders of ``table`` around a table (orders equal up to turning are one), in a fixed
    order."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for order in itertools.permutations(table):
        turns = [order[k:] + order[:k] for k in range(len(order))]
        if not seen.intersection(turns):
            seen.add(order)
            out.append(order)
    return out


def lineup(levels: Sequence[str], seats: int, i: int) -> tuple[str, ...]:
    """The levels of game i's seats, in play order (see the module docstring)."""
    sets = tables(levels, seats)
    turn, j = i % seats, i // seats
    orders = cyclic_orders(sets[j % len(sets)])
    order = orders[(j // len(sets)) % len(orders)]
    return order[turn:] + order[:turn]


def rules_path(variant: str) -> str:
    """A variant's rule file under rules/, or the name as given (a path, or a name the engine knows)."""
    path = ROOT / "rules" / f"{variant}.yaml"
    return str(path) if path.exists() else variant


def play_one(task: tuple[str, int, int, int, tuple[str, ...], int, float]) -> dict[str, Any]:
    """One game: the record written to the results file."""
    variant, seats, i, seed, order, max_turns, clock = task
    start = time.perf_counter()
    game = Game.new(rules_path(variant), players=seats, seed=seed)
    modules = tuple(game.rules.modules)
    bots = [bot_for(spec, seed * 101 + k, modules) for k, spec in enumerate(order)]
    for bot in bots:
        if isinstance(bot, HeuristicBot) and clock > 0:
            bot.clock_time = clock
    think = [0.0] * seats
    while not game.is_over and game.turn < max_turns:
        seat = game.current_player
        t0 = time.perf_counter()
        action = bots[seat].choose(game, seat)
        think[seat] += time.perf_counter() - t0
        game.apply(action)
    return {
        "kind": "game", "variant": variant, "players": seats, "game": i, "seed": seed, "seats": list(order),
        "winners": list(game.winners) if game.is_over else [], "over": game.is_over, "turns": game.turn,
        "vp": [game.vp(k) for k in range(seats)], "think_s": [round(t, 3) for t in think],
        "seconds": round(time.perf_counter() - start, 3),
    }  # fmt: skip


def ai_digest() -> str:
    """A digest of the computer players' code and weights (catan_desktop/ai/), to tell which bots played."""
    h = hashlib.sha256()
    for path in sorted((ROOT / "catan_desktop" / "ai").glob("*.[pj][ys]*")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def _key(r: dict[str, Any]) -> tuple[Any, ...]:
    return (r["variant"], r["players"], r["game"], r["seed"], tuple(r["seats"]))


def read_records(paths: Iterable[Path]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The run headers and game records in JSON-lines files (a game found twice is kept once)."""
    runs, games, seen = [], [], set()
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            r = json.loads(line)
            if r.get("kind") == "run":
                runs.append(r)
            elif r.get("kind") == "game" and _key(r) not in seen:
                seen.add(_key(r))
                games.append(r)
    return runs, games


def play(tasks: list[tuple[str, int, int, int, tuple[str, ...], int, float]], jobs: int, out: Path,
         header: dict[str, Any]) -> list[dict[str, Any]]:
    """Play the tasks not yet in ``out``, appending each game to it as it ends; all the tasks' records."""
    done = {_key(r): r for r in read_records([out])[1]} if out.exists() else {}
    todo = [t for t in tasks if (t[0], t[1], t[2], t[3], t[4]) not in done]
    print(f"# {len(tasks) - len(todo)} games already in {out}, {len(todo)} to play", file=sys.stderr)
    out.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with out.open("a", encoding="utf-8") as f:
        if todo:
            f.write(json.dumps(header) + "\n")

        def keep(r: dict[str, Any]) -> None:
            done[_key(r)] = r
            f.write(json.dumps(r) + "\n")
            f.flush()
            n = len(done) - (len(tasks) - len(todo))
            if n % 10 == 0 or n == len(todo):
                seconds = time.perf_counter() - start
                print(f"# {n}/{len(todo)} games, {seconds:.0f} s", file=sys.stderr, flush=True)

        if jobs > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                pending = {pool.submit(play_one, t) for t in todo}
                while pending:
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in finished:
                        keep(fut.result())
        else:
            for t in todo:
                keep(play_one(t))
    return [done[(t[0], t[1], t[2], t[3], t[4])] for t in tasks]


def summarise(games: list[dict[str, Any]], levels: Sequence[str], anchor: str, anchor_rating: float,
              replicates: int, boot_seed: int) -> dict[str, Any]:
    """One fit (all ``games`` together, the bootstrap drawn within each variant): per level the rating, its
    interval, the gap to the next rated level below it with its interval, the games it sat in, its seats,
    wins and win share. A level with no finite rating next to the
    anchor's (``sides``) has rating None, and if it won no game, a 95 % upper bound instead."""
    pairs = [(g["seats"], g["winners"]) for g in games]
    strata: dict[str, list[Any]] = {}
    for g, p in zip(games, pairs, strict=True):
        strata.setdefault(g["variant"], []).append(p)
    fitted = ratings(pairs, levels, anchor, anchor_rating)
    side = dict(zip(levels, sides(tally(pairs, levels), len(levels), levels.index(anchor)), strict=True))
    ranked = sorted(levels, key=lambda x: -fitted[x])
    rated = [level for level in ranked if side[level] == 0]
    steps = list(zip(rated, rated[1:], strict=False))  # each rated level and the next rated one below it
    gaps = bootstrap_gaps(list(strata.values()), levels, [(level, anchor) for level in levels] + steps,
                          replicates, boot_seed)
    ci = {level: [anchor_rating + x for x in gaps[level, anchor]] for level in levels}
    below = dict(steps)
    rows = []
    for level in ranked:
        sat = [g for g in games if level in g["seats"]]
        wins = sum(sum(g["seats"][w] == level for w in g["winners"]) / len(g["winners"])
                   for g in sat if g["winners"])
        bound = no_win_bound(pairs, levels, level, anchor, anchor_rating) if sat and not wins else None
        rows.append({
            "level": level, "rating": round(fitted[level], 1) if side[level] == 0 else None,
            "ci95": [round(x, 1) if math.isfinite(x) else None for x in ci[level]],  # None: no end
            "no_win_upper95": None if bound is None else round(bound, 1),
            "next_below": below.get(level),  # the next rated level, the gap to it and its interval
            "gap": round(fitted[level] - fitted[below[level]], 1) if level in below else None,
            "gap_ci95": [round(x, 1) if math.isfinite(x) else None for x in gaps[level, below[level]]]
                        if level in below else None,
            "games": len(sat), "seats": sum(g["seats"].count(level) for g in games), "wins": round(wins, 2),
            "win_share": round(wins / len(sat), 4) if sat else 0.0,
        })  # fmt: skip
    n = len(games)
    return {
        "variants": sorted(strata), "players": sorted({g["players"] for g in games}), "games": n,
        "won": sum(bool(g["winners"]) for g in games),
        "collapsed": sum(g["over"] and not g["winners"] for g in games),
        "unfinished": sum(not g["over"] for g in games),
        "mean_turns": round(sum(g["turns"] for g in games) / n, 1) if n else 0.0,
        "seconds_per_game": round(sum(g["seconds"] for g in games) / n, 2) if n else 0.0,
        "levels": rows,
    }  # fmt: skip


def _num(x: float, sign: str = "") -> str:
    return f"{x:{sign}.0f}".replace("-", "−")  # a minus sign, as in the README's tables


def _interval(lo: float | None, hi: float | None) -> str:
    return f"{'−∞' if lo is None else _num(lo)} to {'+∞' if hi is None else _num(hi)}"


def _count(x: float) -> str:
    return f"{x:g}" if x != int(x) else str(int(x))


def table_text(title: str, s: dict[str, Any], anchor: str) -> str:
    """A Markdown table of one fit."""
    lines = [
        f"{title}: {s['games']} games ({s['won']} won, {s['collapsed']} ended with no winner, "
        f"{s['unfinished']} at the turn cap), mean {s['mean_turns']} turns, {s['seconds_per_game']} s a game",
        "",
        "| level | rating | 95 % interval | above the next (95 %) | games | wins | win share |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in s["levels"]:
        lo, hi = r["ci95"]
        interval = "(anchor)" if r["level"] == anchor else _interval(lo, hi)
        rating = "not rated" if r["rating"] is None else _num(r["rating"])
        if not r["games"]:
            rating, interval = "not seated", ""
        elif r["rating"] is None and r["wins"]:
            interval = "(no finite rating next to the anchor's)"
        elif r["wins"] == 0:
            rating = "no win" if r["level"] == anchor else f"below {_num(r['no_win_upper95'])}"
            interval = "(anchor, no win)" if r["level"] == anchor else "(no win: 95 % upper bound)"
        gap = "" if r["gap"] is None else f"{_num(r['gap'], '+')} ({_interval(*r['gap_ci95'])})"
        lines.append(f"| {r['level']} | {rating} | {interval} | {gap} | {r['games']} | {_count(r['wins'])} "
                     f"| {100 * r['win_share']:.1f} % |")
    return "\n".join(lines)


def overview_text(per: dict[str, dict[str, Any]], pooled: dict[str, Any], anchor: str) -> str:
    """One Markdown table: a row for all variants and one per variant, each level's rating (95 % interval)."""
    order = [r["level"] for r in pooled["levels"]]
    lines = ["| variant | seats | games | " + " | ".join(order) + " |", "|---" * (len(order) + 3) + "|"]
    for name, s in (("all variants", pooled), *per.items()):
        cells = []
        for level in order:
            r = next(x for x in s["levels"] if x["level"] == level)
            lo, hi = r["ci95"]
            if r["wins"] == 0 and level != anchor and r["no_win_upper95"] is not None:
                cells.append(f"below {_num(r['no_win_upper95'])} (no win)")
            elif r["rating"] is None:
                cells.append("not rated" if r["games"] else "not seated")
            else:
                interval = f" ({_interval(lo, hi)})" if level != anchor else "" if r["wins"] else " (no win)"
                cells.append(f"{_num(r['rating'])}{interval}")
        seats = "/".join(map(str, s["players"]))
        lines.append(f"| {name} | {seats} | {s['games']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    parser.add_argument("--variant", action="append",
                        help="NAME or NAME:SEATS, repeatable (default: " + ", ".join(VARIANTS) + ")")
    parser.add_argument("--levels", help="comma-separated levels (default: every kind in BOT_KINDS: "
                        + ",".join(BOT_KINDS) + "); a level may carry a think time or weights as in "
                        "ai_ladder.py")
    parser.add_argument("--seed", type=int, default=1, help="game i uses seed SEED + i (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--max-turns", type=int, default=MAX_TURNS)
    parser.add_argument("--clock", type=float, default=CLOCK,
                        help=f"seconds after which a search stops whatever its budget (default {CLOCK:g}; 0: "
                        "the level's think time, as in the game)")
    parser.add_argument("--anchor", default="normal=1500", help="LEVEL=RATING (default normal=1500)")
    parser.add_argument("--bootstrap", type=int, default=1000, help="bootstrap fits (default 1000)")
    parser.add_argument("--boot-seed", type=int, default=1)
    parser.add_argument("--out", type=Path,
                        help="JSON-lines results file (default: a new one under bench/results/)")
    parser.add_argument("--from", dest="from_", type=Path, action="append", metavar="FILE",
                        help="fit the games in FILE (repeatable) instead of playing; --variant and --levels "
                        "filter them")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    anchor, _, anchor_value = args.anchor.partition("=")
    anchor_rating = float(anchor_value or 1500)
    command = "python bench/rating_ladder.py " + shlex.join(sys.argv[1:] if argv is None else argv)

    wanted = [v.split(":") for v in args.variant] if args.variant else [[v] for v in VARIANTS]
    variants = {v[0]: int(v[1]) if len(v) > 1 else VARIANTS.get(v[0], 4) for v in wanted}
    if args.from_:
        runs, games = read_records(args.from_)
        if args.variant:
            games = [g for g in games if g["variant"] in variants]
        if args.levels:
            keep = set(args.levels.split(","))
            games = [g for g in games if set(g["seats"]) <= keep]
        # the levels the runs were played with (a level no kept game seated still gets a row), then any other
        named = [lv for r in runs for lv in r["levels"]] + [lv for g in games for lv in g["seats"]]
        levels = args.levels.split(",") if args.levels else list(dict.fromkeys(named))
        played_by = sorted({r["command"] for r in runs})
    else:
        levels = args.levels.split(",") if args.levels else list(BOT_KINDS)
        # game by game across the variants, so a run stopped early has about as many games of each
        tasks = [(v, seats, i, args.seed + i, lineup(levels, seats, i), args.max_turns, args.clock)
                 for i in range(args.games) for v, seats in variants.items()]
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        out = args.out or RESULTS / f"rating-ladder-{stamp}.jsonl"
        header = {"kind": "run", "command": command, "levels": levels, "started": stamp,
                  "python": sys.version.split()[0], "ai_sha256": ai_digest(), "clock": args.clock}
        games = play(tasks, args.jobs, out, header)
        played_by = [command]
    if anchor not in levels:
        anchor = levels[0]
    per: dict[str, dict[str, Any]] = {}
    order = list(VARIANTS)  # the variants in this order, any other after them
    for v in sorted({g["variant"] for g in games}, key=lambda v: (v not in order, order.index(v) if v in order
                                                                   else 0, v)):
        per[v] = summarise([g for g in games if g["variant"] == v], levels, anchor, anchor_rating,
                           args.bootstrap, args.boot_seed)
    pooled = summarise(games, levels, anchor, anchor_rating, args.bootstrap, args.boot_seed)
    result = {"levels": levels, "anchor": {anchor: anchor_rating}, "bootstrap": args.bootstrap,
              "games": len(games), "played_by": played_by, "command": command, "variants": per, "all": pooled}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    for v, s in per.items():
        print(table_text(f"{v}, {'/'.join(map(str, s['players']))} seats", s, anchor), end="\n\n")
    print(table_text("all variants, one rating per level", pooled, anchor), end="\n\n")
    print(overview_text(per, pooled, anchor), end="\n\n")
    print(f"{len(games)} games; levels {', '.join(levels)}; {anchor} = {anchor_rating:g}; "
          f"{args.bootstrap} bootstrap fits")
    for c in played_by:
        print(f"played by: {c}")
    if args.from_:
        print(f"fitted by: {command}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
