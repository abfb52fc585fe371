"""Folding and numeral layers: canonical text plus exact offsets back into the input."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from host_pep.values.obfuscation import fold, lowered, numerals


def test_ascii_is_untouched_and_shares_offsets() -> None:
    layer = fold("call 138 now")
    assert layer.text == "call 138 now"
    assert layer.to_original(5, 8) == (5, 8)


def test_full_width_spaces_dashes_and_other_digits() -> None:
    assert fold("＋８６\u3000１３８－１２３４").text == "+86 138-1234"
    assert fold("١٢٣ ४५६ 𝟕𝟖𝟗").text == "123 456 789"  # Arabic-Indic, Devanagari, math bold
    assert fold("①②③").text == "123"
    assert fold("¹³⁸ ₁₂₃ ❶⑵⒊").text == "138 123 123"
    assert fold("1\ufe0f\u20e33\ufe0f\u20e38\ufe0f\u20e3").text == "138"  # keycaps
    assert fold("1\u03363\u03368\u0336").text == "138"  # struck through
    assert fold("a\u2013b\u2014c\u2212d").text == "a-b-c-d"


def test_invisible_characters_are_removed_with_offsets_kept() -> None:
    text = "1\u200b3\u200c\u200d8\ufeff1"
    layer = fold(text)
    assert layer.text == "1381"
    assert layer.to_original(0, 4) == (0, len(text))
    assert layer.raw(1, 3) == "3\u200c\u200d8"


def test_spelled_english_digits() -> None:
    layer = numerals(fold("One three EIGHT, oh, double five and triple 0"))
    assert layer.text == "1 3 8, 0, 55 and 000"
    start = layer.text.index("55")
    assert layer.raw(start, start + 2) == "double five"
    assert layer.raw(start + 1, start + 2) == "double five"  # replacements map as a whole


def test_words_inside_words_are_not_digits() -> None:
    assert numerals(fold("someone phoned, done, often")).text == "someone phoned, done, often"
    assert numerals(fold("double trouble")).text == "double trouble"


def test_chinese_numerals() -> None:
    assert numerals(fold("幺三八〇零壹贰")).text == "1380012"
    layer = numerals(fold("电话：一3八"))
    assert layer.text == "电话:138"  # the full-width colon folds too
    assert layer.raw(3, 6) == "一3八"


def test_layers_compose_offsets() -> None:
    text = "Ｏｎｅ\u200b three"
    layer = numerals(fold(text))
    assert layer.text == "1 3"
    assert layer.to_original(0, 3) == (0, len(text))


def test_lowered_keeps_length() -> None:
    assert len(lowered("İstanbul")) == len("İstanbul")


_PIECES = st.sampled_from(
    ["one", " ", "two", "１", "\u200b", "a", "Z", "幺", "double five", ",", "x", "五", "ß", "İ"]
)


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(_PIECES, max_size=20))
def test_offsets_always_land_inside_the_input(parts: list[str]) -> None:
    text = "".join(parts)
    layer = numerals(fold(text))
    n = len(layer.text)
    for start in range(n + 1):
        for end in (start, min(n, start + 1), n):
            s, e = layer.to_original(start, end)
            assert 0 <= s <= e <= len(text)


def test_a_lone_spelled_numeral_in_prose_is_left_alone() -> None:
    folded = fold("call me after six tonight")
    assert numerals(folded) is folded
    assert numerals(fold("room six 12")).text == "room 6 12"  # next to a digit: converted


def test_oh_is_zero_only_among_spelled_numerals() -> None:
    assert numerals(fold("oh one three")).text == "0 1 3"
    assert numerals(fold("Oh 415 555 0132, one more")).text == "Oh 415 555 0132, 1 more"
