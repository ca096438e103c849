"""Catan Desktop: an offline desktop Catan game with computer opponents, variants and scenarios."""

__version__ = "0.1.0"
