"""The one translation function every user-facing string goes through (issue 14).

English is the source language: a message is its English text. The other languages are gettext catalogues,
``catan_desktop/locale/<code>/LC_MESSAGES/catan_desktop.mo``, compiled from the ``.po`` files beside them
(``tools/catalogues.py``); plural forms come from each catalogue's ``Plural-Forms`` header. Standard library
only (``gettext``), so the engine and the bots may use it; a catalogue is read once, the first time its
language is chosen.

``_("Turn {n} · {who}", n=3, who="Anna")`` translates, then fills the named ``{fields}``; ``ngettext`` picks
the singular or plural form for ``n``; ``N_`` marks a string for the catalogue where it is defined and leaves
it untranslated there (it is translated where it is shown, through ``_``).
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from pathlib import Path

DOMAIN = "catan_desktop"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "pt", "it")  # the languages the game speaks, English first
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "it": "Italiano"}  # each in its own language

_loaded: dict[str, gettext.NullTranslations] = {"en": gettext.NullTranslations()}
_language = "en"
_current: gettext.NullTranslations = _loaded["en"]


def _catalogue(code: str) -> gettext.NullTranslations | None:
    """The catalogue of ``code`` (read once), or None when the game has none for it."""
    if code not in _loaded:
        try:
            _loaded[code] = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
        except (OSError, ValueError):  # no .mo (a checkout without compiled catalogues) or a damaged one
            return None
    return _loaded[code]


def set_language(code: str) -> None:
    """Switch the active language; raises ValueError for a language with no catalogue."""
    global _language, _current
    catalogue = _catalogue(code) if code in LANGUAGES else None
    if catalogue is None:
        raise ValueError(f"no translation catalogue for language {code!r}")
    _language, _current = code, catalogue


def language() -> str:
    """Return the active language code."""
    return _language


_EVERY_LANGUAGE: dict[str, frozenset[str]] = {}  # in_every_language's answers: a catalogue never changes


def in_every_language(text: str) -> frozenset[str]:
    """``text`` as each language the game speaks says it (English included). Remembered once every catalogue
    is read (the game screens ask for their seats' names every frame)."""
    found = _EVERY_LANGUAGE.get(text)
    if found is None:
        catalogues = [_catalogue(code) for code in LANGUAGES]
        found = frozenset({text} | {c.gettext(text) for c in catalogues if c is not None})
        if all(c is not None for c in catalogues) and len(_EVERY_LANGUAGE) < 1024:
            _EVERY_LANGUAGE[text] = found
    return found


def available_languages() -> list[str]:
    """Return the language codes that have a catalogue, English first."""
    return [code for code in LANGUAGES if _catalogue(code) is not None]


def system_language() -> str:
    """The player's system language if the game speaks it, else English ("pt_BR.UTF-8" -> "pt")."""
    candidates = [os.environ.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES and code in available_languages():
                return code
    return "en"


ENV = "CATAN_DESKTOP_LANG"  # a language chosen on the command line (--lang), over the settings


def requested_language(setting: str = "") -> str:
    """The language to start in: ``--lang`` (the environment variable ``CATAN_DESKTOP_LANG``), else the
    setting, else the system's language if the game speaks it, else English."""
    for code in (os.environ.get(ENV, ""), setting):
        if code in available_languages():
            return code
    return system_language()


def N_(text: str, /) -> str:
    """Mark ``text`` for the catalogues without translating it here (it is translated where it is shown)."""
    return text


DECIMAL_COMMA = frozenset({"pt", "it"})  # "2,5" and "12,5 %" there; "2.5" in English


class _Number(float):
    """A float field that writes its decimal separator as the active language does."""

    def __format__(self, spec: str) -> str:
        text = float.__format__(self, spec)
        return text.replace(".", ",") if _language in DECIMAL_COMMA else text


def _fill(text: str, fields: dict[str, object]) -> str:
    if not fields:
        return text
    return text.format(**{k: _Number(v) if isinstance(v, float) else v for k, v in fields.items()})


def _(text: str, /, **fields: object) -> str:
    """Translate ``text`` into the active language, then fill ``{name}`` fields from keyword arguments
    (decimal numbers with the language's separator). A :class:`Msg` is translated with its own fields."""
    if isinstance(text, Msg):
        return tr(text)
    return _fill(_current.gettext(text) if text else text, fields)


class Msg(str):
    """A message kept as data until it is shown: an English template and its fields.

    Its value as a ``str`` is the English text, so code that logs, compares or prints it is unchanged; a
    screen shows it in the player's language with :func:`tr`. A field may itself be a ``Msg`` (translated
    too); other fields (names from a file, numbers, key paths) are filled in as they are. The layers that
    must not speak to the player (the rule-file loader) build these; the extractor collects their templates
    (``Msg("must be at least {minimum}", minimum=2)``) like ``_()`` calls.
    """

    template: str
    fields: dict[str, object]

    def __new__(cls, template: str, /, **fields: object) -> Msg:
        self = super().__new__(cls, template.format(**fields))  # always a format string, even without fields
        self.template, self.fields = template, fields
        return self

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle keep the template, not just the text
        return (_msg, (self.template, self.fields))

    @classmethod
    def joined(cls, separator: str, parts: list[str] | list[Msg] | tuple[str, ...]) -> Msg:
        """Several messages as one, ``separator`` between them, each translated on its own."""
        between = separator.replace("{", "{{").replace("}", "}}")
        template = between.join(f"{{p{i}}}" for i in range(len(parts)))
        return cls(template, **{f"p{i}": part for i, part in enumerate(parts)})


def _msg(template: str, fields: dict[str, object]) -> Msg:
    return Msg(template, **fields)


def tr(text: object) -> str:
    """``text`` in the active language: a :class:`Msg` translated (its Msg fields too), anything else as
    its ``str``."""
    if not isinstance(text, Msg):
        return str(text)
    fields = {k: tr(v) if isinstance(v, Msg) else _Number(v) if isinstance(v, float) else v
              for k, v in text.fields.items()}
    return (_current.gettext(text.template) if text.template else text.template).format(**fields)


def ngettext(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """Translate the singular or plural form for ``n`` (by the language's plural rule), then fill fields."""
    return _fill(_current.ngettext(singular, plural, n), fields)
