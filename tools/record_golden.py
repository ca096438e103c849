"""Record the engine's golden games: tests/golden/<variant>.json.gz, replayed by tests/engine/test_golden.py.

RERUN ONLY DELIBERATELY. These files pin down the behaviour of the rules engine (catan_desktop/engine/) and
of the rule files (rules/*.yaml) as they were when the games were recorded. The replay test fails as soon as
anything about a recorded game changes: a legal-action list, its order, an outcome, the final position. If an
engine change is *meant* to change behaviour, rerun this tool on purpose, review the diff of the coverage it
prints, and commit the new files with that change, saying why. Never rerun it just to make the test pass.

What it records, per variant (``base`` with 3 and 4 players, ``base-5-6`` with 5 and 6, ``catan-a-dois``
with 2; boards ``random``, ``balanced`` and ``beginner`` mixed):

- seeded games of random play: a ``random.Random(seed)`` picks each action from ``game.legal_actions()``,
  either uniformly (policy ``uniform``: many domestic offers, counters and answers) or first a kind, then an
  action of that kind (policy ``by-kind``: more building, development cards and finished games); a few of
  them with rule options switched (``Game.new(options=...)``);
- games of computer players (``easy``, ``normal`` and ``hard`` seats, ``think_time`` 60 s, so the hard level
  never hits its time limit and the game reproduces exactly).

Each game stops when it is over, or at ``MAX_TURNS`` turns or ``MAX_ACTIONS`` actions (``stopped`` says
which). For each game the file holds: ``variant``, ``players``, ``seed``, ``board``, ``options``, ``seats``
(the seat kinds), the policy or bot seeds, ``history`` (the actions as text), ``legal_checksum`` (a running
sha256 over one line per step, see :func:`step_line`, for every position from the start to the end
inclusive), ``step_digests`` (the first 4 hex digits of each line's own sha256, so the test can name the
first differing step), ``turns``, ``winners``, ``stopped`` and ``final`` (``game.to_json()`` at the end).
The files are gzip JSON with a fixed timestamp: rerunning on an unchanged engine gives identical bytes.

Only the public API is used: ``Game.new``, ``legal_actions``, ``apply``, ``current_player``, ``is_over``,
``history``, ``to_json``, and ``catan_desktop.ai.create_bot``. After recording, every game is replayed the
way the test does it, so a written file is known to be self-consistent.

Usage (from the repository root; PYTHONPATH picks the checkout whose engine is recorded)::

    SDL_VIDEODRIVER=dummy python tools/record_golden.py                  # all variants into tests/golden/
    python tools/record_golden.py --variant catan-a-dois --out /tmp/golden
    python tools/record_golden.py --dry-run                              # play and print, write nothing
Re-recording a variant records it under today's rules: take it out of tests/engine/test_golden.py's
``CHANGED_SINCE_RECORDING`` then.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from catan_desktop.ai import create_bot
from catan_desktop.engine import Action, Game

FORMAT = "catan-desktop-golden"
VERSION = 1
MAX_TURNS = 400
MAX_ACTIONS = 3000
THINK_TIME = 60.0
DIGEST_CHARS = 4
BOARDS = ("random", "balanced", "beginner")
POLICIES = ("uniform", "by-kind")
LEVELS = ("hard", "normal", "easy")
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "tests" / "golden"

# variant -> (player counts, random-play games, bot games, option sets for extra random-play games)
PLAN: dict[str, tuple[tuple[int, ...], int, int, tuple[dict[str, Any], ...]]] = {
    "base": (
        (3, 4),
        50,
        10,
        (
            {"robber_steal_optional": False},
            {"strict_trade_then_build": False},
            {"bank_shortage_one_player_exception": True},
            {"domestic_trade": False},
            {"max_offers_per_turn": 1},
            {"victory_points.target": 7},
        ),
    ),
    "base-5-6": (
        (5, 6),
        50,
        10,
        (
            {"robber_steal_optional": False},
            {"bank_shortage_one_player_exception": True},
            {"domestic_trade": False},
            {"strict_trade_then_build": False},
        ),
    ),
    "catan-a-dois": (
        (2,),
        60,
        10,
        ({"bank_shortage_one_player_exception": True}, {"victory_points.target": 8}),
    ),
}

# what the set of a variant must exercise (action kinds, with "develop" split by how it is paid)
_COMMON_KINDS = ("settle", "road", "city", "roll", "end", "buy", "robber", "maritime")
_DEV_KINDS = ("knight", "road_building", "year_of_plenty", "monopoly")
_TRADE_KINDS = ("offer", "accept", "reject", "counter", "confirm", "cancel")
_DOIS_KINDS = ("remove_token", "market", "market_sell", "market_discard", "develop:cards", "develop:knight")
REQUIRED_KINDS: dict[str, frozenset[str]] = {
    "base": frozenset((*_COMMON_KINDS, *_DEV_KINDS, *_TRADE_KINDS, "discard")),
    "base-5-6": frozenset((*_COMMON_KINDS, *_DEV_KINDS, *_TRADE_KINDS, "discard")),
    "catan-a-dois": frozenset((*_COMMON_KINDS, *_DEV_KINDS, *_DOIS_KINDS, "remote_exchange")),
}


# ------------------------------------------------------------------------------------- the checksum


def step_line(game: Game, legal: Sequence[Action]) -> bytes:
    """One step of the checksum: the seat to act and the legal actions, in the engine's order.

    tests/engine/test_golden.py computes the same; change both together (and re-record) or neither.
    """
    return (f"{game.current_player}:" + "|".join(map(str, legal)) + "\n").encode()


def step_digest(line: bytes) -> str:
    """The short per-step digest that lets the test name the first step whose legal list differs."""
    return hashlib.sha256(line).hexdigest()[:DIGEST_CHARS]


# ------------------------------------------------------------------------------------------- games


@dataclass
class Spec:
    """One game to record."""

    id: str
    variant: str
    players: int
    seed: int
    board: str
    options: dict[str, Any] = field(default_factory=dict)
    policy: str | None = None  # random play: "uniform" or "by-kind"
    levels: list[str] | None = None  # computer players: one level per seat

    @property
    def seats(self) -> list[str]:
        return list(self.levels) if self.levels else ["random"] * self.players

    @property
    def bot_seeds(self) -> list[int]:
        return [self.seed * 101 + k for k in range(self.players)]


def plan(variant: str) -> list[Spec]:
    """The games recorded for ``variant``, in file order (a pure function of PLAN)."""
    counts, n_random, n_bots, option_sets = PLAN[variant]
    specs: list[Spec] = []
    # random play: every combination of player count, board and policy comes round regularly
    for i in range(n_random + len(option_sets)):
        options = option_sets[i - n_random] if i >= n_random else {}
        specs.append(
            Spec(
                id=f"{variant}/r{i + 1:03d}",
                variant=variant,
                players=counts[i % len(counts)],
                seed=i + 1,
                board=BOARDS[(i // len(counts)) % len(BOARDS)],
                options=dict(options),
                policy=POLICIES[(i // (len(counts) * len(BOARDS))) % len(POLICIES)],
            )
        )
    for i in range(n_bots):
        players = counts[i % len(counts)]
        specs.append(
            Spec(
                id=f"{variant}/b{i + 1:03d}",
                variant=variant,
                players=players,
                seed=1001 + i,
                board=BOARDS[i % len(BOARDS)],
                levels=[LEVELS[(i + k) % len(LEVELS)] for k in range(players)],
            )
        )
    return specs


def _by_kind(rng: random.Random, legal: Sequence[Action]) -> Action:
    groups: dict[str, list[Action]] = defaultdict(list)
    for a in legal:
        groups[a.kind].append(a)
    return rng.choice(groups[rng.choice(sorted(groups))])


def record(spec: Spec) -> tuple[dict[str, Any], float]:
    """Play ``spec``; return the game's record and the longest single bot decision in seconds."""
    game = Game.new(
        spec.variant, players=spec.players, seed=spec.seed, board=spec.board, options=spec.options or None
    )
    rng = random.Random(spec.seed)
    bots = [
        create_bot(level, seed=s, think_time=THINK_TIME)
        for level, s in zip(spec.levels or [], spec.bot_seeds, strict=False)
    ]
    running = hashlib.sha256()
    digests: list[str] = []
    slowest = 0.0
    while True:
        legal = game.legal_actions()
        line = step_line(game, legal)
        running.update(line)
        digests.append(step_digest(line))
        if game.is_over:
            stopped = "over"
            break
        if game.turn >= MAX_TURNS:
            stopped = "max_turns"
            break
        if len(game.history) >= MAX_ACTIONS:
            stopped = "max_actions"
            break
        if bots:
            seat = game.current_player
            start = time.perf_counter()
            action = bots[seat].choose(game, seat)
            slowest = max(slowest, time.perf_counter() - start)
        elif spec.policy == "uniform":
            action = rng.choice(legal)
        else:
            action = _by_kind(rng, legal)
        game.apply(action)
    entry: dict[str, Any] = {
        "id": spec.id,
        "variant": spec.variant,
        "players": spec.players,
        "seed": spec.seed,
        "board": spec.board,
        "options": spec.options,
        "seats": spec.seats,
    }
    if bots:
        entry["bot_seeds"] = spec.bot_seeds
        entry["think_time"] = THINK_TIME
    else:
        entry["policy"] = spec.policy
        entry["policy_seed"] = spec.seed
    entry.update(
        max_turns=MAX_TURNS,
        max_actions=MAX_ACTIONS,
        stopped=stopped,
        turns=game.turn,
        winners=game.winners,
        history=list(game.history),
        legal_checksum=running.hexdigest(),
        step_digests="".join(digests),
        final=game.to_json(),
    )
    return entry, slowest


def replay_check(entry: dict[str, Any]) -> None:
    """Replay a record the way the test does; raise AssertionError if it does not reproduce."""
    game = Game.new(
        entry["variant"],
        players=entry["players"],
        seed=entry["seed"],
        board=entry["board"],
        options=entry["options"] or None,
    )
    running = hashlib.sha256()
    digests = []
    for text in entry["history"]:
        line = step_line(game, game.legal_actions())
        running.update(line)
        digests.append(step_digest(line))
        game.apply(text)
    line = step_line(game, game.legal_actions())
    running.update(line)
    digests.append(step_digest(line))
    assert "".join(digests) == entry["step_digests"], f"{entry['id']}: legal lists differ on replay"
    assert running.hexdigest() == entry["legal_checksum"], entry["id"]
    assert game.to_json() == entry["final"], f"{entry['id']}: final position differs on replay"
    assert Game.from_json(entry["final"]).to_json() == entry["final"], f"{entry['id']}: snapshot round trip"


# ------------------------------------------------------------------------------------------ coverage


def action_kind(text: str) -> str:
    """The action's kind; ``develop`` is split by how it is paid (``develop:cards`` / ``develop:knight``)."""
    words = text.split()
    if words[0] == "develop" and len(words) > 2:
        return f"develop:{words[2]}"
    return words[0]


def coverage(games: Sequence[dict[str, Any]]) -> dict[str, Counter[str]]:
    """Counts over a set of records: action kinds, log events, how games stopped, winners."""
    kinds: Counter[str] = Counter()
    events: Counter[str] = Counter()
    stops: Counter[str] = Counter()
    for g in games:
        kinds.update(action_kind(t) for t in g["history"])
        events.update(str(e.get("t")) for e in json.loads(g["final"])["log"])
        stops[g["stopped"] if g["stopped"] != "over" else ("won" if g["winners"] else "over, no winner")] += 1
    return {"actions": kinds, "events": events, "stopped": stops}


def _engine_source() -> dict[str, Any]:
    """Where the recorded engine comes from: its folder, git commit and whether it has local changes."""
    import catan_desktop

    root = Path(catan_desktop.__file__).resolve().parents[1]

    def git(*args: str) -> str:
        try:
            done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True)
        except (OSError, subprocess.CalledProcessError):
            return ""
        return done.stdout.strip()

    return {
        "root": str(root),
        "commit": git("rev-parse", "HEAD") or None,
        "local_changes": bool(git("status", "--porcelain", "--", "catan_desktop", "rules")),
    }


def _write(path: Path, data: dict[str, Any]) -> None:
    """gzip JSON, one game per line, with a fixed timestamp so identical content gives identical bytes."""
    head = {k: v for k, v in data.items() if k != "games"}
    text = json.dumps(head, ensure_ascii=False)[:-1] + ', "games": [\n'
    text += ",\n".join(json.dumps(g, ensure_ascii=False) for g in data["games"]) + "\n]}\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile("", "wb", compresslevel=9, fileobj=raw, mtime=0) as gz:
        gz.write(text.encode())
    tmp.replace(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--variant", action="append", choices=sorted(PLAN), help="a variant (repeatable; default: all)"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: tests/golden)")
    parser.add_argument("--dry-run", action="store_true", help="play and print the coverage, write nothing")
    parser.add_argument(
        "--allow-local-changes",
        action="store_true",
        help="record even if catan_desktop/ or rules/ has uncommitted changes",
    )
    args = parser.parse_args(argv)
    source = _engine_source()
    print(f"engine: {source['root']} commit {source['commit']} local changes: {source['local_changes']}")
    if source["local_changes"] and not args.dry_run and not args.allow_local_changes:
        print("refusing: the recorded engine has uncommitted changes (--allow-local-changes to override)")
        return 2
    failed = False
    for variant in args.variant or sorted(PLAN):
        start = time.perf_counter()
        games = []
        slowest = 0.0
        for spec in plan(variant):
            entry, slow = record(spec)
            replay_check(entry)
            games.append(entry)
            slowest = max(slowest, slow)
        seconds = time.perf_counter() - start
        cov = coverage(games)
        n_random = sum(1 for g in games if "policy" in g)
        n_actions = sum(len(g["history"]) for g in games)
        print(
            f"\n{variant}: {len(games)} games ({n_random} random play, {len(games) - n_random} computer "
            f"players), {n_actions} actions, {seconds:.1f} s, slowest bot decision {slowest:.2f} s"
        )
        for name, counts in cov.items():
            print(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        missing = sorted(REQUIRED_KINDS[variant] - set(cov["actions"]))
        if missing:
            print(f"  MISSING action kinds: {', '.join(missing)}")
            failed = True
        if slowest > THINK_TIME / 4:
            print(f"  a bot decision took {slowest:.1f} s, too close to the think time: not reproducible")
            failed = True
        if args.dry_run or failed:
            continue
        path = args.out / f"{variant}.json.gz"
        _write(
            path,
            {
                "format": FORMAT,
                "version": VERSION,
                "variant": variant,
                "recorded_from": {"commit": source["commit"], "local_changes": source["local_changes"]},
                "recorder": "tools/record_golden.py",
                "step_line": "f'{current_player}:' + '|'.join(map(str, legal_actions())) + '\\n', utf-8",
                "games": games,
            },
        )
        print(f"  wrote {path} ({path.stat().st_size} bytes)")
    if not args.dry_run and not failed:
        files = sorted(args.out.glob("*.json.gz"))
        total = sum(p.stat().st_size for p in files)
        print("\n" + "\n".join(f"{p.stat().st_size:>10}  {p}" for p in files) + f"\n{total:>10}  total")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
