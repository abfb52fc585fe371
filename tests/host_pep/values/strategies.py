"""Hypothesis strategies shared by the value tests: valid phone numbers and their written forms."""

from __future__ import annotations

import phonenumbers
from hypothesis import assume
from hypothesis import strategies as st

# (region, national-significant-number prefixes, total NSN length). Prefixes are real allocations;
# every generated number is still checked with phonenumbers.is_valid_number.
_PLANS: dict[str, tuple[tuple[str, ...], int]] = {
    "CN": (("130", "131", "132", "135", "136", "137", "138", "139", "150", "151", "152", "158", "159", "186", "188", "189"), 11),
    "US": (("201", "202", "212", "213", "305", "312", "404", "415", "617", "646", "702", "718", "917"), 10),
    "GB": (("74", "75", "77", "78", "79"), 10),
    "DE": (("151", "152", "157", "160", "170", "171", "172", "176"), 11),
    "FR": (("6", "7"), 9),
    "JP": (("90", "80", "70"), 10),
}  # fmt: skip
REGIONS = tuple(_PLANS)


@st.composite
def valid_numbers(draw: st.DrawFn, regions: tuple[str, ...] = REGIONS) -> phonenumbers.PhoneNumber:
    region = draw(st.sampled_from(regions))
    prefixes, length = _PLANS[region]
    prefix = draw(st.sampled_from(prefixes))
    if region == "US":  # exchange code: first digit 2-9
        rest = str(draw(st.integers(2, 9))) + draw(
            st.text(
                "0123456789", min_size=length - len(prefix) - 1, max_size=length - len(prefix) - 1
            )
        )
    else:
        rest = draw(
            st.text("0123456789", min_size=length - len(prefix), max_size=length - len(prefix))
        )
    number = phonenumbers.parse(prefix + rest, region)
    assume(phonenumbers.is_valid_number(number))
    return number


def e164(number: phonenumbers.PhoneNumber) -> str:
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def region_of(number: phonenumbers.PhoneNumber) -> str:
    region = phonenumbers.region_code_for_number(number)
    assert region is not None
    return region


def national_digits(number: phonenumbers.PhoneNumber) -> str:
    """The digits a local dials: trunk prefix included where the region uses one (0 in GB/DE)."""
    national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
    return "".join(ch for ch in national if ch.isdigit())


EN_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
CJK = {
    "0": ["〇", "零"],
    "1": ["一", "幺"],
    "2": ["二"],
    "3": ["三"],
    "4": ["四"],
    "5": ["五"],
    "6": ["六"],
    "7": ["七"],
    "8": ["八"],
    "9": ["九"],
}
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e"]
FULL_WIDTH = {chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)}


def spelled(digits: str, draw: st.DrawFn) -> str:
    """English words, with "oh" for some zeros and "double"/"triple" for some repeats."""
    words: list[str] = []
    i = 0
    while i < len(digits):
        d = digits[i]
        run = 1
        while i + run < len(digits) and digits[i + run] == d and run < 3:
            run += 1
        if run >= 2 and draw(st.booleans()):
            word = "oh" if d == "0" and draw(st.booleans()) else EN_WORDS[int(d)]
            words.append(("double " if run == 2 else "triple ") + word)
            i += run
            continue
        words.append("oh" if d == "0" and draw(st.booleans()) else EN_WORDS[int(d)])
        i += 1
    sep = draw(st.sampled_from([" ", ", ", " - ", "  "]))
    return sep.join(words)


@st.composite
def written_forms(draw: st.DrawFn, number: phonenumbers.PhoneNumber) -> str:
    """One way a person or an agent might write ``number``."""
    fmt = phonenumbers.PhoneNumberFormat
    cc = str(number.country_code)
    nsn = phonenumbers.national_significant_number(number)
    intl = phonenumbers.format_number(number, fmt.INTERNATIONAL)
    national = phonenumbers.format_number(number, fmt.NATIONAL)
    nat_digits = national_digits(number)
    style = draw(
        st.sampled_from(
            [
                "e164", "intl", "national", "national_digits", "spaced", "dashed", "dotted",
                "spaced_dots", "idd00", "rfc3966", "paren_cc", "full_width", "spelled",
                "spelled_idd", "cjk", "cjk_mixed", "invisible", "grouped_dots",
            ]
        )
    )  # fmt: skip
    if style == "e164":
        return e164(number)
    if style == "intl":
        return intl
    if style == "national":
        return national
    if style == "national_digits":
        return nat_digits
    if style == "spaced":
        return " ".join(nat_digits)
    if style == "dashed":
        return "-".join(nat_digits)
    if style == "dotted":
        return ".".join(nat_digits)
    if style == "spaced_dots":
        return " . ".join(nat_digits)
    if style == "idd00":
        return f"00{cc} {nsn}"
    if style == "rfc3966":
        return phonenumbers.format_number(number, fmt.RFC3966)
    if style == "paren_cc":
        return f"(+{cc}) {nsn}"
    if style == "full_width":
        return "".join(FULL_WIDTH.get(ch, ch) for ch in intl).replace(" ", "\u3000")
    if style == "spelled":
        return spelled(nat_digits, draw)
    if style == "spelled_idd":
        return spelled("00" + cc + nsn, draw)
    if style in ("cjk", "cjk_mixed"):
        out = []
        for ch in nat_digits:
            keep_ascii = style == "cjk_mixed" and draw(st.booleans())
            out.append(ch if keep_ascii else draw(st.sampled_from(CJK[ch])))
        return "".join(out)
    if style == "invisible":
        out = []
        for ch in intl:
            out.append(ch)
            if ch.isdigit() and draw(st.booleans()):
                out.append(draw(st.sampled_from(INVISIBLE)))
        return "".join(out)
    # grouped_dots: "+1 415.555.0132"
    groups = [g for g in intl.split(" ")[1:]]
    return f"+{cc} " + ".".join(groups)
