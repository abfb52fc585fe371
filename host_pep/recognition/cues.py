"""What the words beside a number say it is: a one-time code ("your code is 482913"), or a
record's number ("order 4821", "room 1203"). Words are data (``languages/*.yaml``, section
``cues``); this module compiles them once."""

from __future__ import annotations

import re
from functools import lru_cache

from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.wordmatch import is_unspaced

# what may follow a record word before its number: "order #", "room no.", "policy number:"
_NUMBER_SUFFIX = r"\s*(?:#|no\.?|nr\.?|number|id|code|:)?\s*[#:]?\s*$"


def _fragment(words: tuple[str, ...]) -> str:
    """Whole words ("*" a stem, a space any of space/hyphen/nothing); unspaced scripts as
    substrings."""
    spaced, unspaced = [], []
    for w in sorted(set(words), key=len, reverse=True):
        if not w:
            continue
        if is_unspaced(w):
            unspaced.append(re.escape(w))
            continue
        stem = w.endswith("*")
        body = r"[\s-]?".join(re.escape(part) for part in w.rstrip("*").split())
        spaced.append(body + (r"\w*" if stem else ""))
    parts = []
    if spaced:
        # not \b: a cue may end in punctuation ("no.", "#")
        parts.append(rf"(?<!\w)(?:{'|'.join(spaced)})(?!\w)")
    if unspaced:
        parts.append("|".join(unspaced))
    return "|".join(parts) or "(?!)"


class _Cues:
    def __init__(self) -> None:
        lex = lexicon()
        self.code = re.compile(_fragment(lex.code_cues), re.IGNORECASE)
        self.strong_code = re.compile(_fragment(lex.strong_code_cues), re.IGNORECASE)
        record = _fragment(lex.record_number_cues)
        self.record = re.compile(rf"(?:{record}){_NUMBER_SUFFIX}|#\s*$", re.IGNORECASE)
        identifier = _fragment(lex.record_number_cues + lex.identifier_number_cues)
        self.identifier = re.compile(rf"(?:{identifier}){_NUMBER_SUFFIX}|#\s*$", re.IGNORECASE)


@lru_cache(maxsize=1)
def _cues() -> _Cues:
    return _Cues()


def speaks_of_codes(text: str) -> bool:
    """The text speaks of a code or a confirmation ("code", "verify", "log in", "验证")."""
    return _cues().code.search(text) is not None


def strong_code_cue(text: str) -> bool:
    """An unmistakable code word ("code", "OTP", "one-time"), not "confirm" or "expires"."""
    return _cues().strong_code.search(text) is not None


def names_a_record(before: str) -> bool:
    """The words right before a number name it as a record's ("order 4821", "room no. 12")."""
    return _cues().record.search(before) is not None


def names_an_identifier(before: str) -> bool:
    """Like ``names_a_record``, with the words that make a number a reference too
    ("confirmation 8812", "customer id")."""
    return _cues().identifier.search(before) is not None
