"""Recover the clear value behind a masked evidence item, so the audit can hash it.

A verdict carries evidence only in masked form ("+86 138****5678", "z***@example.com",
"**** **** **** 1111"); the event carries the clear payload. To store a salted hash that
correlates equal values, we look for the one value in the evidence's field that the mask fits:

* digit masks (phones, cards, codes): candidates are digit runs (separators allowed); a run must
  match the whole mask, optionally without its "+<country code>" prefix, and is hashed with the
  country code so "+86 138 1234 5678" and "138-1234-5678" under "+86 138****5678" correlate;
* other masks (e-mail, IBAN): candidates are runs of 1..8 whitespace-separated tokens whose
  letters and digits fit the mask exactly.
More than one distinct fit is ambiguous: then nothing is hashed (the masked form still is stored).
"""

from __future__ import annotations

import functools
import re

from host_pep.audit.masking import skeleton

MASK_CHARS = frozenset("*•●·#")
_DIGIT_RUN = re.compile(r"\+?\d(?:[\s.\-()/]{0,3}\d)*")
_NOT_DIGIT = re.compile(r"\D+")
_CC_PREFIX = re.compile(r"^\s*\+(\d{1,3})\s+")
_MAX_WINDOW = 8


@functools.lru_cache(maxsize=1024)  # masks recur (one per observed value); they hold no secret
def _pattern(masked: str, *, exact: bool, digits: bool) -> re.Pattern[str] | None:
    """Regex over skeletons: visible characters literal, runs of mask characters wildcards."""
    wildcard = r"\d" if digits else "."
    parts: list[str] = []
    run = 0
    literals = 0
    for ch in skeleton_with_masks(masked):
        if ch in MASK_CHARS:
            run += 1
            continue
        if run:
            parts.append(f"{wildcard}{{{run}}}" if exact else f"{wildcard}+")
            run = 0
        parts.append(re.escape(ch))
        literals += 1
    if run:
        parts.append(f"{wildcard}{{{run}}}" if exact else f"{wildcard}+")
    if literals < 2:  # too little to anchor on: any fit would be a guess
        return None
    return re.compile("".join(parts))


@functools.lru_cache(maxsize=1024)
def skeleton_with_masks(value: str) -> str:
    """``skeleton`` that keeps mask characters in place."""
    return "".join(ch if ch in MASK_CHARS else skeleton(ch) for ch in value)


def _fits(pattern_src: str, candidates: list[str], *, digits: bool) -> set[str]:
    for exact in (True, False):
        pattern = _pattern(pattern_src, exact=exact, digits=digits)
        if pattern is None:
            return set()
        found = {c for c in candidates if pattern.fullmatch(c)}
        if found:
            return found
    return set()


def recover(masked: str, texts: list[str]) -> str | None:
    visible = [ch for ch in skeleton_with_masks(masked) if ch not in MASK_CHARS]
    if visible and all(ch.isdigit() for ch in visible):
        # the digits of each run (a run holds \d digits and separators only)
        runs = [_NOT_DIGIT.sub("", m.group(0)) for t in texts for m in _DIGIT_RUN.finditer(t)]
        found = _fits(masked, runs, digits=True)
        cc = _CC_PREFIX.match(masked)
        if cc:
            national = masked[cc.end() :]
            found |= {cc.group(1) + r for r in _fits(national, runs, digits=True)}
        return found.pop() if len(found) == 1 else None
    windows: set[str] = set()
    for t in texts:
        # the skeleton of a window is the concatenation of its tokens' skeletons (whitespace is
        # dropped and never composes with a neighbour), so each token is normalized once
        parts = [skeleton(token) for token in t.split()]
        for i in range(len(parts)):
            window = ""
            for part in parts[i : i + _MAX_WINDOW]:
                window += part
                windows.add(window)
    found = _fits(masked, sorted(windows), digits=False)
    return found.pop() if len(found) == 1 else None
