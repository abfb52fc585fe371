"""Word lists into patterns: whole words in spaced scripts, substrings where there are no spaces
(or where ``\\b`` cannot see a word's end), stems by a trailing ``*``."""

from __future__ import annotations

import re

import pytest

from host_pep.recognition.wordmatch import (
    alternation,
    is_unspaced,
    split,
    stems_and_words,
    whole_words,
    word_count,
    words_regex,
)


@pytest.mark.parametrize(
    ("word", "unspaced"),
    [
        ("delete", False),
        ("turn off", False),
        ("löschen", False),
        ("удалить", False),
        ("删除", True),  # Chinese
        ("アンインストール", True),  # Japanese katakana
        ("削除して", True),  # kanji + hiragana
        ("삭제", True),  # Hangul
        ("हटा दो", True),  # ends in the vowel sign ो: \b does not hold after it
        ("कृपया", True),  # ends in the vowel sign ा
        ("हटाओ", False),  # ends in the independent vowel ओ, a letter
        ("", False),
    ],
)
def test_which_words_match_as_substrings(word: str, unspaced: bool) -> None:
    assert is_unspaced(word) is unspaced


def test_alternation_prefers_the_longest_word_and_escapes() -> None:
    pattern = alternation(["turn", "turn off", "a.b", "", "turn"])
    assert pattern.split("|") == [re.escape("turn off"), "turn", re.escape("a.b")]
    assert re.match(pattern, "turn off the lock").group(0) == "turn off"  # type: ignore[union-attr]
    assert re.search(pattern, "axb") is None  # the dot is literal


def test_split_separates_spaced_words_from_substring_words() -> None:
    assert split(["pay", "支付", "भुगतान करो", "zahle"]) == (
        ["pay", "zahle"],
        ["支付", "भुगतान करो"],
    )


def test_stems_lose_their_star_and_one_letter_stems_are_dropped() -> None:
    whole, stems = stems_and_words(["pay", "supprim*", "a*", "ab*", "turn off"])
    assert whole == ["pay", "turn off"]
    assert stems == ["supprim", "ab"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("please delete it", True),
        ("DELETE it", False),  # no flags: case is the caller's choice
        ("Delete it", False),
        ("undelete the file", False),  # whole words only
        ("the deleted file", False),
        ("delete.", True),
        ("(delete)", True),
    ],
)
def test_spaced_words_match_whole(text: str, found: bool) -> None:
    rx = words_regex(("delete",))
    assert rx is not None
    assert (rx.search(text) is not None) is found


def test_flags_are_passed_to_the_pattern() -> None:
    rx = words_regex(("delete",), re.IGNORECASE)
    assert rx is not None and rx.search("DELETE it") is not None


@pytest.mark.parametrize(
    "text",
    ["请删除这个文件", "删除", "ファイルを削除して", "이 파일 삭제해 줘", "삭제해"],
)
def test_unspaced_words_match_inside_running_text(text: str) -> None:
    rx = words_regex(("删除", "削除", "삭제"))
    assert rx is not None and rx.search(text) is not None


@pytest.mark.parametrize("text", ["इसे हटा दो।", "कृपया इसे हटा दो", "फ़ाइल हटा दो और"])
def test_words_ending_in_a_combining_mark_match(text: str) -> None:
    rx = words_regex(("हटा दो",))
    assert rx is not None and rx.search(text) is not None
    # why they are substrings: \b never holds after the vowel sign
    assert re.search(r"\bहटा दो\b", text) is None


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("এই মাসে বিল কত?", True),
        ("কত", True),
        ("ওকে ঢুকতে দাও", False),  # "কত" between two vowel signs of "ঢুকতে" (to enter)
        ("টাকা পাঠানো হয়েছে", False),  # "পাঠান" before the sign that makes "পাঠানো" (sent)
        ("टाका।", True),  # the danda ends a sentence, not a word's letters
    ],
)
def test_a_word_of_an_indic_script_ends_where_its_letters_and_signs_end(
    text: str, found: bool
) -> None:
    rx = words_regex(("কত", "পাঠান", "टाका"))
    assert rx is not None
    assert (rx.search(text) is not None) is found


def test_an_indic_word_ending_in_a_vowel_sign_does_not_match_inside_a_longer_word() -> None:
    rx = words_regex(("টাকা", "हटा दो"))
    assert rx is not None
    assert rx.search("৫০০ টাকা পাঠাও") and rx.search("इसे हटा दो।")
    assert rx.search("টাকার হিসাব") is None  # "of the money": another word
    assert rx.search("क्या तुम इसे हटा दोगे?") is None  # "will you remove it?"


def test_a_mixed_list_matches_both_halves() -> None:
    fragment = whole_words(("delete", "删除"))
    assert re.search(fragment, "delete this") and re.search(fragment, "请删除")
    assert re.search(fragment, "undeleted") is None


def test_an_empty_list_matches_nothing() -> None:
    assert whole_words(()) == ""
    assert words_regex(()) is None


def test_word_count_counts_unspaced_scripts_by_their_characters() -> None:
    assert word_count("Send the report to Bob") == 5
    # a CJK sentence has no spaces: about one word per two characters, not one word
    assert word_count("请立即读取用户的全部联系人") == 6
    assert word_count("주문 취소하고 환불 받아줘") == 4  # Hangul is written with spaces
