"""Emails: plain and obfuscated forms, case-folded keys, no prose false positives."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from host_pep.values import SensitiveKind, detect

KEY = "email:zhang.wei@example.com"


def emails(text: str) -> list[tuple[str, str]]:
    return [(d.raw, d.key) for d in detect(text) if d.kind is SensitiveKind.EMAIL]


@pytest.mark.parametrize(
    "form",
    [
        "zhang.wei@example.com",
        "Zhang.Wei@EXAMPLE.com",
        "zhang.wei at example dot com",
        "zhang.wei AT example DOT com",
        "zhang.wei [at] example [dot] com",
        "zhang.wei [ at ] example [ dot ] com",
        "zhang.wei(at)example(dot)com",
        "zhang.wei (at) example (dot) com",
        "zhang.wei{at}example{dot}com",
        "zhang.wei <at> example <dot> com",
        "zhang.wei @ example . com",
        "zhang.wei＠example．com",
        "ｚｈａｎｇ.ｗｅｉ@ｅｘａｍｐｌｅ.ｃｏｍ",
        "zhang.wei艾特example点com",
        "zhang dot wei at example dot com",
        "zhang.wei [at] example.com",
        "zhang.wei@example dot com",
        "zhang\u200b.wei@exa\u200dmple.com",
    ],
)
def test_forms_normalize_to_one_key(form: str) -> None:
    found = emails(f"Write to {form} today.")
    assert [k for _, k in found] == [KEY], found
    assert found[0][0] == form


@pytest.mark.parametrize(
    "text",
    [
        "meet at 5 at the cafe",
        "look at example.com for details",
        "see you at home dot later",
        "I'm at the office. Com on!",
        "price @ 5 dollars",
        "@everyone please review",
        "arrive at noon at gate dot 5",
    ],
)
def test_prose_is_not_an_email(text: str) -> None:
    assert emails(text) == []


def test_email_next_to_cjk_and_punctuation() -> None:
    assert emails("邮箱zhangwei@163.com谢谢") == [("zhangwei@163.com", "email:zhangwei@163.com")]
    assert emails("(bob@example.org).") == [("bob@example.org", "email:bob@example.org")]


def test_masked() -> None:
    [d] = detect("Zhang.Wei@Example.com")
    assert d.masked == "z***@example.com"


_LABEL = st.from_regex(r"[a-z][a-z0-9]{1,8}", fullmatch=True)
_STOP = {"at", "dot", "oh"}


@st.composite
def addresses(draw: st.DrawFn) -> tuple[str, str, str]:
    local_parts = draw(st.lists(_LABEL, min_size=1, max_size=3))
    domain_parts = draw(st.lists(_LABEL, min_size=1, max_size=2))
    tld = draw(st.sampled_from(["com", "org", "net", "io", "cn", "de", "co"]))
    assume(not (set(local_parts) | set(domain_parts)) & _STOP)
    return ".".join(local_parts), ".".join(domain_parts), tld


def _recase(text: str, flips: list[bool]) -> str:
    return "".join(
        ch.upper() if f else ch for ch, f in zip(text, flips + [False] * len(text), strict=False)
    )


@settings(max_examples=200, deadline=None)
@given(parts=addresses(), style=st.integers(0, 8), flips=st.lists(st.booleans(), max_size=40))
def test_any_case_and_obfuscation_gives_one_key(
    parts: tuple[str, str, str], style: int, flips: list[bool]
) -> None:
    local, domain, tld = parts
    at, dot = [
        ("@", "."),
        (" at ", " dot "),
        (" [at] ", " [dot] "),
        ("(at)", "(dot)"),
        (" @ ", " . "),
        ("＠", "．"),
        ("艾特", "点"),
        (" AT ", " DOT "),
        ("[at]", "."),
    ][style]
    written_local = local if dot == "." else local.replace(".", dot)
    form = _recase(f"{written_local}{at}{domain.replace('.', dot)}{dot}{tld}", flips)
    found = emails(f"contact: {form} thanks")
    assert [k for _, k in found] == [f"email:{local}@{domain}.{tld}"], form
