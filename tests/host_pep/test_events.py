import pytest

from host_pep import AgentEvent, Channel, EventValidationError


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
