"""What the New game screen produces and the game screen consumes (also stored in saves as metadata)."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from ..ai import DEFAULT_BOT
from ..i18n import _, in_every_language
from ..render.palette import CLASSIC, COLOUR_BLIND

HUMAN = "human"


@dataclass
class SeatConfig:
    """One seat: a display name, who plays it ("human" or a bot kind such as "random"), a colour name."""

    name: str
    kind: str = HUMAN
    colour: str = "red"

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class GameConfig:
    """Everything needed to start (or restart) a game."""

    variant: str = "base"
    seats: list[SeatConfig] = field(default_factory=list)
    board: str = "random"
    seed: int = 1
    vp_target: int | None = None  # None: the variant's own target
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seats)

    def engine_options(self) -> dict[str, Any]:
        """The rule overrides to pass to Game.new."""
        opts = dict(self.options)
        if self.vp_target is not None:
            opts["victory_points.target"] = self.vp_target
        return opts

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameConfig:
        """Rebuild from ``to_dict`` data; raises (KeyError, TypeError, ValueError) on bad data."""
        seats = [
            SeatConfig(str(s["name"]), str(s.get("kind", HUMAN)), str(s.get("colour", "red")))
            for s in data.get("seats", [])
        ]
        vp = data.get("vp_target")
        return cls(
            variant=str(data.get("variant", "base")),
            seats=seats,
            board=str(data.get("board", "random")),
            seed=int(data.get("seed", 1)),
            vp_target=int(vp) if vp is not None else None,
            options=dict(data.get("options") or {}),
        )

    @classmethod
    def default(cls, players: int = 4) -> GameConfig:
        """One human and computer opponents, classic colours."""

        colours = ["red", "blue", "orange", "white", "green", "brown"]
        seats = [SeatConfig(_("You"), HUMAN, colours[0])]
        names = [_("Anna"), _("Bruno"), _("Carla"), _("Dario"), _("Elena")]
        for i in range(1, players):
            seats.append(SeatConfig(names[i - 1], DEFAULT_BOT, colours[i]))
        return cls(seats=seats)


DEFAULT_NAMES = ("You", "Anna", "Bruno", "Carla", "Dario", "Elena")  # N_ in GameConfig.default


def shown_name(name: str) -> str:
    """A seat's name as the screens show it: a name the game gave by default ("You", "Anna"...) in the
    current language, whichever language it was given in (issue 31: after switching from Portuguese to
    Italian the human stayed "Você" in the header while the log said "Tu"); a name a player typed as is."""

    for default in DEFAULT_NAMES:
        if name in in_every_language(default):
            return _(default)
    return name


def shown_names(config: GameConfig) -> list[str]:
    """Every seat's name as a game screen shows it (``shown_name``)."""
    return [shown_name(seat.name) for seat in config.seats]


def shown_colours(config: GameConfig, colour_blind: bool) -> list[str]:
    """Every seat's colour as a game screen shows it: the colour-blind palette, by seat, when it is on."""
    if colour_blind:
        return [COLOUR_BLIND[i % len(COLOUR_BLIND)] for i in range(len(config.seats))]
    return [seat.colour for seat in config.seats]


def seat_of(config: Any, i: int) -> SeatConfig:
    """Seat ``i`` as the game was set up, or a default one when the setup does not list it (Game over and
    the story of a game name and colour every seat of the game, whatever its metadata kept)."""

    seats = getattr(config, "seats", [])
    if i < len(seats):
        return seats[i]
    return SeatConfig(_("Player {n}", n=i + 1), colour=CLASSIC[i % len(CLASSIC)])


MAX_NAME = 18  # characters of a seat's name


def new_seed() -> int:
    """A fresh board seed (the UI's own randomness; the engine only ever uses the seed it is given)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def kind_label(kind: str) -> str:
    """ "Human" or "Computer (random)"."""
    return _("Human") if kind == HUMAN else _("Computer ({kind})", kind=_(kind))
