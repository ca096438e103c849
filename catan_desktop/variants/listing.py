"""The rule files the menus list (``list_variants``): the installed ones and the player's own, each with
what a menu shows of it or, when it is broken, its problems.

Reading every rule file took about 1.8 s on the 2-core machine, each time New game, Scenarios & variants or
Play online opened; a listing stands while no rule file it may depend on changed (``_folder_stamp``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from catan_desktop import paths
from catan_desktop.i18n import Msg
from catan_desktop.variants.file_names import printable
from catan_desktop.variants.loader import RuleFileError, load_rule_file, own_rule_files


@dataclass(frozen=True)
class VariantInfo:
    """What a menu shows about an installed rule file; ``error`` is set when the file is broken."""

    name: str
    title: str
    description: str
    players_min: int
    players_max: int
    path: Path
    error: str | None = None
    own: bool = False  # one of the player's own rule files (paths.user_rules_dir), not shipped with the game
    game: str = "board"  # the rule file's ``game:``: "board", or "dice" (the Catan Dice Game, DiceGame)


def list_variants(games: tuple[str, ...] | None = ("board",)) -> list[VariantInfo]:
    """Return every installed rule file sorted by name, then the player's own ones (``own``); a broken one
    comes back with ``error`` set (its ``file:line`` problems), never hiding the others.

    ``games``: the kinds of game listed (a rule file's ``game:``): the board games by default; ``("dice",)``
    the Catan Dice Game's sheets; None every file. A broken file is always listed.
    Raises FileNotFoundError when the installed rules folder itself is missing.
    """
    found = _all_variants()
    return [info for info in found if games is None or info.error or info.game in games]


def _all_variants() -> list[VariantInfo]:
    # a file's listing depends on it and on the files it may extend (its own folder's and the installed
    # ones): while none of those changed, the listing made last time stands
    global _listed_for
    stamp = (_folder_stamp(paths.rules_dir()), _folder_stamp(paths.user_rules_dir()))
    if stamp != _listed_for:
        _LISTED.clear()
        _listed_for = stamp

    def info(path: Path, own: bool = False) -> VariantInfo:
        key = (str(path), own)
        found = _LISTED.get(key)
        if found is None:
            found = _LISTED[key] = _info(path, own)
        return found

    shipped = [info(path) for path in sorted(paths.rules_dir().glob("*.yaml"))]
    names = {info.name for info in shipped}
    own = []
    for path in own_rule_files():
        if path.stem in names:  # load_variant(NAME) finds the shipped file first: this one cannot be played
            message = (Msg(
                "{path}: has the name of a rule file that comes with the game ('{stem}'); rename the file "
                "and its 'name:' to play it",
                path=printable(path), stem=path.stem))
            own.append(VariantInfo(path.stem, path.stem, "", 0, 0, path, error=message, own=True))
        else:
            own.append(info(path, own=True))
    return sorted(shipped, key=lambda info: info.name) + sorted(own, key=lambda info: info.name)


Stamp = tuple[tuple[str, int, int, int], ...]
_LISTED: dict[tuple[str, bool], VariantInfo] = {}  # _all_variants' listing of each file (path, own)
_listed_for: tuple[Stamp, Stamp] | None = None  # the folders' stamps those listings were made for


def _folder_stamp(folder: Path) -> Stamp:
    """Each ``*.yaml`` in ``folder`` with its change time, size and inode (an atomic write makes a new
    one), by name; empty when the folder cannot be read."""
    out = []
    try:
        for file in sorted(folder.glob("*.yaml")):
            try:
                st = file.stat()
            except OSError:
                continue
            out.append((file.name, st.st_mtime_ns, st.st_size, st.st_ino))
    except OSError:
        return ()
    return tuple(out)


def _info(path: Path, own: bool = False) -> VariantInfo:
    """What a menu shows of one rule file (its problems when it is broken)."""
    try:
        data = load_rule_file(path)
    except RuleFileError as err:
        error = Msg.joined("\n", err.problems)  # shown in the player's language (i18n.tr)
        return VariantInfo(path.stem, path.stem, "", 0, 0, path, error=error, own=own)
    players = data["players"]
    assert isinstance(players, dict)  # validated
    return VariantInfo(str(data["name"]), str(data["title"]), str(data["description"]),
                       players["min"], players["max"], path, own=own, game=str(data.get("game", "board")))
