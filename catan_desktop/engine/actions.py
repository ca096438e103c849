"""Actions: small immutable values with a canonical text form that round-trips through Action.parse.

An action is always taken by the player the game says is to act (``Game.current_player``), so it does not
name its actor. Payloads by kind (text form in quotes):

- ``roll`` "roll"; ``end`` "end" (end the turn); ``buy`` "buy" (a development card)
- ``settle`` "settle 12" (node); ``city`` "city 12" (node); ``road`` "road 31" (edge)
- ``knight`` "knight"; ``road_building`` "road_building" (play the card; roads follow as ``road``)
- ``year_of_plenty`` "year_of_plenty grain ore" (one or two resources, sorted)
- ``monopoly`` "monopoly ore"
- ``robber`` "robber 3.3" or "robber 3.3 2" (hex id, then the seat to steal from, if any)
- ``discard`` "discard brick=1,ore=2" (a bundle: resource=count pairs sorted by name)
- ``maritime`` "maritime brick ore" (give brick at your best rate, get one ore)
- ``offer`` "offer brick=1 for ore=1" (the active player gives the first bundle, asks for the second)
- ``accept`` "accept"; ``reject`` "reject" (answers to an offer)
- ``counter`` "counter wool=1 for brick=1" (the answering player gives the first bundle, asks the second)
- ``confirm`` "confirm 2" (the active player trades with seat 2 on its answer); ``cancel`` "cancel"

Catan a Dois (rule modules token_removal, market, token_robber):

- ``remove_token`` "remove_token 2.3" (founding: take that hex's number token into your reserve, D-1.4)
- ``market`` "market brick=1,ore=2 wool" (pay the bundle to the open market cards, take one wool, D-4)
- ``market_sell`` "market_sell ore for brick=1,grain=1" (an exhausted resource for two open cards, D-5.3)
- ``market_discard`` "market_discard grain=1" (put open cards above the cap aside, D-4.5)
- ``robber`` "robber 2.3/1" also names a token: the hex's second number token (D-8)
- ``develop`` "develop 2.3 cards 4,10" (put reserve tokens 4 and 10 on hex 2.3, paying grain + wool + ore;
  or "develop 2.3 knight 4", paying by discarding an unused knight, D-6)
- ``remote_exchange`` "remote_exchange monopoly" (a remote-area card drawn this turn for grain + wool + ore)
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .errors import ActionParseError

Bundle = tuple[tuple[str, int], ...]

NO_ARG = ("roll", "end", "buy", "knight", "road_building", "accept", "reject", "cancel")
INT_ARG = ("settle", "city", "road", "confirm")
KINDS = NO_ARG + INT_ARG + ("year_of_plenty", "monopoly", "robber", "discard", "maritime", "offer", "counter")
KINDS += ("remove_token", "market", "market_sell", "market_discard", "develop", "remote_exchange")

_NAME = re.compile(r"^[a-z][a-z_]*$")
_HEX = re.compile(r"^\d+\.\d+$")
_TOKEN = re.compile(r"^\d+\.\d+(/[1-9]\d*)?$")  # a hex, or one of its extra number tokens


class Action(NamedTuple):
    """One move. ``kind`` is one of KINDS; ``a`` and ``b`` carry its payload (see the module doc)."""

    kind: str
    a: Any = None
    b: Any = None

    def __str__(self) -> str:
        k, a, b = self.kind, self.a, self.b
        if k in NO_ARG:
            return k
        if k in INT_ARG or k == "monopoly":
            return f"{k} {a}"
        if k == "year_of_plenty":
            return f"{k} {a}" if b is None else f"{k} {a} {b}"
        if k == "robber":
            return f"robber {a}" if b is None else f"robber {a} {b}"
        if k == "remove_token":
            return f"remove_token {a}"
        if k == "market":
            return f"market {bundle_text(a)} {b}"
        if k == "market_sell":
            return f"market_sell {a} for {bundle_text(b)}"
        if k == "market_discard":
            return f"market_discard {bundle_text(a)}"
        if k == "develop":
            return f"develop {a} {b[0]} {','.join(str(x) for x in b[1])}"
        if k == "remote_exchange":
            return f"remote_exchange {a}"
        if k == "discard":
            return f"discard {bundle_text(a)}"
        if k == "maritime":
            return f"maritime {a} {b}"
        if k in ("offer", "counter"):
            return f"{k} {bundle_text(a)} for {bundle_text(b)}"
        raise ValueError(f"unknown action kind {k!r}")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the canonical text form; raises ActionParseError quoting the text."""
        return parse_action(text)


def make_bundle(counts: dict[str, int] | Bundle) -> Bundle:
    """Return the canonical bundle (sorted by name, zero counts dropped) of a mapping or pair list."""
    items = counts.items() if isinstance(counts, dict) else counts
    merged: dict[str, int] = {}
    for name, n in items:
        merged[name] = merged.get(name, 0) + int(n)
    return tuple(sorted((k, v) for k, v in merged.items() if v))


def bundle_text(bundle: Bundle) -> str:
    """Return 'brick=1,ore=2' for a bundle."""
    return ",".join(f"{name}={n}" for name, n in bundle)


def bundle_size(bundle: Bundle) -> int:
    """Return how many cards a bundle holds."""
    return sum(n for _, n in bundle)


def _parse_bundle(text: str, whole: str) -> Bundle:
    pairs: list[tuple[str, int]] = []
    seen: set[str] = set()
    for part in text.split(","):
        name, sep, num = part.partition("=")
        if not sep or not _NAME.match(name) or not num.isdigit() or int(num) <= 0:
            raise ActionParseError(
                f"bad card list {text!r} in action {whole!r}: expected e.g. 'brick=1,ore=2'"
            )
        if name in seen:
            raise ActionParseError(f"resource {name!r} named twice in action {whole!r}")
        seen.add(name)
        pairs.append((name, int(num)))
    bundle = make_bundle(pairs)
    if bundle_text(bundle) != text:
        raise ActionParseError(
            f"card list {text!r} in action {whole!r} is not canonical; write {bundle_text(bundle)!r}"
        )
    return bundle


def parse_action(text: str) -> Action:
    """Parse an action's canonical text form; raises ActionParseError quoting the text."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be text, not {type(text).__name__}")
    words = text.split(" ")
    kind, args = words[0], words[1:]
    if any(w == "" for w in words):
        raise ActionParseError(f"extra spaces in action {text!r}")
    if kind not in KINDS:
        raise ActionParseError(f"unknown action {kind!r} in {text!r}")

    def need(n: int | tuple[int, ...]) -> None:
        allowed = (n,) if isinstance(n, int) else n
        if len(args) not in allowed:
            raise ActionParseError(
                f"action {text!r}: '{kind}' takes {' or '.join(map(str, allowed))} argument(s)"
            )

    def integer(word: str) -> int:
        if not word.isdigit() or (len(word) > 1 and word[0] == "0"):
            raise ActionParseError(f"action {text!r}: {word!r} is not a whole number")
        return int(word)

    def name(word: str) -> str:
        if not _NAME.match(word):
            raise ActionParseError(f"action {text!r}: {word!r} is not a resource name")
        return word

    if kind in NO_ARG:
        need(0)
        return Action(kind)
    if kind in INT_ARG:
        need(1)
        return Action(kind, integer(args[0]))
    if kind == "monopoly":
        need(1)
        return Action(kind, name(args[0]))
    if kind == "year_of_plenty":
        need((1, 2))
        names = [name(w) for w in args]
        if len(names) == 2 and names[0] > names[1]:
            raise ActionParseError(f"action {text!r}: write the resources in alphabetical order")
        return Action(kind, names[0], names[1] if len(names) == 2 else None)
    if kind == "robber":
        need((1, 2))
        if not _TOKEN.match(args[0]):
            raise ActionParseError(f"action {text!r}: {args[0]!r} is not a hex id like '3.3'")
        return Action(kind, args[0], integer(args[1]) if len(args) == 2 else None)
    if kind == "remove_token":
        need(1)
        if not _HEX.match(args[0]):
            raise ActionParseError(f"action {text!r}: {args[0]!r} is not a hex id like '3.3'")
        return Action(kind, args[0])
    if kind == "market":
        need(2)
        return Action(kind, _parse_bundle(args[0], text), name(args[1]))
    if kind == "market_sell":
        need(3)
        if args[1] != "for":
            raise ActionParseError(f"action {text!r}: expected 'market_sell RESOURCE for GET'")
        return Action(kind, name(args[0]), _parse_bundle(args[2], text))
    if kind == "develop":
        need(3)
        if not _HEX.match(args[0]):
            raise ActionParseError(f"action {text!r}: {args[0]!r} is not a hex id like '3.3'")
        tokens = tuple(integer(w) for w in args[2].split(","))
        if list(tokens) != sorted(tokens):
            raise ActionParseError(f"action {text!r}: list the tokens in increasing order")
        return Action(kind, args[0], (name(args[1]), tokens))
    if kind == "remote_exchange":
        need(1)
        return Action(kind, name(args[0]))
    if kind in ("discard", "market_discard"):
        need(1)
        return Action(kind, _parse_bundle(args[0], text))
    if kind == "maritime":
        need(2)
        return Action(kind, name(args[0]), name(args[1]))
    # offer / counter
    need(3)
    if args[1] != "for":
        raise ActionParseError(f"action {text!r}: expected '{kind} GIVE for GET'")
    return Action(kind, _parse_bundle(args[0], text), _parse_bundle(args[2], text))
