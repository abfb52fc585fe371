"""``unescaped``: percent-encoding, shell escapes and query-string "+" undone, mapped back."""

from __future__ import annotations

import re

import pytest

from host_pep.values.escapes import has_escape, unescaped


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("https://x.io/s?q=%2B254712345678&src=c", "https://x.io/s?q=+254712345678&src=c"),
        ("?email=budi.santoso%40example.co.id", "?email=budi.santoso@example.co.id"),
        ("input text '+84\\ 91\\ 234\\ 56\\ 78'", "input text '+84 91 234 56 78'"),
        ("/maps?q=500+Howard+St%2C+SF", "/maps?q=500 Howard St, SF"),
        ("%E4%B8%AD%E6%96%87 x", "中文 x"),
    ],
)
def test_escapes_are_undone(text: str, expected: str) -> None:
    layer = unescaped(text)
    assert layer is not None
    assert layer.text == expected


@pytest.mark.parametrize(
    "text", ["plain text", "C:\\Users\\me", "100% sure", "a + b = c", "line\\nbreak"]
)
def test_texts_without_escapes_are_left_alone(text: str) -> None:
    assert unescaped(text) is None


def test_spans_map_back_to_the_escaped_input() -> None:
    text = "call %2B20%2010%201234%205678 now"
    layer = unescaped(text)
    assert layer is not None
    m = re.search(r"\+[\d ]+\d", layer.text)
    assert m is not None
    s, e = layer.to_original(*m.span())
    assert text[s:e] == "%2B20%2010%201234%205678"


def test_cheap_precheck() -> None:
    assert not has_escape("Meeting with Zhang on Friday at 10")
    assert has_escape("a%20b") and has_escape("a\\ b") and has_escape("/s?q=a+b")
