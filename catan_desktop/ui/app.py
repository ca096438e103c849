"""The desktop application: the window, the scene stack and a main loop that sleeps when nothing changes.

The drawing rule (issue 31): after every turn of the loop the app asks the visible scenes for their
signature (``Scene.signature``: what they would show, in a few values: the widgets' current images and
places, the seat view, the hover, the running animations) and draws whenever it differs from the signature of
the frame on screen. A change therefore reaches the screen however it came about (a computer's move, the
aftermath of your own action, a dialog opened by the game, a widget pygame_gui redraws on a later update, a
tooltip, the last frame of an animation) without any call site having to ask for a frame. ``mark_dirty`` is
still there, as a hint to draw now and run at the full frame rate for a moment (smooth follow-up effects),
but nothing depends on it for correctness.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import time
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from ..i18n import _, requested_language, set_language
from ..persistence.userdirs import tidy_user_folders
from ..render.assets import Assets
from . import screens
from .crash import guarded
from .dialogs import ConfirmScene, MessageScene
from .memory import GROWTH_RELEASE, keep_imports, release_memory, resident_bytes
from .scene import Scene
from .settings import Settings

# While nothing moves the loop sleeps in short slices and polls for input: SDL's own event.wait polls
# every millisecond (2.4 % of a core measured here), a 20 ms sleep costs ~0.1 %, and 20 ms of input
# latency is not noticeable. Scenes still get an update a few times a second (clocks, tooltips).
IDLE_SLEEP = 0.02
IDLE_UPDATE = 0.25
BUSY_AFTER_INPUT = 1.5  # seconds of full frame rate after input (hover effects, tooltip delays)
SETTLE_FRAMES = 0.5  # seconds of frames after any change to what is shown (see mark_dirty)
FPS = 60
MUSIC_FADE_IN_MS = 2000
MUSIC_FADE_OUT_MS = 700
# pygame_gui draws a new widget's other looks (hovered, disabled...) over the frames after it is made and only
# then drops its large scratch surfaces: a second release this long after the first gives those back too
SETTLE_RELEASE = 1.0
# SDL's X11 backend throws away a mouse press it reads within 10 ms of the window gaining focus, and then the
# release too (it no longer changes the button state), unless this hint is "1". The click that focuses the
# window (the first one after launch when the window manager did not focus it, or the first one after
# working in another window) comes with the focus change, so it did nothing at all although the button under
# the pointer showed its hover look (issue 12, defect 3). SDL reads the hint from the environment each time.
FOCUS_CLICKTHROUGH_HINT = "SDL_MOUSE_FOCUS_CLICKTHROUGH"
# Presses aimed at a place on the screen: after the scene stack changes, those still waiting were made while
# the old screen was showing (building a screen takes 0.3-1 s, during which nothing is read) and must not
# land on whatever the new screen has at that spot (issue 12, defect 3)
POINTER_PRESSES = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

log = logging.getLogger(__name__)


COLLECT_FROM_PIXELS = 1_500_000  # a window this large collects dropped widgets at once (App.collect_dropped)


class App:
    """Owns the display and the scene stack. Scenes are pushed, popped and replaced; only the top one
    receives input, and drawing starts at the highest opaque scene."""

    def __init__(self, size: tuple[int, int] | None = None, windowed: bool = False) -> None:
        self.started = time.perf_counter()
        os.environ.setdefault(FOCUS_CLICKTHROUGH_HINT, "1")  # before SDL starts; a value set by the user wins
        pygame.init()
        self.settings, settings_problem = Settings.load()
        tidy_user_folders()  # leftovers of writes killed in an earlier run (issue 35, item 5); never raises
        set_language(requested_language(self.settings.language))  # --lang, the setting, or the system's
        flags = pygame.RESIZABLE
        if self.settings.fullscreen and not windowed and size is None:
            flags |= pygame.FULLSCREEN
        size = size or self.settings.window_tuple
        self.screen = pygame.display.set_mode(size, flags)
        set_minimum_window_size()
        pygame.display.set_caption(_("Catan Desktop"))
        self.assets = Assets()
        with contextlib.suppress(FileNotFoundError, pygame.error):
            pygame.display.set_icon(self.assets.image("icon/app_64"))
        self.theme = self.assets.theme()
        self._init_audio()
        self.scenes: list[Scene] = []
        self.stack_changes = 0  # counts every push, pop, replace and reset (stale clicks: handle_events)
        self.key_opened_screen = False  # the last key pressed changed the screens: its text is not typed
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self.drawn_signature: tuple[object, ...] | None = None  # of the frame on screen (frame_signature)
        self.settle_until = 0.0  # full frame rate until then (mark_dirty)
        self.last_input = 0.0
        self.frames = 0
        self.first_frame_at: float | None = None
        self.startup_messages: list[str] = [settings_problem] if settings_problem else []
        self.layout_size = self.size  # the window size the scenes last laid themselves out for
        self.window_resized = False  # resized by hand since the settings were read: write them at the end
        self.release_due = False  # widgets were thrown away this frame: free them when it ends (memory.py)
        self.settle_release_at: float | None = None
        self.released_size = resident_bytes()  # the process's size after the last release (end_frame)

    # ------------------------------------------------------------------------------------------- basics

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _init_audio(self) -> None:
        self.music_playing = False
        self._music_loaded = False
        self._music_broken = False  # the file is missing or unreadable: stay silent, say so once
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error:
            return  # no audio device: the game runs silently
        self.set_music_volume(self.settings.music_volume)

    def set_music_volume(self, volume: float) -> None:
        """Play the background music (looping, fading in) at ``volume`` 0..1; at 0 fade it out.

        Silently nothing without a mixer; a missing or unreadable music file is logged once, never raised.
        """
        if not pygame.mixer.get_init() or self._music_broken:
            return
        music = pygame.mixer.music
        try:
            if volume <= 0:
                if self.music_playing:
                    music.fadeout(MUSIC_FADE_OUT_MS)
                    self.music_playing = False
                return
            music.set_volume(min(1.0, float(volume)))
            if self.music_playing:
                return
            if not self._music_loaded:
                path = self.assets.music_path()
                if not path.is_file():
                    raise FileNotFoundError(f"missing music: looked for {path}")
                music.load(str(path))
                self._music_loaded = True
            music.stop()  # ends a fade-out still running, so the new start never waits for it
            music.play(loops=-1, fade_ms=MUSIC_FADE_IN_MS)
            self.music_playing = True
        except (pygame.error, OSError) as exc:
            self._music_broken = True
            self.music_playing = False
            log.warning("background music disabled: %s", exc)

    def play_sound(self, name: str) -> None:
        """Play a short effect at the settings' volume (silently nothing without audio)."""
        if self.settings.sound_volume <= 0:
            return
        sound = self.assets.sound(name)
        if sound is not None:
            sound.set_volume(self.settings.sound_volume)
            sound.play()

    def mark_dirty(self) -> None:
        """Draw on the next turn of the loop, and run at the full frame rate for SETTLE_FRAMES seconds, so a
        change's follow-up effects (pygame_gui finishing a new dialog or a button's new look over its next
        updates) come at once rather than at the idle rate. A hint only: the signature rule
        (``frame_signature``) draws every change anyway."""
        self.dirty = True
        self.settle_until = time.perf_counter() + SETTLE_FRAMES

    def frame_signature(self) -> tuple[object, ...]:
        """What a frame drawn now would show, in a few values: the window's size, and each visible scene
        with its own signature. Equal signatures mean equal frames (tests/ui/test_signature.py checks it)."""
        return (self.size, tuple((scene, scene.signature()) for scene in self.visible_scenes()))

    # -------------------------------------------------------------------------------------- scene stack

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        if scene.opaque and self.drop_hidden():  # every scene on the stack goes out of sight
            self.collect_dropped()  # the dropped widgets' other parts: gone before the new build
        self.scenes.append(scene)
        self.stack_changes += 1
        scene.enter()
        self.mark_dirty()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self.stack_changes += 1
        scene.exit()
        scene.drop_widgets()  # its pixels go before the scene beneath lays itself out (see close)
        self.release_due = True
        if self.scenes:
            self.scenes[-1].resume()  # one that rebuilds as it resumes lays itself out then (GuiScene)
            self.lay_out_revealed()
        else:
            self.running = False
        self.mark_dirty()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        closed = self.close(min(1, len(self.scenes)))
        if (scene.opaque and self.drop_hidden()) or closed:
            self.collect_dropped()
        self.scenes.append(scene)
        self.stack_changes += 1
        scene.enter()
        self.lay_out_revealed()  # an overlay in a full screen's place shows the screens beneath again
        self.mark_dirty()

    def reset_to(self, scene: Scene) -> None:
        """Empty the stack and start again from ``scene`` (e.g. back to the main menu)."""
        if self.close(len(self.scenes)):
            self.collect_dropped()
        self.scenes.append(scene)
        self.stack_changes += 1
        scene.enter()
        self.mark_dirty()

    def collect_dropped(self) -> None:
        """Collect the reference cycles dropped widgets are made of (their text layouts and shapes; their
        pixels went at once, ``Scene.drop_widgets``) before a new layout is built, in a window large enough
        for that to matter: from 1.5 M pixels (1600x940) a layout's leftovers are tens of MB (Rules at
        1800x1000: 14 MB of text alone), below it a few, and a collection costs 10-15 ms in the app and more
        in a process holding many objects (the test suite: 36 s of its screen tests at 1280x720)."""
        width, height = self.size
        if width * height >= COLLECT_FROM_PIXELS:
            gc.collect()

    def close(self, count: int) -> bool:
        """Take the ``count`` top scenes off the stack, one by one: each exits and its widgets go with their
        pixels at once, before the next screen is built (issue 35, item 9: they were freed only when the
        frame ended, so for a moment the old screens and the new one were all in memory). Returns whether
        any closed."""
        for _closed in range(count):
            scene = self.scenes.pop()
            scene.exit()
            scene.drop_widgets()
            self.release_due = True
        return count > 0

    def drop_hidden(self) -> bool:
        """A full screen is about to cover every scene on the stack: those that build their widgets anew as
        they resume (``Scene.rebuilds_on_resume``: Load, the main menu) let go of them now, as after a resize
        while hidden, and lay themselves out when they show again (their own ``resume``, or
        ``lay_out_revealed``), exactly as before. The Load screen kept 25 MB of widgets under a replay.
        Returns whether any did (one hidden already has done so: it is due to lay itself out)."""
        hidden = [scene for scene in self.scenes if scene.rebuilds_on_resume and not scene.layout_due]
        for scene in hidden:
            scene.drop_widgets()
            scene.layout_due = True
        return bool(hidden)

    def go(self, name: str, *args: Any, how: str = "push", **kwargs: Any) -> Scene | None:
        """Open the screen registered as ``name`` (``ui/screens.py``) with ``args``: pushed over this one,
        in its place (``how="replace"``) or as the only one (``how="reset"``). Returns the new screen, or
        None when it did not open (its maker has said why, e.g. a file that cannot be read)."""
        scene = screens.make(name, self, *args, **kwargs)
        if scene is not None:
            {"push": self.push, "replace": self.replace, "reset": self.reset_to}[how](scene)
        return scene

    def show_message(self, title: str, text: str) -> None:
        """Show a modal message over the current scene."""
        self.push(MessageScene(self, title, text))

    def confirm(self, title: str, text: str, on_yes: Callable[[], None], yes: str | None = None) -> None:
        """Ask a yes/no question; ``on_yes`` runs if the player confirms."""
        self.push(ConfirmScene(self, title, text, on_yes, yes_label=yes))

    # -------------------------------------------------------------------------------------------- loop

    def needs_frames(self) -> bool:
        top = self.top
        now = time.perf_counter()
        recent = now - self.last_input < BUSY_AFTER_INPUT or now < self.settle_until
        return recent or any(s.animating for s in self.scenes[-2:]) or (top is not None and top.animating)

    def handle_events(self, events: Iterable[pygame.event.Event]) -> None:
        """Route a batch of events in order. Once one of them has changed the scene stack, the mouse presses
        after it in the batch were made on the screen that was showing before: they are dropped, not handed
        to the new screen at the same spot (see drop_stale_presses)."""
        changes = self.stack_changes
        for event in events:
            if self.stack_changes != changes and event.type in POINTER_PRESSES:
                log.debug("dropped %s made before the screen changed", pygame.event.event_name(event.type))
                continue
            self.handle(event)

    def drop_stale_presses(self) -> None:
        """Called once a frame showing a changed scene stack is on screen: the mouse presses still queued were
        made while the old screen showed (the app reads no input while it builds a screen), so they are
        dropped. Otherwise a second click on a menu button, made while New game was being built, opened the
        drop-down that New game has at that spot once it appeared (issue 12, defect 3). Keys are kept: they
        go to the focused screen, not to a place, and typing ahead (N, then Esc) is meant."""
        for event in pygame.event.get(POINTER_PRESSES):
            log.debug("dropped %s made before the screen changed", pygame.event.event_name(event.type))

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, everything else to the top scene."""
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            # one resize brings two or three of these: lay out again once, when the size really changed
            if self.size != self.layout_size:
                self.on_resize()
            else:
                self.mark_dirty()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
            self.mark_dirty()
            return
        if event.type in (
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.KEYDOWN,
            pygame.KEYUP,
            pygame.TEXTINPUT,
            pygame.MOUSEWHEEL,
        ):
            self.last_input = time.perf_counter()
            self.mark_dirty()
        if event.type == pygame.TEXTINPUT and self.key_opened_screen:
            # the text of the key that opened this screen (SDL sends a key as KEYDOWN, then TEXTINPUT): it
            # was a shortcut, not typing; Pause's S typed an "s" into the Save screen's name
            self.key_opened_screen = False
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            self.key_opened_screen = False
        changes = self.stack_changes
        top = self.top
        if top is not None and top.handle_event(event):
            self.mark_dirty()
        if event.type == pygame.KEYDOWN and self.stack_changes != changes and getattr(event, "unicode", ""):
            self.key_opened_screen = True

    def request_quit(self) -> None:
        """The window's close button: games are autosaved after every turn, so quitting loses nothing."""
        top = self.top
        handler = getattr(top, "on_quit_request", None)
        if handler is not None and handler():
            return
        self.running = False

    def on_resize(self) -> None:
        """The scenes on screen lay themselves out again for the window's size (also after a scale or language
        change); those hidden under a full screen do so when they show again (``lay_out_revealed``). A window
        resized by hand keeps its size in the settings (Settings shows it; the next start opens at it: saved
        when the game closes).

        Why not every scene at once (issue 35, item 9): each layout makes a screen's widgets anew, megabytes
        of pixels, and the old ones are freed only when the frame ends (memory.py), so a resize with five
        screens on the stack held five old and five new sets of widgets at once, and a soak of random input
        peaked at 935 MB; the hidden screens were also laid out again for every size the window went through
        although none of them was seen."""
        size = self.screen.get_size()
        self.layout_size = size
        if not self.settings.fullscreen and self.settings.window_tuple != size:
            self.settings.window_size = f"{size[0]}x{size[1]}"
            self.window_resized = True
        shown = self.visible_scenes()
        for scene in self.scenes:
            if scene in shown:
                scene.layout_due = False
                scene.resize(size)
            else:
                scene.layout_due = True
        self.release_due = True
        self.mark_dirty()

    def lay_out_revealed(self) -> None:
        """The scenes that show again (the screen above them closed) and missed a resize while hidden lay
        themselves out now, before they are drawn (those that rebuilt as they resumed have done so)."""
        for scene in self.visible_scenes():
            if scene.layout_due:
                scene.layout_due = False
                scene.resize(self.screen.get_size())
                self.release_due = True

    def update(self, dt: float) -> None:
        for scene in list(self.scenes):
            if scene in self.scenes and (scene is self.top or scene.animating):
                scene.update(dt)
        if any(s.animating for s in self.scenes):
            self.mark_dirty()

    def visible_scenes(self) -> list[Scene]:
        """The scenes a frame shows: the highest opaque one and the overlays above it."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def compose(self, surface: pygame.Surface) -> None:
        """Draw the visible scenes onto ``surface`` (drawing is pure: nothing changes but the pixels)."""
        for scene in self.visible_scenes():
            scene.draw(surface)

    def draw(self) -> None:
        """Draw from the highest opaque scene upwards, then show the frame."""
        self.compose(self.screen)
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            if os.environ.get("CATAN_DESKTOP_EXIT_AFTER_FIRST_FRAME"):
                # start-up benchmark (bench/startup.py): report the first frame, then leave the loop
                print(f"FIRST_FRAME {self.first_frame_at - self.started:.3f}", flush=True)
                self.running = False
        self.dirty = False

    def end_frame(self) -> None:
        """After a frame that threw widgets away (a resize, a closed screen), give their memory back; also
        after one that left the process GROWTH_RELEASE bigger than the last release did (memory.py)."""
        if self.release_due:
            self.release_due = False
            self.released_size = release_memory()
            self.settle_release_at = time.perf_counter() + SETTLE_RELEASE
        elif self.settle_release_at is not None and time.perf_counter() >= self.settle_release_at:
            self.settle_release_at = None
            self.released_size = release_memory()
        elif resident_bytes() > self.released_size + GROWTH_RELEASE:
            self.released_size = release_memory()

    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = 1 / FPS) -> None:
        """Process ``events``, advance ``dt`` seconds and draw if needed (tests drive the app with this)."""
        changes = self.stack_changes
        self.handle_events(events)
        if not self.running:
            return
        self.update(dt)
        signature = self.frame_signature()
        if self.dirty or signature != self.drawn_signature:
            self.draw()
            self.drawn_signature = signature
        if self.stack_changes != changes:
            self.drop_stale_presses()
        self.end_frame()

    def run(self) -> int:
        """Run until the last scene is popped or the window closes; returns the exit code."""
        for message in self.startup_messages:
            self.show_message(_("Settings"), message)
        last = time.perf_counter()
        while self.running and self.scenes:
            if self.needs_frames() or self.dirty:
                events = pygame.event.get()
                self.clock.tick(FPS)
            else:
                events = pygame.event.get()
                if not events:
                    time.sleep(IDLE_SLEEP)
                    if time.perf_counter() - last < IDLE_UPDATE:
                        continue
            now = time.perf_counter()
            dt, last = min(0.1, now - last), now
            self.step(events, dt)  # one frame, exactly as the tests drive it
        self.keep_window_size()
        return 0

    def keep_window_size(self) -> None:
        """Write the settings if the window was resized by hand (silently nothing if the disk refuses)."""
        if self.window_resized:
            self.window_resized = False
            with contextlib.suppress(OSError):
                self.settings.save()


MIN_WINDOW = (800, 600)  # every screen is laid out for this size and up (issue 12: 640x400 overlapped)


def set_minimum_window_size() -> None:
    """Stop the window from being made smaller than MIN_WINDOW (where the system lets SDL do so)."""
    with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
        # pygame-ce 2.5 has no display-module call for it; its Window view of the display window warns that
        # drawing should move to Window, which is not what it is used for here
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = MIN_WINDOW


def run_app(windowed: bool = False) -> int:
    """Start the game at the main menu; returns the process exit code."""
    def body() -> int:
        keep_imports()
        app = App(windowed=windowed)
        app.go("menu")
        code = app.run()
        # leaving, each screen still open exits as if closed: a game hosted here stops as Quit to menu
        # stops it (saved, and its players told, not cut off), a seat at another's table says goodbye
        app.close(len(app.scenes))
        return code

    return guarded(body)


def headless_environment() -> None:
    """Use SDL's dummy video and audio drivers (tests, screenshots, benchmarks)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
