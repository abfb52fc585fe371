"""The vocabulary of sensitive-value detection: kinds, detections and the detection context."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import phonenumbers


class SensitiveKind(StrEnum):
    PHONE = "phone"
    EMAIL = "email"
    CARD = "card"
    IBAN = "iban"
    OTP = "otp"
    CREDENTIAL = "credential"
    ADDRESS = "address"
    HEALTH = "health"


@dataclass(frozen=True, slots=True)
class Detected:
    """One sensitive value found in a text.

    ``keys`` are the canonical index keys ("phone:+8613812345678"): every written variant of one
    value yields the same key set, so the session store can match by set intersection. A number
    that is valid in several region hints (a national number without a country code) carries
    one key per region; match on *any* key, never on ``key`` alone.
    """

    kind: SensitiveKind
    raw: str
    """The substring as it appeared in the input (``text[span[0]:span[1]]``)."""
    keys: tuple[str, ...]
    span: tuple[int, int]
    """Offsets in the input text; removing ``text[span[0]:span[1]]`` removes the value."""
    masked: str
    """A display form that does not reveal the value ("+86 138****5678")."""

    @property
    def key(self) -> str:
        return self.keys[0]


@dataclass(frozen=True)
class DetectionContext:
    """What the caller knows about where the text comes from.

    ``regions`` are the phone region hints: a national number (no country code) is parsed with
    each and every valid parse contributes a key.
    """

    regions: tuple[str, ...] = ("CN", "US")
    field: str = ""
    """Field name or resource-id the text belongs to ("password", "com.app:id/et_otp", "notes")."""
    password: bool = False
    """A GUI password field: the whole text is a credential."""
    kind_hint: str | None = None
    """Set when the observation point knows the kind (a SensitiveKind value)."""

    def __post_init__(self) -> None:
        if isinstance(self.regions, str):
            raise ValueError(
                f"regions must be a tuple of region codes, not the string {self.regions!r}"
            )
        upper = tuple(r.upper() for r in self.regions)
        unknown = [r for r in upper if r not in phonenumbers.SUPPORTED_REGIONS]
        if unknown:
            raise ValueError(
                f"regions: unknown phone region code(s) {unknown}; use ISO 3166 alpha-2"
            )
        object.__setattr__(self, "regions", upper)
        if self.kind_hint is not None and self.kind_hint not in _HINTS:
            raise ValueError(
                f"kind_hint: unknown sensitive kind {self.kind_hint!r}; expected one of {sorted(_HINTS)}"
            )


# "password" is accepted as a synonym because observation points name fields that way.
_HINTS = frozenset({k.value for k in SensitiveKind} | {"password"})
