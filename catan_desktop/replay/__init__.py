"""Watching a game again (issue 19): its timeline of positions and the story told by its numbers."""

from .timeline import MARK_KINDS, Mark, Timeline

__all__ = ["MARK_KINDS", "Mark", "Timeline"]
