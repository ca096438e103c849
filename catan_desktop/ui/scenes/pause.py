"""The pause menu over a running game: resume, save, load, settings, rules, or quit to the main menu."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel

from ...i18n import _
from ...persistence import SaveError
from ..dialogs import centred_rect
from ..screens import screen
from ..widgets import PanelOverlay, button_column
from .game_files import leaving_words

if TYPE_CHECKING:
    from ..app import App
    from .played import PlayedGame


@screen("pause")
class PauseScene(PanelOverlay):
    """Esc resumes; S, L, O (options), R and Q reach the other entries from the keyboard."""

    RULES_SCREEN = "rules"  # the screen that shows this kind of game's rules

    def __init__(self, app: App, played: PlayedGame) -> None:
        super().__init__(app)
        self.played = played
        self.buttons: dict[str, UIButton] = {}

    @property
    def remote(self) -> bool:
        """A game played over the network: its host keeps it, and it goes on while this menu is open."""
        return bool(getattr(self.played.port, "remote", False))

    def build(self) -> None:
        remote = self.remote
        items: list[tuple[str, str, str, int, Callable[[], None], bool]] = [
            ("resume", _("Resume"), _("Back to the game (Esc)"), pygame.K_ESCAPE, self.resume_game, True),
            (
                "save",
                _("Save game"),
                _("A game played over the network is kept by its host") if remote
                else _("Save this game under a name (S)"),
                pygame.K_s,
                self.save,
                False,
            ),
            (
                "load",
                _("Load game"),
                _("Leave the table first (Quit to menu)") if remote else _("Open another saved game (L)"),
                pygame.K_l,
                self.load,
                False,
            ),
            (
                "settings",
                _("Settings"),
                _("Window, sound, colours, language (O)"),
                pygame.K_o,
                self.settings,
                False,
            ),
            ("rules", _("Rules"), _("The rules of this game (R)"), pygame.K_r, self.rules, False),
            (
                "quit",
                _("Quit to menu"),
                _("Leave the table (Q)") if remote else _("Leave this game; it stays autosaved (Q)"),
                pygame.K_q,
                self.quit,
                False,
            ),
        ]
        bw, bh, gap, pad = self.px(300), self.px(46), self.px(10), self.px(22)
        head = self.px(56)
        height = head + len(items) * bh + (len(items) - 1) * gap + 2 * pad
        rect = centred_rect(self.app.size, bw + 2 * pad, height)
        panel = UIPanel(rect, manager=self.ui)
        UILabel(
            pygame.Rect(pad, pad - self.px(6), rect.w - 2 * pad, self.px(44)),
            _("Game menu") if remote else _("Game paused"),  # over the network the game goes on
            manager=self.ui,
            container=panel,
            object_id="#heading",
        )
        buttons = button_column(
            self.ui,
            pygame.Rect(pad - 2, pad + head - self.px(6), rect.w - 2 * pad, 0),
            [(label, tip, primary) for _k, label, tip, _key, _a, primary in items],
            bh,
            gap,
            container=panel,
        )
        self.buttons = {key: b for (key, *_rest), b in zip(items, buttons, strict=True)}
        if remote:  # no saves here and no other game while seated at a table: the tooltips say why
            self.buttons["save"].disable()
            self.buttons["load"].disable()
        self.actions = {key: action for key, _l, _t, _k, action, _p in items}
        self.keys = {shortcut: key for key, _l, _t, shortcut, _a, _p in items}

    # actions ---------------------------------------------------------------------------------------

    def resume_game(self) -> None:
        self.app.pop()

    def save(self) -> None:
        self.app.go("save", self.played.save_named)

    def load(self) -> None:
        self.app.go("load")

    def settings(self) -> None:
        self.app.go("settings")

    def rules(self) -> None:
        self.app.go(self.RULES_SCREEN, self.played.port.rules)  # the rules it plays by (issue 13: not a path)

    def quit(self) -> None:
        words = leaving_words(self.played.port)
        if words is None and self.remote:  # a spectator
            words = _("Stop watching this game?"), _("You can watch it again from Play over the network.")
        if words is None:
            words = (_("Quit to the menu?"),
                     _("Your game is autosaved after every turn; choose Continue in the menu to resume it."))
        self.app.confirm(*words, self.quit_to_menu, yes=_("Quit to menu"))

    def quit_to_menu(self) -> None:
        """Autosave once more (the turn in progress too), then show the main menu."""
        # the autosave of the last turn is still there if this fails; leaving must not fail
        with contextlib.suppress(SaveError, OSError):
            self.played.autosave()
        self.app.go("menu", how="reset")

    # input -----------------------------------------------------------------------------------------

    def on_escape(self) -> None:
        self.resume_game()

    def on_button(self, element: object) -> bool:
        for key, button in self.buttons.items():
            if element is button:
                self.actions[key]()
                return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in self.keys and event.key != pygame.K_ESCAPE:
            key = self.keys[event.key]
            if self.buttons[key].is_enabled:  # a shortcut does what its button would, and no more
                self.actions[key]()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.resume_game()
            return True
        return super().handle_event(event)
