"""What every game of the engine shares: the board game (``Game``) and the Catan Dice Game (``DiceGame``).

The surface is the same (docs/engine-api.md): the state ``s`` with its ``history`` and ``log``, the legal
actions (cached until the next action), ``why_illegal`` with a ``Reason``, ``apply`` of an action or its
text, ``apply_unchecked`` for search on copies, and ``event``. A game names its rules' three functions as
class attributes: ``_list_legal(game)`` (every legal action, in a deterministic order), ``_explain(game,
action)`` (why an action is not legal, or None) and ``_perform(game, action)`` (play it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action
from .errors import ActionParseError, IllegalAction
from .reasons import Reason


class GameBase:
    """The state ``s`` (``history``, ``log``, ``winners``, ``turn``, ``players``) and the action verbs."""

    s: Any
    current_player: int
    is_over: bool
    _legal: list[Action] | None
    _history_text: int
    _list_legal: Callable[[Any], list[Action]]
    _explain: Callable[[Any, Action], str | None]
    _perform: Callable[[Any, Action], None]

    @property
    def winners(self) -> list[int]:
        return list(self.s.winners)

    @property
    def turn(self) -> int:
        """The turn of the game now being played, counting from 1 (every player's turns together)."""
        return int(self.s.turn)

    @property
    def players(self) -> int:
        return int(self.s.players)

    @property
    def history(self) -> list[str]:
        """Every action applied since the start, as canonical text."""
        h = self.s.history
        # apply() stores the Action itself (text is only needed when read or saved); convert the new ones
        for i in range(self._history_text, len(h)):
            if not isinstance(h[i], str):
                h[i] = str(h[i])
        self._history_text = len(h)
        return h  # type: ignore[no-any-return]

    @property
    def log(self) -> list[dict[str, Any]]:
        """Every event so far (a board game's may carry a ``private`` list of the seats allowed to see
        them; a dice game's are all public)."""
        return self.s.log  # type: ignore[no-any-return]

    # -------------------------------------------------------------------------------------------- verbs

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to act, in a deterministic order (a new list)."""
        legal = self._legal  # legal_list(), inline: every move of a game asks
        if legal is None:
            legal = self._legal = type(self)._list_legal(self)
        return list(legal)

    def legal_list(self) -> list[Action]:
        """The cached list of legal actions (shared: do not modify)."""
        if self._legal is None:
            self._legal = type(self)._list_legal(self)
        return self._legal

    def seat_of(self, action: Action | str) -> int | None:
        """The seat that may take ``action`` now (an action's owner), or None when it is not legal.

        Actions do not name their actor: the engine plays one seat at a time, and every legal action
        belongs to ``current_player`` (the active player, a player discarding after a 7, one answering an
        offer or a gift, the seat building in the special building phase). A host that takes actions from
        several connections accepts one only from the connection of ``seat_of(action)``."""
        if self.is_over or not self.is_legal(action):
            return None
        return int(self.current_player)

    def legal_for(self, seat: int) -> list[Action]:
        """The legal actions of ``seat``: ``legal_actions()`` when it is the seat to act, else none."""
        if self.is_over or seat != self.current_player:
            return []
        return self.legal_actions()

    def is_legal(self, action: Action | str) -> bool:
        """True for any legal action (a board game's trade offers too, which ``legal_actions`` does not
        list)."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action | str) -> str | None:
        """A player-readable reason (a ``Reason``) why ``action`` is not legal now, or None when it is."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ActionParseError as exc:
                return str(exc)
        if not isinstance(action, Action):
            return Reason("not_an_action")
        return type(self)._explain(self, action)

    def apply(self, action: Action | str) -> None:
        """Apply ``action``; raises IllegalAction(reason), leaving the state unchanged, if it is not legal."""
        if type(action) is Action:  # the common case: what why_illegal does for an Action, without its checks
            legal = self._legal
            if legal is not None:
                # the very object legal_actions() listed (a bot's or the screen's pick) is legal: the listing
                # is the source of truth (tests check that is_legal agrees with every listed action)
                try:
                    listed = legal[legal.index(action)] is action
                except ValueError:
                    listed = False
                if listed:
                    self.apply_unchecked(action)
                    return
            reason = type(self)._explain(self, action)
        else:
            if isinstance(action, str):
                try:
                    action = Action.parse(action)
                except ActionParseError as exc:
                    raise IllegalAction(str(exc), action) from exc
            reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action taken from ``legal_actions()`` without re-checking it (for search on copies).

        An action that is not legal here may raise or corrupt this copy; use ``apply`` for anything else.
        """
        self.s.history.append(action)  # text on demand (see history)
        self._legal = None
        type(self)._perform(self, action)

    def event(self, event_kind: str, /, **fields: Any) -> None:
        """Append an event to the game log (used by the rules; bots and the UI read it)."""
        fields["t"] = event_kind
        fields["turn"] = self.s.turn
        self.s.log.append(fields)
