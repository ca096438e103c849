"""What a Catan a Dois seat knows of the cards its add-on moves (RULES.md Part D), for ``knowledge``.

The public market (D-4, D-5) and the developments (D-6) move cards in the open; the remote areas' exchange
(D-7.2) gives the rule file's cards. The market's pile holds cards no hand holds: its open cards and
discards are seen, its pile is not (D-2.1), so the world sampler deals the unseen ones into it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.plugins import plugins_for
from ..engine.ruleset import Ruleset

if TYPE_CHECKING:  # for annotations only: knowledge imports this file
    from .knowledge import CardTracker

MARKET = "market"  # the rule module of the open market (D-4) and its views' name


def _settings(rules: Ruleset | None, name: str) -> dict[str, Any] | None:
    """The typed settings of rule module ``name`` (``RuleModule.cfg``); None when ``rules`` leave it off."""
    module = plugins_for(rules).by_name.get(name) if rules is not None else None
    return module.cfg if module is not None else None


def _market(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    """D-4: cards paid to the open market, one taken."""
    q = ev["seat"]
    for r, n in ev["give"].items():
        t.lose(q, idx[r], n)
    t.known[q][idx[ev["get"]]] += 1


def _market_sell(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    """D-5.3: one card sold to the market for its cards."""
    q = ev["seat"]
    t.lose(q, idx[ev["give"]], 1)
    for r, n in ev["get"].items():
        t.known[q][idx[r]] += n


def _develop(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    """D-6: the rule file's cost (or a development card), then the market's cards."""
    q = ev["seat"]
    if ev.get("paid") == "cards":
        develop = _settings(t.rules, "terrain_development")
        for r, n in enumerate(develop["cost"] if develop is not None else ()):
            if n:
                t.lose(q, r, n)
    if ev.get("got"):
        t.known[q][idx[ev["resource"]]] += ev["got"]


def _remote_exchange(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    """D-7.2: the rule file's exchange cards."""
    exchange = _settings(t.rules, "remote_cards")
    for r, n in enumerate(exchange["exchange"] if exchange is not None else ()):
        t.known[ev["seat"]][r] += n


DOIS_EVENTS = {
    "market": _market,
    "market_sell": _market_sell,
    "develop": _develop,
    "remote_exchange": _remote_exchange,
}


def unseen_stock(rules: Ruleset, views: dict[str, Any]) -> list[int]:
    """Per resource, the cards the market holds beyond the bank's that nobody has seen: its pile's cards
    (the rule file's ``pile_per_resource``) less its open cards and discards (D-2.1); all 0 without it."""
    names = rules.resources
    market = _settings(rules, MARKET)
    out = [market["pile_per_resource"] if market is not None else 0] * len(names)
    view = views.get(MARKET)
    if view:
        for name in view["open"] + view["discard"]:
            out[names.index(name)] -= 1
    return out
