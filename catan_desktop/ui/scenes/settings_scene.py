"""The Settings screen: window, UI scale, animation speed, volumes, colour-blind palette, first-game tips,
language.

Changes are made to a draft; Save applies and writes them, Cancel (or Esc) leaves everything as it was.
The music slider plays the music at the draft's volume while the screen is open (a live preview).
"""

from __future__ import annotations

import contextlib
import copy
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIHorizontalSlider, UILabel

from ... import i18n
from ...i18n import N_, _
from ..app import set_minimum_window_size
from ..screens import screen
from ..settings import SPEEDS, WINDOW_SIZES, Settings
from ..widgets import DropDown, ScreenScene, TipButton

if TYPE_CHECKING:
    from ..app import App

LANGUAGE_NAMES = i18n.LANGUAGE_NAMES  # each in its own language
SCALE_RANGE = (0.75, 1.5)
_SPEED_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}


def size_label(size: str) -> str:
    """ "1280x720" -> "1280 × 720"."""
    return size.replace("x", " \u00d7 ")


def desktop_size() -> tuple[int, int] | None:
    """The size of the first screen, or None when it is not known (no display yet, a headless driver)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes and min(sizes[0]) > 0 else None  # type: ignore[return-value]


def fitting_sizes(desktop: tuple[int, int] | None) -> list[str]:
    """The window sizes that fit on the screen (issue 12: 2560x1440 was offered on a 1920x1080 screen); at
    least the smallest one."""
    if desktop is None:
        return list(WINDOW_SIZES)
    fit = [s for s in WINDOW_SIZES if all(int(n) <= m for n, m in zip(s.split("x"), desktop, strict=True))]
    return fit or [WINDOW_SIZES[0]]


@screen("settings")
class SettingsScene(ScreenScene):
    """Edit a copy of the settings; Save applies and writes it, Cancel forgets it."""

    panel_size = (900, 620)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.title = _("Settings")
        self.draft: Settings = copy.deepcopy(app.settings)

    def build(self) -> None:
        panel, inner = self.make_panel()
        px = self.px
        label_w = px(250)
        ctl_x = inner.x + label_w + px(16)
        ctl_w = min(px(360), inner.right - ctl_x - px(90))
        row_h, ctl_h = px(50), px(38)
        y = inner.y
        d = self.draft

        def label(text: str, tip: str | None = None) -> None:
            lab = UILabel(
                pygame.Rect(inner.x, y + (ctl_h - px(26)) // 2, label_w, px(26)),
                text,
                manager=self.ui,
                container=panel,
                object_id="#bold_label",
            )
            if tip:
                lab.set_tooltip(tip)

        def value_label(text: str) -> UILabel:
            return UILabel(
                pygame.Rect(ctl_x + ctl_w + px(12), y + (ctl_h - px(26)) // 2, px(80), px(26)),
                text,
                manager=self.ui,
                container=panel,
                object_id="#form_label",
            )

        def toggle_text(on: bool) -> str:
            return "\u2713 " + _("On") if on else _("Off")

        label(_("Window size"), _("The size of the game window when it is not full screen"))
        sizes = [(size_label(s), s) for s in fitting_sizes(desktop_size())]
        if d.window_size not in dict(sizes).values():
            sizes.append((size_label(d.window_size), d.window_size))
        self.size_menu = DropDown(
            sizes,
            (size_label(d.window_size), d.window_size),
            pygame.Rect(ctl_x, y, ctl_w, ctl_h),
            manager=self.ui,
            container=panel,
        )
        y += row_h
        label(_("Full screen"))
        self.fullscreen = TipButton(
            pygame.Rect(ctl_x, y, px(120), ctl_h),
            toggle_text(d.fullscreen),
            manager=self.ui,
            container=panel,
            tool_tip_text=_("Fill the whole screen (F11 in the game)"),
        )
        self.toggle_text = toggle_text
        y += row_h
        label(_("Text and button size"), _("Makes the menus' text and buttons larger or smaller"))
        self.scale_slider = UIHorizontalSlider(
            pygame.Rect(ctl_x, y, ctl_w, ctl_h),
            d.ui_scale,
            SCALE_RANGE,
            manager=self.ui,
            container=panel,
            click_increment=0.05,
        )
        self.scale_value = value_label(f"{round(d.ui_scale * 100)}%")
        y += row_h
        label(_("Animation speed"), _("How quickly computer players move and pieces animate"))
        speeds = [(_(_SPEED_LABELS.get(s, s.capitalize())), s) for s in SPEEDS]
        current = next(o for o in speeds if o[1] == d.animation_speed)
        self.speed_menu = DropDown(
            speeds, current, pygame.Rect(ctl_x, y, ctl_w, ctl_h), manager=self.ui, container=panel
        )
        y += row_h
        label(_("Sound effects"))
        self.sound_slider = UIHorizontalSlider(
            pygame.Rect(ctl_x, y, ctl_w, ctl_h),
            round(d.sound_volume * 100),
            (0, 100),
            manager=self.ui,
            container=panel,
            click_increment=5,
        )
        self.sound_value = value_label(f"{round(d.sound_volume * 100)}%")
        y += row_h
        label(_("Music"))
        self.music_slider = UIHorizontalSlider(
            pygame.Rect(ctl_x, y, ctl_w, ctl_h),
            round(d.music_volume * 100),
            (0, 100),
            manager=self.ui,
            container=panel,
            click_increment=5,
        )
        self.music_value = value_label(f"{round(d.music_volume * 100)}%")
        y += row_h
        explain = _(
            "Player colours that stay distinct for colour-vision deficiencies, with emblems on pieces."
        )
        label(_("Colour-blind palette"), explain)

        def toggle(on: bool, tip: str) -> TipButton:
            return TipButton(pygame.Rect(ctl_x, y, px(120), ctl_h), toggle_text(on), manager=self.ui,
                             container=panel, tool_tip_text=tip)

        self.colour_blind = toggle(d.colour_blind, explain)
        UILabel(
            pygame.Rect(ctl_x, y + ctl_h + px(2), inner.right - ctl_x, px(22)),
            explain,
            manager=self.ui,
            container=panel,
            object_id="#small_label",
        )
        y += row_h + px(22)
        coach_tip = _("For players new to Catan: on your turns, a short panel says what to do now and why.")
        label(_("First-game tips"), coach_tip)
        self.coach = toggle(d.coach, coach_tip)
        y += row_h
        label(_("Language"), _("More languages will follow"))
        languages = [(LANGUAGE_NAMES.get(code, code), code) for code in i18n.available_languages()]
        shown = d.language or i18n.language()  # "" (the system's language): the one in use
        if shown not in dict((c, n) for n, c in languages):
            languages.append((LANGUAGE_NAMES.get(shown, shown), shown))
        current = next(o for o in languages if o[1] == shown)
        self.language_menu = DropDown(
            languages, current, pygame.Rect(ctl_x, y, ctl_w, ctl_h), manager=self.ui, container=panel
        )
        self.cancel_button, self.save_button = self.footer_buttons(
            inner,
            [
                (_("Cancel"), _("Leave the settings as they were (Esc)"), False),
                (_("Save"), _("Apply and remember these settings (Enter)"), True),
            ],
        )

    # input -----------------------------------------------------------------------------------------

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        element, d = event.ui_element, self.draft
        value = getattr(event, "selected_option_id", None)
        if element is self.size_menu and value:
            d.window_size = value
        elif element is self.speed_menu and value:
            d.animation_speed = value
        elif element is self.language_menu and value:
            d.language = value
        elif element is self.scale_slider:
            d.ui_scale = round(float(self.scale_slider.get_current_value()) * 20) / 20
            self.scale_value.set_text(f"{round(d.ui_scale * 100)}%")
        elif element is self.sound_slider:
            d.sound_volume = round(float(self.sound_slider.get_current_value())) / 100
            self.sound_value.set_text(f"{round(d.sound_volume * 100)}%")
        elif element is self.music_slider:
            d.music_volume = round(float(self.music_slider.get_current_value())) / 100
            self.music_value.set_text(f"{round(d.music_volume * 100)}%")
            self.app.set_music_volume(d.music_volume)  # preview; exit() puts back the saved volume
        else:
            return False
        return True

    def on_button(self, element: object) -> bool:
        if element is self.fullscreen:
            self.draft.fullscreen = not self.draft.fullscreen
            self.fullscreen.set_text(self.toggle_text(self.draft.fullscreen))
        elif element is self.colour_blind:
            self.draft.colour_blind = not self.draft.colour_blind
            self.colour_blind.set_text(self.toggle_text(self.draft.colour_blind))
        elif element is self.coach:
            self.draft.coach = not self.draft.coach
            self.coach.set_text(self.toggle_text(self.draft.coach))
        elif element is self.cancel_button:
            self.back()
        elif element is self.save_button:
            self.save()
        else:
            return False
        return True

    def primary(self) -> bool:
        self.save()
        return True

    def save(self) -> None:
        """Apply the draft (window, language, volumes, scale) and write it; a write failure is reported."""
        app, old = self.app, self.app.settings
        new = copy.deepcopy(self.draft)
        new.last_game = old.last_game  # a game may have been started meanwhile (keep the newest choice)
        display_changed = (new.window_size, new.fullscreen) != (old.window_size, old.fullscreen)
        relayout = display_changed or new.ui_scale != old.ui_scale or new.language != old.language
        for field in vars(new):
            setattr(old, field, getattr(new, field))
        try:
            i18n.set_language(old.language or i18n.requested_language())
        except ValueError:
            old.language = ""
            i18n.set_language(i18n.requested_language())
        app.set_music_volume(old.music_volume)
        app.pop()
        if display_changed:
            self._apply_display(old)
        if relayout:
            app.on_resize()  # every scene lays itself out again (new size, scale or language)
        try:
            old.save()
        except OSError as exc:
            app.show_message(
                _("Settings not saved"),
                _(
                    "The settings apply now but could not be written for next time:\n{path}: {error}",
                    path=Settings.path(),
                    error=exc.strerror or exc,
                ),
            )

    def exit(self) -> None:
        """Leaving by Save or Cancel: the music plays at the volume of the settings in force."""
        super().exit()
        self.app.set_music_volume(self.app.settings.music_volume)

    def _apply_display(self, settings: Settings) -> None:
        flags = pygame.RESIZABLE
        size = settings.window_tuple
        if settings.fullscreen:
            flags |= pygame.FULLSCREEN
            with contextlib.suppress(pygame.error, IndexError):
                size = pygame.display.get_desktop_sizes()[0]
        try:
            self.app.screen = pygame.display.set_mode(size, flags)
            set_minimum_window_size()
        except pygame.error as exc:
            self.app.show_message(_("Display"), _("The window could not be changed: {error}", error=exc))
