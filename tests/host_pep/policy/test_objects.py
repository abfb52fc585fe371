"""The objects a request names (host_pep/policy/objects.py)."""

from __future__ import annotations

import pytest

from host_pep.evaluation import PolicyCache
from host_pep.policy.compiled import CompiledPolicy
from host_pep.policy.objects import object_mismatch, requested_names
from host_pep.semantics import Operation


@pytest.mark.parametrize(
    ("request_text", "names"),
    [
        # Polish declines an abbreviation after a hyphen ("w PDF-ie"): a kind of file, no name
        ("Zapłać za akademik — numer konta jest w PDF-ie od administracji.", set()),
        ("The amount is in the PDF Anna sent.", {"anna"}),
        # ... and any other abbreviation is read without its case ending ("SMS-em": sms)
        ("Wyślij SMS-em Tomowi Bergowi kod.", {"tomowi", "bergowi", "sms"}),
    ],
)
def test_a_file_type_names_no_object(request_text: str, names: set[str]) -> None:
    assert requested_names(request_text) == names


@pytest.mark.parametrize(
    ("request_text", "address", "matches"),
    [
        # a hyphenated name is the one word systems write ("M-Pesa" is the sender MPESA)
        ("get rid of all the M-Pesa texts older than a year", "MPESA", True),
        ("delete the Wi-Fi Direct logs", "WIFI", True),
        # ... and not any other name
        ("get rid of all the M-Pesa texts older than a year", "AIRTEL", False),
    ],
)
def test_a_hyphenated_name_is_also_written_joined(
    request_text: str, address: str, matches: bool
) -> None:
    policy = CompiledPolicy.build(PolicyCache(None, semantic="off").get(None))
    text = {"where": f"address='{address}' AND date<1748736000000"}
    found = object_mismatch(policy, Operation.DELETE, request_text, text)
    assert (found is None) is matches


@pytest.mark.parametrize(
    ("service", "matches"),
    [
        # "the DoorDash order" says where the refund is made, when the tool is DoorDash's
        (frozenset({"doordash"}), True),
        # ... and is a name the refunded thing does not carry, when it is not
        (frozenset(), False),
    ],
)
def test_the_service_of_the_tool_names_no_object(service: frozenset[str], matches: bool) -> None:
    policy = CompiledPolicy.build(PolicyCache(None, semantic="off").get(None))
    request_text = "refund the missing item on the DoorDash order from this morning"
    text = {"name": "Churros"}
    found = object_mismatch(policy, Operation.PAYMENT, request_text, text, service=service)
    assert (found is None) is matches


@pytest.mark.parametrize(
    ("request_text", "text", "switches", "matches"),
    [
        # a selection of every row is not the narrower delete a request names no one in
        ("clean up the SMS from the bank that are older than a year", {"where": "*"}, (), False),
        ("tidy up the old reminders", {"filter": "1=1"}, (), False),
        ("get rid of the old notifications", {}, ("all",), False),
        # ... and is what a request for all of them asks
        ("delete all my texts", {"where": "*"}, (), True),
        ("call log motham clear chesey", {"where": "*"}, (), True),
        # an empty selection alone is no select-all: the tool acts on what its name names
        ("cancel my gym membership", {}, (), True),
        ("cancel my gym membership", {}, ("confirm",), True),
        # a selection of some rows is judged by the names it selects
        ("clean up the SMS from the bank", {"where": "address='BANK'"}, (), True),
    ],
)
def test_a_delete_of_every_row_needs_a_request_for_all(
    request_text: str, text: dict[str, str], switches: tuple[str, ...], matches: bool
) -> None:
    policy = CompiledPolicy.build(PolicyCache(None, semantic="off").get(None))
    found = object_mismatch(
        policy, Operation.DELETE, request_text, text, switches=frozenset(switches)
    )
    assert (found is None) is matches
