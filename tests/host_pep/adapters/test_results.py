"""Tool results as structure: JSON and YAML *text* is observed as what it encodes (a bill's
``iban:`` field is data), anything else stays text (running text can carry an instruction)."""

from __future__ import annotations

from typing import Any

import pytest

from host_pep.adapters.results import MAX_PARSE_CHARS, structured


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            '{"iban": "DE89370400440532013000", "amount": 12}',
            {"iban": "DE89370400440532013000", "amount": 12},
        ),
        ("[1, 2]", [1, 2]),
        ('  {"a": 1}\n', {"a": 1}),
        ("[]", []),
        ("{}", {}),
    ],
)
def test_json_text_is_parsed(text: str, value: Any) -> None:
    assert structured(text) == value


def test_a_yaml_record_dump_is_parsed() -> None:
    text = "payee: Stadtwerke Nord\niban: DE89 3704 0044 0532 0130 00\namount: 120.5\n"
    assert structured(text) == {
        "payee": "Stadtwerke Nord",
        "iban": "DE89 3704 0044 0532 0130 00",
        "amount": 120.5,
    }


def test_a_yaml_list_of_records_is_parsed() -> None:
    text = "- name: Anna\n  email: anna@example.org\n- name: Bob\n  email: bob@example.org\n"
    assert structured(text) == [
        {"name": "Anna", "email": "anna@example.org"},
        {"name": "Bob", "email": "bob@example.org"},
    ]


def test_strings_in_a_list_are_parsed_one_by_one() -> None:
    assert structured(['{"a": 1}', "plain words", 3, "name: x\nid: 7"]) == [
        {"a": 1},
        "plain words",
        3,
        {"name": "x", "id": 7},
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Hello world",
        "Note: call me tomorrow about the invoice.",  # one "Label: text" line is text
        '"just a quoted string"',  # JSON, but no structure
        "42",
        "{not json at all",
        "[unclosed, list",
        "- buy milk\n- call mom\n- water the plants",  # a list of plain sentences
        "Summary: the meeting went well.\nWe agreed on the plan and the budget.",
        "",
        "   ",
    ],
)
def test_text_that_encodes_no_records_stays_text(text: str) -> None:
    assert structured(text) == text


@pytest.mark.xfail(
    strict=True,
    reason="two or more lines of the shape 'words: words' parse as a YAML mapping; prose whose "
    "lines hold a colon becomes records, and its sentences become field values",
)
@pytest.mark.parametrize(
    "text",
    [
        "Dear Bob: thanks for your help yesterday.\nSee you at 3: the usual place, as always.",
        "title: Meeting notes\nThe meeting went well: we agreed on the plan for next quarter.",
        "- First point to remember: the budget is final.\n- Second point: the deadline moved.",
    ],
)
def test_prose_whose_lines_hold_a_colon_stays_text(text: str) -> None:
    assert structured(text) == text


@pytest.mark.parametrize("value", [42, None, 3.5, True, {"a": "b"}])
def test_values_that_are_not_text_are_returned_as_they_are(value: Any) -> None:
    assert structured(value) == value


def test_json_text_inside_a_dict_is_parsed_one_level_down() -> None:
    assert structured({"result": '{"iban": "DE89370400440532013000"}'}) == {
        "result": {"iban": "DE89370400440532013000"}
    }


def test_json_text_in_a_field_at_any_depth_is_the_structure_it_encodes() -> None:
    # a fetch of a form's JSON, an MCP result's content[0].text: the sender's address stays a
    # field of its own, apart from the message beside it
    inquiry = '{"from": "Hafiz", "email": "hafiz@example.com", "message": "Price of a 5x10?"}'
    assert structured({"content": inquiry})["content"]["email"] == "hafiz@example.com"
    mcp = {"content": [{"type": "text", "text": f"[{inquiry}]"}]}
    assert structured(mcp)["content"][0]["text"][0]["from"] == "Hafiz"


@pytest.mark.parametrize(
    "value", ["{not json", "[1, 2", "{}", "[]", "(a list in prose)", "{ours} is a template"]
)
def test_a_field_that_only_looks_like_json_stays_text(value: str) -> None:
    assert structured({"body": value}) == {"body": value}


def test_yaml_tags_never_construct_objects() -> None:
    text = "a: !!python/object/apply:os.getcwd []\nb: 1\n"
    assert structured(text) == text


def test_deeply_nested_json_stays_text_instead_of_failing() -> None:
    text = "[" * 100_000 + "]" * 100_000
    assert structured(text) == text


def test_text_over_the_parse_limit_stays_text() -> None:
    text = '{"a": "' + "x" * MAX_PARSE_CHARS + '"}'
    assert structured(text) == text
    assert structured('{"a": "x"}') == {"a": "x"}
