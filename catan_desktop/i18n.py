"""The one translation function every user-facing string goes through.

English is the source language; Portuguese and Italian catalogues will be added as plain dictionaries.
Standard library only, so the engine may use it for the reasons it gives.
"""

from __future__ import annotations

_CATALOGUES: dict[str, dict[str, str]] = {"en": {}}
_language = "en"


def set_language(code: str) -> None:
    """Switch the active language; raises ValueError for a language with no catalogue."""
    global _language
    if code not in _CATALOGUES:
        raise ValueError(f"no translation catalogue for language {code!r}")
    _language = code


def language() -> str:
    """Return the active language code."""
    return _language


def available_languages() -> list[str]:
    """Return the language codes that have a catalogue."""
    return sorted(_CATALOGUES)


def _(text: str, /, **fields: object) -> str:
    """Translate ``text`` into the active language, then fill ``{name}`` fields from keyword arguments."""
    translated = _CATALOGUES.get(_language, {}).get(text, text)
    return translated.format(**fields) if fields else translated


def ngettext(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """Translate the singular or plural form for ``n`` (English rule until catalogues carry their own)."""
    return _(singular if n == 1 else plural, **fields)
