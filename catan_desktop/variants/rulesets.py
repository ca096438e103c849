"""Rule files and rule mappings made into the engine's ``Ruleset``: the engine's ``RulesSource``.

The engine never reads a file: ``Game.new("base")`` and ``Ruleset.from_dict`` ask the source installed
with ``engine.ruleset.install_rules_source``; importing ``catan_desktop.variants`` installs this one.
A loaded variant is cached until one of the rule files it could read changes on disk.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from catan_desktop import paths
from catan_desktop.engine.errors import RulesetError
from catan_desktop.engine.ruleset import Ruleset
from catan_desktop.i18n import Msg
from catan_desktop.variants.file_names import resolved
from catan_desktop.variants.loader import load_variant
from catan_desktop.variants.schema import apply_overrides, format_path, validate_ruleset
from catan_desktop.variants.schema_nodes import at

_CACHE_SIZE = 32


class VariantsSource:
    """Resolve variant names and paths through the YAML loader, and mappings through the schema."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, str, tuple[tuple[str, int, int], ...]], Ruleset] = {}
        self._data_cache: dict[tuple[str, str, tuple[tuple[str, int, int], ...]], dict[str, Any]] = {}

    def validate(self, data: Mapping[str, Any]) -> list[str]:
        """Return every schema problem of a rule mapping as 'key.path: message' (empty when valid)."""
        if not isinstance(data, dict):
            return ["<top>: a rule set must be a mapping"]
        try:
            problems = validate_ruleset(data)
        except RecursionError:
            return ["<top>: the rule set is nested too deeply"]
        found = [f"{format_path(p.path) if p.path else '<top>'}: {p.message}" for p in problems]
        if not found and data.get("game", "board") != "board":  # a valid dice game's rules: not a Ruleset
            found.append(_not_a_board_game(data.get("game")))
        return found

    def resolve(
        self, variant: str | os.PathLike[str] | Mapping[str, Any], options: Mapping[str, Any] | None
    ) -> Ruleset:
        """Return the Ruleset of a name, a path or a mapping with ``options`` applied (see RulesSource)."""
        if isinstance(variant, Mapping):
            data = dict(variant)
            if options:
                try:
                    data = apply_overrides(data, options)
                except ValueError as exc:  # OverrideError lists every unknown key
                    raise RulesetError([f"<options>: {exc}"]) from exc
            return Ruleset.from_dict(data)
        text = os.fspath(variant)
        key = (text, json.dumps(dict(options or {}), sort_keys=True, default=repr), _stamp(text))
        cached = self._cache.get(key)
        if cached is None:
            data = load_variant(text, options or None)  # validated by the loader
            if data.get("game", "board") != "board":  # e.g. rules/dice-game.yaml: DiceGame.new plays it
                raise RulesetError([at(text, _not_a_board_game(data.get("game")))])
            cached = Ruleset.build(data)
            if len(self._cache) >= _CACHE_SIZE:
                self._cache.clear()
            self._cache[key] = cached
        return cached

    def load_data(self, variant: str | os.PathLike[str] | Mapping[str, Any],
                  options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Return the validated rule mapping of a name, a path or a mapping (any ``game:``, e.g. a dice
        game's sheet for ``engine.dice_sheet``) with ``options`` applied; raises RulesetError for a mapping
        and RuleFileError for a file, listing every problem."""
        if isinstance(variant, Mapping):
            data = dict(variant)
            try:
                if options:
                    data = apply_overrides(data, options)
                problems = validate_ruleset(data)
            except ValueError as exc:  # OverrideError lists every unknown key
                raise RulesetError([f"<options>: {exc}"]) from exc
            except RecursionError:
                raise RulesetError(["<top>: the rule set is nested too deeply"]) from None
            if problems:
                raise RulesetError(
                    [f"{format_path(p.path) if p.path else '<top>'}: {p.message}" for p in problems])
            return copy.deepcopy(data)
        text = os.fspath(variant)
        key = (text, json.dumps(dict(options or {}), sort_keys=True, default=repr), _stamp(text))
        cached = self._data_cache.get(key)
        if cached is None:
            cached = load_variant(text, options or None)
            if len(self._data_cache) >= _CACHE_SIZE:
                self._data_cache.clear()
            self._data_cache[key] = cached
        return copy.deepcopy(cached)


def _not_a_board_game(game: object) -> Msg:
    return Msg("game: this rule file is for the game '{game}', not a board game (the Catan Dice Game is "
               "played with DiceGame.new)", game=game)


def _stamp(variant: str) -> tuple[tuple[str, int, int], ...]:
    """Name, mtime and size of every rule file a variant could read, so an edited file is reloaded."""
    folders = []
    with contextlib.suppress(FileNotFoundError):
        folders.append(paths.rules_dir())
    folders.append(paths.user_rules_dir())  # the player's own rule files
    if "/" in variant or "\\" in variant or variant.endswith((".yaml", ".yml")):
        folders.append(resolved(Path(variant)).parent)  # a link loop: the loader reports it
    stamp = []
    for folder in folders:
        try:
            for f in sorted(folder.glob("*.y*ml")):
                st = f.stat()
                stamp.append((str(f), st.st_mtime_ns, st.st_size))
        except OSError:
            continue
    return tuple(stamp)


SOURCE = VariantsSource()
