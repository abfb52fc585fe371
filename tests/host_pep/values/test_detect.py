"""detect(): several kinds in one text, overlap resolution, spans for rewriting, bad input."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host_pep.values import (
    Detected,
    DetectionContext,
    SensitiveKind,
    detect,
    detect_uncached,
    warm_up,
)
from host_pep.values.detect import CACHE_MAX_CHARS, is_record_id

PAYLOAD = (
    "Hi, this is Zhang Wei. Call me at 138 1234 5678 or mail zhang.wei@example.com; "
    "card 4242 4242 4242 4242, IBAN DE89 3704 0044 0532 0130 00. Your verification code is "
    "482913. I live at 221B Baker Street and I am HIV positive. password: hunter2"
)


def test_every_kind_in_one_payload_with_exact_spans() -> None:
    found = detect(PAYLOAD)
    assert [d.kind for d in found] == [
        SensitiveKind.PHONE,
        SensitiveKind.EMAIL,
        SensitiveKind.CARD,
        SensitiveKind.IBAN,
        SensitiveKind.OTP,
        SensitiveKind.ADDRESS,
        SensitiveKind.HEALTH,
        SensitiveKind.CREDENTIAL,
    ]
    for d in found:
        assert PAYLOAD[d.span[0] : d.span[1]] == d.raw
        assert d.key == d.keys[0]


def test_removing_spans_removes_every_value() -> None:
    found = detect(PAYLOAD)
    cleaned = PAYLOAD
    for d in sorted(found, key=lambda d: d.span[0], reverse=True):
        cleaned = cleaned[: d.span[0]] + cleaned[d.span[1] :]
    assert detect(cleaned) == []


def test_spans_never_overlap() -> None:
    text = "13812345678@163.com, 4242424242424242, +86 138 1234 5678 code 123456"
    found = detect(text)
    for a, b in pairwise(found):
        assert a.span[1] <= b.span[0]
    # The email wins over the phone number inside it.
    assert found[0].kind is SensitiveKind.EMAIL


def test_nothing_in_plain_text() -> None:
    assert detect("Please remind me to buy milk tomorrow after the meeting at the office.") == []
    assert detect("") == []


def test_obfuscated_phone_with_invisible_chars_span_covers_them() -> None:
    text = "call 138\u200b1234\u200b5678 now"
    [d] = detect(text)
    assert d.raw == "138\u200b1234\u200b5678"
    assert text[d.span[0] : d.span[1]] == d.raw


def test_detected_is_frozen_and_key_property() -> None:
    [d] = detect("13812345678")
    assert isinstance(d, Detected)
    with pytest.raises(AttributeError):
        d.raw = "x"  # type: ignore[misc]


def test_context_validation_names_the_problem() -> None:
    with pytest.raises(ValueError, match="regions"):
        DetectionContext(regions=("XX",))
    with pytest.raises(ValueError, match="regions"):
        DetectionContext(regions="CN")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kind_hint"):
        DetectionContext(kind_hint="passport")
    assert DetectionContext(regions=("cn", "gb")).regions == ("CN", "GB")


def test_non_string_input_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="str"):
        detect(b"13812345678")  # type: ignore[arg-type]


def test_context_is_hashable_and_default_regions() -> None:
    ctx = DetectionContext()
    assert ctx.regions == ("CN", "US")
    assert hash(ctx) == hash(DetectionContext())


_CHARS = "0123456789 +-.()/,:@[]abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_TOKENS = ["one", " at ", " dot ", "double ", "幺", "三", "路", "号", "市", "区", "\u200b", "１"]
_TOKENS += ["＠", "$", "code ", "password: ", "blood type ", "diabetes", "Street", "rue ", "DE89"]
_ALPHABET = st.sampled_from([*_CHARS, *_TOKENS, "验证码"])


@settings(max_examples=200, deadline=None)
@given(
    pieces=st.lists(_ALPHABET | st.text(max_size=3), max_size=40),
    field=st.sampled_from(["", "notes", "et_otp", "password"]),
)
def test_any_text_gives_consistent_detections(pieces: list[str], field: str) -> None:
    text = "".join(pieces)
    found = detect(text, DetectionContext(field=field))
    last_end = 0
    for d in found:
        s, e = d.span
        assert 0 <= s <= e <= len(text)
        assert s >= last_end  # ordered, non-overlapping
        last_end = e
        assert text[s:e] == d.raw
        assert d.key.startswith(f"{d.kind.value}:")
        assert all(":" in k for k in d.keys)
        assert d.masked


def test_memoized_results_equal_fresh_ones_and_are_private_copies() -> None:
    first = detect(PAYLOAD)
    assert first == detect_uncached(PAYLOAD)
    first.clear()
    assert detect(PAYLOAD) == detect_uncached(PAYLOAD)  # the caller's list is its own
    other = DetectionContext(regions=("GB",))
    assert detect("4155550132", other) == []  # the context is part of the memo key
    assert detect("4155550132") != []


def test_long_texts_bypass_the_memo() -> None:
    text = "x" * CACHE_MAX_CHARS + " 13812345678"
    [d] = detect(text)
    assert d.key == "phone:+8613812345678"


def test_warm_up_runs_for_any_valid_regions() -> None:
    warm_up(DetectionContext(regions=("DE", "JP", "BR")))
    warm_up()


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "text",
    [
        "1 " * 20000,
        "one " * 10000,
        "13812345678 " * 2000,
        "password: " * 4000,
        "12 " * 30000,
        "x at y dot " * 3000,
        "一" * 20000,
        "diabetes " * 10000,
        "address: 5 Main St; " * 2000,
        "北京市朝阳区建国路88号" * 2000,
    ],
)
def test_pathological_inputs_take_linear_time(text: str) -> None:
    found = detect_uncached(text)
    assert all(text[d.span[0] : d.span[1]] == d.raw for d in found)


def test_back_to_back_values_are_all_found() -> None:
    assert len(detect("DE89370400440532013000 " * 3)) == 3
    assert len(detect("北京市朝阳区建国路88号" * 3)) == 3
    assert len(detect("13812345678 " * 30)) == 30


def test_a_message_id_names_a_message_not_a_mailbox() -> None:
    # RFC 5322 writes a Message-ID as an address in angle brackets; in an id field it is one
    assert detect("<c8a1@trasteverestays.it>", DetectionContext(field="message_id")) == []
    assert detect("<c8a1@trasteverestays.it>", DetectionContext(field="in_reply_to")) == []
    # the same text where people are addressed, and a bare address in an id field, are emails
    assert [d.kind for d in detect("<c8a1@trasteverestays.it>", DetectionContext(field="to"))] == [
        SensitiveKind.EMAIL
    ]
    assert [d.kind for d in detect("ana@mail.example", DetectionContext(field="message_id"))] == [
        SensitiveKind.EMAIL
    ]


def test_an_icalendar_uid_names_an_event_not_a_mailbox() -> None:
    # RFC 5545 recommends a UID written as an address ("ws-8821@partner.example"); Google
    # Calendar's field is iCalUID
    assert detect("ws-8821@partner.example", DetectionContext(field="ical_uid")) == []
    assert detect("7kq2m@google.com", DetectionContext(field="iCalUID")) == []
    # another id field's bare address, and a UID field's running text, are emails
    assert [d.kind for d in detect("ana@mail.example", DetectionContext(field="user_id"))] == [
        SensitiveKind.EMAIL
    ]
    assert [d.kind for d in detect("ask ana@mail.example", DetectionContext(field="uid"))] == [
        SensitiveKind.EMAIL
    ]


@pytest.mark.parametrize(
    ("field", "text", "record"),
    [
        ("order_id", "5512001042", True),
        # a field named for the one record it numbers
        ("reservation", "4412840017", True),
        ("booking", "77120553", True),
        ("ticket", "4482210", True),
        # ... or for that record's number
        ("tracking_number", "5512009911", True),
        ("invoice_number", "5512009911", True),
        # ... not for whose money or whose line it is
        ("account", "4412840017", False),
        ("phone", "4412840017", False),
        ("account_number", "5512009911", False),
        ("contact_number", "5512009911", False),
        # ... and a value that is no bare number is read as it is
        ("reservation", "+44 7700 900461", False),
    ],
)
def test_a_number_in_a_field_named_for_its_record_names_it(
    field: str, text: str, record: bool
) -> None:
    assert is_record_id(field, text) is record
