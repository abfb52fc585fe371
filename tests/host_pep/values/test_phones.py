"""Phone detection: every written form of a number gives its E.164 key; fragments give none."""

from __future__ import annotations

import phonenumbers
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host_pep.values import DetectionContext, SensitiveKind, detect
from host_pep.values.phones import normalize, phone_keys

from .strategies import e164, national_digits, region_of, valid_numbers, written_forms

CN_KEY = "phone:+8613812345678"
US_KEY = "phone:+14155550132"


def phones(text: str, ctx: DetectionContext | None = None) -> list[tuple[str, tuple[str, ...]]]:
    return [(d.raw, d.keys) for d in detect(text, ctx) if d.kind is SensitiveKind.PHONE]


@pytest.mark.parametrize(
    ("text", "raw", "key"),
    [
        ("+86 138 1234 5678", "+86 138 1234 5678", CN_KEY),
        ("13812345678", "13812345678", CN_KEY),
        ("138-1234-5678", "138-1234-5678", CN_KEY),
        ("(415) 555-0132", "(415) 555-0132", US_KEY),
        ("+1 415.555.0132", "+1 415.555.0132", US_KEY),
        ("0044 20 7946 0958", "0044 20 7946 0958", "phone:+442079460958"),
        ("+49 30 12345678", "+49 30 12345678", "phone:+493012345678"),
        ("＋８６ １３８ １２３４ ５６７８", "＋８６ １３８ １２３４ ５６７８", CN_KEY),
        ("1\u200b3\u200c8\u200d1234\u20605678", "1\u200b3\u200c8\u200d1234\u20605678", CN_KEY),
        ("one three eight one two three four five six seven eight", None, CN_KEY),
        ("one three eight, one two three four, five six seven eight", None, CN_KEY),
        ("four one five, double five five, oh one three two", None, US_KEY),
        ("1 . 3 . 8 . 1 . 2 . 3 . 4 . 5 . 6 . 7 . 8", None, CN_KEY),
        ("1-3-8-1-2-3-4-5-6-7-8", None, CN_KEY),
        ("幺三八一二三四五六七八", None, CN_KEY),
        ("一三八 一二三四 五六七八", None, CN_KEY),
        ("1三8一2345六78", None, CN_KEY),
        ("tel:+86-138-1234-5678", "+86-138-1234-5678", CN_KEY),
        ("(+86) 138 1234 5678", "(+86) 138 1234 5678", CN_KEY),
        ("8613812345678", "8613812345678", CN_KEY),
        ("0086 138 1234 5678", "0086 138 1234 5678", CN_KEY),
        ("+(86) 138 1234 5678", "+(86) 138 1234 5678", CN_KEY),
        ("+ 86 138 1234 5678", "+ 86 138 1234 5678", CN_KEY),
    ],
)
def test_common_formats_normalize_to_e164(text: str, raw: str | None, key: str) -> None:
    found = phones(f"Call {text} tonight.")
    assert len(found) == 1, found
    assert key in found[0][1]
    assert found[0][0] == (raw if raw is not None else text)


def test_national_number_valid_in_two_regions_gets_both_keys() -> None:
    [(_, keys)] = phones("4155550132")
    assert set(keys) == {US_KEY, "phone:+864155550132"}


def test_interjection_oh_is_not_a_leading_zero() -> None:
    [(_, keys)] = phones("Oh 415 555 0132, one more thing")
    assert US_KEY in keys


def test_layout_decides_which_region_key_comes_first() -> None:
    [d] = detect("(415) 555-0132")
    assert d.key == US_KEY


def test_nanp_trunk_layout_prefers_the_us_key() -> None:
    [d] = detect("1-800-555-0199")
    assert d.key == "phone:+18005550199"


def test_region_hints_are_configurable() -> None:
    uk = DetectionContext(regions=("GB",))
    assert phones("020 7946 0958", uk) == [("020 7946 0958", ("phone:+442079460958",))]
    assert phones("13812345678", uk) == []  # a CN mobile is not a UK number
    assert phones("+86 138 1234 5678", uk)[0][1] == (CN_KEY,)  # explicit country code: any hint


@pytest.mark.parametrize(
    "text",
    [
        "Room 1205",
        "card ending 5678",
        "ORD-20231105-7781",
        "order ORD20231105 7781",
        "$1,234.56",
        "¥ 13812345678",
        "13812345678元",
        "2026-03-14 15:30",
        "on 2026-03-14 at 15:30:00",
        # a period of days written from its first date ("period: 2026-12-01/15", "2026-12-01..15")
        "period: 2026-12-01/15",
        "2026-12-01..15",
        "14/03/2026 09:45",
        "in 2024 and 2025",
        "zip 94043",
        "ZIP 94043-1351",
        "version 2.4.1",
        "v10.2.13",
        "build 1.3.8.1",
        "192.168.100.200",
        "1,234,567,890",
        "12,345,678.90",
        "1234567.89",
        "SKU-4155550132-A",
        "id=ab13812345678",
        "3 apples, 5 pears",
        "ISBN 978-3-16-148410-0",
        "ref 1234 5678 90",
        "+1 234 5678",  # a "+" alone does not make a local-only length a number
        "Tracking: 1Z999AA10123456784",
        "Order #112-3456789-1234567",
        "Timestamp 1710423000123",
        "ID 110101199003074578",
        "Notes: meeting at 10:30-11:45, room 402",
    ],
)
def test_fragments_and_other_numbers_are_not_phones(text: str) -> None:
    assert phones(text) == []


FICTIONAL = "phone:+15550109999"


@pytest.mark.parametrize(
    "text",
    [
        "+1 555 010 9999",
        "Call +1 (555) 010-9999 tonight",
        "(555) 010-9999",
        "555-010-9999",
        "555.010.9999",
        "1-555-010-9999",
        "+15550109999",
    ],
)
def test_possible_but_invalid_numbers_count_when_written_as_phones(text: str) -> None:
    """Fictional (555-01xx) and not-yet-in-metadata numbers are what people write in tests and
    examples: phone-formatted and possible is enough, as long as the whole value is one."""
    found = phones(text)
    assert len(found) == 1, found
    assert FICTIONAL in found[0][1]
    assert FICTIONAL in phone_keys(text)


def test_possible_numbers_written_differently_share_one_key() -> None:
    a = phones("Ring (555) 012-3456 after lunch")
    b = phones("number: +1 555 012 3456")
    assert a and b and set(a[0][1]) & set(b[0][1]) == {"phone:+15550123456"}


@pytest.mark.parametrize(
    "text",
    ["5550109999", "ticket 1234567890", "555 01", "+1 555 010", "55501 09999", "5 550 1099 99"],
)
def test_bare_or_short_possible_numbers_are_not_phones(text: str) -> None:
    assert FICTIONAL not in {k for _, keys in phones(text) for k in keys}
    assert "phone:+11234567890" not in {k for _, keys in phones(text) for k in keys}


def test_a_plus_sign_that_is_not_a_country_code_prefix() -> None:
    assert phones("C++ 13812345678") == [("13812345678", (CN_KEY,))]


def test_two_numbers_side_by_side_are_two_phones() -> None:
    found = phones("13812345678 13987654321")
    assert [k for _, k in found] == [(CN_KEY,), ("phone:+8613987654321",)]


def test_room_number_before_phone_is_split_off() -> None:
    found = phones("room 1205 13812345678")
    assert found == [("13812345678", (CN_KEY,))]


def test_a_plus_number_followed_by_another_number() -> None:
    found = phones("+86 138 1234 5678 13987654321")
    assert [k for _, k in found] == [(CN_KEY,), ("phone:+8613987654321",)]


def test_date_next_to_phone_does_not_hide_it() -> None:
    found = phones("on 2026-03-14 13812345678")
    assert found == [("13812345678", (CN_KEY,))]


def test_long_digit_lists_are_bounded_and_yield_nothing_spurious() -> None:
    text = " ".join(str(i % 10) for i in range(400))
    for _, keys in phones(text):
        assert all(k.startswith("phone:+") for k in keys)


def test_normalize_rejects_too_short_and_too_long() -> None:
    assert normalize(False, "5678", ("CN", "US")) == ()
    assert normalize(False, "1" * 18, ("CN", "US")) == ()
    assert normalize(True, "8613812345678", ()) == ("+8613812345678",)


def test_phone_keys_of_a_whole_value() -> None:
    assert phone_keys("+86 (138) 1234-5678") == (CN_KEY,)
    assert phone_keys("5678") == ()


def test_masked_form_hides_the_middle() -> None:
    [d] = detect("13812345678")
    assert d.masked == "+86 138****5678"


# --- properties -------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(data=st.data(), number=valid_numbers())
def test_every_written_form_normalizes_to_the_one_key(
    data: st.DataObject, number: phonenumbers.PhoneNumber
) -> None:
    region = region_of(number)
    ctx = DetectionContext(regions=tuple(dict.fromkeys(("CN", "US", region))))
    form = data.draw(written_forms(number))
    found = [
        d for d in detect(f"Please call {form} tonight.", ctx) if d.kind is SensitiveKind.PHONE
    ]
    assert len(found) == 1, (form, found)
    expected = f"phone:{e164(number)}"
    assert expected in found[0].keys, (form, found[0].keys)
    assert found[0].raw in form
    if "+" in form or "＋" in form or form.startswith(("00", "zero zero")):
        assert found[0].keys == (expected,)  # an explicit country code is unambiguous


@settings(max_examples=150, deadline=None)
@given(data=st.data(), number=valid_numbers())
def test_short_fragments_never_match(data: st.DataObject, number: phonenumbers.PhoneNumber) -> None:
    digits = national_digits(number)
    size = data.draw(st.integers(1, 6))
    start = data.draw(st.integers(0, len(digits) - size))
    fragment = digits[start : start + size]
    template = data.draw(
        st.sampled_from(
            [
                "Room {f}",
                "ending {f}",
                "card ending in {f}",
                "order #{f}",
                "ORD-2023{f}-{last4}",
                "${f}.99",
                "{f} items",
                "Gate {f}, seat {last4}",
                "call ext. {f}",
            ]
        )
    )
    text = template.format(f=fragment, last4=digits[-4:])
    assert [d for d in detect(text) if d.kind is SensitiveKind.PHONE] == []


@settings(max_examples=150, deadline=None)
@given(data=st.data(), number=valid_numbers())
def test_digits_inside_ids_amounts_and_dates_never_match(
    data: st.DataObject, number: phonenumbers.PhoneNumber
) -> None:
    d = national_digits(number)[-10:].rjust(10, "1")
    year = 2000 + int(d[:2])
    month = 1 + int(d[2:4]) % 12
    day = 1 + int(d[4:6]) % 28
    text = data.draw(
        st.sampled_from(
            [
                f"ORD-{year}{month:02d}{day:02d}-{d[-4:]}",
                f"${d[:1]},{d[1:4]}.{d[4:6]}",
                f"total {d[:1]},{d[1:4]},{d[4:7]}.{d[7:9]} USD",
                f"{year}-{month:02d}-{day:02d} {int(d[6:8]) % 24:02d}:{int(d[8:10]) % 60:02d}",
                f"{day:02d}/{month:02d}/{year} {int(d[6:8]) % 24:02d}:{int(d[8:10]) % 60:02d}",
                f"INV{d}",
                f"v{d[0]}.{d[1]}.{d[2:4]}",
                f"tracking 1Z{d}X",
            ]
        )
    )
    keys = {k for det in detect(text) for k in det.keys}
    assert f"phone:{e164(number)}" not in keys
    assert not any(k.startswith("phone:") for k in keys), text


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("+55 11 95053-5987", "phone:+5511950535987"),  # last groups look like a ZIP+4
        ("+55 (11) 98765-4321", "phone:+5511987654321"),
        ("Ana cell is +55 11 95053-5987", "phone:+5511950535987"),
        ("+375 152 45-09-11", "phone:+375152450911"),  # last groups look like a date
        ("+993 12 34-56-78", "phone:+99312345678"),
        ("+687 75.12.34", "phone:+687751234"),  # looks like a version number
    ],
)
def test_groups_shaped_like_dates_or_zip_codes_in_a_number_written_as_its_region_does(
    text: str, key: str
) -> None:
    assert [k for _, keys in phones(text) for k in keys] == [key]


@pytest.mark.parametrize(
    "text",
    ["Ship to CA 94105-1234 today", "due 2026-03-14 15:30", "v1.12.34 released 12-05-26"],
)
def test_zip_codes_dates_and_versions_alone_stay_blocked(text: str) -> None:
    assert phones(text) == []


def test_trunk_numbers_and_national_keys() -> None:
    from host_pep.values.phones import national_candidates, national_keys, trunk_numbers

    assert trunk_numbers("89123456789") == ("+79123456789",)
    assert trunk_numbers("0412345678") == ()  # a plain 0 is left to the national keys
    assert "phone-national:89123456789" in national_keys("+79123456789")
    ((_, _, keys),) = national_candidates("Ahmed: 923001234567")
    assert "phone:+923001234567" in keys
    ((_, _, keys),) = national_candidates("0092 300 1234567")
    assert "phone:+923001234567" in keys
    # no-break spaces and full-width digits/dashes read as what they stand for, spans unchanged
    text = "appeler 06\u00a012\u00a034\u00a056\u00a078 demain"
    ((start, end, keys),) = national_candidates(text)
    assert text[start:end] == "06\u00a012\u00a034\u00a056\u00a078"
    assert "phone-national:0612345678" in keys
    ((start, end, keys),) = national_candidates("電話 ０８０-２３４５-６７８９ まで")
    assert "phone-national:08023456789" in keys


@pytest.mark.parametrize(
    "text",
    [
        "Bowling am Prenzlauer Berg, +49 30 44010220 (4.1 on Yelp).",
        "Front desk +49 30 44010220 (24 h)",
    ],
)
def test_a_parenthesis_after_a_whole_number_opens_an_aside(text: str) -> None:
    # the digits inside the aside ("4.1", "24") are not the number's last group
    assert phones(text) == [("+49 30 44010220", ("phone:+493044010220",))]


def test_an_area_code_in_parentheses_still_belongs_to_the_number() -> None:
    assert phones("+49 (0)30 44010220") == [("+49 (0)30 44010220", ("phone:+493044010220",))]
