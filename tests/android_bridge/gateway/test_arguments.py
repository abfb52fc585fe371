"""The argument check's two validators: jsonschema-rs's compiled one may only accept what
jsonschema (the reference) accepts, so the check decides exactly as jsonschema alone did."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from android_bridge.api.tool_catalog import load_tool_specs
from android_bridge.gateway.arguments import (
    ArgumentError,
    _plain_json,
    _validator_of,
    check_arguments,
    shape,
)
from android_bridge.tools.directory import typed_spec

GENERIC: list[dict[str, Any]] = [
    {"type": "object"},
    {
        "type": "object",
        "properties": {
            "s": {"type": "string", "minLength": 1, "maxLength": 3},
            "n": {"type": "integer", "minimum": -2, "exclusiveMaximum": 5},
            "x": {"type": "number", "maximum": 1.5},
            "b": {"type": "boolean"},
            "e": {"enum": ["a", 1, None, [1], {"k": True}]},
            "c": {"const": 0},
        },
        "required": ["s"],
        "additionalProperties": True,
    },
    {
        "type": "object",
        "properties": {
            "l": {"type": "array", "items": {"type": "integer"}, "maxItems": 2},
            "t": {"type": "array", "prefixItems": [{"type": "string"}], "items": False},
            "u": {"type": "array", "uniqueItems": True},
            "h": {"type": "array", "contains": {"type": "null"}, "minContains": 1},
        },
        "additionalProperties": {"type": ["string", "null"]},
    },
    {
        "anyOf": [{"type": "string"}, {"type": "object", "required": ["a"]}],
        "not": {"const": ""},
    },
    {"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 0}]},
    {
        "type": "object",
        "$defs": {"pos": {"type": "integer", "minimum": 1}},
        "properties": {"p": {"$ref": "#/$defs/pos"}},
        "dependentRequired": {"p": ["q"]},
        "propertyNames": {"maxLength": 2},
        "minProperties": 1,
        "maxProperties": 3,
    },
    {
        "type": "object",
        "if": {"required": ["a"]},
        "then": {"properties": {"a": {"type": "string"}}},
        "else": {"properties": {"b": {"type": "integer"}}},
        "unevaluatedProperties": {"type": "boolean"},
    },
]
TOOLS = [typed_spec(s).input_schema for s in load_tool_specs()]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4)
    | st.sampled_from(["", "a", "ab", "abc", "\u0661\u0662", "abc\n"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                ["a", "b", "p", "q", "s", "n", "x", "e", "c", "l", "t", "u", "h", "name"]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=8,
)


arguments = st.dictionaries(
    st.sampled_from(["a", "b", "p", "q", "s", "n", "x", "e", "c", "l", "t", "u", "h", "name"]),
    json_values,
    max_size=4,
)


@pytest.mark.parametrize("schema", GENERIC + TOOLS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=json_values, args=arguments)
def test_the_check_decides_as_jsonschema_alone(
    schema: dict[str, Any], value: Any, args: dict[str, Any]
) -> None:
    checker = _validator_of(schema)
    # the compiled validator never accepts a value jsonschema refuses
    if checker.compiled is not None and checker.compiled.is_valid(value):
        assert checker.reference.is_valid(value), f"compiled accepts {value!r}"
    # and a call is refused exactly when it names an unknown argument or jsonschema refuses it
    known = set(schema.get("properties", {}))
    closed = schema.get("additionalProperties") in (None, False)
    refused = (closed and not set(args) <= known) or not checker.reference.is_valid(args)
    try:
        check_arguments("t", schema, args)
    except ArgumentError:
        assert refused, f"refused {args!r}"
    else:
        assert not refused, f"accepted {args!r}"


def test_every_shipped_tool_without_regexes_gets_the_compiled_validator() -> None:
    for schema in TOOLS:
        checker = _validator_of(schema)
        assert (checker.compiled is None) == ("pattern" in str(schema))


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "object", "properties": {"k": {"type": "string", "pattern": "^[0-9]+$"}}},
        {"type": "object", "patternProperties": {"^x": {"type": "integer"}}},
        {"type": "object", "properties": {"v": {"type": "number", "multipleOf": 0.01}}},
    ],
)
def test_schemas_the_two_read_apart_are_judged_by_jsonschema_alone(
    schema: dict[str, Any],
) -> None:
    assert _validator_of(schema).compiled is None
    if "multipleOf" in str(schema):  # 0.07 is a multiple of 0.01 in decimals, not in floats
        assert not jsonschema.Draft202012Validator(schema).is_valid({"v": 0.07})
        with pytest.raises(ArgumentError, match="multiple of"):
            check_arguments("t", schema, {"v": 0.07})


def test_python_values_outside_json_are_judged_by_jsonschema() -> None:
    schema = {"type": "object", "properties": {"l": {"type": "array"}}}
    assert _validator_of(schema).compiled is not None
    # a tuple is an array to the compiled validator, not to jsonschema: refused as before
    with pytest.raises(ArgumentError, match="is not of type 'array'"):
        check_arguments("t", schema, {"l": (1, 2)})
    check_arguments("t", schema, {"l": [1, 2]})
    assert not _plain_json({"l": (1,)}) and not _plain_json({1: "a"})
    assert not _plain_json({"n": 2**64}) and not _plain_json({"f": float("nan")})
    assert _plain_json({"a": [1, 2.5, "x", None, True, {"b": []}]})


def test_a_refusal_is_worded_by_jsonschema() -> None:
    schema = next(s for s in TOOLS if s.get("required") and "pattern" not in str(s))
    assert _validator_of(schema).compiled is not None
    with pytest.raises(ArgumentError, match="is a required property") as err:
        check_arguments("t", schema, {})
    assert err.value.field == f"arguments.{schema['required'][0]}"
    assert err.value.message.endswith(f"t takes {shape(schema)}")


@pytest.mark.parametrize(
    "schema",
    [
        {
            "type": "object",
            "$defs": {"p": {"type": "integer"}},
            "properties": {"a": {"$ref": "#/$defs/p"}},
        },
        {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "definitions": {"p": {"type": "integer"}},
            "properties": {"a": {"$ref": "#/definitions/p"}},
        },
    ],
)
def test_local_references_and_older_drafts_are_compiled_too(schema: dict[str, Any]) -> None:
    assert _validator_of(schema).compiled is not None
    with pytest.raises(ArgumentError, match="is not of type 'integer'"):
        check_arguments("t", schema, {"a": "x"})
    check_arguments("t", schema, {"a": 2})
