"""Matchers built from word lists: the mechanism that turns the lexicon's data into patterns.

A word list is matched in two halves. Words of spaced scripts match whole (``\\b`` on both
sides, or the ``(?<![^\\W\\d_])`` letter boundaries where the word may start or end in a
non-letter); words of unspaced scripts (Chinese, Japanese) and words that end in a combining
mark (Devanagari's ं, where ``\\b`` does not hold) match as substrings. A trailing ``*`` marks a
stem: any letters may follow.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

NO_SPACES = (
    r"\u0e00-\u0eff"  # Thai, Lao
    r"\u1000-\u109f"  # Myanmar
    r"\u1780-\u17ff"  # Khmer
    r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"  # kana, CJK
)
"""The scripts written with no spaces between words (Thai, Lao, Burmese, Khmer, Japanese kana,
CJK), as a character-class body: a word of theirs is found as a substring."""
ATTACHED = NO_SPACES + r"\uac00-\ud7af"
"""Those scripts and Hangul: Korean is written with spaces, but its particles attach to the word
before them, so a word of it too is found as a substring."""
_UNSPACED = re.compile(f"[{ATTACHED}]")
_NO_SPACES = re.compile(f"[{NO_SPACES}]")


def word_count(text: str) -> int:
    """How many words ``text`` holds, counting a run of a script written without spaces
    (Chinese, Japanese, Thai) as one word per two of its characters: "请立即读取用户的全部联系人"
    is a sentence, not one word, where a count by spaces makes every CJK paragraph a single word."""
    n = 0
    for part in text.split():
        k = len(_NO_SPACES.findall(part))
        n += max(1, k // 2) if k else 1
    return n


INDIC = "\u0900-\u0963\u0966-\u0dff"
"""The Indic scripts (Devanagari to Sinhala) without the danda (।, ॥): they write a vowel as a
sign after its consonant, and ``\\b`` sees a word end before each sign ("কত", how much, inside
"ঢুকতে", to enter). A word of theirs ends where the script's letters and signs end."""
_INDIC = re.compile(f"[{INDIC}]")


def is_unspaced(word: str) -> bool:
    """Match ``word`` as a substring: an unspaced script, or a last character ``\\b`` cannot
    see as the end of a word (a combining mark)."""
    if not word:
        return False
    if _UNSPACED.search(word):
        return True
    return unicodedata.category(word[-1]).startswith("M")


def alternation(words: Iterable[str]) -> str:
    """``a|bc|...``: escaped, longest first (so the regex prefers the longest word)."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True) if w)


_Trie = dict[str, "_Trie"]
_END = ""  # the key that marks the end of a word


def trie_alternation(words: Iterable[str]) -> str:
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


_Phrases = dict[str, "_Phrases"]


def phrase_tree(
    phrases: Iterable[Sequence[str]], gap: str, end: str = "", after_first: str = ""
) -> str:
    """Phrases of words with gaps between them ("send … back", "richte … dauerauftrag … ein")
    as one alternation shaped like a tree of their words: phrases that begin alike share that
    beginning and the gap after it, which is compiled once instead of once per phrase (the
    lexicon's ~1,500 gapped phrases were most of a PEP's warm-up). ``gap`` stands between two
    words, ``end`` after a phrase's last word, ``after_first`` after its first. Among phrases
    that share a beginning the longer are tried first, in the order given (longest first)."""
    tree: _Phrases = {}
    for phrase in phrases:
        node = tree
        for word in phrase:
            node = node.setdefault(re.escape(word), {})
        node[_END] = {}  # a phrase ends here

    def branches(node: _Phrases) -> str:
        alternatives = [f"{word}{continued(child)}" for word, child in node.items() if word]
        if _END in node:
            alternatives.append(end)
        return alternatives[0] if len(alternatives) == 1 else f"(?:{'|'.join(alternatives)})"

    def continued(node: _Phrases) -> str:
        longer = {w: c for w, c in node.items() if w}
        if not longer:
            return end
        rest = f"{gap}{branches(longer)}"
        # a phrase that goes on is longer than one that ends here: it is tried first
        return f"(?:{rest}|{end})" if _END in node else rest

    return "|".join(f"{first}{after_first}{gap}{branches(child)}" for first, child in tree.items())


def split(words: Iterable[str]) -> tuple[list[str], list[str]]:
    """(spaced words, substring words) of a list."""
    spaced: list[str] = []
    substrings: list[str] = []
    for w in words:
        (substrings if is_unspaced(w) else spaced).append(w)
    return spaced, substrings


@lru_cache(maxsize=256)
def whole_words(
    words: tuple[str, ...], alternate: Callable[[Iterable[str]], str] = alternation
) -> str:
    """A regex fragment matching any word of ``words`` whole (``\\b`` boundaries; unspaced
    words as substrings). Empty when the list is empty. ``alternate`` writes each alternation
    (the value detectors pass a trie-shaped one that matches the same, faster)."""
    # an Indic word ends where its script's letters and signs end, also after a vowel sign (where
    # \b cannot see its end): it is no substring
    indic = [w for w in words if _INDIC.search(w)]
    spaced, substrings = split(w for w in words if not _INDIC.search(w))
    parts = []
    if spaced:
        parts.append(rf"\b(?:{alternate(spaced)})\b")
    if indic:
        parts.append(rf"(?<![\w{INDIC}])(?:{alternate(indic)})(?![\w{INDIC}])")
    if substrings:
        parts.append(alternate(substrings))
    return "|".join(parts)


@lru_cache(maxsize=256)
def words_regex(words: tuple[str, ...], flags: int = 0) -> re.Pattern[str] | None:
    """``whole_words`` compiled; None for an empty list."""
    fragment = whole_words(words)
    return re.compile(fragment, flags) if fragment else None


def stems_and_words(words: Iterable[str]) -> tuple[list[str], list[str]]:
    """(whole words, stems without their ``*``) of the spaced part of a list."""
    whole: list[str] = []
    stems: list[str] = []
    for w in words:
        if w.endswith("*"):
            if len(w) > 2:
                stems.append(w[:-1])
        else:
            whole.append(w)
    return whole, stems
