"""Golden games: the engine plays every recorded game exactly as it did when it was recorded (RULES.md
Parts B, F and D as a whole: founding, production, robber, discards, trades, development cards, building,
the special building phase, the Catan a Dois market, scarcity, development and remote cards, victory and
collapse).

tests/golden/<variant>.json.gz holds seeded games of random play and of computer players for ``base`` (3 and 4
players), ``base-5-6`` (5 and 6) and ``catan-a-dois`` (2), recorded by tools/record_golden.py (its docstring
says what exactly). For each game:

- the game is started again with ``Game.new(variant, players=, seed=, board=, options=)``;
- each recorded action is applied as text with ``game.apply`` (checked: an action refused now fails the test
  at its step);
- before every action and at the end, the seat to act and the legal-action list in the engine's order are
  hashed (one line per step): the per-step digest names the first step that differs, and the running sha256
  of all lines must equal the recorded ``legal_checksum``;
- at the end: the stored final snapshot, read by the current code, equals the replayed game
  (``Game.from_json(stored).to_json() == replayed.to_json()``: an old-format snapshot may be upgraded on
  loading), and the stored and replayed snapshots agree as JSON on the fields that must never change
  (``STABLE_FIELDS``); the turn, the winners and whether the game is over match the record.

If this fails after a change that was not meant to change behaviour, the message names the game and the first
differing step: fix the change. Re-record (tools/record_golden.py) only when a behaviour change is intended,
never to make this test pass.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from catan_desktop.engine import Action, ActionParseError, Game, IllegalAction, Ruleset

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
VARIANTS = ("base", "base-5-6", "catan-a-dois")
FORMAT, VERSION = "catan-desktop-golden", 1
DIGEST_CHARS = 4
STABLE_FIELDS = (
    "winners",
    "turn",
    "phase",
    "history",
    "hands",
    "bank",
    "buildings",
    "roads",
    "dev_cards",
    "log",
)
MIN_RANDOM_GAMES, MIN_BOT_GAMES = 50, 10
# action kinds each variant's random play must exercise ("develop" split by how it is paid)
_COMMON_KINDS = ("settle", "road", "city", "roll", "end", "buy", "robber", "maritime")
_DEV_KINDS = ("knight", "road_building", "year_of_plenty", "monopoly")
_TRADE_KINDS = ("offer", "accept", "reject", "counter", "confirm", "cancel")
_DOIS_KINDS = ("remove_token", "market", "market_sell", "market_discard", "develop:cards", "develop:knight")
REQUIRED_KINDS = {
    "base": {*_COMMON_KINDS, *_DEV_KINDS, *_TRADE_KINDS, "discard"},
    "base-5-6": {*_COMMON_KINDS, *_DEV_KINDS, *_TRADE_KINDS, "discard"},
    "catan-a-dois": {*_COMMON_KINDS, *_DEV_KINDS, *_DOIS_KINDS, "remote_exchange"},
}


def step_line(game: Game, legal: Sequence[Action]) -> bytes:
    """One step of the checksum; must stay identical to tools/record_golden.py ``step_line``."""
    return (f"{game.current_player}:" + "|".join(map(str, legal)) + "\n").encode()


def step_digest(line: bytes) -> str:
    return hashlib.sha256(line).hexdigest()[:DIGEST_CHARS]


def _load(variant: str) -> dict[str, Any] | None:
    path = GOLDEN / f"{variant}.json.gz"
    if not path.is_file():
        return None
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


FILES = {v: _load(v) for v in VARIANTS}
GAMES = {g["id"]: g for data in FILES.values() if data for g in data["games"]}


# --------------------------------------------------------------------------------------------- helpers


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def _first_difference(old: Any, new: Any, where: str = "") -> str | None:
    """Where two JSON values first differ, with both sides (shortened); None if they are equal."""
    if old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new), key=str):
            inner = f"{where}.{key}" if where else str(key)
            if key not in old or key not in new:
                return f"{inner}: only in the {'recorded' if key in old else 'replayed'} snapshot"
            found = _first_difference(old[key], new[key], inner)
            if found:
                return found
    if isinstance(old, list) and isinstance(new, list):
        for i, (a, b) in enumerate(zip(old, new, strict=False)):
            found = _first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        extra = old[len(new)] if len(old) > len(new) else new[len(old)]
        return f"{where}: recorded {len(old)} items, replayed {len(new)} (first extra: {_short(extra)})"
    return f"{where}: recorded {_short(old)}, replayed {_short(new)}"


def _describe(rec: dict[str, Any]) -> str:
    options = f", options {rec['options']}" if rec["options"] else ""
    return (
        f"{rec['id']} ({rec['variant']}, {rec['players']} players, seed {rec['seed']}, board {rec['board']}"
        f"{options}, seats {','.join(rec['seats'])})"
    )


# Variants whose rule file changed on purpose after their games were recorded: their records replay under
# the rules they were recorded with (stored in each record's final snapshot), the others under today's file.
# Catan a Dois gained the stalemate ending (D-10.1, designed in issue 13), which ends random play that stops
# building for 30 rounds; its own tests are in tests/engine/test_rules_dois.py.
CHANGED_SINCE_RECORDING = frozenset({"catan-a-dois"})


def recorded_rules(rec: dict[str, Any]) -> str | Ruleset:
    """The variant name, or the rules ``rec``'s game was recorded under when its file changed since."""
    if rec["variant"] in CHANGED_SINCE_RECORDING:
        return Ruleset.from_dict(json.loads(rec["final"])["rules"])
    return str(rec["variant"])


def _new_game(rec: dict[str, Any]) -> Game:
    return Game.new(
        recorded_rules(rec),
        players=rec["players"],
        seed=rec["seed"],
        board=rec["board"],
        options=rec["options"] or None,
    )


# ----------------------------------------------------------------------------------------------- tests


@pytest.mark.parametrize("variant", VARIANTS)
def test_golden_set_is_present_and_covers_the_rules(variant: str) -> None:
    """Each variant's file exists, is of this format, holds 50+ random-play and 10+ computer-player games,
    and the random play exercises every action kind the variant has (trades, robber, discards, development
    cards; for Catan a Dois the market, terrain development and remote cards)."""
    data = FILES[variant]
    assert data is not None, f"missing {GOLDEN / (variant + '.json.gz')}: run tools/record_golden.py"
    assert (data["format"], data["version"], data["variant"]) == (FORMAT, VERSION, variant)
    games = data["games"]
    assert sum("policy" in g for g in games) >= MIN_RANDOM_GAMES
    assert sum("bot_seeds" in g for g in games) >= MIN_BOT_GAMES
    kinds = Counter()
    for g in games:
        if "policy" in g:
            for text in g["history"]:
                words = text.split()
                kinds[f"develop:{words[2]}" if words[0] == "develop" else words[0]] += 1
    assert not REQUIRED_KINDS[variant] - set(kinds), f"not exercised: {REQUIRED_KINDS[variant] - set(kinds)}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_golden_game_replays_exactly(game_id: str) -> None:
    """A recorded game replays action by action with the same legal actions at every step and ends in the
    same position (B-3 to B-11, F-2/F-3, D-1 to D-8 as recorded)."""
    rec = GAMES[game_id]
    who = _describe(rec)
    history: list[str] = rec["history"]
    digests: str = rec["step_digests"]
    assert len(digests) == DIGEST_CHARS * (len(history) + 1), f"{who}: damaged record"
    game = _new_game(rec)
    running = hashlib.sha256()
    for step in range(len(history) + 1):
        legal = game.legal_actions()
        line = step_line(game, legal)
        running.update(line)
        if step_digest(line) != digests[DIGEST_CHARS * step : DIGEST_CHARS * (step + 1)]:
            recorded_next = repr(history[step]) if step < len(history) else "(the end)"
            pytest.fail(
                f"{who}: the seat to act or the legal actions differ first at step {step} of {len(history)} "
                f"(turn {game.turn}, phase {game.phase}; recorded action here: {recorded_next}; "
                f"previous: {history[max(0, step - 3) : step]}). "
                f"Now: {_short(line.decode().rstrip(), 600)}",
                pytrace=False,
            )
        if step == len(history):
            break
        try:
            game.apply(history[step])
        except (IllegalAction, ActionParseError) as exc:
            pytest.fail(
                f"{who}: step {step} (turn {game.turn}, phase {game.phase}): the recorded action "
                f"{history[step]!r} is refused now: {exc}",
                pytrace=False,
            )
    if running.hexdigest() != rec["legal_checksum"]:
        pytest.fail(f"{who}: the running legal-action checksum differs", pytrace=False)
    ended = (game.is_over, game.turn, game.winners)
    if ended != (rec["stopped"] == "over", rec["turns"], rec["winners"]):
        pytest.fail(
            f"{who}: the game ends differently: over, turn, winners = {ended}; recorded: stopped "
            f"{rec['stopped']}, turn {rec['turns']}, winners {rec['winners']}",
            pytrace=False,
        )

    replayed = game.to_json()
    stored = rec["final"]
    old, new = json.loads(stored), json.loads(replayed)
    for key in STABLE_FIELDS:
        diff = _first_difference(old.get(key), new.get(key), key)
        if diff is not None:
            pytest.fail(f"{who}: the final snapshot differs at {diff}", pytrace=False)
    upgraded = Game.from_json(stored).to_json()
    if upgraded != replayed:
        diff = _first_difference(json.loads(upgraded), new)
        pytest.fail(
            f"{who}: the stored final snapshot, loaded now, differs from the replayed game at {diff}",
            pytrace=False,
        )
