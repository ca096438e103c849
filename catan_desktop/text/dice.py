"""Words for the Catan Dice Game (RULES.md Part C; engine ``dice_*`` codes): its refusal reasons, merged into
``reasons`` as ``DICE_SPECIAL``, and its log events, which ``events.describe`` hands to ``describe_dice``
(as ``addons.py`` and ``events_addons.py`` are merged for Frenemies and Helpers). Dice are counted from 1
in sentences (the action texts count them from 0, as seats).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..i18n import N_, _, ngettext

ITEMS = {  # a symbol of the sheet by kind: "settlement 7" is the settlement the classic sheet values at 7
    "road": N_("road {n}"),
    "settlement": N_("settlement {n}"),
    "city": N_("city {n}"),
    "knight": N_("knight {n}"),
}
FACES = {"gold": N_("gold")}  # the resources' names are the board game's
AWARDS = {"largest_army": N_("Largest Army"), "longest_road": N_("Longest Road")}

DICE_REASONS: dict[str, str] = {
    "dice_roll_first": N_("roll the dice first"),
    "dice_rolled_already": N_("you have rolled: roll some dice again, or build"),
    "dice_rolling_over": N_("rolling is over: after {rolls} rolls, or once you build, trade gold or swap"),
    "dice_no_die": N_("there is no die {die} (dice 1 to {last})"),
    "dice_die_spent": N_("die {die} is already spent"),
    "dice_die_aside": N_("die {die} was set aside with a gold pair"),
    "dice_no_structure": N_("the sheet has no {item}"),
    "dice_built_already": N_("{item} is already built"),
    "dice_needs_first": N_("first build {needs}"),
    "dice_cannot_pay": N_("{item} costs {cost}; the dice lack {missing}"),
    "dice_no_gold": N_("these dice have no gold"),
    "dice_gold_pair": N_("gold goes in pairs: die {die} does not show gold"),
    "dice_unknown_resource": N_("{res} is not a resource of this game"),
    "dice_swap_group_first": N_("the desert knights share one swap: use it with knight {n}"),
    "dice_knight_not_built": N_("first build {knights}"),
    "dice_swap_used": N_("the swap of knight {n} is already used"),
    "dice_swap_resource": N_("knight {n} turns a die into {res} only"),
    "dice_swap_same": N_("die {die} already shows {res}"),
    "dice_nothing_of_kind": N_("nothing of that kind can be done now"),
}


def face_name(face: str) -> str:
    """A die face in the player's language (a resource, or gold)."""
    return _(FACES.get(face, face))


def item_name(kind: str, number: object) -> str:
    """'road 4', 'settlement 7' in the player's language."""
    return _(ITEMS[kind], n=number) if kind in ITEMS else f"{kind} {number}"


def _dice_cost(cost: Mapping[str, int]) -> str:
    return " + ".join(f"{n} {face_name(r)}" for r, n in cost.items() if n)


def _list(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}", first=", ".join(words[:-1]), last=words[-1])  # as events.list_text


def dice_reason_text(code: str, params: Mapping[str, Any]) -> str:
    """The sentence for a ``dice_*`` refusal reason."""
    fields: dict[str, Any] = dict(params)
    if "die" in params and isinstance(params["die"], int):
        fields["die"] = params["die"] + 1
    if "last" in params:
        fields["last"] = int(params["last"]) + 1
    if code == "dice_die_used":
        code = "dice_die_aside" if params.get("status") == "aside" else "dice_die_spent"
    if "kind" in params and "number" in params:
        fields["item"] = item_name(str(params["kind"]), params["number"])
    if "number" in params:
        fields["n"] = params["number"]
    if "needs" in params:
        fields["needs"] = _list([item_name(x["kind"], x["number"]) for x in params["needs"]])
    if "knights" in params:
        fields["knights"] = _list([item_name("knight", k) for k in params["knights"]])
    if "cost" in params:
        fields["cost"] = _dice_cost(params["cost"])
    if "missing" in params:
        fields["missing"] = _dice_cost(params["missing"])
    if "resource" in params:
        fields["res"] = face_name(str(params["resource"]))
    return _(DICE_REASONS[code], **fields)


DICE_SPECIAL: dict[str, Callable[[Mapping[str, Any]], str]] = {
    code: (lambda params, code=code: dice_reason_text(code, params))
    for code in (*DICE_REASONS, "dice_die_used")
}

DICE_YOURS = {  # the viewer's own moves (events.YOURS takes these in)
    N_("{who} starts"): N_("You start"),
    N_("{who} rolled {faces}"): N_("You rolled {faces}"),
    N_("{who} rolled again: {faces}"): N_("You rolled again: {faces}"),
    N_("{who} built {item}"): N_("You built {item}"),
    N_("{who} turned two gold into 1 {res}"): N_("You turned two gold into 1 {res}"),
    N_("{who} used {item}: a {was} die became {res}"): N_("You used {item}: a {was} die became {res}"),
    N_("{who} built nothing and wrote {points}"): N_("You built nothing and wrote {points}"),
    N_("{who} took {award} ({count})"): N_("You took {award} ({count})"),
    N_("{who} took {award} ({count}) from {previous}"): N_("You took {award} ({count}) from {previous}"),
    N_("{who} reached {vp} victory points and won"): N_("You reached {vp} victory points and won"),
}

Said = Callable[..., str]


def describe_dice(
    event: dict[str, Any], names: Sequence[str], viewer: int | None, who: str, you: bool, said: Said
) -> str | None:
    """One sentence for a ``dice_*`` log event, or None for an event not worth a line."""
    t = event.get("t")
    if t == "dice_start":
        return said(you, "{who} starts", who=who)
    if t == "dice_turn":
        return _("— Turn {n}: {who}, {dice} dice —", n=event.get("turn"), who=who, dice=event.get("dice"))
    if t == "dice_roll":
        faces = ", ".join(face_name(event["dice"][d]) for d in event.get("rolled", []))
        if event.get("roll") == 1:
            return said(you, "{who} rolled {faces}", who=who, faces=faces)
        return said(you, "{who} rolled again: {faces}", who=who, faces=faces)
    if t == "dice_build":
        return said(you, "{who} built {item}", who=who, item=item_name(event["kind"], event["number"]))
    if t == "dice_gold":
        return said(you, "{who} turned two gold into 1 {res}", who=who, res=face_name(event["resource"]))
    if t == "dice_swap":
        return said(
            you,
            "{who} used {item}: a {was} die became {res}",
            who=who,
            item=item_name("knight", event["knight"]),
            was=face_name(event["was"]),
            res=face_name(event["resource"]),
        )
    if t == "dice_turn_end":
        return _turn_end(event, who, you, said)
    if t == "dice_award":
        return _award(event, names, viewer, who, you, said)
    if t == "dice_win":
        return said(you, "{who} reached {vp} victory points and won", who=who, vp=event["vp"])
    if t == "dice_over":
        scores = event.get("scores", [])
        winners = [names[w] if 0 <= w < len(names) else str(w) for w in event.get("winners", [])]
        best = max(scores) if scores else 0
        return ngettext(
            "Game over: {names} won with {n} point",
            "Game over: {names} won with {n} points",
            abs(best),
            names=_list(winners),
            n=best,
        )
    return None


def _turn_end(event: dict[str, Any], who: str, you: bool, said: Said) -> str | None:
    if "points" not in event:  # Dice Game Plus writes no points
        return None
    points, total = event["points"], event.get("total", 0)
    if not event.get("built"):
        return (
            said(you, "{who} built nothing and wrote {points}", who=who, points=points)
            + " "
            + _("(total {total})", total=total)
        )
    if you:
        return ngettext(
            "You wrote {n} point (total {total})",
            "You wrote {n} points (total {total})",
            points,
            n=points,
            total=total,
        )
    return ngettext(
        "{who} wrote {n} point (total {total})",
        "{who} wrote {n} points (total {total})",
        points,
        who=who,
        n=points,
        total=total,
    )


def _award(
    event: dict[str, Any], names: Sequence[str], viewer: int | None, who: str, you: bool, said: Said
) -> str:
    award = _(AWARDS.get(event["award"], event["award"]))
    n = int(event.get("count", 0))
    count = (
        ngettext("{n} knight", "{n} knights", n, n=n)
        if event["award"] == "largest_army"
        else ngettext("{n} road", "{n} roads", n, n=n)
    )
    previous = event.get("previous")
    if previous is None:
        return said(you, "{who} took {award} ({count})", who=who, award=award, count=count)
    shown = (
        _("you") if previous == viewer else names[previous] if 0 <= previous < len(names) else str(previous)
    )
    return said(
        you, "{who} took {award} ({count}) from {previous}", who=who, award=award, count=count, previous=shown
    )
