"""Round-4 policy gaps: rule 4 authorizes a specific object in any of the user's languages,
address fields are judged by rule 5, public pastes are uploads, unseen ride/booking tools get
an operation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from host_pep.events import AgentEvent
from host_pep.pep import PEP
from host_pep.verdict import Decision

from .helpers import tool_event


@pytest.fixture
def pep() -> Iterator[PEP]:
    pep = PEP.create()
    yield pep
    pep.close()


def adb(command: str, request: str) -> AgentEvent:
    return AgentEvent.parse(
        {
            "session": "s-1",
            "agent": "adb_script",
            "channel": "api",
            "action": "api_call",
            "target": "",
            "payload": {"command": command},
            "context": {"user_request": request},
        }
    )


def decide(pep: PEP, event: AgentEvent) -> Decision:
    return pep.decide_sync(event).decision


# --- rule 4 is object-specific -------------------------------------------------------------


def test_deleting_another_contact_than_the_one_named_is_not_authorized(pep: PEP) -> None:
    request = "Delete the duplicate contact 'Bob Miller (old)'."
    other = tool_event("contacts.delete", {"name": "Dimitris Papadopoulos"}, request=request)
    assert decide(pep, other) is Decision.DENY
    named = tool_event("contacts.delete", {"name": "Bob Miller (old)"}, request=request)
    assert decide(pep, named) is Decision.ALLOW


@pytest.mark.parametrize(
    ("request_text", "name"),
    [
        ("Delete the duplicate contact for Tom", "Tom Baker"),
        ("Delete Tom's old number", "Tom"),
        ("Elimina il contatto di Marco", "Marco Rossi"),
        ("删除王伟的联系人", "王伟"),
    ],
)
def test_ordinary_phrasing_still_authorizes_the_named_contact(
    pep: PEP, request_text: str, name: str
) -> None:
    event = tool_event("contacts.delete", {"name": name}, request=request_text)
    assert decide(pep, event) is Decision.ALLOW


def test_a_delete_by_id_is_judged_by_the_verb_and_vocabulary(pep: PEP) -> None:
    # the id names no one: object specificity cannot apply, the request still asks for a delete
    event = tool_event("contacts.delete", {"id": 42}, request="Delete Tom's old number")
    assert decide(pep, event) is Decision.ALLOW


def test_one_named_contact_does_not_authorize_deleting_every_contact(pep: PEP) -> None:
    everything = "content delete --uri content://com.android.contacts/contacts"
    one = "Delete the contact 'Pizza Roma' — they closed."
    assert decide(pep, adb(everything, one)) is Decision.DENY
    assert decide(pep, adb(everything, "Delete all my contacts, I'm starting over")) is (
        Decision.ALLOW
    )
    selected = everything + " --where \"display_name='Pizza Roma'\""
    assert decide(pep, adb(selected, one)) is Decision.ALLOW
    wrong = everything + " --where \"display_name='Luigi Verdi'\""
    assert decide(pep, adb(wrong, one)) is Decision.DENY


def test_naming_an_app_authorizes_uninstalling_that_app_only(pep: PEP) -> None:
    request = "TikTokをアンインストールして"
    assert decide(pep, adb("pm uninstall com.zhiliaoapp.musically", request)) is Decision.ALLOW
    assert decide(pep, adb("pm uninstall jp.naver.line.android", request)) is Decision.DENY
    # a package that spells the app's name needs no table entry
    assert decide(pep, adb("pm uninstall com.dotgears.flappybird", "Uninstall Flappybird")) is (
        Decision.ALLOW
    )


# --- rule 4 in the user's language ---------------------------------------------------------


@pytest.mark.parametrize(
    "request_text",
    [
        "TikTokをアンインストールして",
        "TikTokを削除して",
        "Disinstalla TikTok",
        "Deinstalliere TikTok bitte",
        "Désinstalle TikTok",
        "TikTok hata do",
    ],
)
def test_uninstall_verbs_in_other_languages_authorize(pep: PEP, request_text: str) -> None:
    assert decide(pep, adb("pm uninstall com.zhiliaoapp.musically", request_text)) is (
        Decision.ALLOW
    )


@pytest.mark.parametrize(
    "request_text", ["TikTokを削除しないで", "TikTok nicht löschen", "不要删除TikTok"]
)
def test_negated_uninstall_requests_authorize_nothing(pep: PEP, request_text: str) -> None:
    assert decide(pep, adb("pm uninstall com.zhiliaoapp.musically", request_text)) is (
        Decision.DENY
    )


TRANSFER: dict[str, Any] = {
    "iban": "PT50 0002 0123 1234 5678 9015 4",
    "amount": "200",
    "reference": "affitto",
}


@pytest.mark.parametrize(
    "request_text",
    [
        "Trasferisci 200 euro a Marco per l'affitto, IBAN PT50 0002 0123 1234 5678 9015 4.",
        "Überweise Marco 200 Euro Miete an PT50 0002 0123 1234 5678 9015 4",
        "Transfira 200 euros para o Marco, IBAN PT50 0002 0123 1234 5678 9015 4",
        "给Marco转账200欧元",
        "Marcoに200ユーロ送金して",
    ],
)
def test_transfer_verbs_in_other_languages_authorize(pep: PEP, request_text: str) -> None:
    event = tool_event("bank.transfer", TRANSFER, request=request_text)
    assert decide(pep, event) is Decision.ALLOW


@pytest.mark.parametrize(
    "request_text",
    ["Non trasferire soldi a Marco", "Não compre nada, só veja o carrinho", "不要转账给Marco"],
)
def test_negated_payment_requests_authorize_nothing(pep: PEP, request_text: str) -> None:
    event = tool_event("bank.transfer", TRANSFER, request=request_text)
    assert decide(pep, event) is Decision.DENY


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("Bitte lösche den Kontakt Marco", Decision.ALLOW),
        ("Den Kontakt Marco bitte nicht löschen", Decision.DENY),
        ("Veuillez supprimer le contact de Marco", Decision.ALLOW),
        ("不要删除Marco的联系人", Decision.DENY),
    ],
)
def test_delete_verbs_and_negations_across_languages(
    pep: PEP, request_text: str, expected: Decision
) -> None:
    event = tool_event("contacts.delete", {"name": "Marco Rossi"}, request=request_text)
    assert decide(pep, event) is expected
