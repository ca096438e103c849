"""The board view: which spots a click may act on (from the legal actions), the highlight and hover ghost,
where an action is on screen, and the animations that events start (dice, flying cards, marks).

A part of ``GameScene`` (a mixin): it reads the scene's seat view (``view``), ``px``, ``names``, ``colours``
and ``regions()``, so a replay viewer can reuse it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action
from ...render.board import Highlight
from ...render.tokens import token_at, token_centres
from .game_anims import MARK_SECONDS, Anim, draw_banner, draw_fly, draw_mark, mark_place
from .game_dialogs import VictimDialog

if TYPE_CHECKING:
    pass


class BoardPart:
    """The board view: targets, highlight, hover and animations."""

    def board_targets(self) -> dict[str, dict[Any, list[Action]]]:
        """The legal board actions of the shown human, grouped by what is clicked: node, edge, hex or
        (hex, slot) number token (Catan a Dois: the robber sits on a token, D-8.1)."""
        out: dict[str, dict[Any, list[Action]]] = {"node": {}, "edge": {}, "hex": {}, "token": {}}
        ctl = self.port
        if not ctl.human_to_act or ctl.seat_to_act != self.viewer:
            return out
        phase = self.view.phase
        for a in ctl.legal():
            settle = a.kind == "settle" and (phase == "setup_settlement" or self.mode == "settlement")
            if settle or (a.kind == "city" and self.mode == "city"):
                out["node"].setdefault(a.a, []).append(a)
            elif a.kind == "road" and (phase in ("setup_road", "road_building") or self.mode == "road"):
                out["edge"].setdefault(a.a, []).append(a)
            elif a.kind in ("robber", "remove_token"):  # (an add-on may move them onto tokens: D-8)
                hex_id = str(a.a).partition("/")[0]  # '2.3/1': a token of hex 2.3
                out["hex"].setdefault(self.view.topo.hex_index[hex_id], []).append(a)
        for addon in self.addons:
            addon.board_targets(ctl.legal(), out)
        return out

    def _target_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        if self.layout is None or not self.regions()["board"].collidepoint(pos):
            return None
        targets = self.board_targets()
        if targets["node"]:
            n = self.layout.node_at(*pos)
            if n is not None and n in targets["node"]:
                return ("node", n)
        if targets["edge"]:
            e = self.layout.edge_at(*pos)
            if e is not None and e in targets["edge"]:
                return ("edge", e)
        if targets["token"]:
            spot = token_at(self.layout, self.view, *pos)
            if spot is not None and spot in targets["token"]:
                return ("token", spot)
            h = self.layout.hex_at(*pos)  # anywhere on a hex with a single legal token
            slots = [k for k in targets["token"] if k[0] == h]
            if len(slots) == 1:
                return ("token", slots[0])
        if targets["hex"]:
            h = self.layout.hex_at(*pos)
            if h is not None and h in targets["hex"]:
                return ("hex", h)
        return None

    def _click(self, pos: tuple[int, int]) -> bool:
        target = self._target_at(pos)
        if target is None:
            return False
        kind, index = target
        actions = self.board_targets()[kind][index]
        if any(addon.click(kind, index, actions) for addon in self.addons):
            self.hover = None
            return True
        if kind in ("hex", "token") and len(actions) > 1:
            self.app.push(VictimDialog(self.app, self.port, self.kit, actions))
            return True
        self.hover = None
        self.do(actions[0])
        return True

    def screen_pos(self, action: Action) -> tuple[int, int]:
        """Where to click on the board for a board action (used by tests and the help overlay)."""
        assert self.layout is not None
        if action.kind in ("settle", "city"):
            x, y = self.layout.node_pos(action.a)
        elif action.kind == "road":
            x, y = self.layout.edge_mid(action.a)
        elif (spot := self._token_of(action)) is not None:
            h, slot = spot
            x, y = token_centres(self.layout, self.view, h)[slot]
        else:
            x, y = self.layout.hex_center(self.view.topo.hex_index[action.a])
        return (int(round(x)), int(round(y)))

    def highlight(self) -> Highlight | None:
        t = self.board_targets()
        if not (t["node"] or t["edge"] or t["hex"] or t["token"]):
            return None
        kind = "robber" if t["hex"] or t["token"] else (self.mode or self.view.phase)
        return Highlight(
            kind,
            frozenset(t["node"]),
            frozenset(t["edge"]),
            frozenset(t["hex"]),
            tokens=frozenset(t["token"]),
        )

    def _fly_cards(self, ev: dict[str, Any], start: float, speed: float) -> None:
        """Production: a card flies from each hex that paid ``ev``'s seat to its panel (seat view)."""
        v = self.view
        if self.layout is None or not v.dice:
            return
        total = sum(v.dice)
        seat = ev["seat"]
        target = self.panel_rect(seat).center
        delay = 0.0
        for h in range(v.topo.num_hexes):
            r = v.rules.terrain_resource.get(v.terrain[h])
            tokens = v.tokens_on(h)
            if r is None or total not in tokens:
                continue
            # the robber blocks its hex, or only its token where it stands beside one (D-8.1)
            if h == v.robber and (v.robber_slot < 0 or tokens[v.robber_slot] == total):
                continue
            if not any(v.node_owner[n] == seat for n in v.topo.hex_nodes[h]):
                continue
            res = r if isinstance(r, str) else v.rules.resources[r]
            if res not in ev["cards"]:
                continue
            self.anims.append(
                Anim(
                    "fly",
                    start + delay,
                    0.8 * speed,
                    {"from": self.layout.hex_center(h), "to": target, "res": res},
                )
            )
            delay += 0.08 * speed

    def _token_of(self, action: Action) -> tuple[int, int] | None:
        """The number token a board action is clicked on (the robber on tokens, D-8.1), or None."""
        return next((spot for spot, acts in self.board_targets()["token"].items() if action in acts), None)

    def _draw_anims(self, surface: pygame.Surface) -> None:
        now = time.perf_counter()
        for a in self.anims:
            p = a.progress(now)
            if a.kind == "fly" and now >= a.start:
                draw_fly(self, surface, a.data, p)
            elif a.kind == "banner":
                draw_banner(self, surface, a.data, p)
            elif a.kind == "mark":
                draw_mark(self, surface, a.data, p)

    def show_events(self, events: list[dict[str, Any]]) -> None:
        """Show what ``events`` did: their log lines, the add-ons' animations and sounds, the dice."""
        now = time.perf_counter()
        speed = self.anim_scale()
        for ev in events:
            self._log_event(ev)
            t = ev.get("t")
            for addon in self.addons:
                addon.on_event(ev, now, speed)
            if speed and ev.get("seat") not in (None, self.viewer) and (where := mark_place(self, ev)):
                self.anims.append(Anim("mark", now, MARK_SECONDS, {"pos": where, "seat": ev["seat"]}))
            if t == "roll":
                self.dice_faces = tuple(ev["dice"])  # type: ignore[assignment]
                if speed:
                    self.anims.append(Anim("dice", now, 0.55 * speed, {"final": ev["dice"]}))
                self.app.play_sound("dice")
            elif t == "produce" and speed:
                self._fly_cards(ev, now + 0.55 * speed, speed)
            elif t in ("settle", "city", "road"):
                self.app.play_sound("build")
            elif t in ("buy", "play"):
                self.app.play_sound("card")
            elif t in ("trade", "maritime"):
                self.app.play_sound("trade")
            elif t in ("robber", "steal"):
                self.app.play_sound("robber")
            elif t == "turn":
                self.autosave()
                self.app.play_sound("turn")
                if speed:
                    self.anims.append(
                        Anim("banner", now, 1.3 * speed, {"seat": ev["seat"], "turn": ev["turn"]})
                    )
            elif t == "win":
                self.app.play_sound("win")
        self._log_pending = True
