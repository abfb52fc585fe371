"""Lookup keys of a payload for matching against session memory.

``detect`` reports values that are sensitive *by their shape and context*. Some values are only
sensitive because of what was observed earlier: a six-digit number typed into a note is just a
number, unless the session saw that exact code arrive by SMS; a word typed into a form is just a
word, unless it is the password the user typed into a password field. ``match_keys`` therefore
adds, to the keys of every detection, lookup-only keys for every bare code-like token
(``otp:<code>``) and every word-like token (``credential:<sha256>``). They are meant to be
looked up in the index of observations, never recorded as observations themselves.
"""

from __future__ import annotations

import re
from functools import lru_cache

from host_pep.values.credentials import credential_key
from host_pep.values.detect import CACHE_MAX_CHARS, DEFAULT_CONTEXT, detect
from host_pep.values.kinds import DetectionContext
from host_pep.values.obfuscation import fold, numerals

Span = tuple[int, int]

_CODE_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:\d{4,8}|(?=[A-Z]*\d)[A-Z0-9]{4,8})(?![A-Za-z0-9])")
_WORD_TOKEN = re.compile(r"\S{4,128}")
_EDGE_PUNCT = "\"'“”‘’()[]{}<>.,;:!?。，；：！？"


def match_keys(text: str, ctx: DetectionContext | None = None) -> dict[str, list[Span]]:
    """Every key under which ``text`` could match an observation, with the spans carrying it."""
    if ctx is None:
        ctx = DEFAULT_CONTEXT
    if len(text) <= CACHE_MAX_CHARS:
        return {key: list(spans) for key, spans in _cached(text, ctx)}
    return _match_keys(text, ctx)


@lru_cache(maxsize=4096)
def _cached(text: str, ctx: DetectionContext) -> tuple[tuple[str, tuple[Span, ...]], ...]:
    return tuple((key, tuple(spans)) for key, spans in _match_keys(text, ctx).items())


def _match_keys(text: str, ctx: DetectionContext) -> dict[str, list[Span]]:
    seen: dict[str, dict[Span, None]] = {}  # insertion-ordered sets

    def add(key: str, span: Span) -> None:
        seen.setdefault(key, {})[span] = None

    for d in detect(text, ctx):
        for key in d.keys:
            add(key, d.span)
    digits = numerals(fold(text))
    for m in _CODE_TOKEN.finditer(digits.text):
        add(f"otp:{m.group().upper()}", digits.to_original(*m.span()))
    for m in _WORD_TOKEN.finditer(text):
        word = m.group()
        stripped = word.strip(_EDGE_PUNCT)
        if len(stripped) < 4:
            continue
        start = m.start() + word.index(stripped)
        add(credential_key(stripped), (start, start + len(stripped)))
        if stripped != word:
            add(credential_key(word), m.span())
    return {key: list(spans) for key, spans in seen.items()}
