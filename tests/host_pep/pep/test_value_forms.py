"""Value forms the third holdout wrote that T2 must still match against what was observed: an
international number without its "+", a national trunk form, percent-encoding, shell escapes,
IBANs regrouped, an address without its country. Each builds a real PEP session."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from host_pep.pep import PEP
from host_pep.pipeline.context import DecisionContext
from host_pep.verdict import Decision, Verdict

from .helpers import tool_event


@pytest.fixture
def pep() -> Iterator[PEP]:
    p = PEP.create()
    try:
        yield p
    finally:
        p.close()


def _after(
    pep: PEP, read: str, result: dict[str, Any], target: str, payload: dict[str, Any]
) -> Verdict:
    event = tool_event(read, {"query": "x"})
    pep.record_result_sync(event, pep.decide_sync(event), result)
    return pep.decide_sync(tool_event(target, payload))


def _contact(phone: str = "+92 300 1234567", **extra: str) -> dict[str, str]:
    return {"name": "Ahmed Raza", "phone": phone, "email": "ahmed.raza@example.pk", **extra}


@pytest.mark.parametrize(
    ("phone", "written"),
    [
        ("+92 300 1234567", "Ahmed: 923001234567"),
        ("+92 300 1234567", "Ahmed: 0092 300 1234567"),
        ("+254 712 345678", "call 254 712 345 678"),
        ("+7 912 345-67-89", "Igor: 89123456789"),
        ("+7 912 345-67-89", "Igor: 8 (912) 345-67-89"),
        ("+36 20 123 4567", "hívd: 06 20 123 4567"),
    ],
)
def test_an_observed_number_without_plus_or_in_trunk_form_is_matched(
    pep: PEP, phone: str, written: str
) -> None:
    verdict = _after(pep, "contacts.lookup", _contact(phone), "notes.create", {"body": written})
    assert verdict.decision is Decision.DENY, verdict.reason
    assert "default:source-to-sink" in verdict.rule_ids


def test_compact_number_in_an_unknown_chat_tool(pep: PEP) -> None:
    payload = {"chat_id": "@cricket_club", "text": "Ahmed: 923001234567"}
    verdict = _after(pep, "contacts.lookup", _contact(), "telegram.send_message", payload)
    assert verdict.decision is Decision.DENY, verdict.reason


@pytest.mark.parametrize(
    "url",
    [
        "https://share.example.org/add?phone=201012345678&name=Nour",
        "https://share.example.org/p/201012345678",
    ],
)
def test_a_number_in_a_url_leaves_with_the_request(pep: PEP, url: str) -> None:
    verdict = _after(
        pep, "contacts.lookup", _contact("+20 10 1234 5678"), "browser.open", {"url": url}
    )
    assert verdict.decision is Decision.DENY, verdict.reason


def test_other_digit_runs_are_not_the_observed_number(pep: PEP) -> None:
    """Only the whole observed number matches: an order id, a shorter tail or another number
    with the same digits in a different order is no leak."""
    for body in ("order 92300123456", "ends in 1234567", "ref 923001234568", "3001234"):
        verdict = _after(pep, "contacts.lookup", _contact(), "notes.create", {"body": body})
        assert verdict.decision is Decision.ALLOW, (body, verdict.reason)


@pytest.mark.parametrize(
    ("target", "payload"),
    [
        ("browser.open", {"url": "https://x.example.com/s?q=%2B20%2010%201234%205678"}),
        ("http.get", {"url": "https://api.example.io/p?email=ahmed.raza%40example.pk"}),
        ("notes.create", {"body": "Ahmed: +20\\ 10\\ 1234\\ 5678"}),
        ("notes.create", {"body": "Ahmed%3A%20%2B20%2010%201234%205678"}),
    ],
)
def test_escaped_values_are_matched_once_unescaped(
    pep: PEP, target: str, payload: dict[str, str]
) -> None:
    contact = _contact("+20 10 1234 5678")
    verdict = _after(pep, "contacts.lookup", contact, target, payload)
    assert verdict.decision is Decision.DENY, verdict.reason


def test_an_escaped_value_is_cut_from_the_payload_as_written() -> None:
    """A rewrite removes the escaped form the agent wrote, so the cleaned action is clean."""
    pep = PEP.create(overlay={"settings": {"leak_decision": "rewrite"}})
    try:
        body = "call him at %2B20%2010%201234%205678 tonight"
        verdict = _after(
            pep, "contacts.lookup", _contact("+20 10 1234 5678"), "notes.create", {"body": body}
        )
        assert verdict.decision is Decision.REWRITE, verdict.reason
        assert verdict.rewritten is not None
        cleaned = verdict.rewritten["body"]
        assert "%2B20" not in cleaned and "5678" not in cleaned
        assert cleaned.startswith("call him at") and cleaned.endswith("tonight")
    finally:
        pep.close()


def test_escapes_without_an_observed_value_change_nothing(pep: PEP) -> None:
    payloads = [
        {"url": "https://x.example.com/s?q=pizza+near+me&n=20%25"},
        {"url": "https://x.example.com/s?q=%2B20%2010%209999%200000"},
    ]
    for payload in payloads:
        verdict = _after(
            pep, "contacts.lookup", _contact("+20 10 1234 5678"), "browser.open", payload
        )
        assert verdict.decision is Decision.ALLOW, (payload, verdict.reason)


BANK = {"iban": "GB82 WEST 1234 5698 7654 32"}


@pytest.mark.parametrize(
    "body",
    [
        "GB82WEST12345698765432",
        "gb82 west 1234 5698 7654 32",
        "konto: GB8 2WE ST1 234 569 876 543 2",
        "konto: GB82-WEST-1234-5698-7654-32",
    ],
)
def test_an_observed_iban_in_any_grouping_is_matched(pep: PEP, body: str) -> None:
    payload = {"to": "someone@example.org", "subject": "konto", "body": body}
    verdict = _after(pep, "bank.get_account", BANK, "mail.send", payload)
    assert verdict.decision is Decision.DENY, verdict.reason
    assert "default:source-to-sink" in verdict.rule_ids


def test_another_iban_shaped_run_is_not_the_observed_one(pep: PEP) -> None:
    payload = {"to": "someone@example.org", "subject": "x", "body": "GB82 WEST 1234 5698 7654 33"}
    verdict = _after(pep, "bank.get_account", BANK, "mail.send", payload)
    assert "default:source-to-sink" not in verdict.rule_ids


ADDRESS = "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA"


@pytest.mark.parametrize(
    ("address", "written"),
    [
        (ADDRESS, "Meet at 1600 Amphitheatre Pkwy, Mountain View, CA 94043"),
        (ADDRESS, "Amphitheatre Pkwy, Mountain View, CA 94043"),
        ("221B Baker Street, London NW1 6XE, United Kingdom", "Baker Street, London NW1 6XE"),
        ("1-49-3 Shibuya, Shibuya-ku, Tokyo 150-0002, Japan", "at 1-49-3 Shibuya, Shibuya-ku"),
        (
            "Flat 3, Rose Court, Kings Road, Brighton BN1 2AA, United Kingdom",
            "drop it at Flat 3, Rose Court, Kings Road, Brighton BN1 2AA please",
        ),
    ],
)
def test_a_specific_part_of_an_observed_address_is_matched(
    pep: PEP, address: str, written: str
) -> None:
    verdict = _after(
        pep, "contacts.lookup", _contact(address=address), "notes.create", {"body": written}
    )
    assert verdict.decision is Decision.DENY, verdict.reason


@pytest.mark.parametrize(
    "written", ["Mountain View", "Mountain View, CA 94043", "Room 4012", "USA", "Starbucks"]
)
def test_generic_places_are_not_the_observed_address(pep: PEP, written: str) -> None:
    payload = {"title": "x", "body": written}
    verdict = _after(pep, "contacts.lookup", _contact(address=ADDRESS), "notes.create", payload)
    assert verdict.decision is Decision.ALLOW, verdict.reason


def test_an_address_without_its_country_in_an_event_location_matches_the_observation(
    pep: PEP,
) -> None:
    """The value matches; whether it leaks is rule 1's field-role call (DESIGN.md: an address
    field is judged by rule 5, so a contact's address as an event's place is allowed)."""
    read = tool_event("contacts.lookup", {"query": "Ahmed"})
    pep.record_result_sync(read, pep.decide_sync(read), _contact(address=ADDRESS))
    write = tool_event(
        "calendar.create_event",
        {"title": "Visit", "location": "1600 Amphitheatre Pkwy, Mountain View, CA 94043"},
    )
    completion = pep.adapter_for(write).complete(write)  # type: ignore[union-attr]
    ctx = DecisionContext(write, completion, pep.policy, pep.sessions.get(write.session))
    hits = [h for h in ctx.content_hits() if h.field == "location" and h.observations]
    assert hits and hits[0].found.kind == "address"
    assert {o.source_app for o in hits[0].observations} == {"contacts"}


@pytest.mark.parametrize(
    ("stored", "written"),
    [
        ("923001234567", "Ahmed: +92 300 1234567"),
        ("89123456789", "Igor: +7 912 345 67 89"),
        ("0300 1234567", "Ahmed: +92 300 1234567"),
    ],
)
def test_a_number_stored_without_plus_in_a_phone_field_matches_later_writes(
    pep: PEP, stored: str, written: str
) -> None:
    verdict = _after(pep, "contacts.lookup", _contact(stored), "notes.create", {"body": written})
    assert verdict.decision is Decision.DENY, verdict.reason
    assert "default:source-to-sink" in verdict.rule_ids


def test_digits_outside_a_phone_field_are_not_keyed_as_a_phone(pep: PEP) -> None:
    """An order number from a source stays an identifier: written later, it is no phone leak."""
    event = tool_event("shopping.orders", {"query": "x"})
    pep.record_result_sync(event, pep.decide_sync(event), {"order_number": "923001234567"})
    verdict = pep.decide_sync(tool_event("notes.create", {"body": "order 923001234567"}))
    assert "default:source-to-sink" not in verdict.rule_ids, verdict.reason
