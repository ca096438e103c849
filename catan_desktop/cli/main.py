"""The ``catan-desktop`` command: the game by default, plus headless subcommands.

catan-desktop                      start the desktop game
catan-desktop validate FILE...     check rule files
catan-desktop variants             list the installed variants
catan-desktop simulate ...         play computer-only games headless and report
catan-desktop screenshot ...       render a screen headless to a PNG file
catan-desktop export SAVE OUT      write a save (or the autosave) as a game record: rules, seed, actions
catan-desktop import RECORD        replay a game record and keep it as a named save
--lang pt|it|en, before or after the subcommand, chooses the language (default: the setting).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from .. import i18n
from ..i18n import _
from . import serve

LANG_CHOICES = i18n.LANGUAGES


def _parse_value(text: str) -> Any:
    """Turn an --option value into JSON data when it is JSON (true, 12, {...}), else keep the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _options(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(_("--option expects KEY=VALUE, got {pair!r}", pair=pair))
        out[key] = _parse_value(value)
    return out


def build_parser() -> argparse.ArgumentParser:
    """Return the command-line parser."""
    parser = argparse.ArgumentParser(
        prog="catan-desktop",
        description=_("Catan Desktop: play Catan against the computer or friends at one screen."),
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help=_("check the installation off-screen (rules, art, every screen, one game) and exit"),
    )
    lang = {"choices": LANG_CHOICES, "metavar": "|".join(LANG_CHOICES),
            "help": _("the language of the game and of this command's output (default: the setting)")}
    parser.add_argument("--lang", **lang)
    sub = parser.add_subparsers(dest="command")

    p_play = sub.add_parser("play", help=_("start the desktop game (the default)"))
    p_play.add_argument("--windowed", action="store_true", help=_("ignore the fullscreen setting"))

    p_val = sub.add_parser("validate", help=_("check rule files and list every problem"))
    p_val.add_argument("files", nargs="+", metavar="FILE")

    p_var = sub.add_parser("variants", help=_("list the installed variants"))

    p_shot = sub.add_parser("screenshot", help=_("render a scene headless to a PNG file"))
    from ..ui.screenshot import SCENES  # no pygame at import time

    p_shot.add_argument("--scene", default="game", choices=SCENES)
    p_shot.add_argument("--variant", default="base")
    p_shot.add_argument("--seed", type=int, default=1)
    p_shot.add_argument("--size", default="1920x1080", help=_("WIDTHxHEIGHT"))
    p_shot.add_argument("out", metavar="OUT.png")

    p_sim = sub.add_parser("simulate", help=_("play computer-only games headless"))
    p_sim.add_argument("--variant", default="base", help=_("variant name or rule-file path (default: base)"))
    p_sim.add_argument(
        "--seats",
        default="random,random,random,random",
        help=_("comma-separated seat kinds, e.g. random,random,random"),
    )
    p_sim.add_argument("--games", type=int, default=10)
    p_sim.add_argument("--seed", type=int, default=1, help=_("seed of the first game; game i uses seed+i"))
    p_sim.add_argument("--board", default="random", help=_("beginner, random or balanced"))
    p_sim.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help=_("override a rule value, e.g. domestic_trade=false or victory_points.target=12"),
    )
    p_sim.add_argument("--max-turns", type=int, default=1000)
    p_sim.add_argument("--json", action="store_true", help=_("print one JSON object"))

    p_exp = sub.add_parser("export", help=_("write a save as a game record (rules, seed and every action)"))
    p_exp.add_argument("save", metavar="SAVE", help=_("a save file, or 'autosave'"))
    p_exp.add_argument("out", metavar="OUT", help=_("the record to write (…{suffix})", suffix=".catan.txt"))
    p_serve = serve.add_parser(sub)
    p_imp = sub.add_parser("import", help=_("replay a game record and keep it as a named save"))
    p_imp.add_argument("record", metavar="RECORD")
    # --lang also after the subcommand: screenshot --lang pt
    for command in (p_play, p_val, p_var, p_shot, p_sim, p_exp, p_imp, p_serve):
        command.add_argument("--lang", default=argparse.SUPPRESS, **lang)
    return parser


def _choose_language(argv: Sequence[str] | None) -> None:
    """``--lang pt|it|en`` anywhere on the command line: this process speaks it (help, output, the game),
    and the game started from it too (``CATAN_DESKTOP_LANG``), over the setting; without it, the setting."""
    early = argparse.ArgumentParser(prog="catan-desktop", add_help=False)
    early.add_argument("--lang", choices=LANG_CHOICES)
    known, _rest = early.parse_known_args(list(sys.argv[1:] if argv is None else argv))
    if known.lang:
        try:
            i18n.set_language(known.lang)
        except ValueError:  # a checkout whose catalogues were never compiled (tools/catalogues.py compile)
            raise SystemExit(f"--lang {known.lang}: no {known.lang} catalogue in this installation") from None
        os.environ[i18n.ENV] = known.lang
        return
    from ..ui.settings import Settings  # the saved setting (or the system's language)

    with contextlib.suppress(ValueError):
        i18n.set_language(i18n.requested_language(Settings.load()[0].language))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    _choose_language(argv)
    args = build_parser().parse_args(argv)
    if args.self_test:
        from ..selftest import run_self_test

        return run_self_test()
    if args.command in (None, "play"):
        return _play(args)
    if args.command == "validate":
        from .validate import run

        return run(args.files)
    if args.command == "variants":
        return _variants()
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "screenshot":
        return _screenshot(args)
    if args.command in ("export", "import"):
        return _records(args)
    if args.command == "serve":
        return serve.run(args, _options(args.option))
    return 2


def _records(args: argparse.Namespace) -> int:
    """``export SAVE OUT`` and ``import RECORD``: one line saying what was written, or the problem."""
    from ..persistence import SaveError, export_record, import_record, load_game
    from ..persistence.userdirs import autosave_path, saves_dir
    from ..text import save_problem

    try:
        if args.command == "export":
            source = autosave_path() if args.save == "autosave" else args.save
            loaded = load_game(source)
            path = export_record(loaded.game, args.out, loaded.name, loaded.meta)
            print(_("{path}: the game record ({n} actions)", path=path, n=len(loaded.game.history)))
        else:
            path, loaded = import_record(args.record, saves_dir())
            print(_("{path}: saved as \u201c{name}\u201d (turn {turn}); open it from Load game",
                    path=path, name=loaded.name, turn=loaded.game.turn))
    except SaveError as exc:
        print(f"{exc.path}: {save_problem(exc)}", file=sys.stderr)
        return 2
    return 0


def _play(args: argparse.Namespace) -> int:
    try:
        from ..ui.app import run_app
    except ImportError:
        print(_("The desktop game is not built yet; the headless commands work (see --help)."))
        return 1
    return run_app(windowed=getattr(args, "windowed", False))


def _screenshot(args: argparse.Namespace) -> int:
    from ..ui.screenshot import screenshot

    try:
        w, _sep, h = args.size.partition("x")
        size = (int(w), int(h))
    except ValueError:
        print(_("--size must look like 1920x1080"), file=sys.stderr)
        return 2
    try:
        path = screenshot(args.scene, args.out, variant=args.variant, seed=args.seed, size=size)
    except ValueError as exc:  # a scene that needs another variant
        print(exc, file=sys.stderr)
        return 2
    print(path)
    return 0


def _variants() -> int:
    from ..paths import user_rules_dir
    from ..variants import file_names, list_variants

    for info in list_variants(games=None):  # board games and the Catan Dice Game's sheets
        own, name = (f" ({_('your own')})" if info.own else ""), file_names.printable(info.name)  # issue 35
        if info.error:
            print(f"{name:<16} {_('BROKEN')}{own}: {info.error}")
        else:
            players, title = f"{info.players_min}-{info.players_max}", file_names.printable(_(info.title))
            print(f"{name:<16} {players:<5} {title}{own}: {file_names.printable(_(info.description))}")
    print(_("Your own rule files: {folder}", folder=file_names.printable(user_rules_dir())))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from ..engine import RulesetError
    from ..engine.any_game import BOARD, kind_named
    from ..match import run_games
    from ..variants import RuleFileError

    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if args.games < 1:
        print(_("--games must be at least 1"), file=sys.stderr)
        return 2
    try:
        summary = run_games(
            args.variant,
            seats,
            args.games,
            seed=args.seed,
            board=args.board,
            options=_options(args.option),
            max_turns=args.max_turns,
        )
    except (RulesetError, RuleFileError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    data = summary.to_dict()
    if args.json:
        print(json.dumps(data, sort_keys=True))
        return 0
    print(
        _(
            "{games} games of {variant}, seats: {seats}",
            games=data["games"],
            variant=data["variant"],
            seats=", ".join(seats),
        )
    )
    for seat, (kind, wins) in enumerate(zip(seats, data["wins"], strict=True)):
        print(
            _(
                "  seat {seat} ({kind}): {wins} wins ({rate:.1%})",
                seat=seat,
                kind=kind,
                wins=wins,
                rate=data["win_rate"][seat],
            )
        )
    if kind_named(data.get("game", BOARD)).scored:  # the Catan Dice Game: the classic score or Plus VP
        for seat, kind in enumerate(seats):
            print(_("  seat {seat} ({kind}): average score {score:.1f}", seat=seat, kind=kind,
                    score=data["average_vp"][seat]))
    print(_("  unfinished (turn cap {cap}): {n}", cap=args.max_turns, n=data["unfinished"]))
    if data["no_winner"]:
        print(_("  ended with no winner (collapse D-5.4, or stalemate): {n}", n=data["no_winner"]))
    print(
        _(
            "  average turns: {t:.1f}; average actions: {a:.1f}",
            t=data["average_turns"],
            a=data["average_actions"],
        )
    )
    print(_("  {gps:.1f} games/s ({secs:.2f} s of play)", gps=data["games_per_second"], secs=data["seconds"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
