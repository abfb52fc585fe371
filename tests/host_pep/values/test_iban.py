"""IBANs: mod-97 valid, registered length, with or without spaces, any case."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host_pep.values import SensitiveKind, detect
from host_pep.values.iban import IBAN_LENGTHS, iban_candidates, iban_ok


def ibans(text: str) -> list[tuple[str, str]]:
    return [(d.raw, d.key) for d in detect(text) if d.kind is SensitiveKind.IBAN]


def with_check_digits(country: str, bban: str) -> str:
    numeric = "".join(str(int(ch, 36)) for ch in bban + country + "00")
    return f"{country}{98 - int(numeric) % 97:02d}{bban}"


@pytest.mark.parametrize(
    "text",
    [
        "DE89 3704 0044 0532 0130 00",
        "DE89370400440532013000",
        "de89 3704 0044 0532 0130 00",
        "De89370400440532013000",
    ],
)
def test_forms_of_one_iban(text: str) -> None:
    assert ibans(f"IBAN: {text}, thanks") == [(text, "iban:DE89370400440532013000")]


def test_other_countries() -> None:
    assert ibans("GB82 WEST 1234 5698 7654 32")[0][1] == "iban:GB82WEST12345698765432"
    assert ibans("FR14 2004 1010 0505 0001 3M02 606")[0][1] == "iban:FR1420041010050500013M02606"
    assert ibans("NL91ABNA0417164300")[0][1] == "iban:NL91ABNA0417164300"


def test_invalid_ibans() -> None:
    assert ibans("DE89 3704 0044 0532 0130 01") == []  # check fails
    assert ibans("DE89 3704 0044 0532 0130") == []  # too short for DE
    assert ibans("ZZ89 3704 0044 0532 0130 00") == []  # no such country
    assert not iban_ok("DE89370400440532013000X")


def test_masked() -> None:
    [d] = detect("DE89 3704 0044 0532 0130 00")
    assert d.masked == "DE89 **** 3000"


_COUNTRIES = ["DE", "GB", "FR", "NL", "ES", "IT", "CH", "BE", "PL", "SE"]


@settings(max_examples=200, deadline=None)
@given(
    country=st.sampled_from(_COUNTRIES),
    digits=st.text("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=30, max_size=30),
    spaced=st.booleans(),
    lower=st.booleans(),
    position=st.integers(4, 40),
    delta=st.integers(1, 9),
)
def test_valid_detected_corrupted_rejected(
    country: str, digits: str, spaced: bool, lower: bool, position: int, delta: int
) -> None:
    length = IBAN_LENGTHS[country]
    bban = "".join(ch if i % 3 else str(i % 10) for i, ch in enumerate(digits))[: length - 4]
    iban = with_check_digits(country, bban)
    assert iban_ok(iban)

    def write(value: str) -> str:
        text = " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if spaced else value
        return text.lower() if lower else text

    assert ibans(f"pay to {write(iban)} today") == [(write(iban), f"iban:{iban}")]
    # Change one character of the BBAN: mod-97 catches every single substitution.
    i = position % (length - 4) + 4
    ch = iban[i]
    replacement = (
        str((int(ch) + delta) % 10) if ch.isdigit() else chr((ord(ch) - 65 + delta) % 26 + 65)
    )
    corrupted = iban[:i] + replacement + iban[i + 1 :]
    assert ibans(f"pay to {write(corrupted)} today") == []


@pytest.mark.parametrize(
    "text",
    [
        "PL6 110 901 014 000 007 121 981 287 4",
        "PL 61 1090 1014 0000 0712 1981 2874",
        "pl6 1109 0101 4000 0071 2198 1287 4",
    ],
)
def test_an_iban_regrouped_across_its_head_is_detected(text: str) -> None:
    found = detect(text)
    assert [d.keys for d in found] == [("iban:PL61109010140000071219812874",)]


@pytest.mark.parametrize(
    "text",
    ["de 20 personas en la sala de reuniones", "at 12 34 56 78 90 12 34 56 78 90", "PL6 1"],
)
def test_a_split_head_needs_a_valid_all_digit_iban(text: str) -> None:
    assert [d for d in detect(text) if d.kind.value == "iban"] == []


def test_iban_candidates_compare_on_the_compact_upper_case_form() -> None:
    keys = [k for _, _, k in iban_candidates("to gb82-west-1234-5698-7654-32 today")]
    assert keys == ["iban:GB82WEST12345698765432"]
    assert iban_candidates("no iban here, just 12 words") == ()


@pytest.mark.parametrize(
    "text",
    [
        # "FI60898U2195VTODAY" passes mod-97: a short fragment must not borrow the next word to
        # reach Finland's 18 characters (found by the property test above, 1 time in ~97)
        "pay to FI60 898U 2195 V today",
        "pay to fi60 898u 2195 v today",
        "pay to FI60898U2195V today",
    ],
)
def test_a_fragment_does_not_borrow_the_next_word(text: str) -> None:
    assert ibans(text) == []
