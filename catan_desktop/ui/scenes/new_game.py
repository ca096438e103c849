"""The New game screen: variant, players, seats (name, who plays, colour), board, seed and target.

The choices are remembered in ``Settings.last_game`` and pre-filled next time (with a fresh seed).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIImage, UILabel, UITextEntryLine

from ...ai import BOT_KINDS, DEFAULT_BOT
from ...engine import RulesetError, load_rules
from ...engine.boards import board_kinds
from ...i18n import N_, _, tr
from ...render.palette import CLASSIC, COLOUR_BLIND, emblem, rgb
from ...variants import RuleFileError, VariantInfo, list_variants
from ..config import HUMAN, MAX_NAME, GameConfig, SeatConfig, kind_label, new_seed, shown_name
from ..screens import screen
from ..widgets import DropDown, TipButton, colour_label
from .rules import targets_by_players
from .setup_form import SetupForm

if TYPE_CHECKING:
    from ..app import App

VP_RANGE = range(5, 21)
DICE_KINDS = {"ordinary": N_("Ordinary dice"), "balanced": N_("Balanced dice")}
DICE_HINT = N_(
    "Ordinary: two dice rolled at random. Balanced: the 36 outcomes of two dice are shuffled into a deck and "
    "each roll draws one, so every total comes up about as often as its odds say; when 5 cards are left they "
    "are put aside unseen and a new deck is shuffled, so the end of a deck is never certain."
)
_BOARD_HINTS = {
    "random": N_("Terrain, numbers and harbours shuffled; every game a new island."),
    "balanced": N_("A random board where no 6 or 8 touch each other and no neighbours share a number."),
}


def board_label(kind: str) -> str:
    """ "Beginner map", "Random", "Balanced random"."""
    if kind == "random":
        return _("Random")
    if kind == "balanced":
        return _("Balanced random")
    return _("{name} map", name=_(kind.replace("_", " ").capitalize()))


@screen("new_game")
class NewGameScene(SetupForm):
    """Set up a game and start it; Esc goes back, Enter starts."""

    panel_size = (1060, 680)

    def __init__(self, app: App, variant: str | None = None) -> None:
        super().__init__(app)
        self.title = _("New game")
        # Seats choose among the classic colours; with the colour-blind setting on, the game screen gives
        # seat i the i-th colour of the safe palette instead, so this screen shows those (fixed) colours.
        self.palette = list(CLASSIC)
        self.colour_blind = bool(app.settings.colour_blind)
        # every rule file, the player's own and broken ones too: a broken one is listed, cannot start, and
        # Start shows its file:line problems (issue 13: one bad file must never hide the others)
        self.variants: list[VariantInfo] = _safe_list_variants()
        self.seats: list[SeatConfig] = []
        self.variant = "base"
        self.players = 4
        self.board = "random"
        self.seed_text = str(new_seed())
        self.vp_target: int | None = None
        self._targets: dict[str, dict[int, int]] = {}  # by variant: the target by the player count
        self.dice = "ordinary"
        self._prefill(variant)

    # model -----------------------------------------------------------------------------------------

    def _prefill(self, variant: str | None) -> None:
        remembered: GameConfig | None = None
        if self.app.settings.last_game:
            try:
                remembered = GameConfig.from_dict(self.app.settings.last_game)
            except (KeyError, TypeError, ValueError, AttributeError):
                remembered = None
        spare = GameConfig.default(6).seats
        names = {v.name for v in self.variants if v.error is None}
        if remembered is not None:
            self.seats = [SeatConfig(shown_name(s.name)[:MAX_NAME], s.kind, s.colour)
                          for s in remembered.seats]
            self.players = len(self.seats) or 4
            self.board = remembered.board
            self.vp_target = remembered.vp_target
            self.dice = "balanced" if remembered.options.get("dice") == "balanced" else "ordinary"
            chosen = variant or remembered.variant
        else:
            chosen = variant or "base"
        self.seats += spare[len(self.seats) :]
        if chosen not in names:
            playable = [v.name for v in self.variants if v.error is None]
            chosen = "base" if "base" in names or not playable else playable[0]
        for seat in self.seats:
            if seat.kind != HUMAN and seat.kind not in BOT_KINDS:
                seat.kind = DEFAULT_BOT
        keep_board = remembered is not None and chosen == remembered.variant
        self.set_variant(chosen, keep_board=keep_board)
        if remembered is not None and chosen != remembered.variant:
            self.vp_target = None

    def set_variant(self, name: str, keep_board: bool = False) -> None:
        """Switch to variant ``name``: its player range, boards and target apply."""
        self.variant = name
        self.rules = None
        self.boards = ["random", "balanced"]
        lo, hi = 3, 4
        try:
            rules = load_rules(name)
        except (RulesetError, RuleFileError, OSError):
            rules = None
        if rules is not None:
            self.rules = rules
            self.boards = board_kinds(rules)
            lo, hi = rules.players_min, rules.players_max
        self.player_range = range(lo, hi + 1)
        before = self.players
        self.players = min(max(self.players, lo), hi)
        while len(self.seats) < hi:
            name = _("Player {n}", n=len(self.seats) + 1)
            self.seats.append(SeatConfig(name, DEFAULT_BOT, self.palette[0]))
        self.seats_join(before)
        if not keep_board or self.board not in self.boards:
            self.board = "random" if "random" in self.boards else self.boards[0]
        if not keep_board:
            self.vp_target = None
        self.fix_colours()

    @property
    def default_vp(self) -> int:
        """The variant's own target at this many players: a scenario's depends on them (S-4.1: 13 / 12 / 10),
        so it is the target of a game set up with these rules."""
        if self.rules is None:
            return 10
        if self.rules.name not in self._targets:
            self._targets[self.rules.name] = targets_by_players(self.rules)
        return self._targets[self.rules.name].get(self.players, self.rules.vp_target)

    def seats_join(self, before: int) -> None:
        """Seats that join a larger table play at the level of the computers already chosen (issue 12:
        choosing a variant seemed to reset the difficulties: the new seats came in at the default level)."""
        level = next((s.kind for s in reversed(self.seats[:before]) if s.kind != HUMAN), None)
        for seat in self.seats[before : self.players]:
            if level is not None and seat.kind != HUMAN:
                seat.kind = level

    def fix_colours(self, keep: int | None = None) -> None:
        """Give every playing seat a palette colour no other seat has (seat ``keep`` keeps its own)."""
        used: set[str] = set()
        order = list(range(self.players))
        if keep is not None:
            order.remove(keep)
            order.insert(0, keep)
        for i in order:
            seat = self.seats[i]
            colour = seat.colour
            if colour not in self.palette:  # a colour of the other palette: the one in the same place
                for other in (CLASSIC, COLOUR_BLIND):
                    if colour in other and other.index(colour) < len(self.palette):
                        colour = self.palette[other.index(colour)]
            if colour not in self.palette or colour in used:
                colour = next(c for c in self.palette if c not in used)
            seat.colour = colour
            used.add(colour)

    def set_colour(self, index: int, colour: str) -> None:
        """Seat ``index`` takes ``colour``; a seat that had it gets seat ``index``'s old colour."""
        old = self.seats[index].colour
        for i in range(self.players):
            if i != index and self.seats[i].colour == colour:
                self.seats[i].colour = old
        self.seats[index].colour = colour
        self.fix_colours(keep=index)

    def config(self) -> GameConfig:
        """The GameConfig the screen describes (call ``problems()`` first)."""
        vp = self.vp_target if self.vp_target != self.default_vp else None
        seats = [SeatConfig(s.name.strip(), s.kind, s.colour) for s in self.seats[: self.players]]
        options = {"dice": self.dice} if self.dice != "ordinary" else {}
        return GameConfig(variant=self.variant, seats=seats, board=self.board, seed=int(self.seed_text),
                          vp_target=vp, options=options)

    def problems(self) -> list[str]:
        """What stops the game from starting, as sentences for the player."""
        out = [_("A game needs at least one seat.")] if self.players < 1 else []
        out += self.seat_problems()
        if self.rules is None:
            out.append(_("The rules of variant {name} cannot be read.", name=self.variant))
            broken = next((v.error for v in self.variants if v.name == self.variant and v.error), None)
            if broken:
                out.append(tr(broken))
        return out

    # layout ----------------------------------------------------------------------------------------

    def build(self) -> None:
        panel, inner = self.make_panel()
        self.panel_inner = inner
        px = self.px
        lab_h, ctl_h, gap = px(22), px(38), px(16)

        def field(x: int, y: int, w: int, text: str, tip: str | None = None) -> pygame.Rect:
            label = UILabel(
                pygame.Rect(x, y, w, lab_h), text, manager=self.ui, container=panel, object_id="#bold_label"
            )
            if tip:
                label.set_tooltip(tip)
            return pygame.Rect(x, y + lab_h + px(4), w, ctl_h)

        # row 1: variant, players, board
        y = inner.y
        x = inner.x
        titles = [(variant_label(v), v.name) for v in self.variants] or [(self.variant, self.variant)]
        current = next((t for t in titles if t[1] == self.variant), titles[0])
        r = field(x, y, px(360), _("Variant"), _("The rule set to play; see Scenarios & variants"))
        self.variant_menu = DropDown(titles, current, r, manager=self.ui, container=panel)
        x = r.right + gap
        players_x = x
        r = field(x, y, px(130), _("Players"))
        counts = [(str(n), str(n)) for n in self.player_range]
        self.players_menu = DropDown(counts, str(self.players), r, manager=self.ui, container=panel)
        x = r.right + gap
        layouts = getattr(self.rules, "layouts", {}) if self.rules is not None else {}
        tip = " ".join(
            f"{board_label(b)}: {_(_BOARD_HINTS.get(b, getattr(layouts.get(b), 'description', '')))}"
            for b in self.boards
        )
        r = field(x, y, inner.right - x, _("Board"), tip)
        boards = [(board_label(b), b) for b in self.boards]
        self.board_menu = DropDown(
            boards, (board_label(self.board), self.board), r, manager=self.ui, container=panel
        )

        # row 2: seed, victory points
        y = r.bottom + px(14)
        x = inner.x
        r = field(x, y, px(170), _("Seed"), _("The same seed and settings give the same board and dice"))
        self.seed_entry = UITextEntryLine(r, manager=self.ui, container=panel, initial_text=self.seed_text)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        self.new_seed_button = TipButton(
            pygame.Rect(r.right + px(8), r.y, px(130), ctl_h),
            _("New seed"),
            manager=self.ui,
            container=panel,
            tool_tip_text=_("Pick another random seed (another board)"),
        )
        x = max(players_x, self.new_seed_button.relative_rect.right + gap)
        r = field(
            x,
            y,
            px(130),
            _("Victory points"),
            _("Points needed to win; the variant's own target is {n}", n=self.default_vp),
        )
        target = self.vp_target or self.default_vp
        options = [(str(n), str(n)) for n in VP_RANGE]
        if str(target) not in dict(options):
            options.append((str(target), str(target)))
        self.vp_menu = DropDown(
            options,
            (str(target), str(target)),
            r,
            manager=self.ui,
            container=panel,
            expansion_height_limit=px(260),
        )
        x = r.right + gap
        r = field(x, y, inner.right - x, _("Dice"), _(DICE_HINT))
        dice = [(_(label), kind) for kind, label in DICE_KINDS.items()]
        self.dice_menu = DropDown(dice, (_(DICE_KINDS[self.dice]), self.dice), r, manager=self.ui,
                                        container=panel)

        # seats
        y = r.bottom + px(18)
        UILabel(
            pygame.Rect(inner.x, y, inner.w, px(30)),
            _("Seats"),
            manager=self.ui,
            container=panel,
            object_id="#left_heading",
        )
        y += px(32)
        sw = px(40)
        name_w, kind_w = px(330), px(300)
        col_x = [inner.x + sw + px(10)]
        col_x.append(col_x[0] + name_w + gap)
        col_x.append(col_x[1] + kind_w + gap)
        colour_w = min(px(230), inner.right - col_x[2])
        colour_head = _("Colour (colour-blind palette)") if self.colour_blind else _("Colour")
        for cx, text in zip(col_x, (_("Name"), _("Played by"), colour_head), strict=True):
            head = UILabel(
                pygame.Rect(cx, y, px(260), lab_h),
                text,
                manager=self.ui,
                container=panel,
                object_id="#small_label",
            )
        if self.colour_blind:
            head.set_tooltip(_("The colour-blind palette is on (Settings): seats take its colours, and "
                               "an emblem each, in seat order."))
        y += lab_h + px(4)
        foot = px(46) + px(14)
        row_h = min(px(46), (inner.bottom - foot - y) // max(1, self.players))
        ctl = min(ctl_h, row_h - px(6))
        kinds = [(kind_label(k), k) for k in (HUMAN, *BOT_KINDS)]
        colours = [(colour_label(c), c) for c in self.palette]
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[DropDown] = []
        self.colour_menus: list[DropDown] = []
        self.swatches: list[UIImage] = []
        for i in range(self.players):
            seat = self.seats[i]
            ry = y + i * row_h
            shown = self.shown_colour(i)
            self.swatches.append(
                UIImage(
                    pygame.Rect(inner.x, ry, sw, ctl),
                    self._swatch(shown, i),
                    manager=self.ui,
                    container=panel,
                )
            )
            entry = UITextEntryLine(
                pygame.Rect(col_x[0], ry, name_w, ctl),
                manager=self.ui,
                container=panel,
                initial_text=seat.name,
            )
            entry.set_text_length_limit(MAX_NAME)
            self.name_entries.append(entry)
            opens = "#drop_up" if i >= max(2, self.players // 2) else None  # lists open where there is room
            self.kind_menus.append(
                DropDown(
                    kinds,
                    (kind_label(seat.kind), seat.kind),
                    pygame.Rect(col_x[1], ry, kind_w, ctl),
                    manager=self.ui,
                    container=panel,
                    object_id=opens,
                )
            )
            options = colours if not self.colour_blind else [(colour_label(shown), shown)]
            self.colour_menus.append(
                DropDown(
                    options,
                    (colour_label(shown), shown),
                    pygame.Rect(col_x[2], ry, colour_w, ctl),
                    manager=self.ui,
                    container=panel,
                    object_id=opens,
                )
            )
        if self.colour_blind:
            for menu in self.colour_menus:
                menu.disable()
        self.back_button, self.start_button = self.footer_buttons(
            inner,
            [
                (_("Back"), _("Return to the menu (Esc)"), False),
                (_("Start"), _("Start the game (Enter)"), True),
            ],
        )
        hint_w = self.back_button.relative_rect.x - inner.x - px(16)
        if hint_w > px(200):
            UILabel(
                pygame.Rect(inner.x, inner.bottom - px(46), hint_w, px(46)),
                _("Several people can play at this screen: each hand stays hidden until its player "
                  "is ready."),
                manager=self.ui,
                container=panel,
                object_id="#small_label",
            )

    def panel_rect(self) -> pygame.Rect:
        """As tall as the variant's largest table of seats needs (so the panel never jumps)."""
        w, h = self.app.size
        rows = max(self.player_range.stop - 1, self.players)
        need = self.px(552 - 4 * 46 + rows * 46)
        pw = min(self.px(self.panel_size[0]), w - self.px(24))
        ph = min(need, h - self.px(24))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def shown_colour(self, seat: int) -> str:
        """The colour seat ``seat`` will have in the game (the safe palette's when colour-blind is on)."""
        if self.colour_blind:
            return COLOUR_BLIND[seat % len(COLOUR_BLIND)]
        return self.seats[seat].colour

    def _swatch(self, colour: str, seat: int) -> pygame.Surface:
        """The seat's settlement in its colour (with its emblem when the colour-blind palette is on)."""
        side = self.px(38)
        try:
            surf = self.app.assets.scaled(f"pieces/settlement_{colour}", (side, side)).copy()
        except (FileNotFoundError, ValueError, pygame.error):
            surf = pygame.Surface((side, side))
            try:
                surf.fill(rgb(colour))
            except KeyError:
                surf.fill((128, 128, 128))
        if self.colour_blind:
            with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
                mark = self.app.assets.scaled(emblem(seat), (side // 2, side // 2))
                surf.blit(mark, (side - side // 2, side - side // 2))
        return surf

    # input -----------------------------------------------------------------------------------------

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        element = event.ui_element
        value = getattr(event, "selected_option_id", None)
        if element is self.variant_menu and value:
            self.set_variant(value)
            self.rebuild()
        elif element is self.players_menu and value:
            before, self.players = self.players, int(value)
            self.seats_join(before)
            self.fix_colours()
            self.rebuild()
        elif element is self.board_menu and value:
            self.board = value
        elif element is self.vp_menu and value:
            self.vp_target = int(value)
        elif element is self.dice_menu and value in DICE_KINDS:
            self.dice = value
        elif element in self.colour_menus and value:
            self.set_colour(self.colour_menus.index(element), value)
            self.rebuild()
        else:
            return self.seat_event(element, value)
        return True

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.back()
        elif element is self.start_button:
            self.start()
        elif element is self.new_seed_button:
            self.seed_text = str(new_seed())
            self.seed_entry.set_text(self.seed_text)
        else:
            return False
        return True

    def remember(self, config: GameConfig) -> str | None:
        """The choices are pre-filled next time (``Settings.last_game``)."""
        settings = self.app.settings
        settings.last_game = config.to_dict()
        try:
            settings.save()
        except OSError as exc:
            return _(
                "Your choices could not be remembered for next time:\n{path}: {error}",
                path=settings.path(),
                error=exc.strerror or exc,
            )
        return None


def variant_label(v: VariantInfo) -> str:
    """A variant as the New game list shows it: its title, marked when it is the player's own or broken."""
    if v.error:
        return "\u26a0 " + _("{name} (broken)", name=v.name)
    return _(v.title) + (" \u00b7 " + _("your own") if v.own else "")


def _safe_list_variants() -> list[VariantInfo]:
    """Every rule file once by name (an own file named like a shipped one is listed in Scenarios & variants,
    where its problem is explained; here the name is the shipped game's)."""
    try:
        found = list_variants()
    except FileNotFoundError:
        return []
    playable = {v.name for v in found if v.error is None}
    return [v for v in found if v.error is None or v.name not in playable]
