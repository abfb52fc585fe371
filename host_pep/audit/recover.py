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
from collections.abc import Collection
from typing import NamedTuple

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


@functools.lru_cache(maxsize=1024)
def _patterns(masked: str, digits: bool) -> tuple[re.Pattern[str], ...]:
    """The exact pattern of ``masked``, then the loose one; none if it anchors on too little."""
    exact = _pattern(masked, exact=True, digits=digits)
    if exact is None:
        return ()
    loose = _pattern(masked, exact=False, digits=digits)
    return (exact,) if loose is None else (exact, loose)


def _fit(patterns: tuple[re.Pattern[str], ...], candidates: Collection[str]) -> set[str]:
    for pattern in patterns:
        found = {c for c in candidates if pattern.fullmatch(c)}
        if found:
            return found
    return set()


class _Plan(NamedTuple):
    """What recovering under one mask needs, worked out once per mask (masks recur)."""

    digits: bool
    """The visible characters are all digits: the mask hides a number."""
    patterns: tuple[re.Pattern[str], ...]
    national: tuple[re.Pattern[str], ...]
    """For "+<cc> <number>" masks: the number's patterns without the country code."""
    country: str


@functools.lru_cache(maxsize=1024)  # masks hold no secret (see _pattern)
def _plan(masked: str) -> _Plan:
    visible = [ch for ch in skeleton_with_masks(masked) if ch not in MASK_CHARS]
    digits = bool(visible) and all(ch.isdigit() for ch in visible)
    cc = _CC_PREFIX.match(masked) if digits else None
    return _Plan(
        digits=digits,
        patterns=_patterns(masked, digits),
        national=_patterns(masked[cc.end() :], True) if cc else (),
        country=cc.group(1) if cc else "",
    )


def recover(masked: str, texts: list[str]) -> str | None:
    plan = _plan(masked)
    if plan.digits:
        # the digits of each run (a run holds \d digits and separators only)
        runs = [_NOT_DIGIT.sub("", m.group(0)) for t in texts for m in _DIGIT_RUN.finditer(t)]
        found = _fit(plan.patterns, runs)
        if plan.country:
            found |= {plan.country + r for r in _fit(plan.national, runs)}
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
    found = _fit(plan.patterns, windows)  # a set of fits: the order they are tried in is moot
    return found.pop() if len(found) == 1 else None
