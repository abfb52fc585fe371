"""Payment cards: Luhn-valid numbers with a real issuer prefix, in any grouping; in a card's
own grouping, with the prefix, whatever the check digit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host_pep.values import SensitiveKind, detect
from host_pep.values.cards import card_candidates, is_card_number, luhn_ok


def cards(text: str) -> list[tuple[str, str]]:
    return [(d.raw, d.key) for d in detect(text) if d.kind is SensitiveKind.CARD]


def luhn_complete(body: str) -> str:
    """``body`` plus the check digit that makes it Luhn-valid."""
    for check in "0123456789":
        if luhn_ok(body + check):
            return body + check
    raise AssertionError("unreachable")


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("4242 4242 4242 4242", "4242424242424242"),
        ("4242-4242-4242-4242", "4242424242424242"),
        ("4242424242424242", "4242424242424242"),
        ("3782 822463 10005", "378282246310005"),
        ("5555 5555 5555 4444", "5555555555554444"),
        ("6011 1111 1111 1117", "6011111111111117"),
        ("4539.1488.0343.6467", "4539148803436467"),  # grouped with dots
        ("６２２２０２０２０００１２３４５６７８", None),  # run together
    ],
)
def test_known_test_cards(text: str, digits: str | None) -> None:
    found = cards(f"pay with {text} please")
    if digits is None:  # UnionPay-looking but not Luhn-valid
        assert found == []
    else:
        assert found == [(text, f"card:{digits}")]


def test_cvv_after_the_number_is_not_part_of_it() -> None:
    assert cards("4242 4242 4242 4242 123") == [("4242 4242 4242 4242", "card:4242424242424242")]


def test_a_cards_grouping_makes_a_card_whatever_its_check_digit() -> None:
    # wallets and forms print test and placeholder numbers so; the check digit is for typing
    assert cards("4242 4242 4242 4241") == [("4242 4242 4242 4241", "card:4242424242424241")]
    assert cards("3714 496353 98432") == [("3714 496353 98432", "card:371449635398432")]
    assert cards("4242424242424241") == []  # run together: only the check digit can tell
    assert cards("4242 424242 424241") == []  # not a card's grouping


def test_not_cards() -> None:
    assert cards("0000 0000 0000 0000") == []  # no issuer starts with 0
    assert cards("+49 1710 0000 000") == []  # a phone number with its country code
    assert cards("ORD-4242424242424242") == []  # part of an identifier


def test_masked_keeps_last_four() -> None:
    [d] = detect("4242 4242 4242 4242")
    assert d.masked == "**** **** **** 4242"


_PREFIXES = ["4", "51", "52", "53", "54", "55", "2221", "34", "37", "6011", "62", "35"]


@settings(max_examples=200, deadline=None)
@given(
    prefix=st.sampled_from(_PREFIXES),
    length=st.sampled_from([15, 16, 19]),
    body=st.text("0123456789", min_size=18, max_size=18),
    group=st.sampled_from(["", " ", "-"]),
    corrupt=st.integers(1, 9),
)
def test_luhn_valid_detected_and_corrupted_rejected(
    prefix: str, length: int, body: str, group: str, corrupt: int
) -> None:
    number = luhn_complete((prefix + body)[: length - 1])
    assert is_card_number(number)
    written = group.join(number[i : i + 4] for i in range(0, len(number), 4))
    assert cards(f"card: {written}.") == [(written, f"card:{number}")]
    if length == 19:
        return  # its first 16 digits may be a valid card followed by a CVV: ambiguous by nature
    bad = number[:-1] + str((int(number[-1]) + corrupt) % 10)
    bad_written = group.join(bad[i : i + 4] for i in range(0, len(bad), 4))
    if group and length == 16:
        assert cards(f"card: {bad_written}.") == [(bad_written, f"card:{bad}")]  # 4-4-4-4
    else:
        assert cards(f"card: {bad_written}.") == []


def test_card_candidates_compare_on_the_digits_in_any_grouping() -> None:
    keys = [k for _, _, k in card_candidates("Takeaway (card 4929118800347721), thanks")]
    assert keys == ["card:4929118800347721"]  # its check digit fails: lookup only
    assert [k for _, _, k in card_candidates("4929-1188-0034-7721")] == keys
    assert card_candidates("order 123456789012, room 4021") == ()  # 12 digits: too short
    assert card_candidates("ORD4929118800347721") == ()  # part of an identifier
