"""The best scores of the solo classic dice game as the screens show them (persistence/dice_scores.py): the
game-over screen, the best-scores screen and the sheet's side column read them from here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.dice_sheet import POINTS
from ...i18n import _
from ...persistence.dice_scores import BestScore, Recorded, ScoreTable, load_scores, record_score, scores_path
from ..widgets import ERROR_RED, esc, saved_date

if TYPE_CHECKING:
    from .dice_game import DiceGameScene


def is_solo_classic(scene: DiceGameScene) -> bool:
    return scene.game.players == 1 and scene.game.rules.scoring == POINTS and bool(scene.ctl.humans)


def record_solo(scene: DiceGameScene) -> Recorded | None:
    """Write a finished solo classic game's total into the best scores (None for other games); a disk that
    refuses is reported on the game-over screen, never raised."""
    if not is_solo_classic(scene):
        return None
    score = scene.view.sheets[0].score
    try:
        return record_score(scene.names[0], score, scene.game.rules.name, seed=scene.config.seed)
    except OSError as exc:
        table = load_scores(scene.game.rules.name)
        return Recorded(table, None, False, f"write:{exc.strerror or exc}")


def problem_text(problem: str | None, path: str = "", kept: str = "") -> str:
    """The player's words for a best-scores file problem (codes of persistence.dice_scores), naming the
    file (``path``; the usual one when "") and, after a score was written, the copy kept of the damaged
    file (``kept``: Recorded.kept)."""
    if not problem:
        return ""
    code, _sep, detail = problem.partition(":")
    if code == "write":
        return _("The best scores could not be saved: {error}", error=detail)
    file = path or str(scores_path())
    if code == "bad_entries":
        if kept:
            return _(
                "Some lines of the best-scores file {file} were damaged and are left out; the file as it was "
                "is kept as {kept}.",
                file=file,
                kept=kept,
            )
        return _(
            "Some lines of the best-scores file {file} are damaged and are not shown; the file as it is will "
            "be kept beside it as .damaged when a new score is written.",
            file=file,
        )
    if kept:
        return _(
            "The best-scores file {file} could not be read; the best scores start again from empty and the "
            "old file is kept as {kept}.",
            file=file,
            kept=kept,
        )
    return _(
        "The best-scores file {file} could not be read; the best scores start again from empty (the old file "
        "is kept beside it as .damaged once a new score is written).",
        file=file,
    )


def recorded_problem_text(recorded: Recorded) -> str:
    """The player's words for the problem ``record_score`` met (see problem_text)."""
    return problem_text(recorded.problem, recorded.path, recorded.kept)


def score_line(rank: int, entry: BestScore) -> str:
    return _(
        "{rank}. {score} \u2014 {name}, {date}",
        rank=rank + 1,
        score=entry.score,
        name=entry.name,
        date=saved_date(entry.date),
    )


def best_lines(variant: str, count: int) -> list[str]:
    """The first ``count`` best scores as lines (or why there are none)."""
    table = load_scores(variant)
    if not table.entries:
        return [problem_text(table.problem, table.path) if table.problem else _("No games yet: play one!")]
    return [
        _("{rank}. {score} \u2014 {name}", rank=i + 1, score=e.score, name=e.name)
        for i, e in enumerate(table.entries[:count])
    ]


def table_html(table: ScoreTable, mark: int | None = None) -> str:
    """The table for a UITextBox, the row ``mark`` in bold gold."""
    lines = []
    if table.problem:
        lines.append(f"<font color='{ERROR_RED}'>{esc(problem_text(table.problem, table.path))}</font><br>")
    if not table.entries:
        lines.append(esc(_("No games yet: the best scores of your solo games will be listed here.")))
    for i, entry in enumerate(table.entries):
        text = esc(score_line(i, entry))
        lines.append(f"<b><font color='#A6701A'>{text}</font></b>" if i == mark else text)
    return "<br>".join(lines)
