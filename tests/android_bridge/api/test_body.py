"""Reading request bodies: what is refused (with the field), and that ordinary bodies — digits in
strings, deep-looking text — pass untouched."""

from __future__ import annotations

import pytest

from android_bridge.api.body import MAX_DEPTH, first_problem, read_model
from android_bridge.api.errors import ApiError
from android_bridge.api.models import ActionRequest
from android_bridge.api.service import first_error

HEAD = '{"agent":"a","channel":"tool","action":"tool_call","target":"notes.create",'


def _read(body: str | bytes) -> ActionRequest:
    raw = body.encode() if isinstance(body, str) else body
    return read_model(raw, ActionRequest, first_error)


@pytest.mark.parametrize(
    ("payload", "field", "words"),
    [
        ('{"x":' + "[" * 5000 + "]" * 5000 + "}", "body", "nested deeper"),
        (
            '{"x":' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
            "payload.x",
            "nested deeper",
        ),
        ('{"x":' + "9" * 5000 + "}", "payload.x", "digits"),
        ('{"x":18446744073709551616}', "payload.x", "64 bits"),
        ('{"x":-9223372036854775809}', "payload.x", "64 bits"),
        ('{"x":NaN}', "payload.x", "NaN"),
        ('{"x":{"y":[0,Infinity]}}', "payload.x.y.1", "Infinity"),
        ('{"x":-Infinity}', "payload.x", "Infinity"),
        ('{"x":1e400}', "payload.x", "infinity"),
    ],
)
def test_refused_numbers_and_depths_name_their_field(payload: str, field: str, words: str) -> None:
    with pytest.raises(ApiError) as err:
        _read(HEAD + f'"payload":{payload}}}')
    assert err.value.status == 400 and err.value.field == field
    assert words.lower() in err.value.message.lower()


def test_a_non_finite_timestamp_is_refused() -> None:
    with pytest.raises(ApiError) as err:
        _read(HEAD + '"payload":{},"ts":Infinity}')
    assert (err.value.status, err.value.field) == (400, "ts")


@pytest.mark.parametrize(
    "payload",
    [
        '{"iban":"DE89370400440532013000","card":"4111111111111111","n":"NaN is not a number"}',
        '{"text":"Infinity and beyond, 1e400 times"}',
        '{"max":18446744073709551615,"min":-9223372036854775808,"f":1.5e300}',
        '{"brackets":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}',
    ],
)
def test_ordinary_bodies_pass(payload: str) -> None:
    assert _read(HEAD + f'"payload":{payload}}}').payload


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (b"", "body"),
        (b"{not json", "body"),
        (b"[1, 2]", "body"),
        (b'{"agent":"a"}\xff', "body"),
        (HEAD.encode() + b'"payload":"x"}', "payload"),
    ],
)
def test_other_malformed_bodies(body: bytes, field: str) -> None:
    with pytest.raises(ApiError) as err:
        _read(body)
    assert (err.value.status, err.value.field) == (400, field)


def test_first_problem_is_none_for_plain_json() -> None:
    assert first_problem(b'{"a":[1,2,{"b":null}],"c":"NaN"}') is None
