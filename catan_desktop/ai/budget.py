"""Think time as work (issue 20): the hard level's search does a fixed amount of work for its think-time
budget, counted in search nodes, so a decision depends on the bot's seed and what its seat knows, never on
how fast the machine is or how busy it is. The wall clock only stops a search that runs long on a slow
machine (a safety net: at ``think_time`` seconds the search ends with what it has).

A node is one position the search looks at: a copy of its sampled world, a move applied, the position
evaluated. The look-ahead's sampled rounds cost a fraction of a node each (``SAMPLE_COST``).
"""

from __future__ import annotations

import time

# nodes one second of think time buys: below what the 2-core reference machine searches in a second (3677
# nodes/s by bench/ai_latency.py, 2026-11-28, after the look-ahead was made faster; 2061 before), so a search
# that uses all of its budget ends well inside its time there, and on a machine half as fast
NODES_PER_SECOND = 1500.0
SAMPLE_COST = 1.0 / 32.0  # one sampled round of the look-ahead (lookahead.round_value), in nodes


class Budget:
    """The work left to one decision's search, and its clock."""

    def __init__(self, think_time: float, clock: float | None = None) -> None:
        """``think_time`` seconds of work; the search stops at ``clock`` seconds whatever is left (default:
        ``think_time``)."""
        self.nodes = max(0.0, think_time) * NODES_PER_SECOND
        self.used = 0.0
        self.deadline = time.perf_counter() + max(0.0, think_time if clock is None else clock)

    def spend(self, nodes: float = 1.0) -> None:
        """Count ``nodes`` of work done."""
        self.used += nodes

    def left(self) -> float:
        """Nodes still to spend (0 once the budget or the clock has run out)."""
        if time.perf_counter() > self.deadline:
            return 0.0
        return max(0.0, self.nodes - self.used)

    def spent(self) -> bool:
        """Whether the search must stop: its nodes are used, or (on a slow machine) its time is up."""
        return self.used >= self.nodes or time.perf_counter() > self.deadline
