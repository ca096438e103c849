"""Big fuzzing runs: hostile saves, rule files and actions by the thousand, to find the rare input that
crashes, hangs or gets past a check (issue 13, "robustness under hostile input").

The test suite tries a bounded, seeded handful of each; these runs try many more with the very same
generator and check functions, imported from the tests:

- ``saves``: a fixture save (tests/fixtures/saves_v1) with one to three values set to a wrong type or an
  absurd number, or a list one entry short or long (``save_mutants`` / ``check_save`` in
  tests/persistence/test_save_fuzz.py). Handled: loaded and then played on (up to 300 random legal actions,
  issue 35), or refused with one SaveError naming the file.
- ``rules``: a rule file (rules/*.yaml and the map-board fixture) mutated by one to three seeded edits
  (``mutant`` / ``fuzz_one`` in tests/variants/test_rule_fuzz.py). Handled: refused with one RuleFileError
  whose every line starts ``FILE:LINE:``, or loaded and then played (random legal moves for the smallest
  and largest table, up to --actions moves each, never stuck, every call bounded); every fifth also
  through ``catan-desktop validate``.
- ``actions``: whole random games of every installed variant with hostile action texts and values fed
  before each move (``fuzz_game`` in tests/engine/test_action_fuzz.py). Handled: every input applied (it
  was legal) or refused with IllegalAction leaving the game unchanged.

Item k of a run (k from --seed to --seed + --count - 1) depends on k alone, so ``--seed K --count 1``
reproduces a failure printed with seed K. Prints tried / handled / failed, the outcomes, and the seed and
first line of each failure; exit status 1 if anything failed. No timing is judged.

    python bench/fuzz.py saves [--count 3000] [--seed 0] [--jobs 2] [--json]
    python bench/fuzz.py rules [--count 500] [--seed 0] [--jobs 2] [--actions 2000] [--json]
    python bench/fuzz.py actions [--count 300] [--seed 0] [--jobs 2] [--json]

Needs the test extra (pytest): pip install -e '.[test]'. Items are split over ``--jobs`` worker
processes (default 2).
"""

from __future__ import annotations

import argparse
import atexit
import json
import random
import shutil
import sys
import tempfile
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
for sub in ("persistence", "variants", "engine"):
    sys.path.insert(0, str(ROOT / "tests" / sub))

from test_action_fuzz import VARIANTS, fuzz_game  # noqa: E402  (the suite's own fuzzing functions)
from test_rule_fuzz import SOURCES, Hang, deadline, fuzz_one, make_folder, mutant  # noqa: E402
from test_save_fuzz import SAVES, check_save, save_mutants  # noqa: E402

DEFAULT_COUNT = {"saves": 3000, "rules": 500, "actions": 300}
ITEM_SECONDS = 600.0  # one item (a save, a rule file and its games, a whole game) taking longer is a hang
GAME_ACTIONS = 5000  # legal moves per game: whole games (a random base game takes about 1500)
COMPARE_SHARE = 0.02  # refusals checked against the whole to_json() (the rest: a cheap fingerprint)
_FOLDER: list[Path] = []  # this worker's rule folder (make_folder), made on first use


def _error(exc: BaseException) -> str:
    lines = traceback.format_exception_only(type(exc), exc)
    text = (lines[-1] if lines else repr(exc)).strip()
    return text.splitlines()[0][:300] if text else type(exc).__name__


def _save(seed: int, actions: int) -> dict[str, Any]:
    name = SAVES[seed % len(SAVES)]
    rng = random.Random(f"{name}:{seed}")
    raw, verify = next(save_mutants(name, rng, edits=rng.choice([1, 1, 2, 3])))
    refused = check_save(raw, verify, play=min(actions, 300), seed=seed)
    return {"outcome": "refused" if refused else "loaded", "what": name}


def _rule(seed: int, actions: int) -> dict[str, Any]:
    if not _FOLDER:
        root = Path(tempfile.mkdtemp(prefix="catan-fuzz-"))
        atexit.register(shutil.rmtree, root, True)
        _FOLDER.append(make_folder(root))
    source = SOURCES[seed % len(SOURCES)]
    _, done = mutant(source, seed)
    outcome = fuzz_one(_FOLDER[0], source, seed, max_actions=actions, cli=seed % 5 == 0)
    return {"outcome": outcome, "what": f"{source.name} ({', '.join(done)})"}


def _game(seed: int, actions: int) -> dict[str, Any]:
    variant = VARIANTS[seed % len(VARIANTS)]
    counts = fuzz_game(variant, seed, max_actions=actions, compare_share=COMPARE_SHARE)
    return {"outcome": "played", "what": variant, "counts": counts}


MODES = {"saves": _save, "rules": _rule, "actions": _game}


def _task(task: tuple[str, int, int]) -> dict[str, Any]:
    mode, seed, actions = task
    try:
        with deadline(ITEM_SECONDS, f"{mode} seed {seed}"):
            result = MODES[mode](seed, actions)
    except (Exception, Hang) as exc:  # a fuzzing run reports every failure and goes on
        return {"seed": seed, "error": _error(exc)}
    return {"seed": seed, "error": None, **result}


def run(mode: str, count: int, seed: int, jobs: int, actions: int) -> dict[str, Any]:
    """Try items ``seed`` .. ``seed + count - 1`` of ``mode``; return the tallies and the failures."""
    tasks = [(mode, seed + i, actions) for i in range(count)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_task, tasks, chunksize=max(1, min(20, count // (jobs * 8)))))
    else:
        results = [_task(t) for t in tasks]
    outcomes: dict[str, int] = {}
    inputs: dict[str, int] = {}
    for r in results:
        if r["error"] is None:
            outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
            for key, n in r.get("counts", {}).items():
                inputs[key] = inputs.get(key, 0) + n
    failures = [{"seed": r["seed"], "error": r["error"]} for r in results if r["error"]]
    return {
        "mode": mode,
        "seed": seed,
        "tried": count,
        "handled": count - len(failures),
        "failed": len(failures),
        "outcomes": outcomes,
        "inputs": inputs,  # actions mode: hostile inputs refused and applied, legal moves played
        "failures": failures,
        "seconds": time.perf_counter() - start,
    }


def report(out: dict[str, Any]) -> str:
    first, last = out["seed"], out["seed"] + out["tried"] - 1
    unit = "games" if out["mode"] == "actions" else "files"
    outcomes = ", ".join(f"{n} {k}" for k, n in sorted(out["outcomes"].items()))
    lines = [
        f"fuzz {out['mode']}: seeds {first}..{last}, {out['seconds']:.0f} s",
        f"  tried {out['tried']} {unit}, handled {out['handled']} ({outcomes or 'none'}), "
        f"failed {out['failed']}",
    ]
    if out["inputs"]:
        i = out["inputs"]
        lines.append(f"  hostile inputs: {i.get('refused', 0)} refused, {i.get('applied', 0)} applied "
                     f"(legal); {i.get('moves', 0)} legal moves between them")
    for f in out["failures"]:
        lines.append(f"  seed {f['seed']}: {f['error']}")
    if out["failures"]:
        seed = out["failures"][0]["seed"]
        lines.append(f"  reproduce one: python bench/fuzz.py {out['mode']} --seed {seed} --count 1 --jobs 1")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=tuple(MODES))
    parser.add_argument("--count", type=int, help="items (default: saves 3000, rules 500, actions 300)")
    parser.add_argument("--seed", type=int, default=0, help="item k uses seed k: SEED .. SEED + COUNT - 1")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--actions", type=int, default=GAME_ACTIONS, help="legal moves per game at most")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    count = args.count if args.count is not None else DEFAULT_COUNT[args.mode]
    out = run(args.mode, count, args.seed, args.jobs, args.actions)
    print(json.dumps(out, indent=2) if args.json else report(out), flush=True)
    return 1 if out["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
