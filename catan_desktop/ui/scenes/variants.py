"""Scenarios & variants: every installed rule file and the player's own ones (paths.user_rules_dir), with
its description; play one, read its rules, or open the folder of one's own rule files.

A broken rule file is listed too, with its ``file:line`` problems in red, and cannot be played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ...i18n import N_, _, tr
from ...paths import user_rules_dir
from ...variants import VariantInfo, list_variants
from ..widgets import ERROR_RED, ScreenScene, esc, path_html, preload_font, show_folder

if TYPE_CHECKING:
    from ..app import App


class VariantsScene(ScreenScene):
    """A list of variants on the left, the chosen one's details on the right; Play this, Rules, Back."""

    panel_size = (1040, 620)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.title = _("Scenarios & variants")
        self.problem: str | None = None
        try:
            self.variants: list[VariantInfo] = list_variants()
        except FileNotFoundError as exc:
            self.variants, self.problem = [], str(exc)
        playable = [i for i, v in enumerate(self.variants) if v.error is None]
        base = [i for i, v in enumerate(self.variants) if v.name == "base" and v.error is None]
        self.selected: int | None = (base or playable or [None])[0] if self.variants else None

    def _label(self, v: VariantInfo) -> str:
        # the leading spaces are the item's left margin (the list's items ignore the theme's padding)
        own = f"  \u00b7  {_('your own')}" if v.own else ""
        if v.error:
            return f"   \u26a0 {v.name}  ({_('broken')}){own}"
        if v.own:  # the player count is in the details: the list stays one short line
            return f"   {_(v.title)}{own}"
        players = (
            str(v.players_min) if v.players_min == v.players_max else f"{v.players_min}\u2013{v.players_max}"
        )
        return f"   {_(v.title)}  \u00b7  {_('{n} players', n=players)}"

    def build(self) -> None:
        panel, inner = self.make_panel()
        list_w = int(inner.w * 0.4)
        preload_font(self.ui, "vollkorn_bold", self.px(24))
        preload_font(self.ui, "dejavu_sans", self.px(13))
        items = [(self._label(v), f"#variant_{i}") for i, v in enumerate(self.variants)]
        self.list, self.details = self.list_and_details(
            inner, list_w, items, self.selected, self._details(), _("No variants are installed.")
        )
        self.back_button, self.folder_button, self.rules_button, self.play_button = self.footer_buttons(
            inner,
            [
                (_("Back"), _("Return to the menu (Esc)"), False),
                (_("Your folder"), _("Open the folder for your own rule files (F): {folder}",
                                     folder=user_rules_dir()), False),
                (_("Rules"), _("Read this variant's rules"), False),
                (_("Play this"), _("Set up a game of this variant (Enter)"), True),
            ],
        )
        self._sync_buttons()

    def _details(self) -> str:
        return self._variant_details() + (
            f"<br><br><font pixel_size={self.px(13)}>"
            + esc(_("Your own rule files go in {folder}. Start from a copy of a file above, give it a "
                    "new name (the file name and its name: line alike), then come back here (README: "
                    "\"Your own rule files\").", folder=user_rules_dir()))
            + "</font>"
        )

    def _variant_details(self) -> str:
        if self.problem:
            return f"<font color='{ERROR_RED}'>{esc(self.problem)}</font>"
        if self.selected is None:
            return _("No variants are installed.")
        v = self.variants[self.selected]
        heading = f"<font face='vollkorn_bold' pixel_size={self.px(24)}>{esc(_(v.title))}</font><br>"
        if v.own:
            heading += f"{esc(_('One of your own rule files'))}<br>"
        if v.error:
            problems = "<br>".join(esc(line) for line in tr(v.error).splitlines())
            return (
                heading + esc(_("This rule file has problems and cannot be played:")) + "<br><br>"
                f"<font color='{ERROR_RED}'>{problems}</font><br><br>"
                f"<font pixel_size={self.px(13)}>{path_html(_('File:') + ' ', v.path, 72)}</font>"
            )
        players = (
            _("{n} players", n=v.players_min)
            if v.players_min == v.players_max
            else _("{lo}\u2013{hi} players", lo=v.players_min, hi=v.players_max)
        )
        return (
            heading + f"<b>{esc(players)}</b> \u00b7 {esc(v.name)}<br><br>{esc(_(v.description))}<br><br>"
            f"<font pixel_size={self.px(13)}>{path_html(_('File:') + ' ', v.path, 72)}</font>"
        )

    def _sync_buttons(self) -> None:
        ok = self.selected is not None and self.variants[self.selected].error is None
        for button in (self.play_button, self.rules_button):
            if ok:
                button.enable()
            else:
                button.disable()
        if not ok and self.selected is not None:
            self.play_button.set_tooltip(_("This rule file is broken; its problems are listed on the right"))

    # actions ---------------------------------------------------------------------------------------

    def play(self) -> None:
        if self.selected is None or self.variants[self.selected].error:
            return
        from .new_game import NewGameScene

        self.app.push(NewGameScene(self.app, variant=self.variants[self.selected].name))

    def show_rules(self) -> None:
        if self.selected is None or self.variants[self.selected].error:
            return
        from .rules import RulesScene

        self.app.push(RulesScene(self.app, variant=self.variants[self.selected].name))

    def open_folder(self) -> None:
        """Show the player's rule folder in the system's file manager (creating it), or say where it is."""
        show_folder(self.app, user_rules_dir(), _("Your rule files"),
                    N_("Your own rule files go in this folder:\n{folder}"))

    def primary(self) -> bool:
        self.play()
        return True

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.back()
        elif element is self.play_button:
            self.play()
        elif element is self.rules_button:
            self.show_rules()
        elif element is self.folder_button:
            self.open_folder()
        else:
            return False
        return True

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        if event.ui_element is self.list:
            chosen = self.list.get_single_selection(include_object_id=True)
            if chosen is not None:
                self.selected = int(chosen[1].removeprefix("#variant_"))
                self.details.set_text(self._details())
                self._sync_buttons()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f and not getattr(event, "mod", 0) & (
            pygame.KMOD_CTRL | pygame.KMOD_ALT
        ):
            self.open_folder()
            return True
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION
            and event.ui_element is self.list
        ):
            self.play()
            return True
        return super().handle_event(event)
