"""The main menu: the title over the island backdrop and a column of buttons, each with a shortcut key."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel

from ... import __version__
from ...i18n import _
from ...persistence.userdirs import autosave_path
from ..launch import resume_save
from ..scene import GuiScene
from ..screens import screen
from ..widgets import GOLD, ScaledGui, backdrop, button_column, draw_title

if TYPE_CHECKING:
    from ..app import App


@screen("menu")
class MenuScene(ScaledGui, GuiScene):
    """Continue, New game, Load game, Dice Game, Play over the network, Scenarios & variants, Settings, Rules,
    Quit (keys C N L D O V S R Q)."""

    rebuilds_on_resume = True  # (the autosave may have come or gone): its widgets go while a screen hides it

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._setup_scale()
        self.buttons: dict[str, UIButton] = {}
        self.actions: dict[str, Callable[[], None]] = {}

    # layout ----------------------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.app.size
        has_autosave = autosave_path().is_file()
        items = [
            (
                "continue",
                _("Continue"),
                pygame.K_c,
                self.continue_game,
                _("Resume the game you were playing (C)") if has_autosave else _("No autosaved game yet"),
            ),
            ("new", _("New game"), pygame.K_n, self.new_game, _("Choose players, board and seed (N)")),
            ("load", _("Load game"), pygame.K_l, self.load_game, _("Open a saved game (L)")),
            (
                "dice",
                _("Dice Game"),
                pygame.K_d,
                self.dice_game,
                _("The Catan Dice Game: roll, keep and build on your own island sheet, alone or with "
                  "friends (D)"),
            ),
            (
                "online",
                _("Play over the network"),
                pygame.K_o,
                self.online,
                _("Join a friend's game on their computer, or host one for your friends (O)"),
            ),
            (
                "variants",
                _("Scenarios & variants"),
                pygame.K_v,
                self.variants,
                _("Browse the installed rule variants and play one (V)"),
            ),
            ("settings", _("Settings"), pygame.K_s, self.settings, _("Window, sound, colours, language (S)")),
            ("rules", _("Rules"), pygame.K_r, self.rules, _("How to play: the rules of the base game (R)")),
            ("quit", _("Quit"), pygame.K_q, self.quit, _("Close the game (Q)")),
        ]
        bw, bh, gap, pad = self.px(330), self.px(48), self.px(10), self.px(18)
        top = max(int(h * 0.30), self.px(190))
        # the box starts under the subtitle (drawn in draw(): the title centred at 0.42 x top, the line under
        # it) and ends above the version label; at 125 % text in a small window the buttons get shorter
        # rather than the box covering the subtitle (issue 12, defect 9)
        title_h = min(int(h * 0.13), self.px(100))
        below_subtitle = int(top * 0.42) + title_h // 2 + self.px(52) + pad
        room = h - self.px(30) - pad - below_subtitle
        n = len(items)
        if n * bh + (n - 1) * gap > room:
            gap = max(self.px(4), gap * room // (n * bh + (n - 1) * gap))
            bh = max(self.px(30), (room - (n - 1) * gap) // n)
        col_h = n * bh + (n - 1) * gap
        top = max(below_subtitle, min(top, h - col_h - 2 * pad - self.px(30)))
        panel_rect = pygame.Rect((w - bw) // 2 - pad, top - pad, bw + 2 * pad, col_h + 2 * pad)
        panel = self.box = UIPanel(panel_rect, manager=self.ui, object_id="#wood_panel")
        buttons = button_column(
            self.ui,
            pygame.Rect(pad - 2, pad - 2, bw, col_h),
            [
                (label, tip, key == "new" and not has_autosave or key == "continue" and has_autosave)
                for key, label, _k, _a, tip in items
            ],
            bh,
            gap,
            container=panel,
        )
        self.buttons = {}
        self.actions = {}
        self.keys: dict[int, str] = {}
        for (key, _label, shortcut, action, _tip), button in zip(items, buttons, strict=True):
            self.buttons[key] = button
            self.actions[key] = action
            self.keys[shortcut] = key
        if not has_autosave:
            self.buttons["continue"].disable()
        vh = self.px(24)
        UILabel(
            pygame.Rect(w - self.px(220), h - vh - self.px(8), self.px(210), vh),
            _("version {v}", v=__version__),
            manager=self.ui,
            object_id="#light_label",
        )

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop(self.app.assets, (w, h)), (0, 0))
        top = max(int(h * 0.30), self.px(190))
        title_h = min(int(h * 0.13), self.px(100))
        rect = draw_title(surface, self.app.assets, _("Catan Desktop"), (w // 2, int(top * 0.42)), title_h)
        tag = self.app.assets.font(max(12, self.px(19)), title=True).render(
            _("Settle the island, trade, and build your way to victory"), True, GOLD
        )
        self.subtitle_rect = surface.blit(tag, tag.get_rect(midtop=(w // 2, rect.bottom + self.px(2))))
        self.draw_ui(surface)

    # input -----------------------------------------------------------------------------------------

    def continue_game(self) -> None:
        path = autosave_path()
        if not path.is_file():
            self.rebuild()
            return
        resume_save(self.app, path, offer_new_game=True)

    def new_game(self) -> None:
        self.app.go("new_game")

    def dice_game(self) -> None:
        self.app.go("dice_setup")

    def load_game(self) -> None:
        self.app.go("load")

    def variants(self) -> None:
        self.app.go("variants")

    def online(self) -> None:
        self.app.go("online")

    def settings(self) -> None:
        self.app.go("settings")

    def rules(self) -> None:
        self.app.go("rules")

    def quit(self) -> None:
        self.app.running = False

    def on_button(self, element: object) -> bool:
        for key, button in self.buttons.items():
            if element is button:
                self.actions[key]()
                return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        plain = not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        if event.type == pygame.KEYDOWN and plain:
            key = self.keys.get(event.key)
            if key is not None:
                if self.buttons[key].is_enabled:
                    self.actions[key]()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.actions["continue" if self.buttons["continue"].is_enabled else "new"]()
                return True
        return super().handle_event(event)

    def resume(self) -> None:
        """Back from a sub-screen: the autosave may have appeared or been deleted meanwhile."""
        self.rebuild()
