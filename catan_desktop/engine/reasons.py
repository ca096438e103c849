"""Why an action is refused, as data: a code and its parameters, never a sentence.

``Reason("need_resources", item="road", cost={...}, missing={...})`` is what ``Game.why_illegal`` returns and
``IllegalAction.reason`` holds. It is a ``str`` (so callers that show or compare a reason keep working) whose
text comes from the wording installed by the text layer above the engine (``catan_desktop.text``), in the
player's language; ``code`` and ``params`` carry the data, and ``to_data()`` gives
``{"code": ..., **params}``. Parameters are plain data: seats from 0, resource and card names as in the rule
file, bundles as ``{name: count}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Wording = Callable[[str, Mapping[str, Any]], str]
_WORDING: list[Wording] = []


def install_wording(wording: Wording) -> None:
    """Make ``wording(code, params)`` the function that puts reasons into words (the text layer's)."""
    _WORDING[:] = [wording]


def has_wording() -> bool:
    """True once a wording is installed."""
    return bool(_WORDING)


def _plain(code: str, params: Mapping[str, Any]) -> str:
    """The fallback when no text layer is installed: the code and its parameters, not a sentence."""
    if not params:
        return code
    return code + " (" + ", ".join(f"{k}={v!r}" for k, v in params.items()) + ")"


class Reason(str):
    """A refusal reason: a code with parameters, readable as text through the installed wording."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, /, **params: Any) -> Reason:
        text = _WORDING[0](code, params) if _WORDING else _plain(code, params)
        self = super().__new__(cls, text)
        self.code = code
        self.params = params
        return self

    def to_data(self) -> dict[str, Any]:
        """``{"code": code, **params}``: the reason as JSON-serialisable data."""
        return {"code": self.code, **self.params}

    def __reduce__(self) -> tuple[Any, ...]:  # copy and pickle keep the code, not only the text
        return (_rebuild, (self.code, self.params))


def _rebuild(code: str, params: dict[str, Any]) -> Reason:
    return Reason(code, **params)
