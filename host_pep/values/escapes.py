"""Undo transport escapes that hide a value from the detectors, keeping a map back to the input.

An agent writing a value into a URL percent-encodes it (``?q=%2B254712345678``,
``?email=budi%40example.co.id``, ``+`` for a space in a query string); one typing it through a
shell escapes its spaces (``input text +84\\ 91\\ 234``). Neither changes the value. ``unescaped``
returns the text with those escapes undone as a ``Canonical`` layer, so a value found in it maps
back to the exact input span (for evidence and rewriting), or None when the text holds no escape
-- the common case, decided by a substring test before any regex runs.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import unquote

from host_pep.values.obfuscation import Canonical, Piece

# A run of percent-escapes is decoded as one (a UTF-8 character spans several); a backslash
# before a space or punctuation is a shell escape ("\n" or "\d" are not: left as written); a
# "+" in a query string is a space.
_ESCAPE = re.compile(r"(?P<pct>(?:%[0-9A-Fa-f]{2})+)|\\(?P<esc>[^\w])|(?P<plus>\+)")
_PCT = re.compile(r"%[0-9A-Fa-f]{2}")
MAX_CHARS = 8192
"""Longer texts are not unescaped (bounded work per field on the enforcement path)."""


def has_escape(text: str) -> bool:
    """Cheap test: could ``text`` hold an escape ``unescaped`` undoes?"""
    return ("%" in text and _PCT.search(text) is not None) or "\\" in text or _query_plus(text)


def _query_plus(text: str) -> bool:
    q = text.find("?")
    return q >= 0 and "+" in text[q:] and "=" in text[q:]


@lru_cache(maxsize=4096)
def unescaped(text: str) -> Canonical | None:
    """``text`` with percent-escapes, shell escapes and query-string "+" undone (None: nothing
    to undo). Each undone escape is an atomic piece: any part of it maps to the whole escape."""
    if len(text) > MAX_CHARS or not has_escape(text):
        return None
    query = text.find("?") if _query_plus(text) else -1
    parts: list[str] = []
    pieces: list[Piece] = []
    pos = canon = 0
    for m in _ESCAPE.finditer(text):
        if m.group("plus") is not None:
            if query < 0 or m.start() < query:
                continue
            value = " "
        elif m.group("pct") is not None:
            value = unquote(m.group("pct"), errors="replace")
        else:
            value = m.group("esc")
        if m.start() > pos:
            pieces.append(Piece(canon, pos, m.start(), atomic=False))
            parts.append(text[pos : m.start()])
            canon += m.start() - pos
        pieces.append(Piece(canon, m.start(), m.end(), atomic=True))
        parts.append(value)
        canon += len(value)
        pos = m.end()
    if not pieces:
        return None
    if pos < len(text):
        pieces.append(Piece(canon, pos, len(text), atomic=False))
        parts.append(text[pos:])
    out = "".join(parts)
    if out == text:
        return None
    return Canonical(text, out, pieces, None, [p.canon for p in pieces])
