"""Email addresses, plain and obfuscated; keys are case-folded ``email:local@domain``.

Obfuscated forms: "name at domain dot com", "name [at] domain [dot] com", "name(at)domain(dot)com",
"name @ domain . com", full-width ＠ (folded earlier), Chinese 艾特/点. A bare English " at " only
counts when the domain is obfuscated too (" dot ", "[dot]", "点") and ends in a known top-level
domain, so "meet at 5 at the cafe" or "look at example.com" are not addresses.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask_email
from host_pep.values.obfuscation import Canonical, lowered

_LOCAL = r"[A-Za-z0-9](?:[A-Za-z0-9._%+\-]{0,62}[A-Za-z0-9_%+\-])?"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"

_PLAIN = re.compile(
    rf"(?<![A-Za-z0-9._%+\-])(?P<local>{_LOCAL}(?: \. {_LOCAL})*)(?: ?@ ?)"
    rf"(?P<domain>(?:{_LABEL}(?:\.| \. ))+[A-Za-z]{{2,24}})(?![A-Za-z0-9\-])"
)

_BR_AT = r"\s*[\[({<]\s*(?:at|@)\s*[\])}>]\s*"
_BR_DOT = r"\s*[\[({<]\s*(?:dot|\.)\s*[\])}>]\s*"
_WORD_AT = r"\s+at\s+"
_WORD_DOT = r"\s+dot\s+"
_CJK_AT = r"\s*(?:艾特|圈a|圈A)\s*"
_CJK_DOT = r"\s*[点點]\s*"
_ANY_DOT = rf"(?:{_BR_DOT}|{_WORD_DOT}|{_CJK_DOT}|\.| \. )"
_OBF_DOT = rf"(?:{_BR_DOT}|{_WORD_DOT}|{_CJK_DOT})"
_OBF_LOCAL = rf"{_LOCAL}(?:{_OBF_DOT}{_LOCAL})*"

_OBFUSCATED = re.compile(
    rf"(?<![A-Za-z0-9._%+\-])(?P<local>{_OBF_LOCAL})"
    rf"(?:(?P<at>{_BR_AT}|{_CJK_AT}|\s*@\s*)(?P<domain>(?:{_LABEL}{_ANY_DOT})+(?P<tld>[A-Za-z]{{2,24}}))"
    rf"|{_WORD_AT}(?P<wdomain>(?:{_LABEL}{_ANY_DOT})*{_LABEL}{_OBF_DOT}(?P<wtld>[A-Za-z]{{2,24}})))"
    rf"(?![A-Za-z0-9\-])",
    re.IGNORECASE,
)
_DOT_TOKEN = re.compile(rf"{_BR_DOT}|{_WORD_DOT}|{_CJK_DOT}| \. ", re.IGNORECASE)

# Top-level domains accepted after a spelled-out " at ": the common generic ones and any
# two-letter country code.
_WORD_TLDS = frozenset(
    [
        "com", "net", "org", "edu", "gov", "mil", "int", "info", "biz", "io", "co", "me", "app",
        "dev", "ai", "xyz", "online", "site", "tech", "email", "mail",
    ]
)  # fmt: skip


def email_key(local: str, domain: str) -> str:
    return f"email:{_canon(local)}@{_canon(domain)}"


def _canon(part: str) -> str:
    return _DOT_TOKEN.sub(".", part).replace(" ", "").casefold()


# Anchors: an "@" or an "at" (bare, bracketed or Chinese), found on the lower-cased text. Each
# pattern is then tried only at the start of the local part left of an anchor, so the cost is
# one anchored match per anchor instead of a backtracking scan from every word.
_ANCHOR = re.compile(r"@|\bat\b|艾特|圈a")
_LOCAL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-")
_DOT_BEFORE = re.compile(rf"(?:{_OBF_DOT}| \. )$", re.IGNORECASE)


def find_emails(layer: Canonical) -> list[Detected]:
    text = layer.text
    low = lowered(text)
    if "@" not in text and not _maybe_obfuscated(low):
        return []
    found: list[Detected] = []
    covered = -1
    for anchor in _ANCHOR.finditer(low):
        if anchor.start() < covered:
            continue
        for start in _local_starts(text, _before_at(low, anchor.start())):
            hit = _match_at(text, start)
            if hit is not None and hit.end > anchor.start():
                found.append(_detected(layer, start, hit.end, hit.local, hit.domain))
                covered = hit.end
                break
    return found


class _Hit(NamedTuple):
    local: str
    domain: str
    end: int


def _match_at(text: str, start: int) -> _Hit | None:
    m = _PLAIN.match(text, start)
    if m is not None:
        return _Hit(m.group("local"), m.group("domain"), m.end())
    m = _OBFUSCATED.match(text, start)
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


def _local_starts(text: str, end: int) -> list[int]:
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
        dot = _DOT_BEFORE.search(text, max(0, k - 12), k)
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
    if "艾特" in low or "圈a" in low:
        return True
    if "at" not in low:
        return False
    if any(b in low for b in "[({<") and any(b in low for b in "])}>"):
        return True
    # a spelled " at " only counts with an obfuscated dot
    return " at " in low and (" dot " in low or "点" in low or "點" in low)


def _detected(layer: Canonical, start: int, end: int, local: str, domain: str) -> Detected:
    key = email_key(local, domain)
    s, e = layer.to_original(start, end)
    return Detected(
        kind=SensitiveKind.EMAIL,
        raw=layer.original[s:e],
        keys=(key,),
        span=(s, e),
        masked=mask_email(key[len("email:") :]),
    )
