"""Every sink's text is content (#12 item 4) and a call is an outbound act (#12 item 3): a
settings value, a file or folder name, every writable provider column, the body of a row in
``content://sms/sent``; ``ACTION_CALL`` and the call key carry the number they call as the
recipient."""

from __future__ import annotations

import pytest

from android_bridge.events.api import ApiAdapter
from android_bridge.events.uixml import W, app_screen, button, field_
from host_pep.events import AgentEvent
from host_pep.semantics import FieldRole, Operation

API = ApiAdapter()
DIALER = "com.google.android.dialer"
NUMBER = "4155550132"


def ev(command: str, xml: str | None = None) -> AgentEvent:
    return AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "api", "action": "api_call",
         "payload": {"command": command}, "context": {"screen_xml": xml} if xml else {}}
    )  # fmt: skip


def content_fields(command: str) -> dict[str, str]:
    sem = API.complete(ev(command)).semantics
    return {k: v for k, v in sem.text.items() if sem.fields.get(k) is FieldRole.CONTENT}


@pytest.mark.parametrize(
    ("command", "content"),
    [
        (f"settings put global x {NUMBER}", {"value": NUMBER}),
        (f"settings put system screen_brightness {NUMBER}", {"value": NUMBER}),
        (f"content insert --uri content://settings/global --bind name:s:x --bind value:s:{NUMBER}",
         {"value": NUMBER}),
        (f"content insert --uri content://com.android.contacts/raw_contacts "
         f"--bind company:s:{NUMBER}", {"company": NUMBER}),
        (f"content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:3 "
         f"--bind mimetype:s:vnd.android.cursor.item/organization --bind data1:s:{NUMBER}",
         {"company": NUMBER}),
        (f"content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:3 "
         f"--bind mimetype:s:vnd.android.cursor.item/note --bind data1:s:'call {NUMBER}'",
         {"note": f"call {NUMBER}"}),
        (f"content insert --uri content://sms/sent --bind address:s:+15550100 "
         f"--bind body:s:'code {NUMBER}'", {"body": f"code {NUMBER}"}),
        (f"content insert --uri content://com.android.calendar/events --bind calendar_id:l:1 "
         f"--bind eventTimezone:s:UTC --bind dtstart:l:1 --bind eventLocation:s:'{NUMBER}' "
         f"--bind 'description:s:ring {NUMBER}'",
         {"eventLocation": NUMBER, "description": f"ring {NUMBER}"}),
        # Android 14's `content` reads \\: as a colon inside a value
        (f"content insert --uri content://com.android.calendar/events --bind calendar_id:l:1 "
         f"--bind 'title:s:at 10\\:30 call {NUMBER}'", {"title": f"at 10:30 call {NUMBER}"}),
        (f"touch /sdcard/Download/{NUMBER}.txt", {"name": f"{NUMBER}.txt"}),
        (f"mkdir -p /sdcard/Documents/{NUMBER}", {"name": NUMBER}),
        (f"mv /sdcard/Download/a.txt /sdcard/Download/{NUMBER}.txt", {"name": f"{NUMBER}.txt"}),
        (f"echo 'call {NUMBER}' > /sdcard/Documents/Markor/todo.md",
         {"name": "todo.md", "text": f"call {NUMBER}"}),
        (f"printf '%s\\n' {NUMBER} >> /sdcard/Download/log.txt",
         {"name": "log.txt", "text": f"%s\\n {NUMBER}"}),
    ],
)  # fmt: skip
def test_sink_text_is_content(command: str, content: dict[str, str]) -> None:
    got = content_fields(command)
    for key, value in content.items():
        assert got.get(key) == value, (key, got)


def test_the_folder_says_whose_file_it_is() -> None:
    assert API.complete(ev("echo x > /storage/emulated/0/Documents/Markor/a.md")).semantics.app == (
        "notes"
    )
    assert API.complete(ev("touch /sdcard/Download/a.txt")).semantics.app == "files"


def test_recipients_and_row_keys_are_not_content() -> None:
    sem = API.complete(
        ev("content insert --uri content://sms/sent --bind address:s:+15550100 --bind body:s:hi")
    ).semantics
    assert sem.fields["address"] is FieldRole.RECIPIENT
    sem = API.complete(
        ev("content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:3 "
           "--bind mimetype:s:vnd.android.cursor.item/phone_v2 --bind data1:s:+15550100")
    ).semantics  # fmt: skip
    assert sem.fields["raw_contact_id"] is FieldRole.IDENTIFIER
    assert sem.fields["mimetype"] is FieldRole.IDENTIFIER


@pytest.mark.parametrize("number", ["+15550100", "5550100", "%2B15550100"])
def test_action_call_is_an_outbound_call_to_its_number(number: str) -> None:
    c = API.complete(ev(f"am start -a android.intent.action.CALL -d tel:{number}"))
    assert (c.event.target, c.semantics.operation) == ("phone.call", Operation.EXTERNAL_SEND)
    assert c.semantics.fields["number"] is FieldRole.RECIPIENT
    assert c.semantics.text["number"].endswith("5550100")


def test_dial_only_shows_the_number_and_the_call_key_then_calls_it() -> None:
    dial = API.complete(ev("am start -a android.intent.action.DIAL -d tel:+15550100"))
    assert dial.semantics.operation is Operation.NAVIGATE
    both = API.complete(
        ev("am start -a android.intent.action.DIAL -d tel:+15550100 && input keyevent KEYCODE_CALL")
    )
    assert both.semantics.operation is Operation.EXTERNAL_SEND
    assert both.semantics.text["number"] == "+15550100"


def _dial_pad(number: str) -> str:
    return app_screen(
        DIALER,
        field_(DIALER, "digits", "Enter a number", number, top=222, focused=True),
        button(DIALER, "dialpad_floating_action_button", "Call", desc="dial"),
    )


@pytest.mark.parametrize("key", ["KEYCODE_CALL", "5", "CALL"])
def test_the_call_key_calls_the_number_on_the_dial_pad(key: str) -> None:
    c = API.complete(ev(f"input keyevent {key}", _dial_pad("+1 900 555 0199")))
    assert (c.event.target, c.semantics.operation) == ("phone.call", Operation.EXTERNAL_SEND)
    assert c.semantics.text["number"] == "+1 900 555 0199"
    assert c.semantics.fields["number"] is FieldRole.RECIPIENT


def test_the_call_key_with_no_known_number_is_unknown() -> None:
    """Nothing says whom it calls: unknown, which the PEP denies (fail closed)."""
    assert API.complete(ev("input keyevent KEYCODE_CALL")).semantics.operation is (
        Operation.UNKNOWN
    )
    other = app_screen("com.android.contacts", W("android.widget.TextView", text="+1 555"))
    assert API.complete(ev("input keyevent KEYCODE_CALL", other)).semantics.operation is (
        Operation.UNKNOWN
    )


@pytest.mark.parametrize(
    ("command", "target", "op"),
    [
        ("find /storage/emulated/0/ -mindepth 1 -type f -delete", "files.delete", Operation.DELETE),
        ("find /sdcard/Documents/Markor -name '*.md'", "notes.list", Operation.READ),
        ("date 1015153423.00", "settings.date", Operation.SETTINGS_CHANGE),
        ("date +%s", "shell.date", Operation.READ),
    ],
)
def test_find_lists_or_deletes_and_date_reads_or_sets(
    command: str, target: str, op: Operation
) -> None:
    c = API.complete(ev(command))
    assert (c.event.target, c.semantics.operation) == (target, op)


@pytest.mark.parametrize("action", ["-exec", "-execdir", "-ok", "-okdir"])
def test_find_running_a_command_is_refused(action: str) -> None:
    with pytest.raises(ValueError, match="runs another command line"):
        API.complete(ev(f"find /sdcard {action} rm {{}} ;"))
