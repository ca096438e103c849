"""The scenarios (RULES.md Part S) played through the game screen: a whole Corsica game and a whole New York
game with the Erie Canal, seat 0 a human who acts only through the buttons, the board and the dialogs.

The driver is the base game's (test_game_scene.Driver) with a few preferences, so that the games reach what
the scenarios add: roads towards chip spots (S-3.5), roads on red paths and bank trades at their rate (S-3.3),
roads joining two canal locations (S-5.2) and canal tokens played through the Canal dialog (S-5.3).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from test_game_scene import Driver, click, new_scene, pips, press, pump

from catan_desktop.engine import Action
from catan_desktop.ui.app import App
from catan_desktop.ui.scenes import scenario_dialogs as sd


class ScenarioDriver(Driver):
    """Prefers the roads and trades the scenario rules reward; plays canal tokens when they help a trade."""

    def act(self) -> None:
        """Founding: the second settlement at an end of a red path, its road on the path (S-3.3)."""
        g, scene, app = self.game, self.scene, self.app
        topo = g.topo
        legal = g.legal_actions()
        red_ends = {n for e in topo.red_edges for n in topo.edge_nodes[e]}
        if g.phase == "setup_settlement" and self.done["settle"] == 1:
            spots = [a for a in legal if a.a in red_ends]
            if spots:
                click(app, scene.screen_pos(max(spots, key=lambda a: (pips(scene, a.a), -a.a))))
                self.done["settle"] += 1
                return
        if g.phase == "setup_road":
            red = [a for a in legal if a.a in topo.red_edges]
            if red:
                click(app, scene.screen_pos(red[0]))
                self.done["road"] += 1
                self.done["red_road"] += 1
                return
        super().act()

    def main_phase(self, legal: list[Action], kinds: set[str]) -> None:
        g, scene, app = self.game, self.scene, self.app
        before = len(g.history)
        if "canal" in kinds and self.play_canal(legal):
            return
        harbour = [a for a in legal if a.kind == "maritime" and g.harbour_rates(0)[a.a] < 4]
        useful = [a for a in harbour if self.trade_helps(a)] or harbour[: int(self.done["harbour_trade"] < 2)]
        if useful:  # S-3.3: a red path's rate (twice at least, helpful or not)
            self.bank_trade(useful[0])
            self.done["harbour_trade"] += 1
            return
        roads = [a for a in legal if a.kind == "road"]
        if roads and not any(a.kind in ("city", "settle") for a in legal):
            dist = self.goal_distances()
            red = g.topo.red_edges  # a red path itself first (S-3.3), then the way to the nearest goal
            best = min(
                roads,
                key=lambda a: (a.a not in red, min(dist.get(n, 99) for n in g.topo.edge_nodes[a.a]), a.a),
            )
            if min(dist.get(n, 99) for n in g.topo.edge_nodes[best.a]) <= 5:
                if scene.mode != "road":
                    press(app, scene.buttons["road"])
                click(app, scene.screen_pos(best))
                self.done["goal_road"] += 1
                self.expect_progress(before, "build a road towards a goal")
                return
        super().main_phase(legal, kinds)

    def goal_distances(self) -> dict[int, int]:
        """Paths from each location to the nearest goal still open to seat 0: a chip spot with its chip
        (S-3.5), an end of a red path without our road (S-3.3), a canal location (S-5.2)."""
        g = self.game
        topo = g.topo
        goals: set[int] = set()
        if not any(g.s.edge_owner[e] == 0 for e in topo.red_edges):  # a red path first, once
            for e in topo.red_edges:
                if g.s.edge_owner[e] < 0:
                    goals.update(topo.edge_nodes[e])
        if not goals:
            spots = g.seat_view(0).modules.get("scenario", {}).get("spots", [])
            goals = set(spots) | set(topo.marked("canal"))
        dist = {n: 0 for n in goals}
        frontier = list(goals)
        while frontier:
            nxt = []
            for n in frontier:
                for m in topo.node_neighbours[n]:
                    if m not in dist:
                        dist[m] = dist[n] + 1
                        nxt.append(m)
            frontier = nxt
        return dist

    def play_canal(self, legal: list[Action]) -> bool:
        """Play a canal token naming the resource held most (at least 2), through the Canal dialog."""
        g, app = self.game, self.app
        names = g.rules.resources
        hand = g.s.hands[0]
        plays = {a.a for a in legal if a.kind == "canal"}
        choice = max(
            (r for r in plays if hand[names.index(r)] >= 2), key=lambda r: hand[names.index(r)], default=None
        )
        if choice is None or self.done["canal_played"] >= 3:
            return False
        before = len(g.history)
        press(app, self.scene.buttons["canal"])
        dialog = app.top
        assert isinstance(dialog, sd.CanalDialog), type(dialog)
        press(app, dialog.play_buttons[choice])
        self.expect_progress(before, "play a canal token")
        self.done["canal_played"] += 1
        return True

    def answer_dialog(self, dialog) -> None:  # type: ignore[no-untyped-def]
        if isinstance(dialog, sd.CanalAnswerDialog):  # S-5.4: refuse token trades (a test of the flow only)
            before = len(self.game.history)
            refuse = [b for b in dialog.actions if getattr(b, "text", "") == "Refuse"][0]
            press(self.app, refuse)
            self.expect_progress(before, "answer a canal token trade")
            self.done["canal_answer"] += 1
            return
        super().answer_dialog(dialog)


def play(variant: str, seed: int, players: int = 4) -> tuple[App, ScenarioDriver]:
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=seed, opponents="ai:easy", variant=variant, players=players)
    driver = ScenarioDriver(app, scene)
    for _ in range(80000):
        if scene.ctl.game.is_over:
            break
        driver.step()
    assert scene.ctl.game.is_over, f"the game did not end (turn {scene.ctl.game.turn})"
    return app, driver


def mine(log: list[dict], kind: str) -> list[dict]:  # type: ignore[type-arg]
    return [e for e in log if e.get("t") == kind and e.get("seat") == 0]


def test_a_whole_corsica_game_through_clicks(home: Path) -> None:
    """S-3.1..S-3.5 at 1280x720: seat 0 founds on location spaces, takes Catan chips with its roads and
    trades at a red path's rate, until somebody reaches the target (12 with four players, S-4.1)."""
    app, driver = play("corsica", seed=1)
    g = driver.game
    assert g.topo.is_map and len(g.topo.marked("chips")) == 11  # S-2.2, Q-45
    assert mine(g.log, "catan_chip"), f"seat 0 took no chip: {dict(driver.done)}"
    rated = [e for e in mine(g.log, "maritime") if e["rate"] < 4]
    assert rated, f"seat 0 never traded at a red path's rate: {dict(driver.done)}"
    assert max(g.vp(q) for q in range(4)) >= 12 and len(g.winners) == 1
    for _ in range(200):
        pump(app)
        if type(app.top).__name__ == "GameOverScene":
            break
    assert type(app.top).__name__ == "GameOverScene"


def test_a_whole_new_york_erie_canal_game_through_clicks(home: Path) -> None:
    """S-5 at 1280x720: seat 0 earns a canal token by joining two canal locations with its roads and plays
    one through the Canal dialog, naming a resource it then trades 2:1 (S-5.3)."""
    app, driver = play("new-york-erie-canal", seed=1)
    g = driver.game
    earned = mine(g.log, "canal_token")
    assert earned, f"seat 0 never earned a canal token: {dict(driver.done)}"
    played = mine(g.log, "canal_played")
    assert played, f"seat 0 never played a canal token: {dict(driver.done)}"
    assert len(g.winners) == 1
    by_kind = Counter(e["t"] for e in g.log)
    assert by_kind["canal_returned"] >= 1  # S-5.3: the token goes back at the end of the turn


@pytest.mark.parametrize("players", [3, 5])
def test_the_scenario_panels_fit_every_table(home: Path, players: int) -> None:
    """3 players: a chips row on every panel; 5 players: no chips (Q-49), the canal row only."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=2, opponents="ai:easy", variant="new-york-erie-canal", players=players)
    rows = [a.ROW for a in scene.addons]
    assert [type(a).__name__ for a in scene.addons] == ["ScenarioUI", "CanalUI"]
    assert (rows[0] > 0) == (players < 5)
    rects = [scene.panel_rect(q) for q in range(players)]
    assert rects[-1].bottom <= 720
    pump(app, 3)
    texts = " ".join(tip for _rect, tip in scene.tips)
    assert "Canal tokens" in texts
    assert ("Catan chips" in texts) == (players < 5)
