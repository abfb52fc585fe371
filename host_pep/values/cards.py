"""Payment card numbers: 13-19 digits, a real issuer prefix, and a valid Luhn check digit.

Ten percent of random digit strings pass Luhn, so the issuer prefix (major industry identifier
2-6: Mastercard 2-series, Amex/Diners/JCB, Visa, Mastercard/Maestro, Discover/UnionPay) is
required too; order ids and phone numbers with a country code (86..., 1...) stay out.

A number written in a card's own grouping (4-4-4-4, Amex's 4-6-5) with an issuer
prefix is a card even when its check digit fails: that is how wallets, statements and forms
print one (test and placeholder numbers included), and no order id or phone is written so.
"""

from __future__ import annotations

import re

from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask_card
from host_pep.values.obfuscation import Canonical

# digits in groups separated by a space, a dash or a dot ("4539.1488.0343.6467")
_CANDIDATE = re.compile(r"(?<![A-Za-z0-9])\d(?:[ \-.]?\d){12,22}(?![A-Za-z0-9])")
_GROUP = re.compile(r"\d+")


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


_CARD_GROUPINGS = frozenset({(4, 4, 4, 4), (4, 6, 5)})


def is_card_number(digits: str, grouping: tuple[int, ...] = ()) -> bool:
    if not (13 <= len(digits) <= 19 and digits[0] in "23456"):
        return False
    return luhn_ok(digits) or grouping in _CARD_GROUPINGS


def find_cards(layer: Canonical) -> list[Detected]:
    text = layer.text
    found: list[Detected] = []
    for m in _CANDIDATE.finditer(text):
        if text[max(0, m.start() - 2) : m.start()].strip().endswith("+"):
            continue  # "+49 171...": a phone number with its country code
        if m.start() > 1 and text[m.start() - 1] in "-_/#" and text[m.start() - 2].isalnum():
            continue  # part of an identifier ("ORD-4242...")
        groups = [
            (g.group(), m.start() + g.start(), m.start() + g.end())
            for g in _GROUP.finditer(m.group())
        ]
        # The whole run first, then shorter prefixes of whole groups (a card followed by a CVV;
        # inherently ambiguous with a 19-digit card whose check fails but whose first 16 pass).
        for last in range(len(groups), 0, -1):
            digits = "".join(g[0] for g in groups[:last])
            if len(digits) < 13:
                break
            if is_card_number(digits, tuple(len(g[0]) for g in groups[:last])):
                s, e = layer.to_original(groups[0][1], groups[last - 1][2])
                found.append(
                    Detected(
                        kind=SensitiveKind.CARD,
                        raw=layer.original[s:e],
                        keys=(f"card:{digits}",),
                        span=(s, e),
                        masked=mask_card(digits),
                    )
                )
                break
    return found


def card_candidates(text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, key) of every run of 13-19 digits in any grouping or none, keyed on its
    digits. Lookup-only: a run counts when it is a card observed earlier, so its check digit
    and grouping need not make it a card on their own."""
    out = []
    for m in _CANDIDATE.finditer(text):
        digits = "".join(_GROUP.findall(m.group(0)))
        if 13 <= len(digits) <= 19:
            out.append((m.start(), m.end(), f"card:{digits}"))
    return tuple(out)
