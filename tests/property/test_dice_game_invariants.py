"""Invariants of the Catan Dice Game over seeded random games (RULES.md Part C): after rolling, a die's face
changes only by a knight swap or gold (C-2.1, C-4, C-5); the points recomputed from the sheet equal the
track (C-6.1, Q-53) and the VP and awards the sheet's (C-7.3); every game ends (classic after 15 turns a
seat, Plus at 10 VP); snapshots round-trip and a copy plays on identically; any hostile input is refused
with the state unchanged."""

from __future__ import annotations

import random
from typing import Any

import pytest

from catan_desktop.engine import Action, DiceGame
from catan_desktop.engine.dice_scoring import award_counts, points_of
from catan_desktop.engine.errors import ActionParseError

GAMES = [("dice-game", players, seed) for players in (1, 2, 4) for seed in range(3)] + [
    ("dice-game-plus", players, seed) for players in (2, 3, 4) for seed in range(3)
]


def pick(game: DiceGame, rng: random.Random) -> Action:
    """A random legal move that rolls again less and builds more than a uniform choice (so that games
    reach their end in a few hundred moves, gold and swaps included)."""
    legal = game.legal_actions()
    useful = [a for a in legal if a.kind in ("build", "gold", "swap")]
    if useful and rng.random() < 0.85:
        return rng.choice(useful)
    rerolls = [a for a in legal if a.kind == "reroll"]
    if rerolls and rng.random() < 0.5:
        return rng.choice(rerolls)
    return rng.choice([a for a in legal if a.kind != "reroll"])


def check_faces(before: list[str], after: list[str], action: Action, sheet_faces: set[str]) -> None:
    """Only the dice an action may change have changed (C-2.1: rolls; C-4: one die; C-5: one die)."""
    changed = {i for i in range(min(len(before), len(after))) if before[i] != after[i]}
    if action.kind == "roll":
        assert not before and set(after) <= sheet_faces
    elif action.kind == "reroll":
        assert changed <= set(action.a)
    elif action.kind == "swap":
        assert changed == {action.a} and after[action.a] == action.b
    elif action.kind == "gold":
        assert changed == {action.a[0]} and after[action.a[0]] == action.b
    elif action.kind == "build":
        assert not changed and after == before
    # "end" clears the table for the next turn


def check_scores(game: DiceGame) -> None:
    """The track is the sheet (classic), the VP the sheet plus the awards (Plus)."""
    sheet, s = game.rules, game.s
    built_in: dict[tuple[int, int], list[str]] = {}  # (seat, turn) -> ids built that turn, from the log
    for e in s.log:
        if e["t"] == "dice_build":
            built_in.setdefault((e["seat"], e["turn"]), []).append(e["id"])
    for p, sh in enumerate(s.sheets):
        if sheet.scoring == "points":
            ends = [e for e in s.log if e["t"] == "dice_turn_end" and e["seat"] == p]
            assert [e["points"] for e in ends] == sh.track
            for e in ends:
                ids = built_in.get((p, e["turn"]), [])
                assert e["points"] == (points_of(sheet, ids) if ids else sheet.no_build_penalty)
            penalties = sum(1 for t in sh.track if t == sheet.no_build_penalty and t < 0)
            written = [i for i in sh.built if not (p == s.current and i in s.built_turn)]  # not this turn's
            assert game.score(p) == points_of(sheet, written) + sheet.no_build_penalty * penalties
        else:
            assert sh.track == []
            army, roads = award_counts(sheet, s)
            awards = sum(
                a.vp
                for a, holder in ((sheet.largest_army, s.largest_army), (sheet.longest_road, s.longest_road))
                if holder == p
            )
            assert game.score(p) == points_of(sheet, sh.built) + awards
            if s.largest_army >= 0:
                assert army[s.largest_army] == max(army) >= sheet.largest_army.minimum
            if s.longest_road >= 0:
                assert roads[s.longest_road] == max(roads) >= sheet.longest_road.minimum
            assert game.score(p) < sheet.target or game.winners == [p]


@pytest.mark.parametrize("variant,players,seed", GAMES)
def test_random_games_keep_every_invariant_and_end(variant: str, players: int, seed: int) -> None:
    game = DiceGame.new(variant, players=players, seed=seed)
    rng = random.Random(seed * 31 + players)
    faces = set(game.rules.faces)
    for step in range(5000):
        if game.is_over:
            break
        action = pick(game, rng)
        before, seat = list(game.s.dice), game.current_player
        game.apply(action)
        if action.kind != "end":
            check_faces(before, game.s.dice, action, faces)
            assert game.current_player == seat
        if step % 50 == 0:
            check_scores(game)
    assert game.is_over, f"{variant} {players} players seed {seed} did not end"
    check_scores(game)
    if game.rules.scoring == "points":
        assert game.turn == 15 * players and all(len(s.track) == 15 for s in game.s.sheets)
        best = max(game.score(p) for p in range(players))
        assert game.winners == [p for p in range(players) if game.score(p) == best]
    else:
        assert len(game.winners) == 1 and game.score(game.winners[0]) >= game.rules.target


@pytest.mark.parametrize("variant,players", [("dice-game", 2), ("dice-game-plus", 3)])
def test_snapshots_round_trip_and_a_copy_plays_on_identically(variant: str, players: int) -> None:
    game = DiceGame.new(variant, players=players, seed=17)
    rng = random.Random(17)
    while not game.is_over:
        if rng.random() < 0.1:
            text = game.to_json()
            copy = DiceGame.from_json(text)
            assert copy.to_json() == text and copy.history == game.history
            clone = game.clone()
            moves = [pick(game, random.Random(len(game.history))) for _ in range(1)]
            for g in (game, copy, clone):
                for move in moves:
                    if g.is_legal(move):
                        g.apply(move)
            assert copy.to_json() == game.to_json() == clone.to_json()
        else:
            game.apply(pick(game, rng))


HOSTILE: list[Any] = [
    "",
    "roll ",
    "reroll",
    "reroll 0,0",
    "reroll 2,1",
    "reroll 99",
    "reroll -1",
    "reroll 0,1,2,3,4,5,6",
    "build",
    "build road",
    "build roads 1",
    "build road x",
    "build road 99",
    "build castle 1",
    "swap 0 ore",
    "swap 0 ore knight",
    "swap 0 ore knight 99",
    "swap 9 ore knight 1",
    "swap 0 gold knight 6",
    "swap 0 Ore knight 1",
    "gold 0 ore",
    "gold 0,0 ore",
    "gold 1,0 ore",
    "gold 0,1",
    "gold 0,1 any",
    "end now",
    "settle 3",
    "robber 3.3",
    None,
    42,
    Action("build", "road", -1),
    Action("build", "road", 10**5000),
    Action("reroll", (0, 0)),
    Action("reroll", ()),
    Action("swap", 0, "ore", None),
    Action("swap", 0, "ore", "1"),
    Action("gold", (0,), "ore"),
    Action("gold", (0, 1, 2), "ore"),
    Action("build", "knight", True),
    Action("swap", True, "ore", 1),
    Action(("roll",)),
    Action("end", 1),
]


def test_hostile_inputs_are_refused_with_the_state_unchanged() -> None:
    game = DiceGame.new("dice-game-plus", players=2, seed=3)
    rng = random.Random(3)
    probes = 0
    while not game.is_over and probes < 800:
        for given in rng.sample(HOSTILE, 5):
            before = game.to_json()
            reason = game.why_illegal(given)
            if reason is None:
                continue  # e.g. "reroll 0,1" may be legal
            assert isinstance(reason, str) and reason
            assert not game.is_legal(given)
            try:
                game.apply(given)
            except Exception as exc:  # IllegalAction, never anything else
                assert type(exc).__name__ == "IllegalAction", exc
            assert game.to_json() == before
            probes += 1
        for text in (str(a) for a in game.legal_actions()[:5]):
            try:
                assert str(Action.parse(text)) == text
            except ActionParseError as exc:  # pragma: no cover - a legal action always parses
                raise AssertionError(text) from exc
        game.apply(pick(game, rng))
    assert probes > 100
