"""Whatever a game is given as an action, it applies it or refuses it with IllegalAction and changes nothing
(issue 13, "robustness under hostile input"; docs/engine-api.md, "Playing").

During seeded random games of every installed variant, between legal moves, the game is fed hostile inputs:
texts made from legal actions' texts (wrong, huge, negative or non-ASCII numbers, unknown kinds, missing
or extra words, misspelt resources, bad card lists, control characters, very long strings) and Action
values with legal-looking kinds and random payloads (and things that are not actions at all). For each:

- ``Action.parse(text)`` returns an action whose text is exactly ``text``, or raises ActionParseError;
- ``why_illegal`` returns None or a non-empty reason and ``is_legal`` agrees with it; neither raises;
- ``apply`` applies a legal one and raises IllegalAction for any other, leaving ``to_json()`` unchanged.

The suite plays a bounded, seeded handful of games; ``python bench/fuzz.py actions`` plays hundreds with
the same ``fuzz_game``.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from catan_desktop import paths
from catan_desktop.engine import Action, ActionParseError, Game, IllegalAction
from catan_desktop.engine.actions import kinds
from catan_desktop.variants import list_variants

# the installed variants (not a player's own rule files), with their table sizes
TABLES = {v.name: (v.players_min, v.players_max) for v in list_variants()
          if not v.error and v.path.parent == paths.rules_dir()}
VARIANTS = sorted(TABLES)
GAMES = 4  # per variant in the suite
MAX_ACTIONS = 300  # legal moves per game in the suite (bench/fuzz.py plays whole games)
PROBES = 3  # hostile inputs between two legal moves
CALL_SECONDS = 5.0  # one call taking longer than this is a hang
COMPARE_SHARE = 0.15  # refusals checked against to_json() before and after (milliseconds in a long game)

NUMBERS = ["0", "1", "-1", "+1", "01", "00", "999999999", "1000000000", "9" * 40, "9" * 5000, "1e3", "0x1f",
           "1.0", "1_0", " 1", "٣", "²", "१२", "１", "NaN", "inf", ""]
WORDS = ["brick", "ore", "wool", "grain", "lumber", "Brick", "BRICK", "brik", "bricks", "оre", "gold",
         "desert", "generic", "knight", "cards", "for", "", "_", "a" * 300, "é", "\u202e", "🐑"]
HEXES = ["3.3", "1.1", "0.0", "0.1", "99.99", "03.3", "3,3", "-1.1", "3.3.3", "3", "3.3/0", "3.3/1",
         "3.3/99", "3.3/01", "3.3/-1", "9" * 30 + ".1"]
BUNDLES = ["brick=1", "brick=0", "brick=-1", "brick=1,brick=1", "ore=1,brick=1", "brick=", "=1", "brick=1,",
           ",", "brick=99999999999", "brick=1.5", "brick=²", "brick=٣", "Brick=1", "gold=1", "brick=1;ore=1",
           "brick=1,grain=1,lumber=1,ore=1,wool=1", "brick=" + "9" * 5000]
JUNK = ["", " ", "  ", "roll ", " roll", "roll  end", "roll\n", "roll\t", "roll\x00", "\x00", "\ud800",
        "x" * 100_000, "roll " * 1000, "ROLL", "Roll", "roll!", "build", "settle", "road", "robber",
        "discard", "offer", "offer for", "market", "develop", "remote_exchange", "remove_token",
        "market_sell", "market_discard", "confirm", "counter", "maritime", "year_of_plenty", "monopoly",
        "\x1b[2J", "settle 1\r", "é", "🐑 1", "None", "__class__", "settle __init__"]

BIG = 10**5000  # an int that Python will not turn into text (the int-to-text digit limit)
VALUES: list[Any] = [
    None, 0, 1, 2, 5, -1, 53, 54, 71, 72, 10**18, BIG, -BIG, True, False, 1.0, float("nan"), float("inf"),
    "", "brick", "ore", "wool", "gold", "Brick", "3.3", "1.1", "3.3/1", "3.3/99", "0.0", "x" * 10_000, "é",
    (), (("brick", 1),), (("brick", 0),), (("brick", -1),), (("ore", 1), ("brick", 1)), (("brick", 1),) * 2,
    (("brick", True),), (("brick", BIG),), ((1, 1),), (("brick", 1.0),), [("brick", 1)], (("brick",),),
    ("cards", (4, 10)), ("knight", (4,)), ("cards", ()), ("cards", (BIG,)), ("cards", [4]), ("x", (4, 10, 3)),
    [1], [BIG], {"a": 1}, {1, 2}, object(), b"roll", Action("roll"),
]
NOT_ACTIONS: list[Any] = [None, 42, b"roll", ("roll",), ["roll"], {"kind": "roll"}, object(), 1.5, BIG,
                          ("settle", 1, None), Action, Exception("roll")]


# --- hostile inputs --------------------------------------------------------------------------------------


def mutate_text(text: str, rng: random.Random) -> str:
    """Return a hostile variation of a legal action's text (possibly another legal action)."""
    words = text.split(" ")
    choice = rng.randrange(12)
    if choice == 0 and len(words) > 1:  # a word becomes a number
        words[rng.randrange(1, len(words))] = rng.choice(NUMBERS)
    elif choice == 1 and len(words) > 1:  # a word becomes a name
        words[rng.randrange(1, len(words))] = rng.choice(WORDS)
    elif choice == 2 and len(words) > 1:  # a word becomes a hex id
        words[rng.randrange(1, len(words))] = rng.choice(HEXES)
    elif choice == 3 and len(words) > 1:  # a word becomes a card list
        words[rng.randrange(1, len(words))] = rng.choice(BUNDLES)
    elif choice == 4 and len(words) > 1:  # a word goes
        del words[rng.randrange(1, len(words))]
    elif choice == 5:  # an extra word
        words.insert(rng.randrange(1, len(words) + 1), rng.choice(NUMBERS + WORDS + HEXES))
    elif choice == 6:  # an unknown or other kind
        words[0] = rng.choice([w for w in JUNK if w] + list(kinds()))
    elif choice == 7:  # two words swap
        i, j = rng.randrange(len(words)), rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    elif choice == 8:  # one character changes
        at = rng.randrange(len(text) + 1)
        new = rng.choice(["", " ", "0", "9", "=", ",", ".", "/", "-", "\x00", "\n", "é"])
        return text[:at] + new + text[at + 1 :]
    elif choice == 9:  # a number in it grows, shrinks or turns negative
        return "".join(c if not c.isdigit() or rng.random() < 0.5 else rng.choice(["0", "9", "-1", "99"])
                       for c in text)
    elif choice == 10:
        return rng.choice(JUNK)
    else:  # spacing, case and length
        spaced = [text + " ", " " + text, text.replace(" ", "  "), text.replace(" ", "\t"), text + "\n"]
        return rng.choice([*spaced, text.upper(), text * rng.choice([2, 1000]), text.replace(" ", "\u00a0")])
    return " ".join(words)


def random_action(game: Game, rng: random.Random) -> Any:
    """Return an Action with a legal-looking kind and random payloads, a legal action with one payload
    replaced, or (rarely) something that is not an action at all."""
    roll = rng.random()
    if roll < 0.05:
        return rng.choice(NOT_ACTIONS)
    if roll < 0.08:
        return Action(rng.choice([None, 3, ("roll",), ["roll"], {"a": 1}, b"roll", "", "bogus", BIG]))
    if roll < 0.5:
        legal = game.legal_actions()
        if legal:
            a, b = rng.choice(legal)[0], rng.choice(legal)
            return b._replace(**{rng.choice(["a", "b"]): rng.choice(VALUES)}) if rng.random() < 0.8 else \
                Action(a, b.b, b.a)
    return Action(rng.choice(kinds()), rng.choice(VALUES), rng.choice(VALUES))


def hostile_input(game: Game, rng: random.Random) -> Any:
    """One hostile input: a mutated legal text (half the time) or a random Action value."""
    legal = game.legal_actions()
    if legal and rng.random() < 0.5:
        return mutate_text(str(rng.choice(legal)), rng)
    return random_action(game, rng)


# --- the checks ------------------------------------------------------------------------------------------


def _timed(what: str, call: Any, *args: Any) -> Any:
    start = time.perf_counter()
    try:
        return call(*args)
    finally:
        took = time.perf_counter() - start
        assert took < CALL_SECONDS, f"{what} took {took:.1f} s"


def _fingerprint(game: Game) -> tuple[Any, ...]:
    """A cheap summary of the state that any applied action changes (to_json() costs milliseconds)."""
    s = game.s
    return (len(s.history), len(s.log), s.phase, game.current_player, repr(s.hands), repr(s.bank), s.turn)


def probe(game: Game, given: Any, compare: bool) -> str:
    """Check one hostile input against parse, why_illegal, is_legal and apply; return "refused" or
    "applied" (a legal one, applied). A refusal must leave the state's fingerprint unchanged and, with
    ``compare``, the whole ``to_json()``.

    Raises AssertionError on a broken promise, or whatever exception escaped."""
    if isinstance(given, str):
        try:
            parsed = _timed("Action.parse", Action.parse, given)
        except ActionParseError:
            pass
        else:
            assert str(parsed) == given, f"{given[:80]!r} parses to {parsed!r}, written {str(parsed)[:80]!r}"
    reason = _timed("why_illegal", game.why_illegal, given)
    assert reason is None or (isinstance(reason, str) and reason), f"why_illegal gave {reason!r}"
    assert _timed("is_legal", game.is_legal, given) == (reason is None), "is_legal disagrees with why_illegal"
    summary_before = _fingerprint(game)
    before = game.to_json() if compare and reason is not None else None
    try:
        _timed("apply", game.apply, given)
    except IllegalAction as exc:
        assert reason is not None, f"apply refused a legal action: {exc}"
        assert isinstance(exc.reason, str) and exc.reason, "IllegalAction without a reason"
        assert _fingerprint(game) == summary_before, "a refused action changed the game"
        if before is not None:
            assert game.to_json() == before, "a refused action changed the game"
        return "refused"
    assert reason is None, f"apply accepted an action why_illegal refused ({reason})"
    return "applied"


def fuzz_game(
    variant: str, seed: int, max_actions: int = MAX_ACTIONS, probes: int = PROBES,
    compare_share: float = COMPARE_SHARE,
) -> dict[str, int]:
    """Play a seeded random game of ``variant``, feeding ``probes`` hostile inputs before each legal move
    (``compare_share`` of the refusals checked against the whole to_json()); return the counts of inputs
    refused and applied and of legal moves. Raises on a broken promise."""
    rng = random.Random(f"{variant}:{seed}")
    game = Game.new(variant, players=rng.randint(*TABLES[variant]), seed=seed)
    counts = {"refused": 0, "applied": 0, "moves": 0}
    for _ in range(max_actions):
        if game.is_over:
            break
        for _ in range(probes):
            given = hostile_input(game, rng)
            try:
                counts[probe(game, given, compare=rng.random() < compare_share)] += 1
            except AssertionError as exc:
                raise AssertionError(f"{game.phase}, given {_shown(given)}: {exc}") from exc
            except Exception as exc:
                raise AssertionError(f"{game.phase}, given {_shown(given)}: escaped {exc!r}"[:500]) from exc
            if game.is_over:
                return counts
        legal = game.legal_actions()
        assert legal, f"no legal action in phase {game.phase}"
        game.apply(rng.choice(legal))
        counts["moves"] += 1
    return counts


def _shown(given: Any) -> str:
    """A short, printable description of a hostile input for a failure message."""
    try:
        text = repr(given)
    except ValueError:  # an int too long to print
        text = f"<{type(given).__name__} with a huge int>"
    return text if len(text) <= 120 else text[:117] + "..."


# --- the tests -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_hostile_actions_are_applied_or_refused_without_a_trace(variant: str) -> None:
    totals = {"refused": 0, "applied": 0, "moves": 0}
    for seed in range(GAMES):
        for key, n in fuzz_game(variant, seed).items():
            totals[key] += n
    assert totals["refused"] > totals["applied"]  # most hostile inputs are refused
    assert totals["moves"] > GAMES * 50  # and the games went on between them


def test_every_installed_variant_is_fuzzed() -> None:
    assert {"base", "base-5-6", "catan-a-dois"} <= set(VARIANTS)


# --- what fuzzing found (issue 13): each once more, as the smallest input that showed it -----------------

FOUND: dict[str, Any] = {
    "huge_int_payload": Action("settle", [BIG]),  # repr() of it in the reason raised ValueError
    "huge_int_kind": Action(BIG),  # the same, in "unknown action"
    "unhashable_kind": Action(["roll"]),  # SPECS.get(kind): TypeError
    "superscript_digit": "settle ²",  # str.isdigit() is true, int() refuses it: ValueError
    "long_card_count": "discard brick=" + "9" * 5000,  # int() of 5000 digits: ValueError
}


@pytest.mark.parametrize("case", sorted(FOUND))
def test_what_fuzzing_found_in_actions_is_refused(case: str) -> None:
    game = Game.new("base", players=3, seed=1)
    assert probe(game, FOUND[case], compare=True) == "refused"


@pytest.mark.parametrize("text", ["settle ٣", "settle ²", "robber ٣.٣", "discard brick=٣", "monopoly ore\n",
                                  "robber 3.3\n", "settle １"])
def test_only_ascii_digits_and_names_parse(text: str) -> None:
    """'settle ٣' parsed as settle 3, whose text is 'settle 3': the text form did not round-trip."""
    with pytest.raises(ActionParseError):
        Action.parse(text)


def _code(game: Game, action: Action) -> str | None:
    """The code of the reason why ``action`` is refused (None when it is legal)."""
    return getattr(game.why_illegal(action), "code", None)


def test_a_trade_asking_more_cards_than_the_game_has_is_refused(kit: Any) -> None:
    """An offer for 10**5000 ore was legal; the game then could not be written to JSON (nor saved)."""
    game = kit.position(hands=[{"brick": 2}, {"wool": 1}, {}, {}])
    huge = Action("offer", (("brick", 1),), (("ore", BIG),))
    assert _code(game, huge) == "trade_more_than_exist"
    assert not game.is_legal(Action("offer", (("brick", 1),), (("ore", 20),)))
    game.apply(Action("offer", (("brick", 1),), (("ore", 19),)))  # 19: every ore there is
    counter = Action("counter", (("wool", 1),), (("brick", BIG),))
    assert _code(game, counter) == "trade_more_than_exist"
    assert game.to_json()


def test_a_hand_with_too_many_ways_to_discard_lists_some_and_accepts_any(kit: Any) -> None:
    """B-6.2 with 95 cards: 95,875 ways to discard 47 were listed (1.7 million for 200 cards, billions
    beyond: a game with a bigger bank hung at a 7). The first 5000 are listed; any valid one is legal."""
    hand = {r: 19 for r in ("brick", "grain", "lumber", "ore", "wool")}
    game = kit.position(phase="discard", hands=[hand, {}, {}, {}], discards_pending=[[0, 47]], dice=[3, 4])
    listed = game.legal_actions()
    assert len(listed) == 5000 and all(game.is_legal(a) for a in listed[:: 500])
    chosen = Action("discard", (("brick", 9), ("grain", 10), ("lumber", 9), ("ore", 10), ("wool", 9)))
    assert chosen not in listed and game.is_legal(chosen)
    assert _code(game, Action("discard", (("brick", 20), ("grain", 27)))) == "cards_not_held"
    assert _code(game, Action("discard", (("brick", 2),))) == "discard_exactly"
    game.apply(chosen)
    assert game.phase == "robber" and sum(game.hand(0).values()) == 48


def test_alone_at_the_table_there_is_nobody_to_trade_with(kit: Any) -> None:
    """A rule file may allow one player: the lone player's offer went to nobody, and the next call raised
    IndexError in phase trade_offer."""
    game = kit.position(players=1, options={"players.min": 1}, hands=[{"brick": 2, "ore": 1}])
    assert not [a for a in game.legal_actions() if a.kind == "offer"]
    assert _code(game, Action("offer", (("brick", 1),), (("wool", 1),))) == "trade_nobody"
