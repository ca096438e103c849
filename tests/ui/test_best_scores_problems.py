"""The player is told about a damaged best-scores file (issue 35, item 6): the message names the file, and
after a new score was written, the copy kept of the damaged one."""

from __future__ import annotations

from pathlib import Path

from catan_desktop.persistence.dice_scores import load_scores, record_score, scores_path
from catan_desktop.ui.scenes.dice_best import best_lines, recorded_problem_text, table_html

BAD_ENTRY = (
    '{"tables": {"dice-game": [{"name": "A", "score": "lots", "date": "x"}, '
    '{"name": "B", "score": 12, "date": "2024-11-01"}]}}'
)


def _write(text: str) -> Path:
    path = scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_damaged_lines_are_reported_with_the_file_and_the_kept_copy() -> None:
    """Issue 35, item 6: the best-scores screen names the file whose lines are damaged; writing a new score
    says where the file as it was is kept."""
    path = _write(BAD_ENTRY)
    shown = table_html(load_scores())
    assert str(path) in shown and "damaged" in shown
    recorded = record_score("Ana", 30)
    text = recorded_problem_text(recorded)
    assert str(path) in text and recorded.kept and recorded.kept in text
    assert Path(recorded.kept).read_text(encoding="utf-8") == BAD_ENTRY


def test_an_unreadable_file_is_reported_with_its_name() -> None:
    """Issue 35, item 6: the same for a file that cannot be read at all."""
    path = _write("{nope")
    assert str(path) in best_lines("dice-game", 3)[0]
    recorded = record_score("Ana", 30)
    assert recorded.kept.endswith(".damaged") and recorded.kept in recorded_problem_text(recorded)
