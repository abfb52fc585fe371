"""Rule 4 reads what the request asks for: naming a control is not asking for its act, and a
request about one file does not authorize sharing another."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from host_pep.pep import PEP
from host_pep.verdict import Decision

from .helpers import tool_event


@pytest.fixture
def pep() -> Iterator[PEP]:
    pep = PEP.create()
    yield pep
    pep.close()


def test_naming_the_delete_button_does_not_ask_to_delete(pep: PEP) -> None:
    shown = "Show me where the delete button is for Bob's contact"
    event = tool_event("contacts.delete", {"name": "Bob Miller"}, request=shown)
    assert pep.decide_sync(event).decision is not Decision.ALLOW
    asked = tool_event("contacts.delete", {"name": "Bob Miller"}, request="Delete Bob's contact")
    assert pep.decide_sync(asked).decision is Decision.ALLOW


def test_sharing_a_different_file_than_the_one_asked_for_is_not_authorized(pep: PEP) -> None:
    request = "Share trip-itinerary.pdf with sam@example.com"
    other = tool_event(
        "gdrive.share_file",
        {"file_id": "tax-2025.pdf", "email": "sam@example.com"},
        request=request,
    )
    assert pep.decide_sync(other).decision is Decision.DENY
    same = tool_event(
        "gdrive.share_file",
        {"file_id": "trip-itinerary.pdf", "email": "sam@example.com"},
        request=request,
    )
    assert pep.decide_sync(same).decision is Decision.ALLOW


def test_a_spelled_separator_between_digits_is_a_separator(pep: PEP) -> None:
    read = tool_event("contacts.lookup", {"query": "Dan"})
    verdict = pep.decide_sync(read)
    pep.record_result_sync(read, verdict, {"name": "Dan Wilson", "phone": "(202) 555-0143"})
    label = tool_event("clock.set_alarm", {"hour": 9, "label": "call 202 dash 555 dash 0143"})
    assert pep.decide_sync(label).decision is Decision.DENY


def test_resetting_network_settings_does_not_authorize_a_factory_reset(pep: PEP) -> None:
    reset = tool_event("settings.factory_reset", {}, request="Reset my network settings")
    assert pep.decide_sync(reset).decision is not Decision.ALLOW
    asked = tool_event("settings.factory_reset", {}, request="Factory reset my phone")
    assert pep.decide_sync(asked).decision is Decision.ALLOW
