"""Play over the network (issue 33): join a game hosted elsewhere by its address, or host one here for
friends at their own computers. Both lead to the lobby (``lobby.py``), where the seats fill and the game
starts; the game itself is the same game screen, on a remote seat port (``ui/remote_port.py``)."""

from __future__ import annotations

import contextlib
import getpass
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UILabel, UISelectionList, UITextBox, UITextEntryLine

from ...i18n import _
from ...net.client import DEFAULT_PORT, NetClient, parse_address
from ...net.host import Host, HostThread
from ...net.lan import Announcer, LanBrowser, LanGame
from ...net.table import COMPUTER, PERSON, Seat, TableConfig, TableError
from ...persistence.net_seats import seat_token
from ...persistence.userdirs import data_dir
from ...variants import VariantInfo, list_variants
from ..config import MAX_NAME
from ..remote_port import RemotePort
from ..screens import screen
from ..widgets import DropDown, ScreenScene, TipButton, esc

if TYPE_CHECKING:
    from ..app import App

TABLE = "table-1"
LEVELS = ("easy", "normal", "hard", "expert")


@screen("online")
class OnlineScene(ScreenScene):
    """Join or watch (address, table, name, password) on the left; host (variant, players, people,
    computers' level, port, password) on the right. Enter joins; W watches; Esc goes back."""

    panel_size = (1060, 600)
    list_prefix = "lan"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.title = _("Play over the network")
        self.fields: dict[str, str] = {"address": app.settings.online_address[:200], "table": TABLE,
                                       "name": self._default_name(),
                                       "password": "", "port": str(DEFAULT_PORT), "host_password": ""}
        self.variants: list[VariantInfo] = [v for v in _board_variants() if not v.error]
        self.variant = "base"
        self.players = 4
        self.people = 2
        self.level = "normal"
        self.entries: dict[str, UITextEntryLine] = {}
        self.lan: LanBrowser | None = None  # the tables heard on the local network (while this screen shows)
        self.lan_shown: list[LanGame] = []
        self.picked: LanGame | None = None  # the listed game last clicked

    # layout ----------------------------------------------------------------------------------------

    def _info(self) -> VariantInfo | None:
        return next((v for v in self.variants if v.name == self.variant), None)

    def build(self) -> None:
        panel, inner = self.make_panel()
        px = self.px
        lab_h, ctl_h, gap = px(22), px(36), px(12)
        col_w = (inner.w - px(40)) // 2
        self.entries = {}

        def field(x: int, y: int, w: int, text: str, tip: str | None = None) -> pygame.Rect:
            label = UILabel(pygame.Rect(x, y, w, lab_h), text, manager=self.ui, container=panel,
                            object_id="#bold_label")
            if tip:
                label.set_tooltip(tip)
            return pygame.Rect(x, y + lab_h + px(2), w, ctl_h)

        def entry(key: str, rect: pygame.Rect, limit: int, hidden: bool = False) -> None:
            box = UITextEntryLine(rect, manager=self.ui, container=panel, initial_text=self.fields[key])
            box.set_text_length_limit(limit)
            if hidden:
                box.set_text_hidden(True)
            self.entries[key] = box

        # join, on the left
        x, y = inner.x, inner.y
        UILabel(pygame.Rect(x, y, col_w, px(34)), _("Join a game"), manager=self.ui, container=panel,
                object_id="#heading")
        y += px(36)
        r = field(x, y, col_w, _("Address of the host"),
                  _("What the host gives you: an address and a port, e.g. 192.168.1.20:8765"))
        entry("address", r, 300)
        y = r.bottom + gap
        half = (col_w - gap) // 2
        entry("table", field(x, y, half, _("Table")), 40)
        entry("name", field(x + half + gap, y, half, _("Your name")), MAX_NAME)
        y += lab_h + ctl_h + px(2) + gap
        entry("password", field(x, y, col_w, _("Password (if the table has one)")), 64, hidden=True)
        y += lab_h + ctl_h + px(2) + gap + px(6)
        self.join_button = TipButton(pygame.Rect(x + col_w - px(200), y, px(200), px(44)), _("Join"),
                                     manager=self.ui, container=panel, object_id="#primary",
                                     tool_tip_text=_("Connect to the host and take a seat (Enter)"))
        self.watch_button = TipButton(pygame.Rect(x + col_w - px(200) - px(12) - px(150), y, px(150), px(44)),
                                      _("Watch"), manager=self.ui, container=panel,
                                      tool_tip_text=_("Watch the game at that table without playing: you see "
                                                      "what is on the table, never a player's hand (W)"))

        # host, on the right
        x, y = inner.x + col_w + px(40), inner.y
        UILabel(pygame.Rect(x, y, col_w, px(34)), _("Host a game"), manager=self.ui, container=panel,
                object_id="#heading")
        y += px(36)
        third = (col_w - 2 * gap) // 3
        titles = [(_(v.title), v.name) for v in self.variants] or [(self.variant, self.variant)]
        current = next((t for t in titles if t[1] == self.variant), titles[0])
        r = field(x, y, col_w, _("Rules"))
        self.variant_menu = DropDown(titles, current, r, manager=self.ui, container=panel)
        y = r.bottom + gap
        info = self._info()
        lo, hi = (info.players_min, info.players_max) if info else (2, 4)
        self.players = min(max(self.players, lo), hi)
        self.people = min(max(self.people, 1), self.players)
        counts = [(str(n), str(n)) for n in range(lo, hi + 1)]
        r = field(x, y, third, _("Players"))
        self.players_menu = DropDown(counts, str(self.players), r, manager=self.ui, container=panel)
        people = [(str(n), str(n)) for n in range(1, self.players + 1)]
        r = field(x + third + gap, y, third, _("People"),
                  _("How many of the players are people (you and your friends); computers play the rest"))
        self.people_menu = DropDown(people, str(self.people), r, manager=self.ui, container=panel)
        levels = [(_(k), k) for k in LEVELS]
        r = field(x + 2 * (third + gap), y, third, _("Computers"))
        self.level_menu = DropDown(levels, (_(self.level), self.level), r, manager=self.ui, container=panel)
        if self.people == self.players:
            self.level_menu.disable()
        y = r.bottom + gap
        entry("port", field(x, y, third, _("Port"), _("The port your friends connect to (1024-65535)")), 5)
        entry("host_password", field(x + third + gap, y, col_w - third - gap, _("Password (optional)")),
              64, hidden=True)
        y += lab_h + ctl_h + px(2) + gap + px(6)
        self.host_button = TipButton(pygame.Rect(x + col_w - px(200), y, px(200), px(44)), _("Host"),
                                     manager=self.ui, container=panel,
                                     tool_tip_text=_("Open a table on this computer and wait for your "
                                                     "friends in the lobby"))
        (self.back_button,) = self.footer_buttons(inner, [(_("Back"), _("Return (Esc)"), False)])
        note_y = y + px(64)
        self._lan_list(panel, pygame.Rect(inner.x, note_y, col_w, inner.bottom - note_y))
        about = _("Everyone plays with this game on their own computer. The host's computer keeps the game: "
                  "a player whose connection drops comes back to the same seat, and after a minute away a "
                  "computer plays for them until they return. When the game ends, every player's game checks "
                  "that each roll came from the seed the host promised at the start.")
        ax = inner.x + col_w + px(40)
        UITextBox(esc(about), pygame.Rect(ax, note_y, inner.right - ax, inner.bottom - px(60) - note_y),
                  manager=self.ui, container=panel, object_id="#plain_text")

    def _lan_list(self, panel: Any, rect: pygame.Rect) -> None:
        """The tables heard on the local network (a click puts one in the address box)."""
        px = self.px
        UILabel(pygame.Rect(rect.x, rect.y, rect.w, px(24)), _("Games on your network"), manager=self.ui,
                container=panel, object_id="#bold_label")
        box = pygame.Rect(rect.x, rect.y + px(28), rect.w, rect.h - px(28))
        self.lan_shown = list(self.lan.games()) if self.lan is not None else []
        items = [(f"   {g.name} \u00b7 {_(g.variant) if g.variant else ''} \u00b7 "
                  + (_("in play: double-click to watch") if g.playing else _("{n} free", n=g.free)),
                  f"#lan_{i}") for i, g in enumerate(self.lan_shown)]
        if items:
            self.list = UISelectionList(box, items, manager=self.ui, container=panel, object_id="#roomy_list")
            return
        self.list = None
        problem = self.lan.problem if self.lan is not None else None
        words = (_("Games hosted on your network are not listed here: {problem}", problem=problem) if problem
                 else _("Looking for games hosted on your network\u2026 (or type the host's address above)"))
        UITextBox(esc(words), box, manager=self.ui, container=panel)

    def enter(self) -> None:
        if self.lan is None:
            self.lan = LanBrowser()
        super().enter()

    def exit(self) -> None:
        if self.lan is not None:
            self.lan.close()
            self.lan = None
        super().exit()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.lan is not None and self.lan.games() != self.lan_shown:
            # a game heard on the network while the player types: the list is made again, and the box
            # being typed in keeps its focus and cursor (the keys typed next were lost with the old box)
            self._read_entries()
            typing = next(((k, box.edit_position) for k, box in self.entries.items() if box.is_focused), None)
            self.rebuild()
            if typing is not None and typing[0] in self.entries:
                box = self.entries[typing[0]]
                box.focus()
                box.edit_position = min(typing[1], len(box.get_text()))
                self.ui.set_focus_set(box)

    def select(self, index: int | None) -> None:
        if index is not None and 0 <= index < len(self.lan_shown):
            game = self.picked = self.lan_shown[index]
            self.fields["address"] = game.join_text
            self.entries["address"].set_text(game.join_text)

    def on_double_click(self) -> None:
        self.join(watch=self.picked is not None and self.picked.playing)  # a game in play: watch it

    def shortcuts(self) -> dict[int, Any]:
        if any(box.is_focused for box in self.entries.values()):
            return {}
        return {pygame.K_w: lambda: self.join(watch=True)}

    # input -----------------------------------------------------------------------------------------

    def _read_entries(self) -> None:
        for key, box in self.entries.items():
            self.fields[key] = box.get_text()

    def _say(self, title: str, problem: str) -> None:
        self.app.show_message(title, problem)

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.back()
        elif element is self.join_button:
            self.join()
        elif element is self.watch_button:
            self.join(watch=True)
        elif element is self.host_button:
            self.host()
        else:
            return False
        return True

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        if super().on_widget_event(event):  # a game on your network chosen (it never was: a click did
            return True  # nothing and a double-click said "Type the host's address")
        value = getattr(event, "selected_option_id", None)
        element = event.ui_element
        if not value:
            return False
        self._read_entries()
        if element is self.variant_menu:
            self.variant = value
        elif element is self.players_menu:
            self.players = int(value)
        elif element is self.people_menu:
            self.people = int(value)
        elif element is self.level_menu:
            self.level = value
            return True
        else:
            return False
        self.rebuild()
        return True

    def primary(self) -> bool:
        self.join()
        return True

    def _default_name(self) -> str:
        """The name last used at a table, else the computer's login name, else "Player". Not "You": at a
        table every player's screen showed every "You" as its own player (seen under Xvfb: two windows,
        both players "You", "You is thinking...")."""
        remembered = " ".join(self.app.settings.online_name.split())[:MAX_NAME]
        if remembered:
            return remembered
        try:
            login = " ".join(getpass.getuser().split())[:MAX_NAME]
        except (KeyError, OSError, ImportError):  # no login name to be had (getpass's own failures)
            login = ""
        return login[:1].upper() + login[1:] if login else _("Player")

    def _name(self) -> str:
        """The name typed (its spaces tidied), else the default; remembered for the next visit."""
        name = " ".join(self.fields["name"].split())[:MAX_NAME] or self._default_name()
        self._remember(online_name=name)
        return name

    def _remember(self, **values: str) -> None:
        """Keep what was typed for the next visit, also after a restart (the settings file)."""
        settings = self.app.settings
        if any(getattr(settings, key) != value for key, value in values.items()):
            for key, value in values.items():
                setattr(settings, key, value)
            with contextlib.suppress(OSError):  # a disk that refuses: remembered for this run only
                settings.save()

    def join(self, watch: bool = False) -> None:
        """Take a seat at the table (or your own again), or watch it (a spectator)."""
        self._read_entries()
        try:
            url, named_table = parse_address(self.fields["address"])
        except ValueError:
            self._say(_("Cannot watch") if watch else _("Cannot join"),
                      _("Type the host's address, e.g. 192.168.1.20:8765"))
            return
        table = named_table or self.fields["table"].strip() or TABLE
        self._remember(online_address=self.fields["address"].strip())  # to join again after leaving
        client = NetClient(url, table, self._name(), token=None if watch else seat_token(url, table),
                           password=self.fields["password"] or None, watch=watch)
        self.app.go("lobby", RemotePort(client.start()), None)

    def host(self) -> None:
        self._read_entries()
        port_text = self.fields["port"].strip()
        if not port_text.isdigit() or not 1024 <= int(port_text) <= 65535:
            self._say(_("Cannot host"), _("The port is a number from 1024 to 65535"))
            return
        seats = [Seat(PERSON) for _i in range(self.people)]
        seats += [Seat(COMPUTER, level=self.level) for _i in range(self.players - self.people)]
        config = TableConfig(TABLE, self.variant, seats, password=self.fields["host_password"] or None)
        host = Host(autosave_dir=data_dir() / "hosted")
        try:
            host.add_table(config)
            thread = HostThread(host, "0.0.0.0", int(port_text)).start()
        except TableError as exc:
            self._say(_("Cannot host"), exc.detail)
            return
        except OSError as exc:
            self._say(_("Cannot host"), _("Port {port} cannot be used: {problem}", port=port_text,
                                          problem=exc.strerror or exc))
            return
        client = NetClient(f"ws://127.0.0.1:{thread.port}", TABLE, self._name(),
                           password=self.fields["host_password"] or None)
        name = self._name()
        thread.call(lambda h: (setattr(h, "announcer", Announcer(name, thread.port)), h.announce()))
        port = RemotePort(client.start())
        port.hosting = thread
        self.app.go("lobby", port, thread.port)


def _board_variants() -> list[VariantInfo]:
    try:
        return list_variants(("board",))
    except FileNotFoundError:
        return []
