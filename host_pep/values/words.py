"""Building the detectors' matchers from the lexicon's word lists (``values`` in
``host_pep/recognition/languages/*.yaml``): the parts every detector shares.

A word of a spaced script matches whole, a word of an unspaced one (CJK, Hangul) as a substring
(``recognition.wordmatch``). Each detector compiles its patterns once, on first use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from host_pep.recognition.wordmatch import whole_words

_Trie = dict[str, "_Trie"]
_END = ""  # the key that marks the end of a word


def alternation(words: Iterable[str]) -> str:
    """The words as one regex alternation, written as a trie ("diagnos(?:is|es)" for diagnosis,
    diagnoses): the regex engine tries one branch per first letter instead of every word, and
    at each branch point the longer words first -- the same match as "longest first"."""
    root: _Trie = {}
    for word in words:
        if not word:
            continue
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[_END] = {}
    return _branches(root, top=True)


def _branches(node: _Trie, top: bool = False) -> str:
    """A trie node's words after it; the end of a word there makes the rest optional (greedy:
    longer words are tried first)."""
    items = [(ch, child) for ch, child in sorted(node.items()) if ch]
    if not items:
        return ""
    if len(items) > 1 and all(child.keys() == {_END} for _, child in items):
        parts = ["[" + "".join(re.escape(ch) for ch, _ in items) + "]"]  # "[点點]"
    else:
        parts = [re.escape(ch) + _branches(child) for ch, child in items]
    if _END in node:
        return f"{parts[0]}?" if parts[0].startswith("[") else f"(?:{'|'.join(parts)})?"
    if len(parts) == 1 or top:
        return "|".join(parts)  # the caller groups the whole alternation
    return f"(?:{'|'.join(parts)})"


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
