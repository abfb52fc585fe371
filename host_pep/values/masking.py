"""Display forms that identify a value to a human without revealing it (audit, evidence)."""

from __future__ import annotations

import re
from functools import lru_cache

import phonenumbers

from host_pep.values.kinds import SensitiveKind

_NON_DIGIT = re.compile(r"\D")


@lru_cache(maxsize=4096)
def mask_phone(value: str) -> str:
    """ "+8613812345678" -> "+86 138****5678"; a national number keeps only its last four."""
    digits = _NON_DIGIT.sub("", value)
    if value.lstrip().startswith("+"):
        try:
            number = phonenumbers.parse("+" + digits, None)
        except phonenumbers.NumberParseException:
            number = None
        if number is not None and number.country_code:
            cc = str(number.country_code)
            nsn = digits[len(cc) :]
            return f"+{cc} {_middle(nsn)}"
    return _middle(digits)


def _middle(digits: str) -> str:
    if len(digits) >= 8:
        return digits[:3] + "*" * (len(digits) - 7) + digits[-4:]
    if len(digits) > 4:
        return "*" * (len(digits) - 4) + digits[-4:]
    return "*" * len(digits)


def mask_email(value: str) -> str:
    local, _, domain = value.partition("@")
    if not domain:
        return (value[:1] + "***") if value else "***"
    return f"{local[:1]}***@{domain}"


def mask_card(value: str) -> str:
    digits = _NON_DIGIT.sub("", value)
    return "**** **** **** " + digits[-4:] if len(digits) >= 4 else "****"


def mask_iban(value: str) -> str:
    compact = re.sub(r"\s", "", value).upper()
    return f"{compact[:4]} **** {compact[-4:]}" if len(compact) > 8 else "****"


def mask_text(value: str) -> str:
    """Free-text kinds (addresses, health terms): a short prefix, enough to recognise in a log."""
    text = " ".join(value.split())
    keep = min(6, max(1, len(text) // 5))
    return text[:keep] + "***"


def mask(kind: SensitiveKind, value: str) -> str:
    """The masked display form of ``value`` as a value of ``kind``."""
    kind = SensitiveKind(kind)
    value = value.removeprefix(f"{kind.value}:")  # a key ("phone:+86...") masks like its value
    if kind is SensitiveKind.PHONE:
        return mask_phone(value)
    if kind is SensitiveKind.EMAIL:
        return mask_email(value)
    if kind is SensitiveKind.CARD:
        return mask_card(value)
    if kind is SensitiveKind.IBAN:
        return mask_iban(value)
    if kind is SensitiveKind.OTP:
        return "*" * max(4, len(value.strip()))
    if kind is SensitiveKind.CREDENTIAL:
        return "********"  # never hint at the length of a secret
    return mask_text(value)
