"""The Erie Canal variant (RULES.md S-5, readings Q-50 and Q-51): the rule module ``erie_canal`` on the test
isle with a canal (tests/fixtures/scenario/isle-canal.yaml: the canal towns Dorga, Gallo, Hora and Ilse, each
pair of neighbours two roads apart through a plain intersection) and on a map whose every location is named
(named-canal.yaml: canal towns k1 - k2 - k3 one path apart)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_rules_scenario import edge, events, node, position

from catan_desktop.engine import Game, SnapshotError
from catan_desktop.engine.modules import erie_canal_state as ec
from catan_desktop.engine.views import seat_event
from catan_desktop.text import describe

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scenario"
CANAL = str(FIXTURES / "isle-canal.yaml")
NAMED = str(FIXTURES / "named-canal.yaml")
RES = ("lumber", "wool", "grain", "brick", "ore")
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def canal(players: int = 4, supply: int | None = None, tokens: list[int] | None = None, **kw: Any) -> Game:
    """A position on the canal isle; ``tokens`` held per seat, the rest in the supply unless given."""
    sections = kw.pop("sections", {})
    if tokens is not None:
        left = 12 - sum(tokens) if supply is None else supply
        sections = {**sections, "erie_canal": {"supply": left, "tokens": tokens,
                                               "pairs": [[] for _ in range(players)]}}
    return position(CANAL, players, sections=sections, **kw)


def state(g: Game) -> ec.Canal:
    return ec.state(g)


def said(g: Game, kind: str, viewer: int) -> str | None:
    return describe(seat_event(events(g, kind)[-1], viewer), NAMES[: g.players], viewer)


# -------------------------------------------------------------------------------------------------- S-5.1


def test_s5_1_twelve_canal_tokens_in_a_public_supply() -> None:
    g = Game.new(CANAL, players=4, seed=1)
    view = g.observation(0)["modules"]["erie_canal"]
    assert view["supply"] == 12 and view["tokens"] == [0, 0, 0, 0] and view["total"] == 12
    assert {g.topo.node_keys[n] for n in view["canal"]} == {"dorga", "gallo", "hora", "ilse"}
    assert all(g.observation(q)["modules"]["erie_canal"] == view for q in range(4))


# ------------------------------------------------------------------------------------------- S-5.2, Q-50


def test_s5_2_a_road_completing_a_direct_connection_earns_a_token() -> None:
    g = canal(settlements={"gallo": 0}, roads=[("gallo", "x6_7", 0)], hands={0: {"lumber": 1, "brick": 1}})
    g.apply(f"road {edge(g, 'x6_7', 'hora')}")
    assert state(g).tokens == [1, 0, 0, 0] and state(g).supply == 11
    assert state(g).pairs[0] == [(node(g, "gallo"), node(g, "hora"))]
    assert events(g, "canal_token")[-1]["places"] == ["Gallo", "Hora"]
    assert said(g, "canal_token", 0) == "You joined Gallo and Hora along the canal and took a canal token"
    assert said(g, "canal_token", 2) == "Ann joined Gallo and Hora along the canal and took a canal token"


def test_s5_2_a_road_to_a_town_off_the_canal_earns_nothing() -> None:
    g = canal(settlements={"gallo": 0}, roads=[("gallo", "x4_7", 0)], hands={0: {"lumber": 1, "brick": 1}})
    g.apply(f"road {edge(g, 'x4_7', 'mira')}")
    assert state(g).tokens == [0, 0, 0, 0] and not events(g, "canal_token")


def test_q50_a_connection_through_another_location_earns_nothing() -> None:
    """S-5.2: Gallo - Hora - Ilse joins Hora and Ilse, never Gallo and Ilse (it passes Hora)."""
    roads = [("gallo", "x6_7", 0), ("x6_7", "hora", 0), ("hora", "x8_7", 0)]
    g = canal(settlements={"gallo": 0, "hora": 0}, roads=roads, hands={0: {"lumber": 1, "brick": 1}})
    assert state(g).pairs[0] == [(node(g, "gallo"), node(g, "hora"))]  # derived: joined before, paid before
    g.apply(f"road {edge(g, 'x8_7', 'ilse')}")
    assert state(g).tokens[0] == 1
    assert (node(g, "hora"), node(g, "ilse")) in state(g).pairs[0]
    assert (node(g, "gallo"), node(g, "ilse")) not in state(g).pairs[0]


def test_q50_once_per_pair_and_player() -> None:
    """Q-50: a road that lengthens a connection already made earns nothing more."""
    g = canal(settlements={"gallo": 0}, roads=[("gallo", "x5_4", 0)], hands={0: {"lumber": 2, "brick": 2}})
    g.apply(f"road {edge(g, 'x5_4', 'dorga')}")
    assert state(g).tokens[0] == 1
    g.apply(f"road {edge(g, 'x5_4', 'torre')}")  # the chain through x5_4 still joins only Gallo and Dorga
    assert state(g).tokens[0] == 1 and len(events(g, "canal_token")) == 1


def test_q50_only_the_players_own_roads_count() -> None:
    g = canal(settlements={"gallo": 0, "hora": 1}, roads=[("gallo", "x6_7", 0)], current=1,
              hands={1: {"lumber": 1, "brick": 1}})
    g.apply(f"road {edge(g, 'hora', 'x6_7')}")
    assert state(g).tokens == [0, 0, 0, 0]


def test_s5_2_never_in_the_founding_phase_and_that_pair_never_pays_later() -> None:
    """S-5.2: a founding road that joins Dorga and Gallo earns nothing; the pair is recorded (Q-50)."""
    g = canal(settlements={"gallo": 0, "dorga": 0, "alba": 1, "elva": 1, "lanza": 2, "olmo": 2, "pieve": 3,
                           "rocca": 3},
              roads=[("gallo", "x5_4", 0), ("alba", "x2_1", 1), ("elva", "x8_1", 1), ("lanza", "x0_7", 2),
                     ("olmo", "x2_13", 2), ("pieve", "x4_13", 3), ("rocca", "x8_13", 3)],
              phase="setup_road", turn=0, setup={"queue": [0, 1, 2, 3, 3, 2, 1, 0], "index": 7,
                                                 "last_settlement": 0},
              hands={0: {"lumber": 1, "brick": 1}})
    g.s.last_settlement = node(g, "dorga")
    g._legal = None
    g.apply(f"road {edge(g, 'dorga', 'x5_4')}")
    assert g.turn == 1 and state(g).tokens[0] == 0 and state(g).supply == 12
    assert state(g).pairs[0] == [(node(g, "dorga"), node(g, "gallo"))]
    assert not events(g, "canal_token")


def test_s5_2_roads_in_the_special_building_phase_and_free_roads_earn() -> None:
    g = canal(players=5, settlements={"gallo": 1, "alba": 0}, roads=[("gallo", "x6_7", 1)],
              phase="special_build", hands={1: {"lumber": 1, "brick": 1}},
              sections={"special_building_phase": {"queue": [1, 2, 3, 4]}})
    g.apply(f"road {edge(g, 'x6_7', 'hora')}")
    assert state(g).tokens[1] == 1
    g = canal(settlements={"dorga": 0}, dev_cards=[{"road_building": 1}, {}, {}, {}])
    g.apply("road_building")
    g.apply(f"road {edge(g, 'dorga', 'x7_4')}")
    g.apply(f"road {edge(g, 'x7_4', 'hora')}")
    assert state(g).tokens[0] == 1 and events(g, "canal_token")[-1]["places"] == ["Dorga", "Hora"]


def test_q50_an_empty_supply_pays_nothing_and_says_so() -> None:
    g = canal(tokens=[0, 0, 12, 0], settlements={"gallo": 0}, roads=[("gallo", "x6_7", 0)],
              hands={0: {"lumber": 1, "brick": 1}})
    g.apply(f"road {edge(g, 'x6_7', 'hora')}")
    assert state(g).tokens == [0, 0, 12, 0] and state(g).supply == 0
    out = "The canal tokens have run out: {} none for joining Gallo and Hora"
    assert said(g, "canal_short", 1) == out.format("Ann gets")
    assert said(g, "canal_short", 0) == out.format("you get")


def test_s5_2_on_a_map_whose_every_location_is_named_one_road_joins_two_canal_towns() -> None:
    """As the brief reads it: a road on a path whose both ends are canal towns; k1 - k3 passes k2."""
    g = position(NAMED, 3, settlements={"k1": 0}, hands={0: {"lumber": 1, "brick": 1}})
    g.apply(f"road {edge(g, 'k1', 'k2')}")
    assert state(g).tokens[0] == 1
    g = position(NAMED, 3, settlements={"k1": 0, "k3": 1}, roads=[("k1", "k2", 0), ("k2", "k3", 0)])
    pairs = {tuple(sorted((node(g, a), node(g, b)))) for a, b in (("k1", "k2"), ("k2", "k3"))}
    assert set(state(g).pairs[0]) == pairs  # never k1 with k3: that connection passes k2


# ------------------------------------------------------------------------------------------- S-5.3, Q-51


def test_s5_3_a_played_token_makes_its_resource_2_to_1_for_the_rest_of_the_turn() -> None:
    g = canal(tokens=[1, 0, 0, 0], settlements={"alba": 0}, hands={0: {"ore": 5}})
    assert g.harbour_rates(0)["ore"] == 4 and "canal ore" in map(str, g.legal_actions())
    g.apply("canal ore")
    assert g.harbour_rates(0)["ore"] == 2 and g.harbour_rates(0)["wool"] == 4
    assert state(g).tokens[0] == 0 and state(g).named == ["ore"]
    assert said(g, "canal_played", 1) == "Ann played a canal token: ore trades 2:1 with the bank this turn"
    g.apply("maritime ore wool")
    g.apply("maritime ore grain")  # as often as the player likes
    assert g.hand(0)["ore"] == 1 and g.hand(0)["wool"] == 1 and g.hand(0)["grain"] == 1
    assert g.observation(3)["modules"]["erie_canal"]["named"] == ["ore"]
    g.apply("end")
    assert state(g).supply == 12 and state(g).named == [] and g.harbour_rates(0)["ore"] == 4
    assert said(g, "canal_returned", 2) == "1 canal token goes back to the supply"


def test_q51_several_tokens_a_turn_each_naming_one_resource() -> None:
    g = canal(tokens=[2, 0, 0, 0], settlements={"alba": 0}, hands={0: {"ore": 2, "wool": 2}})
    g.apply("canal ore")
    assert g.why_illegal("canal ore").code == "canal_named"
    g.apply("canal wool")
    assert g.harbour_rates(0)["ore"] == 2 and g.harbour_rates(0)["wool"] == 2 and state(g).tokens[0] == 0
    g.apply("end")
    assert state(g).supply == 12 and said(g, "canal_returned", 0) == "2 canal tokens go back to the supply"


def test_q51_a_token_is_played_only_in_ones_own_trade_phase() -> None:
    g = canal(tokens=[1, 1, 0, 0], settlements={"alba": 0}, phase="roll")
    assert g.why_illegal("canal ore").code == "waiting_for"  # first the dice
    g = canal(tokens=[1, 1, 0, 0], settlements={"alba": 0}, built_this_turn=True)
    assert g.why_illegal("canal ore").code == "trade_after_build"
    assert g.why_none("canal").code == "trade_after_build"
    g = canal(players=5, tokens=[1, 1, 0, 0, 0], settlements={"alba": 0, "elva": 1}, phase="special_build",
              sections={"special_building_phase": {"queue": [1, 2, 3, 4]}})
    assert not [a for a in g.legal_actions() if a.kind.startswith("canal")]
    assert g.why_illegal("canal ore") is not None


def test_s5_3_no_token_for_a_resource_already_at_2_to_1() -> None:
    g = canal(tokens=[1, 0, 0, 0], settlements={"rocca": 0}, roads=[("rocca", "x8_13", 0)])
    assert "canal ore" not in map(str, g.legal_actions()) and "canal wool" in map(str, g.legal_actions())
    reason = g.why_illegal("canal ore")
    assert reason.code == "canal_rate_already" and "2:1" in str(reason)
    assert canal(tokens=[0, 1, 0, 0], settlements={"alba": 0}).why_none("canal").code == "canal_no_token"


# ------------------------------------------------------------------------------------------- S-5.4, Q-51


def test_s5_4_a_token_traded_to_another_player() -> None:
    g = canal(tokens=[1, 0, 0, 0], settlements={"alba": 0}, hands={1: {"ore": 3}})
    g.apply("canal_offer 1 canal=1 for ore=2")
    assert g.phase == "canal_answer" and g.current_player == 1 and g.s.offers_made == 1
    assert [str(a) for a in g.legal_actions()] == ["canal_accept", "canal_reject"]
    assert said(g, "canal_offer", 1) == "Ann offers you 1 canal token for 2 ore"
    g.apply("canal_accept")
    assert g.phase == "main" and state(g).tokens == [0, 1, 0, 0]
    assert g.hand(0)["ore"] == 2 and g.hand(1)["ore"] == 1
    assert said(g, "canal_trade", 2) == "Ann traded 1 canal token to Bob for 2 ore"
    assert said(g, "canal_trade", 1) == "Ann traded 1 canal token to you for 2 ore"


def test_s5_4_a_token_bought_or_refused() -> None:
    g = canal(tokens=[0, 0, 1, 0], settlements={"alba": 0}, hands={0: {"brick": 1}})
    assert "canal_offer 2 brick=1 for canal=1" in map(str, g.legal_actions())
    g.apply("canal_offer 2 brick=1 for canal=1")
    g.apply("canal_reject")
    assert state(g).tokens == [0, 0, 1, 0] and g.hand(0)["brick"] == 1 and g.phase == "main"
    assert said(g, "canal_rejected", 0) == "Cy declines your canal token trade"
    g.apply("canal_offer 2 brick=1 for canal=1")
    g.apply("canal_accept")
    assert state(g).tokens == [1, 0, 0, 0] and g.hand(2)["brick"] == 1


@pytest.mark.parametrize(
    ("text", "code", "fields"),
    [
        ("canal_offer 0 canal=1 for ore=1", "canal_offer_seat", {}),
        ("canal_offer 4 canal=1 for ore=1", "canal_offer_seat", {}),
        ("canal_offer 1 brick=1 for ore=1", "canal_offer_one_side", {}),
        ("canal_offer 1 canal=1 for canal=1", "canal_offer_one_side", {}),
        ("canal_offer 1 canal=1,ore=1 for ore=2", "trade_same_resource", {}),
        ("canal_offer 1 canal=1 for gold=1", "trade_unknown_resource", {}),
        ("canal_offer 1 canal=2 for ore=1", "canal_not_held", {}),
        ("canal_offer 1 canal=13 for ore=1", "trade_more_than_exist", {}),
        ("canal_offer 1 wool=1 for canal=1", "trade_not_held", {}),
        ("canal_offer 1 ore=1 for canal=1", "canal_offer_held", {}),
        ("canal_offer 1 canal=1 for ore=1", "trade_after_build", {"built_this_turn": True}),
        ("canal_offer 1 canal=1 for ore=1", "offer_limit", {"offers_made": 6}),
        ("canal_offer 1 canal=1 for ore=1", "waiting_for", {"phase": "roll"}),
    ],
)
def test_s5_4_offers_are_checked_like_domestic_offers(text: str, code: str, fields: dict[str, Any]) -> None:
    g = canal(tokens=[1, 0, 0, 0], settlements={"alba": 0}, hands={0: {"ore": 2}}, **fields)
    reason = g.why_illegal(text)
    assert reason is not None and reason.code == code, reason
    assert not str(reason).startswith(code)  # it reads as words


def test_s5_4_the_asked_seat_accepts_only_what_it_holds() -> None:
    g = canal(tokens=[1, 0, 0, 0], settlements={"alba": 0})
    g.apply("canal_offer 1 canal=1 for ore=2")
    assert [str(a) for a in g.legal_actions()] == ["canal_reject"]
    assert g.why_illegal("canal_accept").code == "accept_cannot_pay"


def test_q51_tokens_are_no_resource_cards_for_the_7_the_robber_or_monopoly() -> None:
    """Q-51: a 7 counts only cards; a steal finds no card in a hand of tokens; Monopoly takes no token."""
    g = canal(tokens=[0, 3, 2, 0], settlements={"alba": 0, "castello": 1, "dorga": 2}, phase="roll",
              hands={1: {"ore": 4, "wool": 4}}, next_dice=[3, 4], dev_cards=[{"monopoly": 1}, {}, {}, {}])
    g.apply("roll")
    assert g.s.discard_queue == [(1, 4)]
    g.apply("discard ore=2,wool=2")
    assert state(g).tokens == [0, 3, 2, 0]
    g.apply("robber 1.3 2")  # Dorga's hex; seat 2 holds tokens but no card
    assert events(g, "steal")[-1].get("empty") is True and state(g).tokens == [0, 3, 2, 0]
    g.apply("monopoly ore")
    assert g.hand(0)["ore"] == 2 and state(g).tokens == [0, 3, 2, 0]


# ------------------------------------------------------------------------------------------------- snapshots


def test_a_played_game_round_trips() -> None:
    g = Game.new(CANAL, players=4, seed=7)
    rng = random.Random(7)
    while not g.is_over and g.turn < 80:
        legal = g.legal_actions()
        mine = [a for a in legal if a.kind.startswith("canal")]
        g.apply(rng.choice(mine) if mine and rng.random() < 0.4 else rng.choice(legal))
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json()
    st = state(g)
    assert st.supply + sum(st.tokens) + len(st.named) == 12


def test_a_position_in_the_answer_phase_round_trips() -> None:
    g = canal(tokens=[1, 0, 0, 0], settlements={"alba": 0}, hands={1: {"ore": 3}})
    g.apply("canal_offer 1 canal=1 for ore=2")
    again = Game.from_json(g.to_json())
    assert again.phase == "canal_answer" and again.current_player == 1
    assert again.to_json() == g.to_json()


@pytest.mark.parametrize(
    ("section", "problem"),
    [
        ("nonsense", "modules.erie_canal must be a mapping"),
        ({"supply": -1}, "supply must be a whole number"),
        ({"supply": 12, "tokens": [1, 0, 0, 0]}, "13 canal tokens"),
        ({"tokens": [0, 0]}, "each seat a count"),
        ({"pairs": [[[0, 1]], [], [], []]}, "not two canal locations"),
        ({"named": ["gold"]}, "must list resource names"),
        ({"supply": 10, "named": ["ore", "ore"]}, "named twice"),
        ({"offer": {"to": "x"}}, "offer must be null"),
        ({"offer": {"to": 1, "give": {"gold": 1}}}, "offer.give must map"),
        ({"tokens": [True, 0, 0, 0]}, "tokens\\[0\\] must be a whole number"),
    ],
)
def test_a_malformed_section_is_a_clear_problem(section: Any, problem: str) -> None:
    g = Game.new(CANAL, players=4, seed=1)
    d = json.loads(g.to_json())
    d["modules"]["erie_canal"] = section
    with pytest.raises(SnapshotError, match=problem):
        Game.from_json(json.dumps(d))


def test_an_answer_phase_without_an_offer_is_refused() -> None:
    g = Game.new(CANAL, players=4, seed=1)
    d = json.loads(g.to_json())
    d.update(phase="canal_answer", turn=3, setup={"queue": [], "index": 0, "last_settlement": -1})
    with pytest.raises(SnapshotError, match="needs modules.erie_canal.offer"):
        Game.from_json(json.dumps(d))


@pytest.mark.parametrize("language", ["en", "pt", "it"])
def test_every_scenario_event_reads_as_a_sentence_in_every_language(language: str) -> None:
    """The log's sentences for the scenario events (text/scenarios.py), for every seat, in en, pt and it."""
    from catan_desktop import i18n
    from catan_desktop.text.scenarios import SCENARIO_EVENTS

    g = Game.new(CANAL, players=4, seed=3)
    rng = random.Random(3)
    while not g.is_over:
        legal = g.legal_actions()
        mine = [a for a in legal if a.kind.startswith("canal")]
        g.apply(rng.choice(mine) if mine and rng.random() < 0.4 else rng.choice(legal))
    seen = set()
    i18n.set_language(language)
    try:
        for ev in g.log:
            if ev["t"] not in SCENARIO_EVENTS:
                continue
            seen.add(ev["t"])
            for viewer in range(4):
                text = describe(seat_event(ev, viewer), NAMES[:4], viewer)
                assert text and "{" not in text and "canal_" not in text, (ev, text)
    finally:
        i18n.set_language("en")
    assert seen >= {"catan_chip", "canal_token", "canal_played", "canal_returned", "canal_offer",
                    "canal_trade"}


def test_s5_2_the_erie_canal_is_refused_on_a_board_without_canal_locations(tmp_path: Path) -> None:
    """Issue 35, item 3 (S-5.2: the tokens are earned by joining the canal's locations, which only the New
    York map marks): switched on for Corsica through the options, or by a rule file of one's own, it is
    refused with the reason, not played with 12 tokens nobody can earn."""
    from catan_desktop.engine import RulesetError
    from catan_desktop.variants import RuleFileError, load_rule_file

    with pytest.raises((RulesetError, RuleFileError), match="'erie_canal' needs a map board with 'canal'"):
        Game.new("corsica", players=3,
                 options={"modules": ["scenario", "special_building_phase", "erie_canal"]})
    own = tmp_path / "corsica-canal.yaml"
    own.write_text("extends: corsica\nname: corsica-canal\ntitle: Corsica with a canal\n"
                   "modules: [scenario, special_building_phase, erie_canal]\n", encoding="utf-8")
    with pytest.raises(RuleFileError) as caught:
        load_rule_file(own)
    assert any(p.startswith(f"{own}:4:") and "'canal' marks" in p for p in caught.value.problems), \
        caught.value.problems
    assert Game.new("new-york-erie-canal", players=4).rules.modules[-1] == "erie_canal"
