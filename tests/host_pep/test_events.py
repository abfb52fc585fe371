import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host_pep import AgentEvent, Channel, EventValidationError
from host_pep.events import MAX_NESTING, MAX_PAYLOAD_BYTES, _bounds, _json_size, new_event_id


def test_wire_format_round_trip() -> None:
    raw = {
        "session": "s-42",
        "agent": "calendar_agent",
        "channel": "tool",
        "action": "tool_call",
        "target": "calendar.create_event",
        "payload": {"notes": "Call 138 1234 5678"},
        "provenance": {"claimed_source": "contacts"},
        "context": {"user_request": "add a meeting"},
        "ts": 1764412800.123,
    }
    event = AgentEvent.parse(raw)
    assert event.channel is Channel.TOOL
    assert event.user_request == "add a meeting"
    again = AgentEvent.parse(event.model_dump_json())
    assert again == event


@pytest.mark.parametrize(
    ("mutation", "field"),
    [
        ({"channel": "carrier-pigeon"}, "channel"),
        ({"action": "teleport"}, "action"),
        ({"payload": "not an object"}, "payload"),
        ({"session": ""}, "session"),
        ({"payload": {"x": "y" * 300_000}}, "payload"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_input_names_the_field(mutation: dict[str, object], field: str) -> None:
    raw = {"session": "s", "agent": "a", "channel": "gui", "action": "tap"} | mutation
    with pytest.raises(EventValidationError) as info:
        AgentEvent.parse(raw)
    assert info.value.field == field


def test_garbage_json_is_a_validation_error() -> None:
    with pytest.raises(EventValidationError):
        AgentEvent.parse("{not json")


def _reference_depth(value: object, level: int = 0) -> int:
    if isinstance(value, dict):
        return max((_reference_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_reference_depth(v, level + 1) for v in value), default=level + 1)
    return level


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(value=_json)
def test_size_bound_never_undercounts_and_depth_is_exact(value: object) -> None:
    # The validators accept an event on this bound without measuring it, so the bound must
    # never be below the real JSON size, and the depth must be the real depth.
    depth, bound = _bounds(value)
    assert depth == _reference_depth(value)
    assert bound >= _json_size(value)


def test_limits_still_hold_near_and_past_them() -> None:
    base = {"session": "s", "agent": "a", "channel": "tool", "action": "tool_call"}
    deep: dict[str, object] = {"v": 1}
    for _ in range(MAX_NESTING):
        deep = {"n": deep}
    with pytest.raises(EventValidationError, match="nested deeper"):
        AgentEvent.parse(base | {"payload": deep})
    # escapes make the bound exceed the limit, the exact size does not: accepted
    near = "\x01" * (MAX_PAYLOAD_BYTES // 7)
    assert AgentEvent.parse(base | {"payload": {"x": near}}).payload["x"] == near
    with pytest.raises(EventValidationError, match="larger than"):
        AgentEvent.parse(base | {"provenance": {"x": "\x01" * (MAX_PAYLOAD_BYTES // 5)}})
    with pytest.raises(EventValidationError, match="larger than"):
        AgentEvent.parse(base | {"payload": {"n": [10**4000] * 70}})


def test_an_event_without_an_id_gets_a_fresh_version_4_uuid() -> None:
    ids = {
        AgentEvent.parse(
            {"session": "s", "agent": "a", "channel": "tool", "action": "tool_call"}
        ).id
        for _ in range(200)
    }
    assert len(ids) == 200
    for value in ids:
        parsed = uuid.UUID(hex=value)
        assert parsed.hex == value and parsed.version == 4 and parsed.variant == uuid.RFC_4122
    assert uuid.UUID(hex=new_event_id()).version == 4
