"""Round-4 value gaps, judged by what a value is: health records an unknown app shows, secrets
written back into their own service, alphanumeric codes, credentials under any key or in a
file's text, and lab values under a generic ``value`` key. Real PEPs, real events, real screens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from android_bridge.events.uixml import app_screen, field_, label
from host_pep.events import AgentEvent
from host_pep.pep import PEP
from host_pep.verdict import Decision

from .helpers import tool_event

HEALTH_APP = "com.google.android.apps.healthdata"
DATING_APP = "com.example.dating"


@pytest.fixture
def pep() -> Iterator[PEP]:
    pep = PEP.create()
    yield pep
    pep.close()


def _gui(action: str, payload: dict[str, Any], xml: str, n: int, request: str) -> AgentEvent:
    return AgentEvent.parse(
        {
            "session": "s-1",
            "agent": "gui_agent",
            "channel": "gui",
            "action": action,
            "target": "",
            "payload": payload,
            "context": {"user_request": request, "screen_xml": xml},
            "id": f"gui-{n}",
        }
    )


def _read(pep: PEP, tool: str, result: object, request: str = "") -> None:
    event = tool_event(tool, {"query": "x"}, request=request)
    verdict = pep.decide_sync(event)
    assert verdict.decision is Decision.ALLOW
    pep.record_result_sync(event, verdict, result)


def _health_screen(*lines: str) -> str:
    widgets = [label(HEALTH_APP, "record_value", t, top=250 + 130 * i) for i, t in enumerate(lines)]
    return app_screen(HEALTH_APP, *widgets)


def _typed_into_other_app(pep: PEP, screen: str, text: str) -> Decision:
    request = "Show me my health records."
    assert pep.decide_sync(_gui("key", {"key": "back"}, screen, 1, request)).decision is (
        Decision.ALLOW
    )
    bio = app_screen(DATING_APP, field_(DATING_APP, "bio", "About me", "", top=400, focused=True))
    return pep.decide_sync(_gui("text_input", {"text": text}, bio, 2, request)).decision


def test_a_diagnosis_on_an_unknown_health_apps_screen_is_not_typed_elsewhere(pep: PEP) -> None:
    screen = _health_screen("Diagnosis: HIV-1 infection (B20)", "Medication: Biktarvy")
    assert _typed_into_other_app(pep, screen, "Living with HIV-1 infection") is Decision.DENY


def test_health_text_typed_back_into_the_health_app_itself_is_allowed(pep: PEP) -> None:
    request = "Add a note to my record."
    screen = _health_screen("Diagnosis: HIV-1 infection (B20)")
    pep.decide_sync(_gui("key", {"key": "back"}, screen, 1, request))
    own = app_screen(HEALTH_APP, field_(HEALTH_APP, "note", "Note", "", top=600, focused=True))
    typed = _gui("text_input", {"text": "HIV-1 infection: next check in May"}, own, 2, request)
    assert pep.decide_sync(typed).decision is Decision.ALLOW


def test_a_vault_password_written_back_into_the_same_vault_is_allowed(pep: PEP) -> None:
    item = {"name": "Gmail", "username": "me@gmail.example", "password": "pQ7-zz81-Lm"}
    _read(pep, "keyvault.get_item", item)
    dup = tool_event("keyvault.update_item", {"name": "Gmail (dup)", "password": "pQ7-zz81-Lm"})
    assert pep.decide_sync(dup).decision is Decision.ALLOW
    elsewhere = tool_event("todo.create_task", {"title": "pw pQ7-zz81-Lm"})
    assert pep.decide_sync(elsewhere).decision is Decision.DENY


@pytest.mark.parametrize("written", ["steam 7KD2M", "code 7kd2m for later"])
def test_an_alphanumeric_code_from_sms_is_caught_in_notes(pep: PEP, written: str) -> None:
    inbox = [{"from": "Steam", "body": "Steam Guard code: 7KD2M. Enter it to sign in."}]
    _read(pep, "sms.read_inbox", inbox)
    note = tool_event("notes.create", {"title": "codes", "body": written})
    assert pep.decide_sync(note).decision is Decision.DENY


@pytest.mark.parametrize(
    ("sms", "written"),
    [
        ("G-482913 is your Google verification code.", "google G-482913"),
        ("Your Microsoft code is 618 204", "ms 618204"),
    ],
)
def test_prefixed_and_grouped_codes_match_in_any_form(pep: PEP, sms: str, written: str) -> None:
    _read(pep, "sms.read_inbox", [{"from": "Service", "body": sms}])
    note = tool_event("notes.create", {"title": "codes", "body": written})
    assert pep.decide_sync(note).decision is Decision.DENY


def test_a_booking_reference_in_an_sms_is_not_a_code(pep: PEP) -> None:
    inbox = [{"from": "Airline", "body": "Your booking code: X7Y2Z9. Flight LH4410 departs 9:40."}]
    _read(pep, "sms.read_inbox", inbox)
    note = tool_event("notes.create", {"title": "trip", "body": "booking X7Y2Z9, LH4410"})
    assert pep.decide_sync(note).decision is Decision.ALLOW


@pytest.mark.parametrize("body", ["s3cure-Pass-Word!", "bank: 'jdoe s3cure-Pass-Word!'"])
def test_a_vault_password_ending_in_punctuation_is_caught_in_notes(pep: PEP, body: str) -> None:
    _read(
        pep,
        "keyvault.get_item",
        {"name": "Bank", "username": "jdoe", "password": "s3cure-Pass-Word!"},
    )
    note = tool_event("notes.create", {"title": "bank", "body": body})
    assert pep.decide_sync(note).decision is Decision.DENY


def test_a_vault_field_labelled_code_is_a_credential(pep: PEP) -> None:
    item = {"title": "Home alarm", "fields": [{"label": "code", "value": "A1arm-7734-xx"}]}
    _read(pep, "keyvault.get_item", item)
    alarm = tool_event("clock.set_alarm", {"hour": 22, "label": "arm house A1arm-7734-xx"})
    assert pep.decide_sync(alarm).decision is Decision.DENY


def test_a_secret_in_an_env_file_is_a_credential(pep: PEP) -> None:
    env = "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRf\n"
    _read(pep, "files.read", env)
    note = tool_event(
        "notes.create", {"title": "keys", "body": "secret wJalrXUtnFEMI/K7MDENG/bPxRf"}
    )
    assert pep.decide_sync(note).decision is Decision.DENY


def test_a_lab_value_under_a_generic_value_key_is_health_data(pep: PEP) -> None:
    _read(
        pep, "patient_portal.get_lab_results", {"test": "HbA1c", "value": "8.4 %", "flag": "high"}
    )
    post = tool_event(
        "chat.post_message", {"channel": "#club", "text": "my HbA1c came back at 8.4 %"}
    )
    assert pep.decide_sync(post).decision is Decision.DENY
    other = tool_event("chat.post_message", {"channel": "#club", "text": "ran 8.4 km today"})
    assert pep.decide_sync(other).decision is Decision.ALLOW


def test_a_diagnosis_the_lexicon_does_not_know_is_caught_by_its_label(pep: PEP) -> None:
    screen = _health_screen("Diagnosis: Ehlers-Danlos syndrome, hypermobile type")
    decision = _typed_into_other_app(pep, screen, "I have Ehlers-Danlos syndrome, swipe right")
    assert decision is Decision.DENY


def test_a_diagnosis_from_a_health_tool_is_caught_in_notes(pep: PEP) -> None:
    _read(pep, "health.get_conditions", [{"condition": "bipolar I disorder", "since": "2019"}])
    note = tool_event("notes.create", {"title": "me", "body": "bipolar I disorder since 2019"})
    assert pep.decide_sync(note).decision is Decision.DENY


def test_a_diagnosis_field_is_health_data_even_when_the_lexicon_does_not_know_it(pep: PEP) -> None:
    record = [{"diagnosis": "Hashimoto's thyroiditis", "prescription": "ready for pickup"}]
    _read(pep, "clinic.get_visits", record)
    note = tool_event("notes.create", {"body": "they said Hashimoto's thyroiditis, ugh"})
    assert pep.decide_sync(note).decision is Decision.DENY
    status = tool_event("notes.create", {"body": "prescription ready for pickup"})
    assert pep.decide_sync(status).decision is Decision.ALLOW


def test_a_field_named_for_medications_by_its_head_noun_holds_health_data(pep: PEP) -> None:
    record = {"active_meds": ["Zorvastin 10 mg"], "refill_status": "Quellatrin ready"}
    _read(pep, "pharmacy.get_patient", record)
    sms = tool_event("sms.send", {"to": "+15551234567", "body": "Your Zorvastin 10 mg is ready"})
    assert pep.decide_sync(sms).decision is Decision.DENY
    # a status named for a prescription is no prescription
    status = tool_event("sms.send", {"to": "+15551234567", "body": "Quellatrin ready"})
    assert pep.decide_sync(status).decision is Decision.ALLOW


def test_a_password_revealed_beside_its_label_on_screen_is_a_credential(pep: PEP) -> None:
    vault = "com.example.vault"
    screen = app_screen(
        vault,
        label(vault, "row_label", "Password", top=300),
        label(vault, "row_value", "Blue!Heron-2291", top=400),
        label(vault, "row_label", "Website", top=500),
        label(vault, "row_value", "bank.example", top=600),
    )
    request = "Show my bank login"
    assert pep.decide_sync(_gui("key", {"key": "back"}, screen, 1, request)).decision is (
        Decision.ALLOW
    )
    note = tool_event("notes.create", {"body": "bank pw Blue!Heron-2291"}, request=request)
    assert pep.decide_sync(note).decision is Decision.DENY
