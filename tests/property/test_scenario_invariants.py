"""The scenarios (RULES.md Part S) over seeded random games with 3 to 6 players: every game ends with a winner
at the target for its table (S-4.1); after every action the Catan chips (S-2.2, S-3.5) and the canal tokens
(S-5.1) are conserved, resource cards too (with F-1's stock for 5-6 players, S-1.1), buildings stand only on
location spaces (S-3.1) and no player has a second road at a location space it has not settled (Q-47);
played canal tokens are back in the supply when a turn ends (S-5.3); snapshots round-trip.

The maps: the test isles (tests/fixtures/scenario/isle.yaml, isle-canal.yaml) and, when they exist, the
shipped scenario files rules/corsica.yaml and rules/new-york*.yaml. Random play picks a canal move a third of
the time when it has one, so the tokens are earned, played and traded.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from catan_desktop.engine import Game
from catan_desktop.engine.modules import erie_canal_state as ec
from catan_desktop.engine.modules import scenario as sc

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "scenario"
MAPS = [FIXTURES / "isle.yaml", FIXTURES / "isle-canal.yaml"] + sorted(
    p for p in (ROOT / "rules").glob("*.yaml") if p.stem == "corsica" or p.stem.startswith("new-york"))
SEEDS = int(os.environ.get("CATAN_PROPERTY_GAMES_SCENARIO", "1"))
MAX_STEPS = 40_000


def check(g: Game, founding_roads: set[int]) -> None:
    s, topo = g.s, g.topo
    extra_res, _dev = g.plugins.stock(s.players)
    for r in range(len(g.rules.resources)):
        stock = g.rules.bank_per_resource + extra_res[r]
        assert s.bank[r] + sum(h[r] for h in s.hands) == stock, "S-1.1, B-1.4: cards conserved"
    chips = sc.state(g)
    held = [n for t in chips.taken for n in t]
    want = set() if sc.large_table(g) else set(topo.marked("chips"))
    assert sorted(chips.spots + held) == sorted(want), "S-2.2 / S-3.5: chips conserved"
    spaces = sc.location_spaces(g)
    for n, o in enumerate(s.node_owner):
        assert o < 0 or n in spaces, "S-3.1"
    for n in spaces:
        for q in range(s.players):
            if s.node_owner[n] == q:
                continue
            mine = [e for e in topo.node_edges[n] if s.edge_owner[e] == q]
            assert len(mine) <= 1 or set(mine) <= founding_roads, "Q-47: one road to an unsettled location"
    if g.module("erie_canal") is not None:
        st = ec.state(g)
        assert st.supply >= 0 and min(st.tokens) >= 0
        assert st.supply + sum(st.tokens) + len(st.named) == ec.total(g), "S-5.1: canal tokens conserved"
        if s.phase in ("roll", "special_build"):
            assert not st.named, "S-5.3: played tokens return at the end of the turn"


def play(path: Path, players: int, seed: int) -> Game:
    g = Game.new(str(path), players=players, seed=seed)
    rng = random.Random(seed * 100 + players)
    founding: set[int] = set()
    for _step in range(MAX_STEPS):
        if g.is_over:
            break
        legal = g.legal_actions()
        assert legal, (g.phase, g.current_player)
        mine = [a for a in legal if a.kind.startswith("canal")]
        action = rng.choice(mine) if mine and rng.random() < 0.33 else rng.choice(legal)
        if action.kind == "road" and g.phase == "setup_road":
            founding.add(action.a)
        g.apply(action)
        check(g, founding)
    return g


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_with_everything_conserved(path: Path, players: int) -> None:
    for seed in range(SEEDS):
        g = play(path, players, seed)
        assert g.is_over and len(g.winners) == 1, f"{path.stem} {players} players, seed {seed}: no end"
        assert g.vp(g.winners[0]) >= g.vp_target
        assert g.vp_target == {3: 13, 4: 12}.get(players, 10), "S-4.1"
        again = Game.from_json(g.to_json())
        assert again.to_json() == g.to_json()
