"""Errors the engine raises."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not legal in the current state; ``reason`` says why. The state is unchanged."""

    def __init__(self, reason: str, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class ActionParseError(ValueError):
    """A text that is not a well-formed action; the message quotes the text."""


class RulesetError(ValueError):
    """A rule set that cannot be used; ``problems`` lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class SnapshotError(ValueError):
    """A game snapshot (JSON) that cannot be loaded; the message names the problem."""
