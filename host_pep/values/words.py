"""Building the detectors' matchers from the lexicon's word lists (``values`` in
``host_pep/recognition/languages/*.yaml``): the parts every detector shares.

A word of a spaced script matches whole, a word of an unspaced one (CJK, Hangul) as a substring
(``recognition.wordmatch``). Each detector compiles its patterns once, on first use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from host_pep.recognition.wordmatch import trie_alternation as alternation
from host_pep.recognition.wordmatch import whole_words

__all__ = ["alternation", "any_of", "necessary", "prefilter", "whole"]


def necessary(literals: Iterable[str]) -> list[str]:
    """The fewest of ``literals`` one of which every text holding any of them holds: a
    literal that contains another is left out ("passcode" holds "code"). A substring search
    for them is a cheap necessary condition for the words they come from."""
    unique = sorted(set(filter(None, literals)), key=lambda lit: (len(lit), lit))
    kept: list[str] = []
    for lit in unique:
        if not any(k in lit for k in kept):
            kept.append(lit)
    return kept


def prefilter(literals: Iterable[str]) -> re.Pattern[str]:
    """A substring search for ``necessary(literals)`` (never matches when there are none)."""
    return re.compile(alternation(necessary(literals)) or "(?!)")


def whole(words: Iterable[str]) -> str:
    """``\\b(?:spaced words)\\b|unspaced words`` (``wordmatch.whole_words`` with the trie
    alternation); "(?!)" for no words."""
    return whole_words(tuple(words), alternation) or "(?!)"


def any_of(words: Iterable[str]) -> str:
    """``(?:a|bc|...)`` of the words as literals, longest first; "(?!)" for no words."""
    alt = alternation(words)
    return f"(?:{alt})" if alt else "(?!)"
