"""Which evaluation predicts the winner: a conditional-logit fit of the evaluation's own terms on who wins.

Plays N four-player games (``--side`` in every seat, or two sides seated A-B-A-B and B-A-B-A in alternate
games as ``ai_ladder.py`` does; game i on seed ``--seed + i``) and, at the start of every turn, records each
seat's evaluation terms (``evaluate.evaluate`` with one weight at 1 and the others at 0: the term that weight
multiplies; a weight that multiplies another, such as ``expansion`` times ``pip``, with that one at 1). At
the end it fits a conditional logit: the chance that seat p wins from a position is
exp(b.t_p) / sum_q exp(b.t_q), one b for all seats, by Newton's method with a small ridge. The fitted b,
put in the evaluation's units (``vp`` at the level's own value), is printed beside the level's weights,
with the log-likelihood per position of the fit and of the level's own weights (at their best common
scale), on all positions and by stage (the leader's visible points).

    python bench/eval_fit.py --side hard --games 200 --seed 30000 --jobs 2 --json > fit.json

A fit of observed games says what goes with winning among these players, not what a change of weights
would gain: try a weight found this way with ``ai_tune.py`` on fresh seeds before keeping it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import solve  # noqa: E402  (bench/ is on sys.path when run as a script)
from ai_ladder import bot_for  # noqa: E402

from catan_desktop.ai.evaluate import Weights, evaluate, weights_for  # noqa: E402
from catan_desktop.engine import Game  # noqa: E402

# the weights fitted, each with the weight it multiplies (held at 1 while its term is read), if any
TERMS: dict[str, str | None] = {
    "vp": None, "pip": None, "city_pip": "pip", "diversity": None, "recipe": None, "expansion": "pip",
    "card": None, "card_extra": None, "progress": None, "dev_progress": None, "discard_risk": None,
    "knight_held": None, "dev_held": None, "knight_played": None, "road_len": None, "army_race": "vp",
    "road_race": "vp", "harbour": None, "generic_harbour": None,
}
HELD = ("robbed",)  # weights inside a term, kept at the level's value


def _zero(level: Weights) -> Weights:
    values = {f.name: 0.0 for f in fields(Weights)}
    values.update({name: getattr(level, name) for name in HELD})
    values["win"] = 1000.0
    return Weights(**values)


def terms(g: Game, p: int, zero: Weights) -> list[float]:
    """Seat ``p``'s evaluation terms in ``g`` (``TERMS`` order)."""
    out = []
    cache: dict[str | None, float] = {}
    for name, partner in TERMS.items():
        if partner not in cache:
            cache[partner] = evaluate(g, p, zero if partner is None else replace(zero, **{partner: 1.0}))
        with_it = replace(zero, **{name: 1.0, **({partner: 1.0} if partner else {})})
        out.append(evaluate(g, p, with_it) - cache[partner])
    return out


def play_one(args: tuple[str, str, int, str]) -> dict[str, Any]:
    """One game; the terms of every seat at the start of each turn, the leader's visible points then, and
    the winners."""
    a, b, seed, variant = args
    order = [a, b, a, b] if seed % 2 == 0 else [b, a, b, a]
    game = Game.new(variant, players=4, seed=seed)
    modules = tuple(game.rules.modules)
    bots = [bot_for(spec, seed * 101 + k, modules, 60.0) for k, spec in enumerate(order)]
    zero = _zero(weights_for("hard", modules))
    rows: list[tuple[int, list[list[float]]]] = []
    last_turn = -1
    while not game.is_over and game.turn < 400:
        if game.turn != last_turn and game.s.phase == "roll":
            last_turn = game.turn
            lead = max(game.visible_vp(q) for q in range(4))
            rows.append((lead, [terms(game, q, zero) for q in range(4)]))
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
    return {"rows": rows, "winners": list(game.winners), "order": order}


# ------------------------------------------------------------------------------------------------ fit


def _loglik(data: list[tuple[list[list[float]], int]], b: list[float]) -> float:
    total = 0.0
    for xs, won in data:
        us = [sum(bi * xi for bi, xi in zip(b, x, strict=True)) for x in xs]
        top = max(us)
        total += us[won] - top - math.log(sum(math.exp(u - top) for u in us))
    return total / max(1, len(data))


def fit(data: list[tuple[list[list[float]], int]], ridge: float = 1e-3, steps: int = 12) -> list[float]:
    """The conditional logit's b (standardised terms inside, returned in the terms' own units)."""
    k = len(data[0][0][0])
    n = sum(len(xs) for xs, _w in data)
    mean = [sum(x[j] for xs, _w in data for x in xs) / n for j in range(k)]
    sd = [
        math.sqrt(sum((x[j] - mean[j]) ** 2 for xs, _w in data for x in xs) / n) or 1.0 for j in range(k)
    ]
    z = [([[(x[j] - mean[j]) / sd[j] for j in range(k)] for x in xs], w) for xs, w in data]
    b = [0.0] * k
    for _step in range(steps):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for xs, won in z:
            us = [sum(bi * xi for bi, xi in zip(b, x, strict=True)) for x in xs]
            top = max(us)
            es = [math.exp(u - top) for u in us]
            tot = sum(es)
            ps = [e / tot for e in es]
            mx = [sum(ps[q] * xs[q][j] for q in range(len(xs))) for j in range(k)]
            for j in range(k):
                grad[j] += xs[won][j] - mx[j]
            for q, x in enumerate(xs):
                d = [x[j] - mx[j] for j in range(k)]
                pq = ps[q]
                for i in range(k):
                    di = pq * d[i]
                    if di:
                        row = hess[i]
                        for j in range(k):
                            row[j] += di * d[j]
        for j in range(k):
            grad[j] -= ridge * len(z) * b[j]
            hess[j][j] += ridge * len(z)
        step = solve(hess, grad)
        b = [bi + si for bi, si in zip(b, step, strict=True)]
        if max(abs(s) for s in step) < 1e-4:
            break
    return [b[j] / sd[j] for j in range(k)]


def best_scale(data: list[tuple[list[list[float]], int]], w: list[float]) -> tuple[float, float]:
    """The common scale of the weights ``w`` that predicts the winners best (golden-section search on the
    log-likelihood), and that log-likelihood."""
    lo, hi = 0.0, 2.0
    ratio = (math.sqrt(5) - 1) / 2
    for _i in range(40):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if _loglik(data, [x * a for x in w]) > _loglik(data, [x * b for x in w]):
            hi = b
        else:
            lo = a
    s = (lo + hi) / 2
    return s, _loglik(data, [x * s for x in w])


def report(games: list[dict[str, Any]], level: str, variant: str) -> dict[str, Any]:
    level_w = weights_for(level, tuple(Game.new(variant, players=4, seed=1).rules.modules))
    own = [getattr(level_w, name) * (getattr(level_w, partner) if partner else 1.0)
           for name, partner in TERMS.items()]
    stages = {
        "all": (0, 99), "early (leader <= 4 points)": (0, 4), "middle (5-7)": (5, 7), "late (8+)": (8, 99),
    }
    out: dict[str, Any] = {"games": len(games), "level": level, "terms": list(TERMS), "stages": {}}
    for stage, (lo, hi) in stages.items():
        data = [(xs, g["winners"][0]) for g in games if len(g["winners"]) == 1
                for lead, xs in g["rows"] if lo <= lead <= hi]
        if len(data) < 50:
            continue
        b = fit(data)
        scale = level_w.vp / b[0] if b[0] > 0 else float("nan")
        fitted = {}
        for (name, partner), bj in zip(TERMS.items(), b, strict=True):
            value = bj * scale
            if partner:  # back to the weight itself: the term was read with its partner at 1
                value /= fitted[partner]
            fitted[name] = value
        s, ll_own = best_scale(data, own)
        out["stages"][stage] = {
            "positions": len(data),
            "loglik_fit": _loglik(data, b),
            "loglik_level": ll_own,
            "level_scale": s,
            "loglik_chance": -math.log(4),
            "fitted": fitted,
        }
    out["level_weights"] = {name: getattr(level_w, name) for name in TERMS}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", default="hard", help="the bots in every seat (a spec as in ai_ladder.py)")
    parser.add_argument("--against", default=None, help="a second side for two seats of four")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=30000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", default="base")
    parser.add_argument("--save", help="write the positions to this JSON file (to fit again with --load)")
    parser.add_argument("--load", help="fit the positions of an earlier --save instead of playing")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.load:
        games = json.loads(Path(args.load).read_text(encoding="utf-8"))
    else:
        other = args.against or args.side
        tasks = [(args.side, other, args.seed + i, args.variant) for i in range(args.games)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            games = list(pool.map(play_one, tasks, chunksize=2))
        if args.save:
            Path(args.save).write_text(json.dumps(games), encoding="utf-8")
    level = args.side.partition("+")[0].partition("@")[0]
    out = report(games, level, args.variant)
    out["seconds"] = time.perf_counter() - start
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{out['games']} games of {args.side}, {args.variant}; {out['seconds']:.0f} s")
    for stage, r in out["stages"].items():
        print(f"\n{stage}: {r['positions']} positions; log-likelihood per position: fit "
              f"{r['loglik_fit']:.4f}, the level's weights {r['loglik_level']:.4f} "
              f"(x{r['level_scale']:.3f}), chance {r['loglik_chance']:.4f}")
        for name, value in r["fitted"].items():
            print(f"  {name:>16}: fitted {value:8.3f}   level {out['level_weights'][name]:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
