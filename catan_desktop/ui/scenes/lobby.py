"""The lobby of a network game (issue 33): the seats and who sits in them, connected and ready, who is
watching, the address to give friends (when hosting here), a chat, and Ready / Start / Leave (a spectator
has only Leave). When the host deals the game, the game screen opens on the remote seat port."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextBox, UITextEntryLine

from ...i18n import _
from ...net.client import local_addresses
from ...net.table import COMPUTER, PERSON
from ...render.palette import CLASSIC
from ..config import HUMAN, GameConfig, SeatConfig, kind_label, shown_name
from ..remote_port import RemotePort
from ..screens import screen
from ..widgets import ERROR_RED, ScreenScene, TipButton, esc

if TYPE_CHECKING:
    from ..app import App


@screen("lobby")
class LobbyScene(ScreenScene):
    """Seats on the left, the chat on the right; Leave (asks first), Ready, Start (the table's owner)."""

    panel_size = (1060, 620)

    def __init__(self, app: App, port: RemotePort, hosting_port: int | None = None) -> None:
        super().__init__(app)
        self.title = _("Lobby")
        self.port = port
        self.hosting_port = hosting_port
        self.ready = False
        self._shown: tuple[Any, ...] | None = None
        self._chat_shown = -1
        self._opened_at = time.monotonic()
        self._left = False

    # layout ----------------------------------------------------------------------------------------

    def build(self) -> None:
        panel, inner = self.make_panel()
        px = self.px
        left_w = int(inner.w * 0.52)
        body_h = inner.h - px(46) - px(14)
        invite = self._invite()
        top = inner.y
        if invite:
            UILabel(pygame.Rect(inner.x, top, inner.w, px(26)), invite, manager=self.ui, container=panel,
                    object_id="#bold_label")
            top += px(32)
        self.seats_box = UITextBox(self._seats_html(), pygame.Rect(inner.x, top, left_w, inner.bottom - px(60)
                                                                   - top), manager=self.ui, container=panel)
        cx = inner.x + left_w + px(16)
        cw = inner.right - cx
        entry_h = px(38)
        self.chat_box = UITextBox(self._chat_html(), pygame.Rect(cx, top, cw, body_h - entry_h - px(8)
                                                                 - (top - inner.y)),
                                  manager=self.ui, container=panel)
        send_w = px(96)
        self.chat_entry = UITextEntryLine(pygame.Rect(cx, top + self.chat_box.relative_rect.h + px(6),
                                                      cw - send_w - px(8), entry_h),
                                          manager=self.ui, container=panel,
                                          placeholder_text=_("Say something to the table"))
        self.chat_entry.set_text_length_limit(300)
        self.send_button = TipButton(pygame.Rect(cx + cw - send_w, self.chat_entry.relative_rect.y, send_w,
                                                 entry_h), _("Send"), manager=self.ui, container=panel,
                                     tool_tip_text=_("Send the message (Enter)"))
        self.leave_button, self.ready_button, self.start_button = self.footer_buttons(
            inner,
            [(_("Leave"), _("Leave the table (Esc)"), False),
             (_("Not ready") if self.ready else _("Ready"), _("Say you are ready to play (R)"), False),
             (_("Start"), _("Deal the game: every seat for a person is taken (S)"), True)],
            width=180,
        )
        if self.port.watching:  # a spectator does not play: nothing to be ready for
            self.ready_button.hide()
            self.start_button.hide()
        self._sync()

    def _invite(self) -> str:
        if self.hosting_port is None:
            return ""
        where = ", ".join(f"{ip}:{self.hosting_port}" for ip in local_addresses())
        return _("Friends join with the address {where}", where=where)

    def _seats_html(self) -> str:
        lobby = self.port.lobby
        status = self.port.client.status
        if status == "refused":
            err = self.port.client.error or {}
            text = _("The host refused: {why}", why=str(err.get("detail") or err.get("code") or ""))
            if err.get("code") == "unreachable":
                text = _("Nothing answers at {url}: is the address right, and is the game hosted there?",
                         url=self.port.client.url)
            return f"<font color='{ERROR_RED}'>{esc(text)}</font>"
        if lobby is None:
            if status == "lost" or time.monotonic() - self._opened_at > 3:
                return esc(_("Connecting to {url}\u2026", url=self.port.client.url))
            return esc(_("Connecting\u2026"))
        rows = [f"<b>{i + 1}. {esc(who)}</b> \u2014 {esc(state)}"
                for i, (who, state) in enumerate(seats_text(lobby, self.port.seat))]
        head = esc(_("Rules: {variant}", variant=_(str(lobby.get("title") or lobby.get("variant")))))
        if lobby.get("password"):
            head += " \u00b7 " + esc(_("with a password"))
        if self.port.watching:
            you = _("You are watching this table: the game starts when its players are ready.")
            head = f"<b>{esc(you)}</b><br>{head}"
        if status == "lost":  # the seats below are the last ones heard (seen under Xvfb: nothing said so)
            stopped = (self.port.client.error or {}).get("code") == "host_stopped"
            words = (_("The host closed the table.") if stopped
                     else _("The connection to the host was lost: trying again…"))
            head = f"<font color='{ERROR_RED}'><b>{esc(words)}</b></font><br>{head}"
        watchers = [shown_name(str(n)) for n in lobby.get("watching") or []]
        if watchers:
            rows.append("<br>" + esc(_("Watching: {names}", names=", ".join(watchers))))
        return head + "<br><br>" + "<br>".join(rows)

    def _chat_html(self) -> str:
        lines = [f"<b>{esc(str(m.get('name') or _('Player {n}', n=int(m.get('seat', 0)) + 1)))}:</b> "
                 f"{esc(str(m.get('text', '')))}" for m in list(self.port.chat)[-40:]]
        return "<br>".join(lines) or esc(_("No messages yet"))

    def _sync(self) -> None:
        # while the host is out of reach, neither Ready nor Start can reach it
        lobby = (self.port.lobby or {}) if self.port.client.status == "connected" else {}
        can_start = self.port.owner and all(
            s.get("kind") != PERSON or (s.get("taken") and s.get("connected")) for s in lobby.get("seats", [])
        ) and bool(lobby)
        if can_start:
            self.start_button.enable()
        else:
            self.start_button.disable()
        if lobby and not self.port.watching:
            self.ready_button.enable()
        else:
            self.ready_button.disable()

    # updates ---------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._left:
            return
        if self.port.ready_to_play:
            self._open_game()
            return
        shown = (repr(self.port.lobby), self.port.client.status, int(time.monotonic() - self._opened_at > 3))
        if shown != self._shown:
            self._shown = shown
            self.seats_box.set_text(self._seats_html())
            self._sync()
        if len(self.port.chat) != self._chat_shown or (self.port.chat and self._chat_shown == 0):
            self._chat_shown = len(self.port.chat)
            self.chat_box.set_text(self._chat_html())

    def exit(self) -> None:
        """Closed any other way than Leave or the game's start (the app quitting, the menu reset): the
        connection goes with it (its thread went on trying a host that had gone)."""
        if not self._left:
            self._left = True
            self.port.close()
        super().exit()

    def _open_game(self) -> None:
        self._left = True
        port = self.port
        seats = []
        for i in range(port.players):
            kind = HUMAN if port.kind_of_seat(i) == PERSON else "computer:normal"
            seats.append(SeatConfig(port.name(i), kind=kind, colour=CLASSIC[i % len(CLASSIC)]))
        config = GameConfig(variant=port.rules.name, seats=seats)
        self.app.go("game", config, None, port, how="reset")

    # input -----------------------------------------------------------------------------------------

    def send_chat(self) -> None:
        self.port.say(self.chat_entry.get_text())
        self.chat_entry.set_text("")

    def toggle_ready(self) -> None:
        if not self.ready_button.is_enabled:
            return
        self.ready = not self.ready
        self.port.set_ready(self.ready)
        self.ready_button.set_text(_("Not ready") if self.ready else _("Ready"))

    def start(self) -> None:
        if self.start_button.is_enabled:
            self.port.start_game()

    def back(self) -> None:
        def leave() -> None:
            self._left = True
            self.port.close()
            self.app.pop()

        if self.port.client.status == "refused":
            leave()
            return
        text = (_("The table closes and your friends are sent away.") if self.hosting_port is not None
                else _("You stop watching this table.") if self.port.watching
                else _("Your seat is given up."))
        self.app.confirm(_("Leave the table?"), text, leave, yes=_("Leave"))

    def on_button(self, element: object) -> bool:
        actions = {self.leave_button: self.back, self.ready_button: self.toggle_ready,
                   self.start_button: self.start, self.send_button: self.send_chat}
        action = actions.get(element)  # type: ignore[call-overload]
        if action is None:
            return False
        action()
        return True

    def on_widget_event(self, event: Any) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.chat_entry:
            self.send_chat()
            return True
        return False

    def primary(self) -> bool:
        if self.chat_entry.is_focused:
            return False
        self.toggle_ready()
        return True

    def shortcuts(self) -> dict[int, Any]:
        if self.chat_entry.is_focused:
            return {}
        return {pygame.K_r: self.toggle_ready, pygame.K_s: self.start}


def seats_text(lobby: dict[str, Any], me: int) -> list[tuple[str, str]]:
    """Each seat of a lobby as (who, state) in words: "Ann (you)", "connected, not ready"."""
    out = []
    for s in lobby.get("seats", []):
        i = int(s.get("seat", 0))
        if s.get("kind") == COMPUTER:
            who, state = kind_label(str(s.get("level") or "normal")), _("ready")
        elif not s.get("taken"):
            who, state = _("Free seat"), _("waiting for a player")
        else:
            who = shown_name(str(s.get("name") or "")) or _("Player {n}", n=i + 1)
            if i == me and who != shown_name("You"):
                who += " " + _("(you)")
            if s.get("connected"):
                state = _("ready") if s.get("ready") else _("connected, not ready")
            else:
                state = _("away")
        out.append((who, state))
    return out
