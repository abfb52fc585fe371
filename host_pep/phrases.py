"""Phrase matching for long structured values the detectors cannot find inside free text.

A postal address read from a Contacts record ("1-49-3 Shibuya, Shibuya-ku, Tokyo 150-0002")
is a whole field there, but embedded in a note ("Visit Yui at 1-49-3 Shibuya, ...") no address
grammar may recognise it. Such observed values are indexed as normalized phrases in an
Aho-Corasick automaton per session, so a payload is scanned once, in time proportional to its
length, for every indexed phrase at word boundaries.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

import ahocorasick

_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
MIN_CHARS = 12
MIN_TOKENS = 3
PHRASE_KINDS = frozenset({"address"})


@lru_cache(maxsize=16384)
def normalize(text: str) -> str:
    return _NON_WORD.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def phrase_key(text: str) -> str | None:
    """The normalized phrase for ``text``, or None when it is too short to match safely."""
    norm = normalize(text)
    if len(norm) < MIN_CHARS or norm.count(" ") + 1 < MIN_TOKENS:
        return None
    return norm


def raw_pattern(phrase: str) -> re.Pattern[str]:
    """Finds the original spelling of a normalized phrase in a text (for evidence and rewrite)."""
    return re.compile(r"[\W_]*".join(re.escape(t) for t in phrase.split(" ")), re.IGNORECASE)


class PhraseIndex:
    """phrase -> payload objects; the automaton is rebuilt lazily after changes."""

    def __init__(self) -> None:
        self._values: dict[str, list[Any]] = {}
        self._automaton: Any = None
        self._dirty = False

    def __len__(self) -> int:
        return len(self._values)

    def add(self, phrase: str, value: Any) -> None:
        self._values.setdefault(phrase, []).append(value)
        self._dirty = True

    def discard(self, phrase: str, value: Any) -> None:
        bucket = self._values.get(phrase)
        if bucket is None:
            return
        if value in bucket:
            bucket.remove(value)
        if not bucket:
            del self._values[phrase]
            self._dirty = True

    def find(self, text: str) -> list[tuple[str, list[Any]]]:
        """Indexed phrases occurring in ``text`` at word boundaries."""
        if not self._values:
            return []
        if self._dirty or self._automaton is None:
            automaton = ahocorasick.Automaton()
            for phrase in self._values:
                automaton.add_word(phrase, phrase)
            automaton.make_automaton()
            self._automaton = automaton
            self._dirty = False
        norm = f" {normalize(text)} "
        out: list[tuple[str, list[Any]]] = []
        seen: set[str] = set()
        for end, phrase in self._automaton.iter(norm):
            start = end - len(phrase) + 1
            if norm[start - 1] != " " or norm[end + 1] != " " or phrase in seen:
                continue
            bucket = self._values.get(phrase)
            if bucket:
                seen.add(phrase)
                out.append((phrase, list(bucket)))
        return out
