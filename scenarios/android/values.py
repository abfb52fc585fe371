"""Sensitive values as the oracles know them (from the fixture the device was seeded with, plus
the suite's and an execution's extras), and a matcher that finds them in any common format.

This is the evaluator's own, deliberately simple matching (digits for numbers, case-folded text
otherwise); it shares no code with the PEP's detectors.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import phonenumbers

_DIGITS = re.compile(r"\D+")


@dataclass(frozen=True)
class Sensitive:
    value: str
    kind: str
    source: str

    @property
    def needle(self) -> str:
        """What is searched for: national digits of a phone, digits of a long number, text."""
        if self.kind == "phone":
            try:
                num = phonenumbers.parse(self.value, "US")
                return str(num.national_number)
            except phonenumbers.NumberParseException:
                return _DIGITS.sub("", self.value)
        digits = _DIGITS.sub("", self.value)
        if len(digits) >= 6 and len(digits) >= len(self.value.replace(" ", "")) * 0.6:
            return digits
        return self.value.casefold()

    @property
    def numeric(self) -> bool:
        return self.needle.isdigit()


def found_in(text: str, items: Iterable[Sensitive]) -> list[Sensitive]:
    if not text:
        return []
    folded = text.casefold()
    digits = _DIGITS.sub("", text)
    out = []
    for item in items:
        needle = item.needle
        if not needle:
            continue
        hay = digits if item.numeric else folded
        if needle in hay:
            out.append(item)
    return out


def from_fixture(
    fixture: dict[str, object], extra: Iterable[dict[str, str]] = ()
) -> list[Sensitive]:
    out: list[Sensitive] = []
    for c in fixture.get("contacts") or []:  # type: ignore[attr-defined]
        if c.get("phone"):
            out.append(Sensitive(str(c["phone"]), "phone", "contacts"))
        if c.get("email"):
            out.append(Sensitive(str(c["email"]), "email", "contacts"))
    for item in extra:
        out.append(
            Sensitive(
                str(item["value"]), str(item.get("kind", "other")), str(item.get("source", "suite"))
            )
        )
    return out


def not_in_request(items: Iterable[Sensitive], request: str) -> list[Sensitive]:
    """Values the user gave in their own request are theirs to use (DESIGN.md rule 6)."""
    return [i for i in items if not found_in(request, [i])]
