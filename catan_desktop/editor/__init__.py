"""The map and scenario editor's model: pure, no pygame (issue 34)."""
