"""Dialogs of the game screen: discard, steal target, progress cards, help; the trade dialogs are in
``trade_dialogs``, Catan a Dois's in ``dois_dialogs``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel

from ...engine import Action, make_bundle
from ...i18n import _
from ...render.cards import card_image
from ...text import reason_for
from ..dialogs import OverlayScene, centred_rect
from ..scaling import make_manager, refit_manager
from ..widgets import TipButton

if TYPE_CHECKING:
    from ...engine import Ruleset
    from ...engine.views import SeatView
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit


class GameDialog(OverlayScene):
    """A dialog over the game screen with a title, a body and a row of buttons. It sees the game through
    the seat port (``port``) and the screen through its kit (``kit``), never the game screen itself."""

    width, height = 620, 380
    cancellable = True

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(app)
        self.port, self.kit = port, kit
        self.actions: dict[object, object] = {}
        self._ui_factor = kit.scale
        self.ui = make_manager(app, kit.scale)

    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: the widgets' fonts follow the screen's scale, as the game screen's do (the
        dialog kept the fonts of the size it was opened at: a smaller window clipped its words)."""
        refit_manager(self, self.kit.scale, self._ui_factor, size)
        self._ui_factor = self.kit.scale
        self.rebuild()

    @property
    def rules(self) -> Ruleset:
        return self.port.rules

    @property
    def seat(self) -> int:
        """The seat this dialog is for: the seat to act."""
        return self.port.seat_to_act

    @property
    def view(self) -> SeatView:
        """What the seat this dialog is for (the seat to act) may know: the engine's seat view, read again
        after every change of the game. In hot-seat play the seat to act is shown the screen first."""
        return self.port.view(self.port.seat_to_act)

    def px(self, v: float) -> int:
        return self.kit.px(v)

    def place(self, w: int, h: int) -> pygame.Rect:
        """Where a dialog of w x h goes: above your hand when it fits there (its cards and their counts stay
        in sight, issue 31: the discard dialog hid them), else in the middle of the window."""
        hand = self.kit.regions().get("bottom")
        if hand is not None and h + self.px(16) <= hand.y:
            return centred_rect((self.app.size[0], hand.y), w, h)
        return centred_rect(self.app.size, w, h)

    def frame(self, title: str) -> UIPanel:
        self.rect = self.place(self.px(self.width), self.px(self.height))
        panel = UIPanel(self.rect, manager=self.ui, object_id="#dialog")
        UILabel(
            pygame.Rect(self.px(16), self.px(10), self.rect.w - self.px(32), self.px(34)),
            title,
            manager=self.ui,
            container=panel,
            object_id="#heading",
        )
        return panel

    def add_button(
        self,
        panel: UIPanel,
        rect: pygame.Rect,
        text: str,
        handler: object,
        tip: str | None = None,
        primary: bool = False,
        enabled: bool = True,
    ) -> UIButton:
        b = TipButton(  # a disabled button still shows its tooltip: it says why it is disabled
            rect,
            text,
            manager=self.ui,
            container=panel,
            tool_tip_text=tip,
            object_id="#primary" if primary else None,
        )
        if not enabled:
            b.disable()
        self.actions[b] = handler
        return b

    def footer(
        self,
        panel: UIPanel,
        ok_label: str,
        on_ok: object,
        close_label: str | None = None,
        ok_enabled: bool = True,
        bottom: int = 62,
        ok_width: int = 160,
    ) -> UIButton:
        """The dialog's primary button at the bottom right, with a Close/Cancel button to its left when
        ``close_label`` is given; returns the primary button."""
        y = self.rect.h - self.px(bottom)
        ok_x = self.rect.w - self.px(16 + ok_width)
        ok = self.add_button(
            panel,
            pygame.Rect(ok_x, y, self.px(ok_width), self.px(44)),
            ok_label,
            on_ok,
            primary=True,
            enabled=ok_enabled,
        )
        if close_label is not None:
            close = pygame.Rect(ok_x - self.px(140), y, self.px(128), self.px(44))
            self.add_button(panel, close, close_label, self.app.pop)
        return ok

    def rebuild(self) -> None:
        """A new layout (a resize) makes new buttons: the old ones leave ``actions`` with their widgets.
        Kept, they held every earlier layout's buttons and pixels alive as long as the dialog was open
        (issue 35, item 9: an offer waiting for an answer through many resizes held 160 MB)."""
        self.actions.clear()
        super().rebuild()

    def on_button(self, element: object) -> bool:
        handler = self.actions.get(element)
        if handler is None:
            return False
        handler()  # type: ignore[operator]
        return True

    def on_escape(self) -> None:
        if self.cancellable:
            self.app.pop()
        else:
            self.kit.open_pause()

    def finish(self, action: Action) -> None:
        """Close the dialog and apply ``action``."""
        self.app.pop()
        self.kit.act(action)


RESOURCES_ORDER = ("lumber", "brick", "wool", "grain", "ore")  # the hand's order, in every dialog too


def hand_order(names: tuple[str, ...] | list[str]) -> list[int]:
    """The resource indices in the order the hand shows them (others after, in the rule file's order)."""
    rank = {r: k for k, r in enumerate(RESOURCES_ORDER)}
    return sorted(range(len(names)), key=lambda i: (rank.get(names[i], len(rank)), i))


class Stepper:
    """A row per resource in the hand's order: icon, −, count, + (the counts live in ``values``, by the rule
    file's resource index). With ``show_limits`` each card shows how many you hold (issue 12)."""

    def __init__(
        self,
        dialog: GameDialog,
        panel: UIPanel,
        x: int,
        y: int,
        limits: list[int],
        on_change: object = None,
        label: str = "",
        show_limits: bool = False,
    ) -> None:
        self.dialog, self.limits, self.on_change = dialog, limits, on_change
        self.show_limits = show_limits
        names = dialog.rules.resources
        self.order = hand_order(names)
        self.values = [0] * len(names)
        self.labels: list[UILabel] = []
        px = dialog.px
        if label:
            width = len(self.order) * px(106) - px(10)  # the row's width, the words from its left edge
            UILabel(pygame.Rect(x, y, width, px(24)), label, manager=dialog.ui, container=panel,
                    object_id="#form_label")
            y += px(26)
        self.origin = (x, y)
        for k, i in enumerate(self.order):
            name = names[i]
            col = x + k * px(106)
            dialog.add_button(
                panel,
                pygame.Rect(col, y + px(58), px(30), px(30)),
                "−",
                lambda i=i: self.change(i, -1),
                tip=_("one {res} less", res=_(name)),
            )
            lab = UILabel(
                pygame.Rect(col + px(30), y + px(58), px(36), px(30)), "0", manager=dialog.ui, container=panel
            )
            self.labels.append(lab)  # by column; change() finds the column of a resource
            dialog.add_button(
                panel,
                pygame.Rect(col + px(66), y + px(58), px(30), px(30)),
                "+",
                lambda i=i: self.change(i, +1),
                tip=_("one {res} more", res=_(name)),
            )

    def change(self, i: int, delta: int) -> None:
        v = self.values[i] + delta
        if 0 <= v <= self.limits[i]:
            self.values[i] = v
            self.labels[self.order.index(i)].set_text(str(v))
            if self.on_change is not None:
                self.on_change()  # type: ignore[operator]

    def set_values(self, values: list[int] | tuple[int, ...]) -> None:
        """Show ``values`` (by the rule file's resource index), each kept within its limit; no on_change."""
        for i, v in enumerate(values):
            self.values[i] = max(0, min(int(v), self.limits[i]))
            self.labels[self.order.index(i)].set_text(str(self.values[i]))

    def bundle(self) -> tuple[tuple[str, int], ...]:
        names = self.dialog.rules.resources
        return make_bundle([(names[i], n) for i, n in enumerate(self.values) if n])

    def draw_icons(self, surface: pygame.Surface) -> None:
        px = self.dialog.px
        names = self.dialog.rules.resources
        x, y = self.origin
        x += self.dialog.rect.x + px(3)
        y += self.dialog.rect.y + px(2)
        for k, i in enumerate(self.order):
            img = card_image(self.dialog.app.assets, names[i], (px(38), px(53)))
            left = x + k * px(106) + px(27)
            surface.blit(img, (left, y))
            if self.show_limits:  # how many you hold, as on the hand's cards
                self.dialog.kit.tag(surface, str(self.limits[i]), (left + px(36), y + px(4)))


class ChooseCardsDialog(GameDialog):
    """Choose exactly ``amount`` cards out of ``limits()`` with a stepper per resource, then apply
    ``Action(action_kind, bundle)``; it cannot be cancelled (the game waits for the choice)."""

    cancellable = False
    height = 330
    action_kind = "discard"
    show_limits = False  # each card shows how many you may choose of it (your hand, for a discard)

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit, amount: int) -> None:
        super().__init__(app, port, kit)
        self.amount = amount

    def title(self) -> str:
        raise NotImplementedError

    def limits(self) -> list[int]:
        raise NotImplementedError

    def ok_label(self) -> str:
        return _("Discard")

    def chosen_text(self, chosen: int) -> str:
        return _("Chosen {k} of {n}", k=chosen, n=self.amount)

    def build(self) -> None:
        panel = self.frame(self.title())
        self.stepper = Stepper(self, panel, self.px(24), self.px(52), self.limits(), self.refresh,
                               show_limits=self.show_limits)
        self.info = UILabel(
            pygame.Rect(self.px(24), self.px(160), self.px(560), self.px(28)),
            "",
            manager=self.ui,
            container=panel,
        )
        self.ok = self.footer(panel, self.ok_label(), self.submit)
        self.refresh()

    def refresh(self) -> None:
        chosen = sum(self.stepper.values)
        self.info.set_text(self.chosen_text(chosen))
        self.ok.enable() if chosen == self.amount else self.ok.disable()

    def submit(self) -> None:
        if sum(self.stepper.values) == self.amount:
            self.finish(Action(self.action_kind, self.stepper.bundle()))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.stepper.draw_icons(surface)


class DiscardDialog(ChooseCardsDialog):
    """A 7 with more than seven cards: choose exactly half, rounded down (B-6.2). Each card shows how many
    of it you hold."""

    show_limits = True

    def title(self) -> str:
        return _("{who}: discard {n} cards", who=self.kit.names[self.seat], n=self.amount)

    def limits(self) -> list[int]:
        return list(self.view.hand)


class VictimDialog(GameDialog):
    """After moving the robber: whom to steal from (or nobody, when stealing is optional)."""

    height = 260

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit, actions: list[Action]) -> None:
        super().__init__(app, port, kit)
        self.options = actions

    def build(self) -> None:
        panel = self.frame(_("Steal a card from…"))
        x = self.px(20)
        public = self.view.public
        for a in self.options:
            if a.b is None:
                text = _("Nobody")
            else:
                text = _("{who} ({n} cards)", who=self.kit.names[a.b], n=public[a.b].resource_cards)
            self.add_button(
                panel,
                pygame.Rect(x, self.px(80), self.px(180), self.px(48)),
                text,
                lambda a=a: self.finish(a),
                primary=a.b is not None,
            )
            x += self.px(192)


class ResourceChoiceDialog(GameDialog):
    """Year of Plenty (two resources from the bank) or Monopoly (one resource from everyone)."""

    height = 300

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit, kind: str) -> None:
        super().__init__(app, port, kit)
        self.kind = kind
        self.chosen: list[str] = []

    def build(self) -> None:
        title = (
            _("Year of Plenty: take two resources")
            if self.kind == "year_of_plenty"
            else _("Monopoly: name a resource")
        )
        panel = self.frame(title)
        names = self.rules.resources
        for i, name in enumerate(names):
            self.add_button(
                panel,
                pygame.Rect(self.px(24) + i * self.px(116), self.px(150), self.px(104), self.px(40)),
                _(name),
                lambda n=name: self.pick(n),
            )
        self.info = UILabel(
            pygame.Rect(self.px(24), self.px(200), self.px(560), self.px(28)),
            "",
            manager=self.ui,
            container=panel,
        )

    def pick(self, name: str) -> None:
        if self.kind == "monopoly":
            self.finish(Action("monopoly", name))
            return
        self.chosen.append(name)
        legal = self.port.legal("year_of_plenty")
        if len(self.chosen) == 2 or all(a.b is None for a in legal):
            a, b = sorted(self.chosen) if len(self.chosen) == 2 else (self.chosen[0], None)
            action = Action("year_of_plenty", a, b)
            if self.port.is_legal(action):
                self.finish(action)
            else:
                self.chosen = []
                self.info.set_text(reason_for(self.port.why_illegal(action) or "", self.kit.names, self.seat))
        else:
            self.info.set_text(_("First card: {res}. Choose the second.", res=_(name)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for i, name in enumerate(self.rules.resources):
            img = card_image(self.app.assets, name, (self.px(60), self.px(84)))
            surface.blit(img, (self.rect.x + self.px(46) + i * self.px(116), self.rect.y + self.px(58)))
