"""The dice game screen's tray: the resource dice on felt (a click keeps or releases a die; kept dice stand
lifted and ringed in gold), the roll counter, a hint of what to do next, and the Roll / Gold / End turn
buttons with their keys. Rolling dice tumble for a moment; dice spent this turn are greyed and ticked.

A part of ``DiceGameScene`` (a mixin).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from ...engine import Action
from ...i18n import _
from ...render.dice_faces import KEPT_RING, die_face, die_shadow
from ...render.dice_sheet import SWAP_GLOW
from ...render.palette import GOLD, HINT, PARCHMENT, WOOD
from ...text.dice import face_name
from ..widgets import TipButton
from .dice_dialogs import ResourceDialog

if TYPE_CHECKING:
    from .dice_game import DiceGameScene

    _Base = DiceGameScene
else:
    _Base = object

FELT_TOP = (44, 96, 70)
FELT_BOTTOM = (28, 66, 48)
FACES = ("ore", "grain", "wool", "lumber", "brick", "gold")
NOTICE_SECONDS = 4.0


class DiceTrayPart(_Base):
    """The dice tray and its buttons."""

    buttons: dict[str, UIButton]

    # ---------------------------------------------------------------------------------------- buttons

    def build_buttons(self) -> None:
        r = self.regions()
        area, s = r["buttons"], self.px
        gap = s(10)
        w = (area.w - 2 * gap) // 3
        specs = [
            ("roll", _("Roll dice"), True),
            ("gold", _("Trade gold"), False),
            ("end", _("End turn"), False),
        ]
        self.buttons = {}
        for i, (key, label, primary) in enumerate(specs):
            rect = pygame.Rect(area.x + i * (w + gap), area.y, w, area.h)
            self.buttons[key] = TipButton(
                rect, label, manager=self.ui, object_id="#primary" if primary else None
            )
        top = r["top"]
        self.buttons["menu"] = TipButton(
            pygame.Rect(top.right - s(132), top.y + s(7), s(120), top.h - s(14)),
            _("Menu"),
            manager=self.ui,
            tool_tip_text=_("Pause: save, rules, settings or quit (Esc)"),
        )
        self._button_state: dict[str, tuple[bool, str, str]] = {}

    def sync_buttons(self) -> None:
        """Enable and label the buttons for the moment (only what changed is touched)."""
        if not getattr(self, "buttons", None):
            return
        for key, (enabled, text, tip) in self.button_states().items():
            button = self.buttons[key]
            if self._button_state.get(key) == (enabled, text, tip):
                continue
            self._button_state[key] = (enabled, text, tip)
            if button.text != text:
                button.set_text(text)
            button.set_tooltip(tip)
            if enabled and not button.is_enabled:
                button.enable()
            elif not enabled and button.is_enabled:
                button.disable()

    def button_states(self) -> dict[str, tuple[bool, str, str]]:
        mine = self.my_turn and not self.rolling()
        view = self.view
        roll_text = _("Roll dice") if view.phase == "roll" or not mine else _("Roll again")
        roll_ok = mine and self.roll_action() is not None
        if roll_ok:
            roll_tip = _("Roll the dice you do not keep (R); {n} rolls left", n=view.rolls_left)
        elif mine and view.phase == "reroll":
            roll_tip = _("Every die is kept: click a die to release it first")
        else:
            roll_tip = _("No rolls left this turn") if mine else _("Wait for your turn")
        gold_ok = mine and bool(self.legal_of("gold"))
        gold_tip = (
            _("Two gold dice make one die of any resource (G)")
            if gold_ok
            else _("Needs two gold dice showing, after the roll")
        )
        end_ok = mine and bool(self.legal_of("end"))
        end_tip = _("End your turn (E or Space)") if end_ok else _("Roll first")
        return {
            "roll": (roll_ok, roll_text, roll_tip),
            "gold": (gold_ok, _("Trade gold"), gold_tip),
            "end": (end_ok, _("End turn"), end_tip),
            "menu": (True, _("Menu"), _("Pause: save, rules, settings or quit (Esc)")),
        }

    def on_button(self, element: object) -> bool:
        actions = {"roll": self.roll, "gold": self.trade_gold, "end": self.end_turn, "menu": self.open_pause}
        for key, button in self.buttons.items():
            if element is button:
                actions[key]()
                return True
        return False

    # ---------------------------------------------------------------------------------------- actions

    def roll_action(self) -> Action | None:
        """The roll the Roll button makes now: the first roll, or a roll of every die not kept."""
        if self.view.phase == "roll":
            return next(iter(self.legal_of("roll")), None)
        free = tuple(i for i, st in enumerate(self.view.dice_status) if not st and i not in self.kept)
        return next((a for a in self.legal_of("reroll") if a.a == free), None)

    def roll(self) -> None:
        if not self.my_turn or self.rolling():
            return
        action = self.roll_action()
        if action is None:
            self.say(
                _("Release a die to roll it again.")
                if self.view.phase == "reroll"
                else _("No rolls left: build, or end your turn.")
            )
            return
        self.swap_knight = None
        self.do(action)

    def end_turn(self) -> None:
        if not self.my_turn or self.rolling() or not self.legal_of("end"):
            return
        view, rules = self.view, self.game.rules
        if not view.built_this_turn:
            if self.classic:
                text = _(
                    "You have built nothing this turn: ending it writes {n} on your track.",
                    n=rules.no_build_penalty,
                )
            elif view.buildable:
                text = _("You could still build something this turn. End it anyway?")
            else:
                self.do("end")
                return
            self.app.confirm(_("End your turn?"), text, lambda: self.do("end"), yes=_("End turn"))
            return
        self.do("end")

    def trade_gold(self, die: int | None = None) -> None:
        """Choose the resource two gold dice make (with ``die`` in the pair when it is given)."""
        pairs = sorted({a.a for a in self.legal_of("gold") if die is None or die in a.a})
        if not self.my_turn or not pairs:
            return
        pair = pairs[0]
        options = sorted({a.b for a in self.legal_of("gold") if a.a == pair})
        note = _("Rolling ends for this turn.") if self.view.rolls_left else ""
        self.app.push(
            ResourceDialog(
                self.app,
                self.port,
                self.kit,
                _("Trade gold"),
                _(
                    "Two gold dice make one resource: die {a} shows it, die {b} is set aside for this turn.",
                    a=pair[0] + 1,
                    b=pair[1] + 1,
                )
                + (" " + note if note else ""),
                options,
                lambda res: self.do(Action("gold", pair, res)),
            )
        )

    def start_swap(self, knight: int) -> None:
        """A knight's swap: the next die clicked is turned (into the knight's resource, or one chosen)."""
        self.swap_knight = knight
        self.say("")

    def swap_die(self, die: int) -> None:
        knight = self.swap_knight
        choices = sorted({a.b for a in self.legal_of("swap") if a.c == knight and a.a == die})
        if not choices:
            self.say(_("That die cannot be turned by this knight."))
            return
        self.swap_knight = None
        if len(choices) == 1:
            self.do(Action("swap", die, choices[0], knight))
            return
        self.app.push(
            ResourceDialog(
                self.app,
                self.port,
                self.kit,
                _("Knight {n}: swap", n=knight),
                _(
                    "Turn die {d} into which resource? The knight's swap is then used for the game.",
                    d=die + 1,
                ),
                choices,
                lambda res: self.do(Action("swap", die, res, knight)),
            )
        )

    def die_clicked(self, die: int) -> None:
        """Keep or release a die, or use it for a knight's swap or a gold pair."""
        view = self.view
        if not self.my_turn or self.rolling() or not 0 <= die < len(view.dice):
            return
        if self.swap_knight is not None:
            self.swap_die(die)
        elif die < len(view.dice_status) and view.dice_status[die]:
            self.say(_("Die {n} is already used this turn.", n=die + 1))
        elif view.phase == "reroll":
            self.kept ^= {die}
        elif view.dice[die] == "gold" and any(die in a.a for a in self.legal_of("gold")):
            self.trade_gold(die)
        else:
            self.say(_("Rolling is over: click a glowing symbol on your sheet to build."))

    def tray_click(self, pos: tuple[int, int]) -> bool:
        for die, rect in enumerate(self.die_rects()):
            if rect.collidepoint(pos):
                self.die_clicked(die)
                return True
        return False

    # ---------------------------------------------------------------------------------------- drawing

    def die_size(self) -> int:
        tray, s = self.regions()["tray"], self.px
        n = max(1, self.view.dice_count)
        return max(s(36), min(s(84), (tray.w - s(48) - (n - 1) * s(16)) // max(n, 5)))

    def die_rects(self) -> list[pygame.Rect]:
        tray, s = self.regions()["tray"], self.px
        size, gap = self.die_size(), s(16)
        n = self.view.dice_count
        x0 = tray.centerx - (n * size + (n - 1) * gap) // 2
        y = tray.y + s(46) + s(10)
        return [pygame.Rect(x0 + i * (size + gap), y, size, size) for i in range(n)]

    def draw_tray(self, surface: pygame.Surface) -> None:
        tray, s = self.regions()["tray"], self.px
        pygame.draw.rect(surface, (20, 12, 6), tray.move(0, s(3)), border_radius=s(14))
        pygame.draw.rect(surface, WOOD, tray, border_radius=s(14))
        felt = tray.inflate(-s(16), -s(16))
        self._felt(surface, felt)
        view = self.view
        self.draw_text(surface, self.roll_counter(), (felt.x + s(14), felt.y + s(10)), 16, PARCHMENT,
                       bold=True)
        self._pips(surface, (felt.right - s(14), felt.y + s(20)))
        now = time.perf_counter()
        size = self.die_size()
        swap_dice = (
            {a.a for a in self.legal_of("swap") if a.c == self.swap_knight} if self.swap_knight else set()
        )
        for i, rect in enumerate(self.die_rects()):
            self._die(surface, i, rect, size, now, i in swap_dice)
        hint = self.tray_hint()
        self.draw_text(
            surface,
            hint,
            (felt.centerx, felt.bottom - s(16)),
            14,
            HINT,
            anchor="center",
            max_w=felt.w - s(20),
        )
        if view.dice:
            self.tips.append(
                (
                    felt,
                    _(
                        "Click a die (or press its number) to keep it; kept dice stay when you "
                        "roll again. After the third roll the dice are final."
                    ),
                )
            )

    def _felt(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        key = ("felt", rect.size)
        img = self._text_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            for y in range(rect.h):
                t = y / max(1, rect.h - 1)
                c = [round(a + (b - a) * t) for a, b in zip(FELT_TOP, FELT_BOTTOM, strict=True)]
                pygame.draw.line(img, c, (0, y), (rect.w, y))
            mask = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=self.px(10))
            img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            self._text_cache[key] = img
        surface.blit(img, rect)

    def roll_counter(self) -> str:
        view = self.view
        if view.is_over:
            return _("Game over")
        if view.phase == "roll":
            return _("{n} dice to roll", n=view.dice_count)
        if view.rolls_left:
            return _("Roll {n} of {total}", n=view.rolls, total=self.game.rules.rolls)
        return _("Dice are final: build")

    def _pips(self, surface: pygame.Surface, right_centre: tuple[int, int]) -> None:
        """One small die per roll of the turn, lit when used."""
        s = self.px
        total = self.game.rules.rolls
        for k in range(total):
            x = right_centre[0] - (total - 1 - k) * s(22) - s(8)
            rect = pygame.Rect(0, 0, s(16), s(16))
            rect.center = (x, right_centre[1])
            used = k < self.view.rolls
            pygame.draw.rect(surface, GOLD if used else (70, 110, 88), rect, border_radius=s(4))
            pygame.draw.rect(surface, (20, 40, 30), rect, 1, border_radius=s(4))

    def _die(
        self, surface: pygame.Surface, i: int, rect: pygame.Rect, size: int, now: float, swappable: bool
    ) -> None:
        view = self.view
        face = view.dice[i] if i < len(view.dice) else ""
        status = view.dice_status[i] if i < len(view.dice_status) else ""
        look = "blank" if not face else status
        dy = 0
        roll = next((a for a in self.anims if a.kind == "roll" and i in a.data["dice"]), None)
        if roll is not None and roll.progress(now) < 1.0:
            p = roll.progress(now)
            face = FACES[(int(now * 16) + i * 2) % len(FACES)]
            look = ""
            dy = -round(abs(math.sin(p * math.pi * 3)) * self.px(18) * (1 - p))
        kept = i in self.kept and not status and view.phase == "reroll"
        lift = self.px(10) if kept else 0
        shadow = lift + max(0, -dy) // 2
        surface.blit(die_shadow(size, shadow), (rect.x + shadow // 2, rect.y + self.px(4) + shadow // 3))
        target = rect.move(0, dy - lift)
        surface.blit(die_face(self.app.assets, face or "gold", size, look), target)
        ring = KEPT_RING if kept else SWAP_GLOW if swappable else None
        if any(a.kind == "changed" and i in a.data["dice"] for a in self.anims):
            ring = (255, 255, 255)
        if ring is not None:
            pygame.draw.rect(
                surface, ring, target.inflate(self.px(8), self.px(8)), self.px(3), border_radius=self.px(14)
            )
        if kept:
            self.draw_text(
                surface,
                _("kept"),
                (target.centerx, rect.bottom + self.px(10)),
                12,
                KEPT_RING,
                bold=True,
                anchor="midtop",
            )
        if face and view.dice:
            tip = face_name(view.dice[i]).capitalize() if i < len(view.dice) else ""
            self.tips.append((rect, _("Die {n}: {face}", n=i + 1, face=tip)))

    def tray_hint(self) -> str:
        """What to do now, in a line under the dice."""
        view = self.view
        text, at = self.notice
        if text and time.perf_counter() - at < NOTICE_SECONDS:
            return text
        if view.is_over:
            return _("The game is over: press Enter to see the results again.")
        if not self.ctl.human_to_act:
            return _("{name} is playing\u2026", name=self.names[view.active])
        if self.swap_knight is not None:
            return _("Knight {n}: click the die to turn (Esc cancels)", n=self.swap_knight)
        if view.phase == "roll":
            return _("Roll the dice (R)")
        if view.phase == "reroll":
            return _("Click dice to keep them, roll the rest again (R), or build now")
        if view.buildable:
            return _("Click a glowing symbol on your sheet to build it")
        return _("Nothing more to build: end your turn (E)")
