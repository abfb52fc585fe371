"""A recipient or address field exempts a value from rule 1 only when the value's kind is what
the field is for (a phone/email as a recipient, a postal address as a location); anything else
typed there is content and is judged as content."""

from __future__ import annotations

from typing import Any

import pytest

from host_pep.pep import PEP
from host_pep.pipeline.context import content_role
from host_pep.semantics import FieldRole
from host_pep.verdict import Decision

from .helpers import tool_event

CONTACT = {
    "name": "Alice Chen",
    "phone": "+1 415 555 0132",
    "email": "alice.chen@example.com",
    "address": "1600 Amphitheatre Parkway, Mountain View, CA 94043",
}


def _after_contact(target: str, payload: dict[str, Any], request: str = "") -> Decision:
    pep = PEP.create()
    try:
        read = tool_event("contacts.lookup", {"query": "Alice"}, request=request)
        verdict = pep.decide_sync(read)
        pep.record_result_sync(read, verdict, {"contacts": [CONTACT]})
        return pep.decide_sync(tool_event(target, payload, request=request)).decision
    finally:
        pep.close()


def test_a_phone_in_an_event_location_is_content() -> None:
    payload = {"title": "Sync", "start": "2026-12-01T10:00"}
    decision = _after_contact("calendar.create_event", {**payload, "location": "+1 415 555 0132"})
    assert decision is Decision.DENY


def test_a_contacts_postal_address_as_the_event_location_is_a_flow_into_calendar() -> None:
    # An event's place is content of the event (rule 1 lists Calendar as a sink); only where a
    # ride or a delivery goes is an address field that rule 5 judges. Two independent holdout
    # rounds (3 and 6) read DESIGN.md this way; the engine had read it the other way before.
    payload = {"title": "Dinner at Alice's", "location": CONTACT["address"]}
    assert _after_contact("calendar.create_event", payload) is Decision.DENY
    ride = {"destination": CONTACT["address"]}
    assert _after_contact("uber.request_ride", ride, request="get me a ride") is Decision.ALLOW


def test_an_email_in_a_shipping_address_field_is_content() -> None:
    payload = {"items": "1x book", "address": "alice.chen@example.com", "amount": "12.00"}
    decision = _after_contact("shopping.checkout", payload, request="buy the book and pay for it")
    assert decision is Decision.DENY


def test_the_contacts_phone_as_the_sms_recipient_is_fine() -> None:
    payload = {"to": "+1 415 555 0132", "body": "running late, see you at 7"}
    assert _after_contact("sms.send", payload, request="text Alice I'm late") is Decision.ALLOW


def test_a_postal_address_in_a_recipient_field_is_content() -> None:
    payload = {"to": CONTACT["address"], "body": "hello"}
    assert _after_contact("sms.send", payload, request="text hello") is Decision.DENY


@pytest.mark.parametrize(
    ("role", "kind", "expected"),
    [
        (FieldRole.RECIPIENT, "phone", FieldRole.RECIPIENT),
        (FieldRole.RECIPIENT, "email", FieldRole.RECIPIENT),
        (FieldRole.RECIPIENT, "card", FieldRole.CONTENT),
        (FieldRole.RECIPIENT, "otp", FieldRole.CONTENT),
        (FieldRole.ADDRESS, "address", FieldRole.ADDRESS),
        (FieldRole.ADDRESS, "phone", FieldRole.CONTENT),
        (FieldRole.ADDRESS, "email", FieldRole.CONTENT),
        (FieldRole.ACCOUNT, "iban", FieldRole.ACCOUNT),
        (FieldRole.ACCOUNT, "otp", FieldRole.CONTENT),
        (FieldRole.CONTENT, "card", FieldRole.CONTENT),
        (FieldRole.IDENTIFIER, "phone", FieldRole.IDENTIFIER),
    ],
)
def test_content_role(role: FieldRole, kind: str, expected: FieldRole) -> None:
    assert content_role(role, kind) is expected
