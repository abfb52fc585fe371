"""How the audit log keeps sensitive values without storing them: masked form + salted hash.

* ``mask_value`` gives a short, human-readable masked form ("13*******78", "z***@example.com").
  It is deterministic, so equal values mask equally and a reader (or the T4 adjudicator) can see
  that two masked values are probably the same without learning either.
* ``ValueHasher.digest`` is an HMAC-SHA256 over the value's *skeleton* (NFKC, case-folded,
  letters and digits only) with a per-log random salt, so "138 1234 5678" and "138-1234-5678"
  correlate exactly while a stolen row cannot be brute-forced without the salt.
* ``redact_text`` / ``redact_json`` are a defensive net for free text (reasons, errors, claimed
  provenance, shadow decisions, payloads shown to an LLM): they mask e-mail addresses, IBANs and
  runs of six or more digits. host_pep's value detectors are the real classifier; this only makes
  sure nothing that *looks* like a phone, card, code or address leaves in clear.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from host_pep.audit.keyed_hash import KeyedSha256
from host_pep.audit.secret import Secret

MASK = "*"

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# The same, but a match may only start where a run of address characters starts. Whether a run
# holds an address does not depend on where in the run a match starts, so this finds the same
# addresses without rescanning a run from every one of its characters (which made an
# "agent@session" summary cost 10 us). ``_mask_emails`` restarts on the rest of the text after a
# match, so an address right after another one ("a@b.com+c@d.com") still starts a run.
_EMAIL_AT_RUN = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){10,30}\b")
# six or more digits, optionally with a leading '+' and common separators between them
_DIGITS = re.compile(r"\+?\d(?:[\s.\-()/]{0,3}\d){5,}")


# ``\w`` is str.isalnum() plus "_" (same Unicode classes), so this strips exactly what
# ``isalnum`` rejects, in C instead of a per-character generator (the audit's hot path).
_NOT_ALNUM = re.compile(r"[\W_]+")
# An address needs an "@"; an IBAN and a digit run need a digit. Most text has neither.
_A_DIGIT = re.compile(r"\d")


def skeleton(value: str) -> str:
    """The comparable core of a value: NFKC, case-folded, letters and digits only."""
    if value.isascii():  # NFKC leaves ASCII alone and casefold is lower() there
        return _NOT_ALNUM.sub("", value.lower())
    return _NOT_ALNUM.sub("", unicodedata.normalize("NFKC", value).casefold())


def mask_value(value: str, kind: str | None = None) -> str:
    """A masked form that reveals at most a few characters, never enough to recover the value."""
    if kind == "email" or (kind is None and _EMAIL.fullmatch(value.strip())):
        local, _, domain = value.strip().partition("@")
        if domain:
            return f"{local[:1]}{MASK * 3}@{domain.casefold()}"
    core = skeleton(value)
    n = len(core)
    if kind in ("credential", "password", "otp"):
        return MASK * 8  # not even the length of a secret
    if kind == "card" and n >= 12:
        return MASK * (n - 4) + core[-4:]
    if n >= 10:
        return core[:2] + MASK * (n - 4) + core[-2:]
    if n >= 7:
        return MASK * (n - 2) + core[-2:]
    return MASK * max(n, 1)


class ValueHasher:
    """Salted HMAC-SHA256 of value skeletons. The salt belongs to one audit log."""

    def __init__(self, salt: Secret) -> None:
        if len(salt) < 32:
            raise ValueError("audit salt must be at least 16 random bytes (32 hex chars)")
        self._hmac = KeyedSha256(salt.reveal_bytes())

    def digest(self, value: str) -> str:
        """``hmac.new(salt, skeleton(value), sha256).hexdigest()``."""
        return self._hmac.hexdigest((skeleton(value) or value).encode())


def _mask_match(match: re.Match[str]) -> str:
    return mask_value(match.group(0))


def _mask_emails(text: str) -> str:
    """``_EMAIL.sub(_mask_match, text)``, in linear time."""
    if "@" not in text:
        return text
    out: list[str] = []
    rest = text
    while (m := _EMAIL_AT_RUN.search(rest)) is not None:
        out.append(rest[: m.start()])
        out.append(mask_value(m.group(0)))
        rest = rest[m.end() :]
    if not out:
        return text
    out.append(rest)
    return "".join(out)


def redact_text(text: str) -> str:
    """Mask anything in free text that looks like an e-mail, IBAN or long digit run."""
    if "@" in text:
        text = _mask_emails(text)
    if not _A_DIGIT.search(text):  # masking an address never adds a digit
        return text
    text = _IBAN.sub(lambda m: mask_value(m.group(0), "iban"), text)
    return _DIGITS.sub(_mask_match, text)


# Keys whose values are identifiers chosen by the operator, not data; redacting them would only
# make the audit unreadable (a rule id like "r-2024-000123" is not a phone number).
_KEEP_KEYS = frozenset({"id", "rule_id", "rule_ids", "decision", "stage", "mode", "kind"})


def redact_json(value: Any, *, _key: str = "") -> Any:
    """``redact_text`` applied to every string leaf of a JSON-like value (keys are kept)."""
    if isinstance(value, str):
        return value if _key in _KEEP_KEYS else redact_text(value)
    if isinstance(value, dict):
        return {str(k): redact_json(v, _key=str(k)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_json(v, _key=_key) for v in value]
    if isinstance(value, (int, float, bool)) or value is None:
        if isinstance(value, int) and not isinstance(value, bool) and len(str(abs(value))) >= 7:
            return mask_value(str(value))  # a phone number sent as a JSON number
        return value
    return redact_text(str(value))
