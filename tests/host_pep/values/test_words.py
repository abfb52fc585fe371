"""The detectors' words come from the language files (``values`` in
``host_pep/recognition/languages/*.yaml``): the helpers that compile them, and the promises the
compiled matchers keep about the data -- every listed word gets past its detector's prefilter,
and a construction with a word of one language works the same as one with another's."""

from __future__ import annotations

import re

import pytest

from host_pep.recognition.lexicon import lexicon
from host_pep.values import DetectionContext, SensitiveKind, detect
from host_pep.values.words import alternation, any_of, necessary, prefilter, whole


def test_necessary_keeps_the_fewest_literals_every_text_needs() -> None:
    assert necessary(["passcode", "code", "codes", "otp", "", "one-time pin", "pin"]) == [
        "otp",
        "pin",
        "code",
    ]


def test_a_prefilter_of_no_words_never_passes() -> None:
    assert prefilter([]).search("anything at all") is None


def test_whole_words_of_spaced_scripts_unspaced_ones_as_substrings() -> None:
    rx = re.compile(whole(["code", "验证码"]))
    assert rx.search("your code: 1") and rx.search("您的验证码是")
    assert rx.search("barcode") is None
    assert re.compile(any_of(["a.b"])).fullmatch("a.b") and not re.fullmatch(any_of([]), "")


def _kinds(text: str, field: str = "") -> set[SensitiveKind]:
    return {d.kind for d in detect(text, DetectionContext(field=field))}


def test_every_one_time_code_keyword_of_every_language_names_a_code() -> None:
    otp = lexicon().values.otp
    for word in otp.keywords:
        if word in otp.not_after:
            continue  # ("code", "pin") tested with what may stand before them
        assert SensitiveKind.OTP in _kinds(f"{word} 482913"), word
    for word, befores in otp.not_after.items():
        assert SensitiveKind.OTP in _kinds(f"your {word} 482913"), word
        for before in befores:
            glue = "" if before.endswith("-") else " "
            assert SensitiveKind.OTP not in _kinds(f"the {before}{glue}{word} 482913"), before


def test_every_credential_label_of_every_language_discloses() -> None:
    for label in lexicon().values.credentials.labels:
        for spelling in {label.replace("_", sep) for sep in ("_", " ", "-", "")}:
            assert SensitiveKind.CREDENTIAL in _kinds(f"{spelling}: Xy7-pQ2r"), spelling


def test_every_address_label_of_every_language_labels_an_address() -> None:
    for label in lexicon().values.addresses.labels:
        [d] = detect(f"{label}: 12 Some Road, Springfield")
        assert d.kind is SensitiveKind.ADDRESS, label


def test_a_cjk_address_label_alone_is_enough() -> None:
    # every listed label opens the search, not only the ones a hand-kept trigger happened to hold
    [d] = detect("住址：Flat 5B, 2 Harbour View")
    assert (d.kind, d.raw) == (SensitiveKind.ADDRESS, "Flat 5B, 2 Harbour View")


@pytest.mark.parametrize(
    ("text", "value", "secret"),
    [
        ("API_TOKEN=9f8e7d6c5b4a", "9f8e7d6c5b4a", True),
        ("CLIENT_AUTH=9f8e7d6c5b4a", "9f8e7d6c5b4a", False),  # a qualifier alone names no secret
        ("CLIENT_AUTH=9f8e7d6c5b4a\nDB_PASSWORD=hunter2hunter2", "9f8e7d6c5b4a", True),
        ("Private: 415-555-0132", "415-555-0132", False),
    ],
)
def test_a_qualifier_names_a_secret_only_beside_a_credential_word(
    text: str, value: str, secret: bool
) -> None:
    found = [d.raw for d in detect(text) if d.kind is SensitiveKind.CREDENTIAL]
    assert (value in found) is secret, found


@pytest.mark.parametrize(
    "words",
    [
        ["diagnosis", "diagnoses", "diagnosed with", "dx"],
        ["es", "est", "is", "ist", "was"],
        ["floor", "fl", "apt", "apartment"],
        ["点", "點"],
        ["a.b", "a-b", "(x)", "c/"],
    ],
)
def test_a_trie_alternation_matches_what_longest_first_matches(words: list[str]) -> None:
    trie = re.compile(rf"(?:{alternation(words)})")
    longest = re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True))))
    for text in [*words, *(w + "t" for w in words), "diagnosed without", "a.bc", "fl oor", ""]:
        for pos in range(len(text) + 1):
            a, b = trie.match(text, pos), longest.match(text, pos)
            assert (a and a.group()) == (b and b.group()), (words, text, pos)
