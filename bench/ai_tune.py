"""Tune the hard level by measurement: which weight changes help it against a fixed opponent.

Each candidate is a side spec of ``ai_ladder.py`` (``hard``, ``hard+recipe=0.3,lookahead=1``,
``hard@0.05``); every candidate plays the same N four-player games against ``--against`` (default normal),
two seats each, seated A-B-A-B and B-A-B-A in alternate games so every seat is covered, game i on seed
``--seed + i``. The report ranks the candidates by the share of games won, with a 95 % Wilson interval,
the stall rate (seat-games ended at 5 points or fewer) and the decision p95, so a change is kept only when
its interval says so; the kept weights go to ``catan_desktop/ai/weights.json`` with these figures.

    python bench/ai_tune.py hard hard+recipe=0.3 hard+lookahead=0.5 --games 200
    python bench/ai_tune.py --grid recipe=0,0.3,0.6 --base hard --games 200   # one weight, several values
    python bench/ai_tune.py expert --against hard --set trade_search.VALUED=12   # a search constant

``--set MODULE.NAME=VALUE`` changes a constant of ``catan_desktop.ai.MODULE`` for the whole run (every
candidate; the worker processes inherit it), for the search's constants that are not evaluation weights.

Use fresh seeds (``--seed``) to check a winner: the best of many candidates on one seed set is flattered.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_ladder import describe, run_rung  # noqa: E402  (bench/ is on sys.path when run as a script)


def grid(base: str, spec: str) -> list[str]:
    """Candidates ``base+name=value`` for each value of ``name=v1,v2,...``."""
    name, _, values = spec.partition("=")
    joiner = "," if "+" in base else "+"
    return [f"{base}{joiner}{name}={v}" for v in values.split(",")]


def set_constant(spec: str) -> str:
    """Apply ``MODULE.NAME=VALUE`` to ``catan_desktop.ai.MODULE`` (the value in the constant's own type)."""
    target, _, value = spec.partition("=")
    module_name, _, name = target.rpartition(".")
    module = importlib.import_module(f"catan_desktop.ai.{module_name}")
    old = getattr(module, name)  # a name that is not there is an error, not a new constant
    setattr(module, name, type(old)(float(value)) if isinstance(old, float) else type(old)(value))
    return f"{module_name}.{name} = {getattr(module, name)} (was {old})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("candidates", nargs="*", help="side specs, as in ai_ladder.py")
    parser.add_argument("--grid", action="append", default=[], help="NAME=V1,V2,... over --base")
    parser.add_argument("--base", default="hard")
    parser.add_argument("--against", default="normal")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", default="base")
    parser.add_argument("--clock", type=float, default=0.0, help="as ai_ladder.py's --clock")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="change a constant of catan_desktop.ai.MODULE for the run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    candidates = list(args.candidates)
    for spec in args.grid:
        candidates += grid(args.base, spec)
    if not candidates:
        parser.error("name at least one candidate or --grid")
    for spec in args.set:
        print(set_constant(spec), file=sys.stderr, flush=True)
    results: list[dict[str, Any]] = []
    for spec in candidates:
        r = run_rung(spec, args.against, args.games, args.seed, args.jobs, args.variant, args.clock)
        results.append(r)
        if not args.json:
            print(describe(r), flush=True)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print("\nranked:")
        for r in sorted(results, key=lambda r: -r["a_win_rate"]):
            lo, hi = r["ci95"]
            print(f"  {r['a_win_rate']:6.1%} ({lo:.1%}-{hi:.1%})  stall {r['a']['stall_rate']:5.1%}  "
                  f"p95 {r['a']['decision_p95_ms']:6.1f} ms  {r['rung'].split(' vs ')[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
