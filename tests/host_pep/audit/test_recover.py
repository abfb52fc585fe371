"""Recovering the clear value behind masked evidence (so equal values get equal digests)."""

from __future__ import annotations

import pytest

from host_pep.audit.recover import recover

TEXT = (
    "Call 138 1234 5678 or mail zhang.wei@example.com, card 4111 1111 1111 1111, "
    "code 493817, IBAN DE89 3704 0044 0532 0130 00, room 402"
)


@pytest.mark.parametrize(
    ("masked", "value"),
    [
        ("+86 138****5678", "8613812345678"),  # country code kept so formats correlate
        ("138****5678", "13812345678"),
        ("13*******78", "13812345678"),
        ("z***@example.com", "zhangweiexamplecom"),
        ("**** **** **** 1111", "4111111111111111"),
        ("************1111", "4111111111111111"),
        ("DE89 **** 3000", "de89370400440532013000"),
    ],
)
def test_masks_of_several_styles(masked: str, value: str) -> None:
    assert recover(masked, [TEXT]) == value


def test_formats_of_one_number_recover_to_one_value() -> None:
    masked = "+86 138****5678"
    forms = ["+86 138-1234-5678", "138 1234 5678", "(138) 1234-5678", "+8613812345678"]
    assert {recover(masked, [f"ring {form} now"]) for form in forms} == {"8613812345678"}


def test_ambiguous_or_unanchored_masks_recover_nothing() -> None:
    assert recover("138****5678", ["138 1234 5678 and 138 9999 5678"]) is None
    assert recover("******", [TEXT]) is None  # a fully masked code: any 6 digits would fit
    assert recover("Call Z***", [TEXT]) is None  # free text: many windows fit
    assert recover("139****0000", [TEXT]) is None  # not in the text at all
    assert recover("138****5678", ["1381234567890"]) is None  # only a whole run counts
