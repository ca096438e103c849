"""Which founding production wins: a linear fit of each seat's win on its production after founding.

Plays N four-player base games between two sides as ``ai_ladder.py`` does (two seats each, seated A-B-A-B and
B-A-B-A in alternate games, game i on seed ``--seed + i``; a side is a spec such as ``hard``, ``normal`` or
``hard+city_pip=0``). At the first roll it records each seat's pips per resource (a settlement's hexes, by
``evaluate.production``), whether it founded on a harbour and how many resources it produces; at the end,
whether the seat won. It then fits, by least squares over all seat-games, win (1 or 0) on: a constant, the
seat's side, the pips of each resource, the harbour and the number of resources; a coefficient is the change
in a seat's chance of winning per unit (per pip, per harbour, per resource produced). It also prints each
side's mean founding pips per resource, in games it won and lost.

    python bench/founding_mix.py --a hard+city_pip=0 --b normal --games 200 --seed 21000

This is how the hard level's ``city_pip`` weight was found (``catan_desktop/ai/weights.json``). A fit of
observational games measures what goes with winning between these two players, not what a change would
gain: check a weight found this way with ``ai_tune.py`` on fresh seeds.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_ladder import bot_for  # noqa: E402  (bench/ is on sys.path when run as a script)

from catan_desktop.ai.evaluate import NORMAL, board_info, production  # noqa: E402
from catan_desktop.engine import Game  # noqa: E402


def play_one(args: tuple[str, str, int]) -> list[dict[str, Any]]:
    """One game: per seat, its side, founding pips per resource, harbour, and whether it won."""
    a, b, seed = args
    order = [a, b, a, b] if seed % 2 == 0 else [b, a, b, a]
    game = Game.new("base", players=4, seed=seed)
    bots = [bot_for(spec, seed * 101 + k) for k, spec in enumerate(order)]
    founding: list[list[float]] | None = None
    harbour: list[bool] = []
    while not game.is_over and game.turn < 400:
        if founding is None and game.phase == "roll":
            info = board_info(game)
            founding = [production(game, k, info, NORMAL) for k in range(4)]
            harbour = [any(n in game.node_harbour for n in game.s.buildings_of[k]) for k in range(4)]
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
    assert founding is not None
    return [
        {
            "side": "a" if spec == a else "b",
            "pips": founding[k],
            "harbour": harbour[k],
            "won": k in game.winners,
        }
        for k, spec in enumerate(order)
    ]


def least_squares(rows: list[list[float]], ys: list[float]) -> list[float]:
    """The coefficients b minimising |X b - y| (normal equations, Gaussian elimination with pivoting)."""
    n = len(rows[0])
    m = [
        [sum(r[i] * r[j] for r in rows) for j in range(n)]
        + [sum(r[i] * y for r, y in zip(rows, ys, strict=True))]
        for i in range(n)
    ]
    for c in range(n):
        pivot = max(range(c, n), key=lambda i: abs(m[i][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if abs(m[c][c]) < 1e-12:
            continue  # a column that never varies (e.g. no harbour at all): its coefficient stays 0
        for i in range(n):
            if i != c:
                f = m[i][c] / m[c][c]
                m[i] = [x - f * y for x, y in zip(m[i], m[c], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=21000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    tasks = [(args.a, args.b, args.seed + i) for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        seats = [s for game in pool.map(play_one, tasks, chunksize=2) for s in game]
    names = list(Game.new("base", players=4, seed=1).rules.resources)
    columns = ["constant", f"side {args.a}", *(f"{r} pip" for r in names), "harbour", "resources produced"]
    rows = [
        [1.0, float(s["side"] == "a"), *s["pips"], float(s["harbour"]), float(sum(1 for x in s["pips"] if x))]
        for s in seats
    ]
    coef = least_squares(rows, [float(s["won"]) for s in seats])
    out: dict[str, Any] = {
        "games": args.games,
        "seeds": [args.seed, args.seed + args.games - 1],
        "seat_games": len(seats),
        "fit": dict(zip(columns, coef, strict=True)),
        "sides": {},
    }
    for side, spec in (("a", args.a), ("b", args.b)):
        mine = [s for s in seats if s["side"] == side]
        won = [s for s in mine if s["won"]]
        lost = [s for s in mine if not s["won"]]

        def mean(group: list[dict[str, Any]], r: int) -> float:
            return sum(s["pips"][r] for s in group) / len(group) if group else 0.0

        out["sides"][spec] = {
            "seat_games": len(mine),
            "wins": len(won),
            "pips_won": {names[r]: mean(won, r) for r in range(len(names))},
            "pips_lost": {names[r]: mean(lost, r) for r in range(len(names))},
        }
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(
        f"{args.a} vs {args.b}: {args.games} games, seeds {args.seed}-{args.seed + args.games - 1}, "
        f"{len(seats)} seat-games"
    )
    print("change in a seat's chance of winning, per unit:")
    for name, c in out["fit"].items():
        print(f"  {name:>20}: {c:+.4f}")
    for spec, fig in out["sides"].items():
        print(
            f"{spec}: {fig['wins']} wins in {fig['seat_games']} seat-games; founding pips won / lost: "
            + ", ".join(f"{r} {fig['pips_won'][r]:.2f} / {fig['pips_lost'][r]:.2f}" for r in names)
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
