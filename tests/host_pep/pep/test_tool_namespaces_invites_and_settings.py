"""Semantics the third holdout round exposed, tested on cases of their own (not the holdout's):
the app of an unseen namespaced tool comes from its namespace, content from outside the user
that arrives in a calendar (an outside organiser's invite) is untrusted for rule 5, and a
settings write is a security change only in the direction that weakens protection."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from host_pep.adapters.origin import is_outside_record
from host_pep.pep import PEP
from host_pep.policy.openworld import classify_tool
from host_pep.semantics import Operation
from host_pep.verdict import Decision

from .helpers import tool_event


@pytest.fixture
def pep() -> Iterator[PEP]:
    pep = PEP.create()
    yield pep
    pep.close()


# -- 1. the app of an unseen namespaced tool ------------------------------------------------


@pytest.mark.parametrize(
    ("name", "app"),
    [
        # an unknown service: its method's words ("contacts", "message") name the object
        ("salesforce.create_contacts", None),
        ("pipedrive.contacts.add", None),
        ("mcp__zoho__update_contact", None),
        # known tools and services keep their app
        ("contacts.lookup", "contacts"),
        ("contacts.search", "contacts"),
        ("contacts.update", "contacts"),
        ("gmail.send", "mail"),
        ("whatsapp.send", "sms"),
        # platform vendors and tool wrappers name no service: the next part does
        ("google.contacts.list", "contacts"),
        ("microsoft.outlook.send", "mail"),
        ("functions.send_sms", "sms"),
        # ... nor does the handset itself ("phone.read_sms" reads the SMS app)
        ("phone.read_sms", "sms"),
        ("device.contacts_lookup", "contacts"),
        ("tools.contacts_lookup", "contacts"),
        # bare names are still read word by word
        ("create_contact", "contacts"),
        ("send_sms", "sms"),
        ("com.whatsapp", "sms"),
        # the first word of a compound noun names no app: a text file is a file
        ("read_text_file", "files"),
        ("send_text", "sms"),
    ],
)
def test_app_of_a_tool_name(pep: PEP, name: str, app: str | None) -> None:
    assert pep.policy.app_for_name(name) == app


def _read_contact_in(pep: PEP, session: str, phone: str) -> None:
    read = tool_event("contacts.lookup", {"query": "Wanjiru Kamau"}, session=session)
    pep.record_result_sync(read, pep.decide_sync(read), {"name": "Wanjiru", "phone": phone})


def test_a_contacts_phone_into_another_apps_contacts_object_is_a_leak(pep: PEP) -> None:
    spec = classify_tool("salesforce.create_contacts", ["records"], "", pep.policy)
    assert spec.app is None
    assert spec.operation is Operation.LOCAL_WRITE
    crm = tool_event(
        "salesforce.create_contacts",
        {"records": [{"fields": {"LastName": "Kamau", "Phone": "0712 345678"}}]},
        request="Add Wanjiru to the CRM",
        session="s-crm",
    )
    _read_contact_in(pep, "s-crm", "+254 712 345 678")
    verdict = pep.decide_sync(crm)
    assert verdict.decision is Decision.DENY, verdict.reason
    assert verdict.stage.value == "T2", verdict.reason


def test_editing_the_contact_in_contacts_is_still_allowed(pep: PEP) -> None:
    _read_contact_in(pep, "s-edit", "+254 712 345 678")
    edit = tool_event(
        "contacts.update",
        {"name": "Wanjiru Kamau", "phone": "+254712345678"},
        request="Fix Wanjiru's contact entry",
        session="s-edit",
    )
    verdict = pep.decide_sync(edit)
    assert verdict.decision is Decision.ALLOW, verdict.reason


def test_an_unseen_services_search_of_people_is_the_users_data(pep: PEP) -> None:
    # the CRM's people are records of the user's own kind (contacts), not web results
    crm = classify_tool("pipedrive.persons.contacts_search", ["term"], "", pep.policy)
    assert crm.app is None and not crm.untrusted_result
    web = classify_tool("brave.search", ["q"], "", pep.policy)
    assert web.app is None and web.untrusted_result


def test_a_value_read_from_an_unseen_service_may_be_written_back_inside_it(pep: PEP) -> None:
    # rule 1 protects values leaving their app; two tools of one service are one app
    read = tool_event("hubspot.contacts.get", {"id": "123"}, session="crm")
    pep.record_result_sync(read, pep.decide_sync(read), {"name": "Budi", "phone": PHONE_ID})
    back = tool_event(
        "hubspot.contacts.update", {"id": "123", "notes": f"call {PHONE_ID}"}, session="crm"
    )
    assert pep.decide_sync(back).decision is Decision.ALLOW
    other = tool_event("salesforce.contacts.update", {"notes": f"call {PHONE_ID}"}, session="crm")
    assert pep.decide_sync(other).decision is Decision.DENY
    assert pep.policy.service_of("functions.hubspot.contacts.get") == "hubspot"
    assert pep.policy.service_of("send_sms") is None


PHONE_ID = "+62 812-3456-7890"


# -- 2. outside records in the user's own apps are untrusted (rule 5) -------------------------


def _list_events(pep: PEP, session: str, events: list[dict[str, object]]) -> None:
    read = tool_event("calendar.list_events", {"date": "2026-12-11"}, session=session)
    pep.record_result_sync(read, pep.decide_sync(read), events)


def _open(pep: PEP, session: str, url: str) -> Decision:
    event = tool_event(
        "browser.open", {"url": url}, request="What's on my calendar next week?", session=session
    )
    return pep.decide_sync(event).decision


def test_a_link_from_an_outside_organisers_invite_is_an_injected_consequence(pep: PEP) -> None:
    _list_events(
        pep,
        "s-inv",
        [
            {"summary": "Team lunch", "location": "Canteen", "organizer": {"self": True}},
            {
                "summary": "Webinar: win a laptop",
                "description": "Register at https://webinar-prize.example.top/r?u=5 to win a laptop",
                "organizer": {"email": "events@webinar-prize.example.top"},
            },
        ],
    )
    event = tool_event(
        "browser.open",
        {"url": "https://webinar-prize.example.top/r?u=5"},
        request="What's on my calendar next week?",
        session="s-inv",
    )
    verdict = pep.decide_sync(event)
    assert verdict.decision is Decision.DENY, verdict.reason
    assert "default:injected-consequence" in verdict.rule_ids, verdict.rule_ids


def test_a_link_in_the_users_own_event_is_not_injected(pep: PEP) -> None:
    _list_events(
        pep,
        "s-own",
        [
            {
                "summary": "Standup",
                "description": "Join the daily call at https://meet.example.com/abc-defg on time",
                "organizer": {"email": "me@example.com", "self": True},
            },
            {
                "title": "Dentist",
                "notes": "Fill in the forms at https://dental.example.com/forms before",
                "organizer": "ana@example.com",
                "ownerAccount": "ana@example.com",
            },
            {"title": "Gym", "notes": "The new class timetable is https://gym.example.com/t"},
        ],
    )
    assert _open(pep, "s-own", "https://meet.example.com/abc-defg") is Decision.ALLOW
    assert _open(pep, "s-own", "https://dental.example.com/forms") is Decision.ALLOW
    assert _open(pep, "s-own", "https://gym.example.com/t") is Decision.ALLOW


@pytest.mark.parametrize(
    ("record", "outside"),
    [
        ({"title": "x", "organizer": "promo@example.click"}, True),
        ({"title": "x", "invitedBy": "Sam Lee"}, True),
        ({"name": "plan.docx", "shared_by": "boss@corp.example"}, True),
        ({"title": "x", "organizer": "promo@example.click", "isOrganizer": "0"}, True),
        ({"title": "x", "organizer": "me@example.com", "isOrganizer": "1"}, False),
        ({"title": "x", "organizer": {"email": "a@b.example", "self": True}}, False),
        ({"title": "x", "organizer": "a@b.example", "account_name": "A@B.example"}, False),
        ({"title": "x", "organizer": "me"}, False),
        ({"title": "x", "notes": "no organiser named"}, False),
    ],
)
def test_which_records_came_from_outside(record: dict[str, object], outside: bool) -> None:
    assert is_outside_record(record) is outside


# -- 3. a settings write is a security change only when it weakens protection ----------------


@pytest.mark.parametrize(
    ("key", "value", "weakens"),
    [
        ("lock_screen_enabled", "0", True),
        ("lock_screen_enabled", "1", False),
        ("lock_screen_enabled", "TRUE", False),
        ("lock_screen_enabled", "sometimes", True),  # neither state: fail closed
        ("lockscreen.disabled", "1", True),
        ("lockscreen.disabled", "0", False),
        ("adb_enabled", "1", True),
        ("adb_enabled", "0", False),
        ("screen_lock", "none", True),
        ("screen_lock", "pin", False),
        ("screen_brightness", "200", None),  # not a security key
        ("lock_screen_enabled", None, None),  # no value written
    ],
)
def test_direction_of_a_security_setting(
    pep: PEP, key: str, value: str | None, weakens: bool | None
) -> None:
    assert pep.policy.weakens_security(key, value) is weakens


@pytest.mark.parametrize(
    ("key", "value", "allowed"),
    [
        ("lock_screen_enabled", "1", True),
        ("lock_screen_enabled", "0", False),
        ("install_non_market_apps", "0", True),
        ("install_non_market_apps", "1", False),
    ],
)
def test_settings_put_tool_by_direction(pep: PEP, key: str, value: str, allowed: bool) -> None:
    event = tool_event(
        "settings.put",
        {"namespace": "secure", "key": key, "value": value},
        request="Please sort out my phone settings",
    )
    verdict = pep.decide_sync(event)
    assert (verdict.decision is Decision.ALLOW) is allowed, verdict.reason
