"""Every real-time case, by name."""

from __future__ import annotations

from cases_addons import CASES as ADDONS
from cases_base import CASES as BASE
from harness import Case

CASES: dict[str, Case] = {**BASE, **ADDONS}
