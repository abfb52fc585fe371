"""IBANs: country code, check digits, BBAN of the country's registered length, mod-97 == 1."""

from __future__ import annotations

import re
from functools import lru_cache

from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask_iban
from host_pep.values.obfuscation import Canonical

# IBAN lengths per country (SWIFT IBAN registry).
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BI": 27, "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27,
    "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27,
    "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22,
    "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32,
    "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19,
    "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24,
    "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31,
    "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28, "TL": 23,
    "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}  # fmt: skip

# Greedy on purpose: the candidate may run into the next word; it is cut to the country length.
_CANDIDATE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]){10,32}")
# Regrouped so that a space falls inside the first four characters ("PL6 110 901 014 ..." in
# threes): the same IBAN. Only an all-digit rest qualifies -- with letters allowed, a two-letter
# word before a number ("de 20 personas ...") would pass mod-97 about once in 97 tries.
_SPLIT_HEAD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}(?: \d ?\d| ?\d \d)(?: ?\d){10,32}")


_ACCOUNT_SHAPE = re.compile(r"[A-Z]{2}\d{2}[A-Z0-9]{8,30}")


def account_shaped(compact: str) -> bool:
    """Written the way IBANs are -- two letters, two digits, 8-30 letters or digits -- its check
    digits unchecked: a typo'd IBAN, one an attacker made up, or a country's number without
    an IBAN registry entry still names an account."""
    return _ACCOUNT_SHAPE.fullmatch(compact) is not None


def iban_ok(compact: str) -> bool:
    """Whether a compact, upper-case string is a valid IBAN."""
    if IBAN_LENGTHS.get(compact[:2]) != len(compact) or not compact.isalnum():
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


def find_ibans(layer: Canonical) -> list[Detected]:
    found = _find(layer, _CANDIDATE)
    if " " in layer.text:
        found += _find(layer, _SPLIT_HEAD)
    return found


def _find(layer: Canonical, candidate: re.Pattern[str]) -> list[Detected]:
    text = layer.text
    found: list[Detected] = []
    pos = 0
    while (m := candidate.search(text, pos)) is not None:
        # The candidate is greedy; resume right after it, or after the IBAN cut from it.
        pos = m.start() + 1
        raw = m.group()
        length = IBAN_LENGTHS.get(raw[:2].upper())
        if length is None:
            continue
        # Walk the raw text until `length` non-space characters are consumed. After a space,
        # a group longer than four characters is the next word, not a group of this IBAN
        # (written in groups, an IBAN's groups have at most four): "FI60 898U 2195 V today"
        # must not borrow "today" to reach its length and pass mod-97 by chance.
        taken = 0
        end = m.start()
        for i, ch in enumerate(raw):
            if ch == " ":
                if len(raw[i + 1 :].split(" ", 1)[0]) > 4:
                    break
                continue
            taken += 1
            if taken == length:
                end = m.start() + i + 1
                break
        if taken < length:
            continue
        if end < len(text) and text[end].isalnum() and text[end - 1] != " " and text[end] != " ":
            continue  # runs on into a longer token: not this IBAN
        written = text[m.start() : end]
        bban = written[2:]  # the country code may be capitalised like a word ("De89…")
        if any(c.isupper() for c in bban) and any(c.islower() for c in bban):
            continue  # a BBAN is written in one case; mixed case is a word run into it
        compact = written.replace(" ", "").upper()
        if not iban_ok(compact):
            continue
        pos = end
        s, e = layer.to_original(m.start(), end)
        found.append(
            Detected(
                kind=SensitiveKind.IBAN,
                raw=layer.original[s:e],
                keys=(f"iban:{compact}",),
                span=(s, e),
                masked=mask_iban(compact),
            )
        )
    return found


# Any grouping (spaces, dashes, dots; any case) of a country code, two check digits and the rest.
_LOOSE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}[ .\-]?\d[ .\-]?\d(?:[ .\-]?[A-Za-z0-9]){10,32}")
_SEPARATORS = re.compile(r"[ .\-]")


@lru_cache(maxsize=16384)
def iban_candidates(text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, key) of every IBAN-shaped run in any grouping, compared on its compact
    upper-case form ("pl61-1090-...", "GB 82 WEST ..."). Lookup-only: a run counts when it is an
    IBAN observed earlier, so nothing here needs to be a valid IBAN on its own."""
    out = []
    for m in _LOOSE.finditer(text):
        length = IBAN_LENGTHS.get(m.group(0)[:2].upper())
        if length is None:
            continue
        taken = 0
        for i, ch in enumerate(m.group(0)):
            if _SEPARATORS.fullmatch(ch) is None:
                taken += 1
                if taken == length:
                    end = m.start() + i + 1
                    compact = _SEPARATORS.sub("", text[m.start() : end]).upper()
                    out.append((m.start(), end, f"iban:{compact}"))
                    break
    return tuple(out)
