"""Arabic vowel signs and Hebrew points are written or left out at will: recognition folds them
on both sides, the lexicon's words and the text it reads (``recognition.marks``)."""

from __future__ import annotations

import unicodedata

import pytest

from host_pep.recognition.lexicon import Lexicon, parse_language
from host_pep.recognition.marks import fold_marks, unaccented
from host_pep.recognition.request import intent, unicode_words
from host_pep.recognition.words import content_words
from host_pep.semantics import Operation


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        ("احذِفْ", "احذف"),  # kasra, sukun
        ("رجّع", "رجع"),  # shadda
        ("دولارًا", "دولارا"),  # tanween
        ("ادفـــع", "ادفع"),  # tatweel
        ("أرسل", "ارسل"),  # hamza on alef
        ("إلغاء", "الغاء"),  # hamza under alef
        ("آخر", "اخر"),  # madda
        ("מְחַק", "מחק"),  # niqqud
        ("שָׁלוֹם", "שלום"),  # shin dot, holam
    ],
)
def test_marks_fold_away(written: str, folded: str) -> None:
    assert fold_marks(written) == folded


@pytest.mark.parametrize(
    "text",
    [
        "Lösche den Termin",  # Latin accents are letters of their words
        "удали контакт",
        "ای کاش",  # Persian yeh and kaf stay letters
        "جائے",  # Urdu hamza seat and barree yeh stay
        "תל־אביב",  # maqaf is punctuation
        "删除日历",
    ],
)
def test_other_letters_stay(text: str) -> None:
    assert fold_marks(text) == text


def test_a_listed_word_with_marks_is_listed_without_them() -> None:
    lang = parse_language(
        "code: xx\nname: Test\noperations:\n  payment: [حوِّل, רְכוֹשׁ]\n", "languages/xx.yaml"
    )
    words = Lexicon([lang]).operations[Operation.PAYMENT]
    # both forms: requests are read folded, untrusted text's patterns as written
    assert {"حوِّل", "حول", "רְכוֹשׁ", "רכוש"} <= set(words)


@pytest.mark.parametrize(
    "request_text",
    [
        "احذِفْ موعد الغد",  # vowelled request, word listed bare
        "احذف موعد الغد",
        "מְחַק את הפגישה עם יונתן",
    ],
)
def test_a_request_asks_the_same_with_or_without_marks(request_text: str) -> None:
    assert Operation.DELETE in intent(request_text).asks


def test_a_request_with_marks_names_the_same_words() -> None:
    assert unicode_words("الفاتُورة") == unicode_words("الفاتورة")
    assert content_words("הַפְּגִישָׁה") == content_words("הפגישה")


@pytest.mark.parametrize(
    ("word", "bare"),
    [
        ("Hạnh", "Hanh"),
        ("médecins", "medecins"),
        ("Łódź", "Lodz"),
        ("Đức", "Duc"),
        ("Anna", "Anna"),
    ],
)
def test_unaccented_drops_latin_diacritics(word: str, bare: str) -> None:
    assert unaccented(word) == bare


def test_a_decomposed_word_is_read_composed() -> None:
    # "é" typed as "e" plus a combining accent is the word the lexicon lists
    decomposed = unicodedata.normalize("NFD", "borrá el mensaje")
    assert decomposed != "borrá el mensaje"
    assert fold_marks(decomposed) == "borrá el mensaje"
    assert Operation.DELETE in intent(decomposed).asks


@pytest.mark.parametrize(
    ("pattern", "text", "matches"),
    [
        ("βοηθό", "ΒΟΗΘΟ", True),  # capitals are written without the tonos
        ("βοηθό", "βοηθο", True),  # and quick typing drops it
        ("βοηθό", "βοηθό", True),
        ("βοηθό", "βοηθα", False),
        ("[άέ]x", "αx", False),  # a class is the pattern's own: left as written
        (r"\[ό\]", "[ο]", True),  # an escaped bracket opens no class
        ("assistant", "ASSISTANT", True),  # no Greek: the pattern unchanged
    ],
)
def test_a_greek_pattern_matches_with_or_without_its_tonos(
    pattern: str, text: str, matches: bool
) -> None:
    import re

    from host_pep.recognition.marks import tonos_optional

    assert (re.fullmatch(tonos_optional(pattern), text, re.IGNORECASE) is not None) is matches
