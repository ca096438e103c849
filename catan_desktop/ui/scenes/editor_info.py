"""The words beside the board editor's board (issue 34): what must be done before the board can be saved,
its fairness figures, and what a test play showed."""

from __future__ import annotations

from ...editor.session import EditorSession, Issue
from ...editor.testplay import TestPlay
from ...i18n import _, ngettext
from ..widgets import ERROR_RED, esc


def info_html(session: EditorSession, test: TestPlay | None, test_version: int) -> str:
    """What is still wrong (first: it is what the player must do), then the fairness figures."""
    s = session
    fair = s.fairness()
    issues = s.issues()
    if issues:
        lines = ["<b>" + esc(_("Before it can be saved:")) + "</b>"]
        lines += [f"<font color='{ERROR_RED}'>{esc(issue_text(i))}</font>" for i in issues[:8]]
    else:
        lines = ["<b>" + esc(_("Ready to save and play.")) + "</b>"]
    lines.append("<br><b>" + esc(_("Pips per resource")) + "</b>")
    for res, pips in fair.pips_by_resource.items():
        share = round(100 * fair.share_by_resource.get(res, 0.0))
        lines.append(esc(_("{resource}: {pips} ({share}%)", resource=_(res), pips=pips, share=share)))
    lines.append(esc(_("6 and 8 side by side: {n}", n=len(fair.hot_pairs))))
    lines.append(esc(_("2 and 12 side by side: {n}", n=len(fair.edge_pairs))))
    lines.append(esc(_("Same numbers side by side: {n}", n=len(fair.same_pairs))))
    lines.append(
        esc(_("Founding spots: {n}; the best has {pips} pips", n=fair.founding_spots, pips=fair.best_spot[1]))
    )
    ports = ", ".join(
        f"{_('3:1') if k == 'generic' else _(k)} \u00d7{n}" for k, n in fair.harbour_access.items() if n
    )
    lines.append(esc(_("Harbours: {list}", list=ports or _("none"))))
    lines += _test_lines(session, test, test_version)
    return "<br>".join(lines)


def _test_lines(session: EditorSession, test: TestPlay | None, test_version: int) -> list[str]:
    """The test play: its progress, or what its games showed (for the board as it was then)."""
    if test is None:
        return []
    head = "<br><b>" + esc(_("Test play")) + "</b>"
    if not test.done:
        done = _("{done} of {n} games played\u2026 (T stops)", done=test.played, n=test.games)
        return [head, esc(done)]
    if test.error is not None:
        return [head, f"<font color='{ERROR_RED}'>{esc(test.error)}</font>"]
    r = test.result
    assert r is not None
    lines = [head]
    if test_version != session.version:
        lines.append(esc(_("(the board has changed since)")))
    lines.append(
        esc(_("{n} games of easy computers, {turns} turns on average", n=r.games, turns=round(r.turns)))
    )
    for place in range(len(r.wins)):
        lines.append(
            esc(
                _(
                    "Player {k} in turn order: wins {share}%, founding pips {pips}",
                    k=place + 1,
                    share=round(100 * r.win_share(place)),
                    pips=f"{r.founding_pips[place]:.1f}",
                )
            )
        )
    if r.no_winner:
        lines.append(esc(_("No winner: {n}", n=r.no_winner)))
    return lines


def issue_text(issue: Issue) -> str:
    """What an issue of the board says to the player."""
    n = int(issue.facts.get("n", 0))
    if issue.code == "unpainted":
        return ngettext("{n} hex is not painted yet (marked in red)",
                        "{n} hexes are not painted yet (marked in red)", n, n=n)
    if issue.code == "no_number":
        return ngettext("{n} hex that produces has no number (marked in red)",
                        "{n} hexes that produce have no number (marked in red)", n, n=n)
    if issue.code == "no_robber":
        return _("Choose where the robber starts (R), or paint a desert")
    return issue.message
