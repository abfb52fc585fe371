"""Provider rows and selections: a contacts data row means what its mimetype says, and a write
whose selection can touch more than one row is a bulk change."""

from __future__ import annotations

import pytest

from android_bridge.events import provider_rows
from android_bridge.events.api import ApiAdapter
from host_pep.events import AgentEvent
from host_pep.semantics import FieldRole, Operation

API = ApiAdapter()


def ev(command: str) -> AgentEvent:
    return AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "api", "action": "api_call",
         "payload": {"command": command}}
    )  # fmt: skip


@pytest.mark.parametrize(
    ("uri", "wheres", "bulk"),
    [
        ("content://com.android.contacts/data", [], True),
        ("content://com.android.contacts/data", ["1=1"], True),
        ("content://com.android.contacts/data", ["_id=1 OR 1=1"], True),
        ("content://com.android.contacts/data", ["_id>0"], True),
        ("content://com.android.contacts/data", ["display_name LIKE '%a%'"], True),
        ("content://com.android.contacts/data", ["_id IN (1,2,3)"], True),
        ("content://com.android.contacts/data", ["raw_contact_id=3"], False),  # one contact
        ("content://com.android.contacts/data", ["display_name='Hugo Peeters'"], False),
        (
            "content://com.android.contacts/data",
            ["mimetype='vnd.android.cursor.item/phone_v2'"],
            True,
        ),  # a category: every phone of every contact
        ("content://sms", ["_id IN (4)"], False),
        ("content://sms", ["thread_id=3"], True),  # a whole conversation
        ("content://com.android.contacts/data", ["_id=1", "_id=2"], True),
        ("content://com.android.contacts/data", ["_id=5"], False),
        ("content://com.android.contacts/data", [" ( _id = '5' ) "], False),
        ("content://com.android.contacts/data", ["data._id=5"], False),
        ("content://sms/5", [], False),
        ("content://sms/conversations/3", [], True),  # a whole conversation
        ("content://com.android.contacts/raw_contacts/3/data", [], False),
        ("content://settings/global", ["name='adb_enabled'"], False),
        ("content://settings/global/adb_enabled", [], False),
        ("content://settings/global", ["name LIKE 'adb%'"], True),
        # a key among conditions that must all hold: an AND only narrows what the key names
        (
            "content://com.android.contacts/data",
            ["raw_contact_id=57 AND mimetype='vnd.android.cursor.item/phone_v2'"],
            False,
        ),
        ("content://sms", ["address='MPESA' AND _id=5"], False),
        # ... an OR, a NOT or a group can widen it
        ("content://com.android.contacts/data", ["raw_contact_id=57 OR mimetype='x'"], True),
        ("content://com.android.contacts/data", ["NOT _id=5 AND display_name='Hugo'"], True),
        ("content://sms", ["address='MPESA' AND date<1748736000000"], True),
    ],
)
def test_bulk_selections(uri: str, wheres: list[str], bulk: bool) -> None:
    assert provider_rows.is_bulk(uri, wheres) is bulk


def test_a_one_row_selection_names_its_row() -> None:
    assert provider_rows.selected("name='adb_enabled'") == ("name", "adb_enabled")
    assert provider_rows.selected("_id = 7") == ("_id", "7")
    assert provider_rows.selected("name='it''s'") == ("name", "it's")
    assert provider_rows.selected("_id>7") is None


@pytest.mark.parametrize(
    ("command", "target"),
    [
        ("content delete --uri content://com.android.contacts/raw_contacts", "contacts.delete"),
        ("content update --uri content://com.android.contacts/data --bind data1:s:+15550100 "
         "--where 1=1", "contacts.bulk_update"),
        ("content update --uri content://sms --bind body:s:x --where \"_id=1 OR 1=1\"",
         "sms.bulk_update"),
        ("content update --uri content://com.android.calendar/events --bind title:s:x "
         "--where \"_id>0\"", "calendar.bulk_update"),
        ("content update --uri content://settings/system --bind value:s:1", "settings.bulk_update"),
        ("content delete --uri content://sms --where \"body LIKE '%bank%'\"", "sms.delete"),
    ],
)  # fmt: skip
def test_bulk_writes_are_high_impact_like_a_delete(command: str, target: str) -> None:
    c = API.complete(ev(command))
    assert c.event.target == target
    assert c.semantics.operation is Operation.DELETE


@pytest.mark.parametrize(
    "command",
    [
        "content update --uri content://com.android.contacts/data --bind data1:s:x --where _id=5",
        "content update --uri content://com.android.calendar/events/4 --bind title:s:x",
        "content update --uri content://sms/5 --bind read:i:1",
    ],
)
def test_a_one_row_update_is_an_ordinary_write(command: str) -> None:
    assert API.complete(ev(command)).semantics.operation is Operation.LOCAL_WRITE


def test_a_contacts_data_row_is_read_through_its_mimetype() -> None:
    assert provider_rows.data_column("vnd.android.cursor.item/phone_v2", "data1") == (
        provider_rows.Column("phone", "phone")
    )
    assert provider_rows.data_column("vnd.android.cursor.item/email_v2", "data1") == (
        provider_rows.Column("email", "email")
    )
    assert provider_rows.data_column("vnd.android.cursor.item/organization", "data1") is not None
    assert provider_rows.data_column(None, "data1") is None
    sem = API.complete(
        ev(
            "content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:3 "
            "--bind mimetype:s:vnd.android.cursor.item/email_v2 --bind data1:s:a@b.example"
        )
    ).semantics
    assert sem.text["email"] == "a@b.example" and "data1" not in sem.text
    assert sem.fields["raw_contact_id"] is FieldRole.IDENTIFIER


def test_query_rows_of_a_real_contacts_query_keep_what_they_are() -> None:
    """The columns a real ``content query --uri content://com.android.contacts/data`` prints:
    ``data1`` of a phone row is recorded as a phone, of an email row as an e-mail."""
    c = API.complete(ev("content query --uri content://com.android.contacts/data"))
    out = (
        "Row: 0 _id=1, raw_contact_id=1, mimetype=vnd.android.cursor.item/name, data1=Zhang Wei, "
        "display_name=Zhang Wei\n"
        "Row: 1 _id=2, raw_contact_id=1, mimetype=vnd.android.cursor.item/phone_v2, "
        "data1=138 1234 5678, data2=2, display_name=Zhang Wei\n"
        "Row: 2 _id=3, raw_contact_id=1, mimetype=vnd.android.cursor.item/email_v2, "
        "data1=zhang.wei@example.com, data2=1, display_name=Zhang Wei\n"
    )
    obs = {(o.field, o.text) for o in API.observe_result(c, {"output": out, "exit_code": 0})}
    assert ("phone", "138 1234 5678") in obs
    assert ("email", "zhang.wei@example.com") in obs
    assert not any(f == "data1" and "@" in t for f, t in obs)


@pytest.mark.parametrize(
    ("command", "selection"),
    [
        # the URI is the selection when no --where is given: its one row ...
        ("content delete --uri content://sms/9020", {"row": "content://sms/9020"}),
        # ... or every row of its table, spelt as the select-all it is
        ("content delete --uri content://sms", {"where": "*"}),
        ("content update --uri content://sms --bind read:i:1", {"where": "*"}),
        # a selection given is the selection
        ("content delete --uri content://sms --where _id=5", {"where": "_id=5"}),
    ],
)
def test_the_selection_of_a_write_is_in_its_text(command: str, selection: dict[str, str]) -> None:
    text = API.complete(ev(command)).semantics.text
    assert {k: v for k, v in text.items() if k in ("row", "where")} == selection
