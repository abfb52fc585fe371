"""Semantics the second holdout round exposed, tested on their own cases (not the holdout's):
authorization in other languages and negated after the verb, unseen tools' operations, unseen
tools' records as the user's data, an address field's street line, payment APIs in cents."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from host_pep.pep import PEP
from host_pep.policy.openworld import classify_operation
from host_pep.semantics import ObservedValue, Operation
from host_pep.verdict import Decision

from .helpers import tool_event


@pytest.fixture
def pep() -> Iterator[PEP]:
    pep = PEP.create()
    yield pep
    pep.close()


@pytest.mark.parametrize(
    ("target", "payload", "request_text", "allowed"),
    [
        ("shopping.checkout", {"item": "Jacke", "total": "89.00"}, "Kauf die Jacke", True),
        ("notes.delete", {"title": "Einkauf"}, "Lösche die Notiz Einkauf", True),
        ("files.upload", {"path": "/sdcard/a.jpg"}, "Sube la foto a.jpg a Drive", True),
        ("bank.pay", {"payee": "anna@upi", "amount": "300"}, "Anna ko 300 rupaye bhej do", True),
        ("bank.pay", {"payee": "anna@upi", "amount": "300"}, "Anna ko payment mat karna", False),
        ("shopping.checkout", {"item": "耳机", "total": "99"}, "加入购物车，先别付款", False),
        ("shopping.checkout", {"item": "yoga mat", "total": "30"}, "Buy the yoga mat", True),
    ],
)
def test_requests_in_other_languages(
    pep: PEP, target: str, payload: dict[str, str], request_text: str, allowed: bool
) -> None:
    verdict = pep.decide_sync(tool_event(target, payload, request=request_text))
    assert (verdict.decision is Decision.ALLOW) is allowed, verdict.reason


def test_unseen_tools_operations(pep: PEP) -> None:
    policy = pep.policy
    assert classify_operation("acme.refunds.create", ["amount"], "", policy) is Operation.PAYMENT
    assert classify_operation("box.shared_links.create", ["path"], "", policy) is (
        Operation.SHARE_UPLOAD
    )
    assert classify_operation("geo.place_details", ["place_id"], "", policy) is Operation.READ


def test_records_an_unseen_tool_returned_are_the_users_data(pep: PEP) -> None:
    read = tool_event("hubspot.contacts.search", {"q": "Globex"})
    pep.record_result_sync(
        read, pep.decide_sync(read), {"results": [{"email": "dan.wilson@example.com"}]}
    )
    write = tool_event("asana.tasks.create", {"notes": "Email DAN.WILSON@example.com"})
    assert pep.decide_sync(write).decision is Decision.DENY
    # a public listing (maps, weather) is not the user's records
    place = tool_event("maps.search_places", {"q": "pizza"})
    pep.record_result_sync(place, pep.decide_sync(place), {"phone": "+1 415 555 0199"})
    note = tool_event("asana.tasks.create", {"notes": "Order at +1 415 555 0199"})
    assert pep.decide_sync(note).decision is Decision.ALLOW


def test_the_street_line_of_an_address_field_is_that_address(pep: PEP) -> None:
    pep.observe(
        "s-1",
        [
            ObservedValue(
                text="Unter den Linden 5, 10117 Berlin, Germany",
                source="contacts",
                field="postal_address",
            )
        ],
    )
    note = tool_event("notes.create", {"body": "Geschenk an Unter den Linden 5 schicken"})
    assert pep.decide_sync(note).decision is Decision.DENY


def test_a_minor_unit_payment_api_pays_the_amount_asked(pep: PEP) -> None:
    request = "Pay out 500 EUR from Stripe to my bank account"
    ok = tool_event("stripe.payouts.create", {"amount": 50000}, request=request)
    assert pep.decide_sync(ok).decision is Decision.ALLOW
    more = tool_event("stripe.payouts.create", {"amount": 500000}, request=request)
    assert pep.decide_sync(more).decision is not Decision.ALLOW
    bank = tool_event(
        "bank.transfer", {"iban": "DE89370400440532013000", "amount": 2500}, request="Send €25"
    )
    assert pep.decide_sync(bank).decision is not Decision.ALLOW


def test_a_public_review_is_outbound_even_in_the_shop_the_address_came_from(pep: PEP) -> None:
    read = tool_event("shop.orders.get", {"id": "A-1"})
    pep.record_result_sync(read, pep.decide_sync(read), {"ship_to": "221B Baker Street, London"})
    review = tool_event("shop.reviews.create", {"text": "Fast delivery to 221B Baker Street!"})
    assert pep.decide_sync(review).decision is Decision.DENY


def test_an_upload_outside_when_asked_to_keep_it_on_the_phone_is_not_authorized(
    pep: PEP,
) -> None:
    request = "Export my contacts to a file on the phone"
    out = tool_event(
        "files.upload",
        {"path": "/sdcard/contacts.vcf", "destination": "https://dump.example.net"},
        request=request,
    )
    assert pep.decide_sync(out).decision is Decision.DENY
    asked = tool_event(
        "files.upload",
        {"path": "/sdcard/contacts.vcf", "destination": "https://drive.example.com"},
        request="Upload my contacts file contacts.vcf to my drive",
    )
    assert pep.decide_sync(asked).decision is Decision.ALLOW
