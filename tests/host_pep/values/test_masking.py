"""Masked display forms reveal enough to recognise a value, never the value."""

from __future__ import annotations

import pytest

from host_pep.values import SensitiveKind, mask


@pytest.mark.parametrize(
    ("kind", "value", "masked"),
    [
        (SensitiveKind.PHONE, "+8613812345678", "+86 138****5678"),
        (SensitiveKind.PHONE, "+14155550132", "+1 415***0132"),
        (SensitiveKind.PHONE, "138-1234-5678", "138****5678"),
        (SensitiveKind.PHONE, "5678", "****"),
        (SensitiveKind.EMAIL, "zhang.wei@example.com", "z***@example.com"),
        (SensitiveKind.CARD, "4242 4242 4242 4242", "**** **** **** 4242"),
        (SensitiveKind.IBAN, "DE89 3704 0044 0532 0130 00", "DE89 **** 3000"),
        (SensitiveKind.OTP, "482913", "******"),
        (SensitiveKind.CREDENTIAL, "hunter2", "********"),
        (SensitiveKind.CREDENTIAL, "a-much-longer-secret", "********"),
    ],
)
def test_masks(kind: SensitiveKind, value: str, masked: str) -> None:
    assert mask(kind, value) == masked


def test_free_text_kinds_keep_only_a_prefix() -> None:
    masked = mask(SensitiveKind.ADDRESS, "1600 Amphitheatre Parkway, Mountain View")
    assert masked.endswith("***") and "Mountain" not in masked
    assert mask(SensitiveKind.HEALTH, "diabetes") == "d***"


def test_kind_given_as_string_and_unknown_kind() -> None:
    assert mask("email", "a@b.co") == "a***@b.co"  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        mask("passport", "X1234567")  # type: ignore[arg-type]


def test_keys_mask_like_their_values() -> None:
    assert mask(SensitiveKind.PHONE, "phone:+8613812345678") == "+86 138****5678"
    assert mask(SensitiveKind.EMAIL, "email:zhang.wei@example.com") == "z***@example.com"
