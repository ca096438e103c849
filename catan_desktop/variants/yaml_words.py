"""PyYAML's own words for the syntax errors a hand-edited rule file runs into, as catalogue messages (issue
14): the loader shows ``yaml_words(err.problem)`` in the player's language; anything not listed here stays in
PyYAML's English."""

from __future__ import annotations

import re

from catan_desktop.i18n import N_, Msg

# PyYAML's own words for the syntax errors a hand-edited file runs into, as messages for the catalogues
# ("{found}" is the character or token it quotes); anything not listed here stays in PyYAML's English
_YAML_WORDS = tuple((re.compile(pattern), template) for pattern, template in (
    ("mapping values are not allowed here", N_("mapping values are not allowed here")),
    ("mapping keys are not allowed here", N_("mapping keys are not allowed here")),
    ("sequence entries are not allowed here", N_("sequence entries are not allowed here")),
    ("could not find expected ':'", N_("could not find expected ':'")),
    ("found character (?P<found>.+) that cannot start any token",
     N_("found character {found} that cannot start any token")),
    ("found unexpected end of stream", N_("found unexpected end of stream")),
    ("found undefined alias (?P<found>.+)", N_("found undefined alias {found}")),
    ("found unknown escape character (?P<found>.+)", N_("found unknown escape character {found}")),
    ("expected <block end>, but found (?P<found>.+)", N_("expected the end of a block, but found {found}")),
    ("expected ',' or '\\]', but got (?P<found>.+)", N_("expected ',' or ']', but found {found}")),
    ("expected ',' or '}', but got (?P<found>.+)", N_("expected ',' or '}}', but found {found}")),
    ("expected a comment or a line break, but found (?P<found>.+)",
     N_("expected a comment or a line break, but found {found}")),
    ("expected the node content, but found (?P<found>.+)", N_("expected a value, but found {found}")),
    ("expected a single document in the stream", N_("expected a single document in the file")),
    ("but found another document", N_("but found another document")),
    ("invalid indentation or unclosed '\\[' or '{'", N_("invalid indentation or unclosed '[' or '{{'")),
    ("while scanning a simple key", N_("while reading a key")),
    ("while scanning a (?:double-)?quoted scalar", N_("while reading a quoted text")),
    ("while scanning a block scalar", N_("while reading a block of text")),
    ("while scanning for the next token", N_("while reading the next item")),
    ("while scanning an? (?:alias|anchor)", N_("while reading an alias or anchor")),
    ("while parsing a block mapping", N_("while reading a mapping")),
    ("while parsing a flow mapping", N_("while reading a mapping in braces")),
    ("while parsing a flow sequence", N_("while reading a list in brackets")),
    ("while parsing a block collection", N_("while reading a list or mapping")),
    ("while parsing an? (?:block |flow )?node", N_("while reading a value")),
))


def yaml_words(text: str) -> str:
    """One of PyYAML's problem or context phrases as a message (or as it is, when it is not a known one)."""
    for pattern, template in _YAML_WORDS:
        match = pattern.fullmatch(text)
        if match:
            return Msg(template, **match.groupdict())
    return text
