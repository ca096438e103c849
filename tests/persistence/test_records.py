"""Game records (issue 19): a game exported as text (rules, seed, every action) and imported again replays to
the very same game, for every variant; `catan-desktop export` / `import` do it from the command line; and any
content at all in a record gives one SaveError naming the file (and the line), never a traceback."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from catan_desktop import i18n
from catan_desktop.cli.main import main
from catan_desktop.engine import Game, Ruleset
from catan_desktop.persistence import SaveError, export_record, load_game, read_record, record_text, save_game
from catan_desktop.persistence.records import parse_record

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _golden_game(variant: str, index: int = 0) -> Game:
    with gzip.open(GOLDEN / f"{variant}.json.gz", "rt", encoding="utf-8") as f:
        rec = json.load(f)["games"][index]
    rules = Ruleset.from_dict(json.loads(rec["final"])["rules"])
    game = Game.new(rules, players=rec["players"], seed=rec["seed"], board=rec["board"])
    for action in rec["history"]:
        game.apply(action)
    return game


@pytest.mark.parametrize("variant", ["base", "base-5-6", "catan-a-dois"])
def test_a_record_replays_to_the_same_game(variant: str, tmp_path: Path) -> None:
    game = _golden_game(variant)
    meta = {"config": {"seats": [{"name": "Ana\u00efs", "kind": "human"}]}}
    path = export_record(game, tmp_path / "g.catan.txt", "Sunday \u00b7 game", meta)
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") == 12 + len(game.history) and "format: catan-desktop-record 1" in text
    loaded = read_record(path)
    assert loaded.game.to_json() == game.to_json()
    assert loaded.name == "Sunday \u00b7 game" and loaded.meta == meta
    assert record_text(loaded.game, loaded.name, loaded.meta) == text


def test_export_and_import_from_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CATAN_DESKTOP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv(i18n.ENV, "en")  # main() sets it for --lang: put back after the test
    game = _golden_game("base", 1)
    save_game(game, tmp_path / "s.json", "Evening", {"config": {"players": game.players}})
    assert main(["--lang", "en", "export", str(tmp_path / "s.json"), str(tmp_path / "r.catan.txt")]) == 0
    assert f"r.catan.txt: the game record ({len(game.history)} actions)" in capsys.readouterr().out
    assert main(["--lang", "en", "import", str(tmp_path / "r.catan.txt")]) == 0
    out = capsys.readouterr().out
    saved = Path(out.split(": saved as")[0])
    assert saved.parent.name == "saves" and "\u201cEvening\u201d" in out
    assert load_game(saved, verify=True).game.to_json() == game.to_json()
    assert main(["import", str(tmp_path / "r.catan.txt")]) == 0  # again: a second file, none overwritten
    assert len(list(saved.parent.glob("*.json"))) == 2
    try:
        assert main(["--lang", "pt", "import", str(tmp_path / "s.json")]) == 2  # a save is not a record
    finally:
        i18n.set_language("en")
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path / 's.json'}: linha 1: ")  # in the language asked


def test_any_content_gives_one_clear_problem(tmp_path: Path) -> None:
    """Fuzz: truncated, edited, shuffled and random records: a SaveError naming the file, nothing else."""
    good = record_text(_golden_game("base", 2)).encode("utf-8")
    lines = good.split(b"\n")
    rng = random.Random(19)
    cases = [b"", b"\x00\xff\xfe", b"format: catan-desktop-record 2\n", b"history:\n", good[: len(good) // 2],
             good.replace(b"seed: ", b"seed: x"), good.replace(b"rules: {", b"rules: ["),
             good.replace(b"players: ", b"players: 99"), good.replace(b"board: ", b"board: moon"),
             b"\n".join(lines[:12] + [b"settle 9999"]), b"\n".join(lines + [b"road"]),
             good.replace(b"rules: {", b"rules: {\"players\": {\"min\": 1, \"max\": 100000}, ")]
    for _ in range(150):
        mutated = list(lines)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(mutated))
            choice = rng.random()
            if choice < 0.3:
                mutated[i] = bytes(rng.randrange(256) for _ in range(rng.randint(0, 12)))
            elif choice < 0.6:
                del mutated[i]
            elif choice < 0.8:
                j = rng.randrange(len(mutated))
                mutated[i], mutated[j] = mutated[j], mutated[i]
            else:
                mutated.insert(i, mutated[rng.randrange(len(mutated))])
        cases.append(b"\n".join(mutated))
    outcomes = {"replayed": 0, "refused": 0}
    for k, raw in enumerate(cases):
        path = tmp_path / f"case{k}.catan.txt"
        path.write_bytes(raw)
        try:
            loaded = read_record(path)
        except SaveError as exc:
            assert str(exc).startswith(str(path)) and exc.template, raw[:80]
            outcomes["refused"] += 1
        else:  # a record that still reads is a game: its own record reads back to the same game
            again = parse_record(record_text(loaded.game, loaded.name, loaded.meta).encode("utf-8"))
            assert again.game.to_json() == loaded.game.to_json()
            outcomes["replayed"] += 1
        assert path.read_bytes() == raw  # never changed
    assert outcomes["refused"] > 100
    with pytest.raises(SaveError):
        parse_record(good.replace(b"history:", b"history"))


def test_a_record_longer_than_any_game_is_refused_before_it_is_replayed(tmp_path: Path) -> None:
    """20,000 actions at most (a long game has about 3,000): a huge record is refused while its lines are
    read, before any of it is replayed."""
    from catan_desktop.persistence.records import MAX_ACTIONS

    head = record_text(_golden_game("base", 2)).split("history:\n")[0] + "history:\n"
    path = tmp_path / "huge.catan.txt"
    path.write_text(head + "end\n" * (MAX_ACTIONS + 5), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        read_record(path)
    assert f"line {MAX_ACTIONS + 13}: more than 20000 actions" in str(caught.value)  # 12 header lines
