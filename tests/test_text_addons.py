"""The game log in the add-on games (issues 15 and 16): every event the Frenemies and Helpers modules write in
random games reads as a sentence for every seat, in English, Portuguese and Italian, and a private fact (a
favour token's guild, a kept card, a card taken as alms) is only in the sentence of a seat that may see it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_desktop import i18n
from catan_desktop.engine import Game
from catan_desktop.engine.views import seat_event
from catan_desktop.text import describe

RULES_DIR = Path(__file__).resolve().parents[1] / "rules"
ADDON_EVENTS = {
    "frenemies": {"favour", "favour_short", "districts_joined", "favour_order", "gift_offer", "gift_accepted",
                  "gift_refused", "favour_used", "merchant_swap", "favour_exchange", "favour_returned"},
    "helpers": {"helper_dealt", "helper_display", "helper_prompt", "helper_declined", "helper_used",
                "helper_forced_given", "helper_paid", "helper_dev_kept", "helper_alms_taken",
                "helper_flipped", "helper_swapped"},
}


def _logs(addon: str, games: int = 6) -> list[tuple[Game, list[dict]]]:
    out = []
    for seed in range(games):
        game = Game.new(str(RULES_DIR / f"{addon}.yaml"), players=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(4000):
            if game.is_over:
                break
            legal = game.legal_actions()
            addon_kinds = ("helper", "favour", "gift", "merchant", "accept_gift", "refuse_gift", "exchange",
                           "return")
            mine = [a for a in legal if a.kind.startswith(addon_kinds)]
            game.apply(rng.choice(mine) if mine and rng.random() < 0.5 else rng.choice(legal))
        out.append((game, list(game.log)))
    return out


@pytest.mark.parametrize("addon", sorted(ADDON_EVENTS))
@pytest.mark.parametrize("code", ["en", "pt", "it"])
def test_every_add_on_event_reads_as_a_sentence_for_every_seat(addon: str, code: str) -> None:
    names = ["Anna", "Bruno", "Carla", "Dario"]
    seen: set[str] = set()
    try:
        i18n.set_language(code)
        for _game, log in _logs(addon):
            for ev in log:
                if ev["t"] not in ADDON_EVENTS[addon]:
                    continue
                seen.add(ev["t"])
                for viewer in range(4):
                    shown = seat_event(ev, viewer)
                    if shown is None:
                        continue
                    text = describe(shown, names, viewer)
                    assert text and "{" not in text and "_" not in text, (ev, viewer, text)
    finally:
        i18n.set_language("en")
    assert len(seen) >= len(ADDON_EVENTS[addon]) - 3, sorted(ADDON_EVENTS[addon] - seen)


def test_a_favour_tokens_guild_is_said_only_to_its_holder() -> None:
    names = ["Anna", "Bruno", "Carla"]
    ev = {"t": "favour", "seat": 1, "why": "gift", "card": "teacher", "private": [1]}
    assert describe(seat_event(ev, 1), names, 1) == "You earned a favour token of the Teacher for a gift"
    other = describe(seat_event(ev, 0), names, 0)
    assert other == "Bruno earned a favour token for a gift" and "Teacher" not in other
