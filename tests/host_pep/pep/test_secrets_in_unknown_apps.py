"""A card or password that an app the policy does not know showed or asked for (a wallet, a
bank app) is the user's secret: rule 1 keeps it out of other apps; a password is found again
as a word of free text, though memory keeps only its hash."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from host_pep.pep import PEP
from host_pep.semantics import ObservedValue
from host_pep.verdict import Decision

from .helpers import tool_event


@pytest.fixture
def pep() -> Iterator[PEP]:
    pep = PEP.create()
    yield pep
    pep.close()


def test_a_card_shown_by_an_unknown_wallet_app_may_not_go_to_another_app(pep: PEP) -> None:
    pep.observe(
        "s-1",
        [ObservedValue(text="5555 5555 5555 4444", source="com.example.wallet", field="card")],
    )
    note = tool_event("notes.create", {"body": "card 5555555555554444"})
    assert pep.decide_sync(note).decision is Decision.DENY


def test_a_password_typed_into_an_unknown_bank_app_is_found_in_free_text(pep: PEP) -> None:
    pep.observe(
        "s-1",
        [
            ObservedValue(
                text="Blue!Heron-2291",
                source="com.example.bank",
                field="password",
                kind_hint="credential",
            )
        ],
    )
    leaked = pep.decide_sync(tool_event("notes.create", {"body": "bank pw Blue!Heron-2291."}))
    assert leaked.decision is Decision.DENY
    assert leaked.evidence[0].kind == "credential"
    other = pep.decide_sync(tool_event("notes.create", {"body": "bank pw is in the vault"}))
    assert other.decision is Decision.ALLOW


def test_submitting_a_secret_typed_into_the_same_field_of_the_same_app_is_no_flow(
    pep: PEP,
) -> None:
    pep.observe(
        "s-1",
        [
            ObservedValue(
                text="4821",
                source="shopping",
                field="com.amazon.mShop.android.shopping:id/pmts-pin",
                kind_hint="credential",
            )
        ],
    )
    pay = tool_event(
        "shopping.checkout", {"item": "notebook", "pmts-pin": "4821"}, request="Buy the notebook"
    )
    assert pep.decide_sync(pay).decision is Decision.ALLOW
    elsewhere = tool_event("notes.create", {"body": "pin 4821"})
    assert pep.decide_sync(elsewhere).decision is Decision.DENY
