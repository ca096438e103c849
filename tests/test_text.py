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


def test_the_log_names_places_as_players_do_and_speaks_to_the_viewer() -> None:
    """Issue 12, defect 4: the log said "Bruno moved the robber to 3.5" and "You took the 10 token from 4.1
    into their reserve". Hexes are named by terrain and number; the viewer's own moves are "you", decided
    by the seat, not by comparing names (the viewer here is called Zoe)."""
    from catan_desktop.text import describe, places_of

    g = Game.new("base", players=3, seed=1)
    places = places_of(g.observation(0)["board"]["hexes"])
    hills = next(h for h in g.observation(0)["board"]["hexes"] if h["terrain"] == "hills")
    names = ["Zoe", "Bruno", "Carla"]
    robber = {"t": "robber", "seat": 1, "hex": hills["id"]}
    expected = f"Bruno moved the robber to the hills with the {hills['number']}"
    assert describe(robber, names, 0, places) == expected
    token = {"t": "remove_token", "seat": 0, "hex": hills["id"], "number": 10}
    assert describe(token, names, 0, places) == "You took the 10 token from the hills into your reserve"
    assert describe(token, names, 1, places) == "Zoe took the 10 token from the hills into their reserve"
    steal = {"t": "steal", "seat": 1, "victim": 0}
    assert describe(steal, names, 0, places) == "Bruno stole a card from you"
    assert describe({"t": "trade_failed", "seat": 0}, names, 0) == "Nobody took your offer"
    assert describe(robber, names, 0) == "Bruno moved the robber to " + hills["id"]  # no places: the id


def test_a_reason_names_who_is_awaited_and_speaks_to_the_viewer() -> None:
    """Issue 12, defect 6: the disabled Trade button said "not now: the game is waiting for player 1 to roll
    the dice" to player 1 themselves."""
    from catan_desktop.text import reason_for

    g = Game.new("base", players=3, seed=1)
    while g.turn == 0:
        g.apply(g.legal_actions()[0])
    reason = g.why_illegal(Action("offer", (("brick", 1),), (("ore", 1),)))
    seat = g.active_player
    names = ["Zoe", "Anna", "Bruno"]
    assert reason_for(reason, names, seat) == "First roll the dice (or play a development card)"
    other = (seat + 1) % 3
    expected = f"Not now: waiting for {names[seat]} to roll the dice (or play a development card)"
    assert reason_for(reason, names, other) == expected
    assert reason_for("plain words", names, 0) == "Plain words"


def test_an_addressed_offer_says_to_whom() -> None:
    from catan_desktop.text import describe

    ev = {"t": "offer", "seat": 2, "give": {"ore": 2}, "get": {"grain": 1}, "to": [1, 3]}
    said = describe(ev, ["Zoe", "Anna", "Carla", "Dario"], 1)
    assert said == "Carla offers 2 ore for 1 grain to you and Dario"
