"""The rules reference's sections for the scenario maps (RULES.md Part S): Corsica and New York (S-2 to S-4)
and the Erie Canal variant (S-5), with the numbers of the rule file's ``module_settings`` and the note that
the map is this game's own design after the scenario (the printed maps are not in the sources, N-11)."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.ruleset import Ruleset
from ...i18n import _
from ..widgets import esc


def _li(text: str) -> str:
    return "\u2022 " + esc(text) + "<br>"


def scenario_html(rules: Ruleset, heading: Callable[[str], str]) -> list[str]:
    """Part S: the map, settlements and roads, harbours, production, chips and the targets."""
    def setting(name: str, default: int) -> int:
        return int(rules.setting("scenario", name, default))

    out = [heading(_("The scenario map"))]
    out.append(_li(_(
        "The printed board of this scenario is not in our sources: this map is this game's own design "
        "after the scenario and the real geography, with its place names. Its numbers are printed on it "
        "and stay the same in every game (S-2.1).")))
    out.append(_li(_(
        "Settlements only on the named towns (the round spaces); the small dots between them are corners "
        "where roads meet and nobody builds. As always, no two buildings stand one path apart (S-3.1).")))
    out.append(_li(_(
        "Roads only on the marked paths. Your road stops at a town: settle it before you build on past it; "
        "another player's building blocks you as usual (S-3.2).")))
    out.append(_li(_(
        "Harbours are the red paths: a road of yours on one gives its rate, 3:1 or 2:1 for the resource "
        "shown, from then on. A settlement beside it gives nothing (S-3.3).")))
    out.append(_li(_(
        "Every town produces from the hexes the map joins it to, even where a hex does not touch its space "
        "(S-3.4).")))
    out.append(_li(_(
        "With 3 or 4 players a Catan chip lies on each starred spot: the first road to reach one takes it, "
        "worth 1 victory point, and nobody ever builds there. With 5 or 6 players there are no chips and "
        "the starred spots are ordinary towns (S-3.5).")))
    out.append(_li(_(
        "To win, on your own turn: {a} points with 3 players, {b} with 4, {c} with 5 or 6 (S-4.1).",
        a=setting("target_3", 13), b=setting("target_4", 12), c=setting("target_5_6", 10))))
    return out


def canal_html(rules: Ruleset, heading: Callable[[str], str]) -> list[str]:
    """Part S-5: earning, playing and trading canal tokens."""
    tokens = int(rules.setting("erie_canal", "tokens", 12))
    rate = int(rules.setting("erie_canal", "rate", 2))
    out = [heading(_("The Erie Canal"))]
    out.append(_li(_(
        "{n} canal tokens lie in a supply. Join two neighbouring canal towns (ringed in blue, from Buffalo "
        "to Albany) with your own roads, passing no other town, and take one token: once for each pair, "
        "never in the founding phase, whoever has settled the two towns (S-5.2).", n=tokens)))
    out.append(_li(_(
        "In your turn, play a token and name a resource: until the turn ends you may trade {rate} cards of "
        "it for 1 of any resource with the bank, as often as you like. The token then goes back to the "
        "supply (S-5.3).", rate=rate)))
    out.append(_li(_(
        "Canal tokens can change hands in a trade between players, but they are not resource cards: they "
        "are never discarded, stolen or taken by a Monopoly (S-5.4).")))
    return out
