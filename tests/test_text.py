"""The text layer: every refusal code the engine can give has words, and reasons are data underneath."""

from __future__ import annotations

import json
import re
from pathlib import Path

from catan_desktop.engine import Action, Game
from catan_desktop.engine.reasons import Reason
from catan_desktop.text import reasons as text

ENGINE = Path(__file__).resolve().parents[1] / "catan_desktop" / "engine"


def test_every_code_the_engine_gives_has_words() -> None:
    codes = set()
    for path in ENGINE.rglob("*.py"):
        codes |= set(re.findall(r'Reason\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    assert len(codes) > 50
    missing = sorted(c for c in codes if c not in text.REASONS and c not in text._SPECIAL)
    assert missing == []


def test_a_reason_is_a_code_with_parameters_and_reads_as_a_sentence() -> None:
    """B-8.1: a road costs 1 lumber + 1 brick; the reason says so and says what is missing."""
    g = Game.new("base", players=3, seed=1)
    data = json.loads(g.to_json())
    data.update(phase="main", current=0, turn=3, setup={"queue": [], "index": 0, "last_settlement": -1})
    data["buildings"] = [[0, 0, "settlement"]]
    data["roads"] = []
    data["hands"] = [{"brick": 1}, {}, {}]
    data.pop("bank")
    g = Game.from_json(json.dumps(data))
    road = g.topo.node_edges[0][0]
    reason = g.why_illegal(Action("road", road))
    assert isinstance(reason, Reason) and reason.code == "need_resources"
    assert reason.params == {"item": "road", "cost": {"brick": 1, "lumber": 1}, "missing": {"lumber": 1}}
    assert reason == "a road costs 1 lumber + 1 brick"  # in the rule file's order of resources
    assert reason.to_data()["code"] == "need_resources"


def test_plural_forms() -> None:
    assert text.reason_text("discard_exactly", {"n": 1}) == "discard exactly 1 card"
    assert text.reason_text("discard_exactly", {"n": 4}) == "discard exactly 4 cards"


def test_an_unknown_code_still_reads() -> None:
    assert text.reason_text("some_new_code", {}) == "some new code"
