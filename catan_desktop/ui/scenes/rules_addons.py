"""The rules reference's sections for the add-on games: Frenemies (RULES.md Part A: how favours are earned,
the guild table with its costs, the limits) and Helpers (Part H: the lifecycle and every card of the rule
file, with the note on cards whose printed text was not found), and the scenario maps (Part S: the map, which
is this game's own design after the scenario, S-2 to S-4, and the Erie Canal, S-5). The numbers come from
the rule file's ``module_settings``; the words from the text layer."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.modules.frenemies_state import GUILDS
from ...engine.modules.helper_base import CARDS
from ...engine.ruleset import Ruleset
from ...i18n import _, ngettext
from ...text.addons import GUILD_NAMES
from ...text.helper_texts import helper_effect, helper_name, helper_note, helper_role, helper_when
from ..widgets import esc
from .frenemies_dialogs import FAVOURS


def _li(text: str) -> str:
    return "\u2022 " + esc(text) + "<br>"


def frenemies_html(rules: Ruleset, heading: Callable[[str], str]) -> list[str]:
    """Part A: earning favours (A-3), using them (A-5), the guild table (A-6)."""
    def setting(name: str, default: int) -> int:
        return int(rules.setting("frenemies", name, default))

    out = [heading(_("Favours and guilds (Frenemies)"))]
    out.append(_li(_(
        "Favour tokens lie face down in a supply, one guild on each: merchants, traders, pavers, teachers "
        "and architects (A-2). You keep yours face down; the others see only how many you hold.")))
    out.append(_li(_(
        "Move the robber onto a hex with no settlement or city next to it, or onto the desert without "
        "stealing: draw {n} (A-3.1).", n=setting("robber_favours", 1))))
    out.append(_li(_(
        "Give one resource card, once a turn, to a player whose visible points are not higher than yours. "
        "If they accept, draw {n}; if they refuse, you may offer the same card to someone else (A-3.2).",
        n=setting("gift_favours", 1))))
    out.append(_li(_(
        "Build a road that joins your roads to another player's for the first time: you draw {a}, they "
        "draw {b} (A-3.3). Free roads count; the founding phase does not.",
        a=setting("join_builder_favours", 3), b=setting("join_other_favours", 1))))
    out.append(_li(_(
        "Once a turn, hand in tokens held before this turn for a guild's favour, or exchange one: draw a "
        "token, then return any one of yours. Not in the special building phase (A-5).")))
    for guild in GUILDS:
        cost = setting(f"{guild}_cost", 1)
        tokens = ngettext("{n} token", "{n} tokens", cost, n=cost)
        out.append(_li(f"{_(GUILD_NAMES[guild])} ({tokens}): {_(FAVOURS[guild])}"))
    out.append(_li(_(
        "A Catan chip is a visible victory point: it counts for gifts too. First to {vp} points wins (A-7).",
        vp=rules.vp_target)))
    return out


def helpers_html(rules: Ruleset, heading: Callable[[str], str]) -> list[str]:
    """Part H: the lifecycle (H-2 to H-4), then each card of the rule file."""
    out = [heading(_("The helpers"))]
    out.append(_li(_(
        "Each player takes the top helper of the stack when placing their second founding settlement, "
        "side A up; the others lie face up beside the board (H-2).")))
    out.append(_li(_(
        "Use your helper when its conditions arise: at most once a turn, never in the turn you took it, "
        "never in the special building phase (H-4).")))
    out.append(_li(_(
        "After a use on side A, flip it to side B (one more use) or swap it for a helper of the display; "
        "after a use on side B you must swap it. A helper is never returned unused (H-3.2).")))
    settings = rules.data.get("module_settings", {}).get("helpers", {}) or {}
    for card, number in settings.items():
        if card not in CARDS:
            continue
        label = f"A{number} " if number else ""
        role = helper_role(card)
        title = f"{label}{helper_name(card)}" + (f" ({role})" if role else "")
        words = " ".join(w for w in (helper_effect(card), helper_when(card),
                                     helper_note(CARDS[card].CONFIDENCE)) if w)  # fmt: skip
        out.append(f"\u2022 <b>{esc(title)}</b>: {esc(words)}<br>")
    return out


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


def addon_rules_html(rules: Ruleset, heading: Callable[[str], str]) -> str:
    """The sections of the add-ons ``rules`` switches on ("" for none)."""
    out: list[str] = []
    if "frenemies" in rules.modules:
        out += frenemies_html(rules, heading)
    if "helpers" in rules.modules:
        out += helpers_html(rules, heading)
    if "scenario" in rules.modules:
        out += scenario_html(rules, heading)
    if "erie_canal" in rules.modules:
        out += canal_html(rules, heading)
    return "".join(out)
