"""Email addresses, plain and obfuscated; keys are case-folded ``email:local@domain``.

Obfuscated forms: "name at domain dot com", "name [at] domain [dot] com", "name(at)domain(dot)com",
"name @ domain . com", full-width ＠ (folded earlier), Chinese 艾特/点. A bare English " at " only
counts when the domain is obfuscated too (" dot ", "[dot]", "点") and ends in a known top-level
domain, so "meet at 5 at the cafe" or "look at example.com" are not addresses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.wordmatch import split
from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask_email
from host_pep.values.obfuscation import Canonical, lowered
from host_pep.values.words import alternation, any_of, whole

_LOCAL = r"[A-Za-z0-9](?:[A-Za-z0-9._%+\-]{0,62}[A-Za-z0-9_%+\-])?"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"

_PLAIN = re.compile(
    rf"(?<![A-Za-z0-9._%+\-])(?P<local>{_LOCAL}(?: \. {_LOCAL})*)(?: ?@ ?)"
    rf"(?P<domain>(?:{_LABEL}(?:\.| \. ))+[A-Za-z]{{2,24}})(?![A-Za-z0-9\-])"
)


@dataclass(frozen=True, slots=True)
class _Spelled:
    """How "@" and "." are spelled out (``values.emails`` of every language file), compiled once:
    words of spaced scripts stand between spaces or in brackets ("name at domain dot com",
    "name [at] domain [dot] com"), words of unspaced ones anywhere ("名字艾特域名点com")."""

    obfuscated: re.Pattern[str]
    dot_token: re.Pattern[str]
    anchor: re.Pattern[str]
    """An "@" or an "at" (bare, bracketed or unspaced), found on the lower-cased text."""
    dot_before: re.Pattern[str]
    at_words: tuple[str, ...]
    at_marks: tuple[str, ...]
    dot_words: tuple[str, ...]
    dot_marks: tuple[str, ...]


@lru_cache(maxsize=1)
def _spelled() -> _Spelled:
    words = lexicon().values.emails
    at_words, at_marks = split(words.at)
    dot_words, dot_marks = split(words.dot)
    br_at = rf"\s*[\[({{<]\s*(?:{alternation([*at_words, '@'])})\s*[\])}}>]\s*"
    br_dot = rf"\s*[\[({{<]\s*(?:{alternation([*dot_words, '.'])})\s*[\])}}>]\s*"
    word_at = rf"\s+{any_of(at_words)}\s+"
    word_dot = rf"\s+{any_of(dot_words)}\s+"
    mark_at = rf"\s*{any_of(at_marks)}\s*"
    mark_dot = rf"\s*{any_of(dot_marks)}\s*"
    any_dot = rf"(?:{br_dot}|{word_dot}|{mark_dot}|\.| \. )"
    obf_dot = rf"(?:{br_dot}|{word_dot}|{mark_dot})"
    obf_local = rf"{_LOCAL}(?:{obf_dot}{_LOCAL})*"
    obfuscated = (
        rf"(?<![A-Za-z0-9._%+\-])(?P<local>{obf_local})"
        rf"(?:(?P<at>{br_at}|{mark_at}|\s*@\s*)(?P<domain>(?:{_LABEL}{any_dot})+(?P<tld>[A-Za-z]{{2,24}}))"
        rf"|{word_at}(?P<wdomain>(?:{_LABEL}{any_dot})*{_LABEL}{obf_dot}(?P<wtld>[A-Za-z]{{2,24}})))"
        rf"(?![A-Za-z0-9\-])"
    )
    anchor = "|".join(
        filter(None, ["@", whole(at_words) if at_words else "", alternation(at_marks)])
    )
    return _Spelled(
        obfuscated=re.compile(obfuscated, re.IGNORECASE),
        dot_token=re.compile(rf"{br_dot}|{word_dot}|{mark_dot}| \. ", re.IGNORECASE),
        anchor=re.compile(anchor),
        dot_before=re.compile(rf"(?:{obf_dot}| \. )$", re.IGNORECASE),
        at_words=tuple(at_words),
        at_marks=tuple(at_marks),
        dot_words=tuple(dot_words),
        dot_marks=tuple(dot_marks),
    )


# Top-level domains accepted after a spelled-out " at ": the common generic ones and any
# two-letter country code.
_WORD_TLDS = frozenset(
    [
        "com", "net", "org", "edu", "gov", "mil", "int", "info", "biz", "io", "co", "me", "app",
        "dev", "ai", "xyz", "online", "site", "tech", "email", "mail",
    ]
)  # fmt: skip


def email_key(local: str, domain: str) -> str:
    return _key(_spelled(), local, domain)


def _key(spelled: _Spelled, local: str, domain: str) -> str:
    """``email:local@domain``, spelled-out dots written as dots, spaces dropped, case-folded."""
    dot = spelled.dot_token.sub
    local = dot(".", local).replace(" ", "").casefold()
    return f"email:{local}@{dot('.', domain).replace(' ', '').casefold()}"


# Each pattern is tried only at the start of the local part left of an anchor ("@" or a
# spelled "at"), so the cost is one anchored match per anchor instead of a backtracking scan
# from every word.
_LOCAL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-")


def find_emails(layer: Canonical) -> list[Detected]:
    text = layer.text
    low = lowered(text)
    if "@" not in text and not _maybe_obfuscated(low):
        return []
    spelled = _spelled()
    found: list[Detected] = []
    covered = -1
    for anchor in spelled.anchor.finditer(low):
        if anchor.start() < covered:
            continue
        for start in _local_starts(spelled, text, _before_at(low, anchor.start())):
            hit = _match_at(spelled, text, start)
            if hit is not None and hit.end > anchor.start():
                found.append(_detected(spelled, layer, start, hit.end, hit.local, hit.domain))
                covered = hit.end
                break
    return found


class _Hit(NamedTuple):
    local: str
    domain: str
    end: int


def _match_at(spelled: _Spelled, text: str, start: int) -> _Hit | None:
    m = _PLAIN.match(text, start)
    if m is not None:
        return _Hit(m.group("local"), m.group("domain"), m.end())
    m = spelled.obfuscated.match(text, start)
    if m is None:
        return None
    domain = m.group("domain") or m.group("wdomain")
    tld = (m.group("tld") or m.group("wtld")).lower()
    if m.group("wdomain") is not None and not (tld in _WORD_TLDS or len(tld) == 2):
        return None
    return _Hit(m.group("local"), domain, m.end())


def _before_at(low: str, pos: int) -> int:
    """Where the local part ends: left of the anchor's spaces and opening bracket."""
    while pos > 0 and low[pos - 1] == " ":
        pos -= 1
    if pos > 0 and low[pos - 1] in "[({<":
        pos -= 1
        while pos > 0 and low[pos - 1] == " ":
            pos -= 1
    return pos


def _local_starts(spelled: _Spelled, text: str, end: int) -> list[int]:
    """Candidate starts of a local part ending at ``end``: the plain word, then the word
    extended left over obfuscated dots ("john dot smith")."""
    k = end
    while k > 0 and text[k - 1] in _LOCAL_CHARS:
        k -= 1
    while k < end and not text[k].isalnum():
        k += 1
    if k >= end:
        return []
    starts = [k]
    while True:
        dot = spelled.dot_before.search(text, max(0, k - 12), k)
        if dot is None:
            break
        j = dot.start()
        while j > 0 and text[j - 1] in _LOCAL_CHARS:
            j -= 1
        if j == dot.start():
            break
        k = j
        starts.insert(0, k)
    return starts


def _maybe_obfuscated(low: str) -> bool:
    """Cheap necessary condition for an obfuscated address (no '@')."""
    spelled = _spelled()
    for mark in spelled.at_marks:
        if mark in low:
            return True
    for word in spelled.at_words:
        if word in low:
            break
    else:
        return False
    if any(b in low for b in "[({<") and any(b in low for b in "])}>"):
        return True
    # a spelled " at " only counts with an obfuscated dot
    return any(f" {w} " in low for w in spelled.at_words) and (
        any(f" {w} " in low for w in spelled.dot_words)
        or any(mark in low for mark in spelled.dot_marks)
    )


def _detected(
    spelled: _Spelled, layer: Canonical, start: int, end: int, local: str, domain: str
) -> Detected:
    key = _key(spelled, local, domain)
    s, e = layer.to_original(start, end)
    return Detected(
        kind=SensitiveKind.EMAIL,
        raw=layer.original[s:e],
        keys=(key,),
        span=(s, e),
        masked=mask_email(key[len("email:") :]),
    )
