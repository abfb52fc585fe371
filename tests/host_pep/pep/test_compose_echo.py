"""What the agent typed into a compose box (SMS, mail) and later sees on screen is not content
that arrived from outside, nor that app's own data: it must not block the user's own send.
Real GUI events through the installed GUI adapter, on real uiautomator2-format screens."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from android_bridge.events.uixml import app_screen, button, field_
from host_pep.events import AgentEvent
from host_pep.pep import PEP
from host_pep.verdict import Decision

from .helpers import tool_event

SMS = "com.simplemobiletools.smsmessenger"
REQUEST = "Text Bob where tomorrow's meeting is"
BOB = "+1 415 555 0132"
PLACE = "The meeting moved to Calle de Alcalá 45, see you there at 5"


@pytest.fixture
def pep() -> Iterator[PEP]:
    pep = PEP.create()
    yield pep
    pep.close()


def _screen(to: str = "", body: str = "", focus: str = "recipient") -> str:
    return app_screen(
        SMS,
        field_(SMS, "recipient", "To", to, top=200, focused=focus == "recipient"),
        field_(SMS, "message_body", "Type a message", body, top=400, focused=focus == "body"),
        button(SMS, "send_button", "Send"),
    )


def _gui(action: str, payload: dict[str, object], xml: str, n: int) -> AgentEvent:
    return AgentEvent.parse(
        {
            "session": "s-1",
            "agent": "assistant",
            "channel": "gui",
            "action": action,
            "target": "",
            "payload": payload,
            "context": {"user_request": REQUEST, "screen_xml": xml},
            "id": f"gui-{n}",
        }
    )


def _read(pep: PEP, tool: str, result: object) -> None:
    event = tool_event(tool, {"query": "x"}, request=REQUEST)
    pep.record_result_sync(event, pep.decide_sync(event), result)


def _compose_and_send(pep: PEP, body: str) -> list[Decision]:
    steps = [
        _gui("text_input", {"text": BOB}, _screen(), 1),
        _gui("text_input", {"text": body}, _screen(to=BOB, focus="body"), 2),
        _gui("key", {"key": "back"}, _screen(to=BOB, body=body, focus="body"), 3),
        _gui("tap", {"selector": {"text": "Send"}}, _screen(to=BOB, body=body, focus=""), 4),
    ]
    return [pep.decide_sync(e).decision for e in steps]


def test_the_users_own_message_typed_then_shown_again_is_sent(pep: PEP) -> None:
    events = {"events": [{"title": "Team meeting", "location": "Calle de Alcalá 45, 28014 Madrid"}]}
    _read(pep, "calendar.list_events", events)
    _read(pep, "contacts.lookup", {"name": "Bob", "phone": BOB})
    assert _compose_and_send(pep, PLACE) == [Decision.ALLOW] * 4


def test_a_contacts_number_typed_into_the_body_is_still_a_leak(pep: PEP) -> None:
    _read(pep, "contacts.lookup", {"name": "Bob", "phone": BOB})
    _read(pep, "contacts.lookup", {"name": "Alice", "phone": "+1 650 555 0199"})
    decisions = _compose_and_send(pep, "Alice's number is +1 650 555 0199, call her")
    assert decisions[1] is Decision.DENY and decisions[3] is Decision.DENY
