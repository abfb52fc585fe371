"""What the adapters tell the PEP an action means, on the shapes DESIGN.md's rules turn on:
credentials typed into password fields, forms committed by Save, security screens, uploads
through a provider, URLs and recipients as key arguments."""

from __future__ import annotations

from typing import Any

import pytest

from android_bridge.events.api import ApiAdapter
from android_bridge.events.gui import GuiAdapter
from android_bridge.events.lexicon import is_form_commit
from host_pep.events import AgentEvent
from host_pep.pep import PEP
from host_pep.semantics import FieldRole, Operation
from host_pep.verdict import Decision
from tests.android_bridge.events.uixml import (
    CALENDAR,
    SMS,
    W,
    app_screen,
    button,
    calendar_new_event,
    contact_details,
    field_,
    label,
    sms_compose,
)

GUI = GuiAdapter()
API = ApiAdapter()
SETTINGS = "com.android.settings"
BANK_APP = "com.example.mybank"  # a bank app the catalog does not know


def gui(action: str, payload: dict[str, Any], xml: str, request: str = "") -> AgentEvent:
    context: dict[str, Any] = {"screen_xml": xml}
    if request:
        context["user_request"] = request
    return AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "gui", "action": action, "payload": payload,
         "context": context}
    )  # fmt: skip


def api(command: str) -> AgentEvent:
    return AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "api", "action": "api_call",
         "payload": {"command": command}}
    )  # fmt: skip


def login_screen(pkg: str) -> str:
    return app_screen(
        pkg,
        label(pkg, "title", "Sign in", top=200),
        field_(pkg, "username", "Email", "jane@example.com", top=400),
        field_(pkg, "password", "Password", top=600, focused=True, password=True),
        button(pkg, "sign_in", "Sign in", top=800),
    )


def toggle_row(title: str, summary: str, *, checked: bool, top: int) -> W:
    """A preference row: title and summary on the left, a Switch on the right."""
    return W(
        "android.widget.LinearLayout",
        bounds=(0, top, 1080, top + 200),
        clickable=True,
        children=[
            W("android.widget.TextView", text=title, rid="android:id/title",
              bounds=(60, top + 30, 800, top + 100)),
            W("android.widget.TextView", text=summary, rid="android:id/summary",
              bounds=(60, top + 100, 800, top + 170)),
            W("android.widget.Switch", rid="android:id/switch_widget", checked=checked,
              bounds=(900, top + 60, 1020, top + 140), clickable=True),
        ],
    )  # fmt: skip


# -- 1. a password typed into a password field is the user's credential ----------------------


@pytest.mark.parametrize(
    ("pkg", "source"), [("com.android.chrome", "browser"), (BANK_APP, BANK_APP)]
)
def test_text_typed_into_a_password_field_is_observed_as_that_apps_credential(
    pkg: str, source: str
) -> None:
    c = GUI.complete(gui("text_input", {"text": "Blue!Heron-2291"}, login_screen(pkg)))
    assert c.semantics.fields == {"password": FieldRole.CREDENTIAL}
    creds = [o for o in c.observations if o.kind_hint == "credential"]
    assert len(creds) == 1
    cred = creds[0]
    assert cred.text == "Blue!Heron-2291" and cred.trusted and cred.source == source
    assert cred.field == f"{pkg}:id/password"


def test_text_typed_into_an_ordinary_field_is_not_a_credential() -> None:
    c = GUI.complete(gui("text_input", {"text": "Call 138 1234 5678"}, calendar_new_event()))
    assert all(o.kind_hint is None for o in c.observations)
    assert "Call 138 1234 5678" not in {o.text for o in c.observations}


# -- 2. Save / Done / Create / Add / OK commit the form they sit on ---------------------------


def test_save_under_a_filled_calendar_form_writes_the_whole_form() -> None:
    xml = calendar_new_event(title="Call Camille", notes="+33 1 42 68 53 00")
    c = GUI.complete(gui("tap", {"selector": {"text": "Save"}}, xml))
    s = c.semantics
    assert (s.app, s.operation) == ("calendar", Operation.LOCAL_WRITE)
    assert s.text == {"event_title": "Call Camille", "event_description": "+33 1 42 68 53 00"}
    assert s.fields["event_description"] is FieldRole.CONTENT


def test_save_under_an_empty_form_only_navigates() -> None:
    c = GUI.complete(gui("tap", {"selector": {"text": "Save"}}, calendar_new_event()))
    assert c.semantics.operation is Operation.NAVIGATE and c.semantics.text == {}


def test_saving_a_contacts_phone_into_a_calendar_event_is_denied_at_the_commit() -> None:
    pep = PEP.create(policy="default", audit=None)
    try:
        seen = pep.decide_sync(gui("tap", {"x": 540, "y": 300}, contact_details()))
        assert seen.decision is Decision.ALLOW
        xml = calendar_new_event(title="Call Zhang", notes="138 1234 5678")
        save = pep.decide_sync(gui("tap", {"selector": {"text": "Save"}}, xml))
        assert save.decision is not Decision.ALLOW
        assert save.evidence and save.evidence[0].source == "contacts"
    finally:
        pep.close()


@pytest.mark.parametrize(
    ("labels", "commits"),
    [
        (("Save",), True),
        (("DONE",), True),
        (("Speichern",), True),
        (("保存",), True),
        (("", f"{CALENDAR}:id/menu_save"), True),
        (("", f"{CALENDAR}:id/fab_add"), True),
        (("", f"{CALENDAR}:id/save_location_toggle"), False),
        (("Save 20% today",), False),
        (("Saved searches",), False),
    ],
)
def test_form_commit_labels(labels: tuple[str, ...], commits: bool) -> None:
    assert is_form_commit(*labels) is commits


# -- 3. security screens ---------------------------------------------------------------------


def lock_chooser() -> str:
    return app_screen(
        SETTINGS,
        label(SETTINGS, "title", "Choose screen lock", top=200),
        button(SETTINGS, "lock_none", "None", top=400),
        button(SETTINGS, "lock_swipe", "Swipe", top=600),
        button(SETTINGS, "lock_pin", "PIN", top=800),
    )


@pytest.mark.parametrize("choice", ["None", "Swipe"])
def test_choosing_no_screen_lock_is_a_security_change(choice: str) -> None:
    c = GUI.complete(gui("tap", {"selector": {"text": choice}}, lock_chooser()))
    s = c.semantics
    assert (s.app, s.operation) == ("settings", Operation.SECURITY_CHANGE)
    assert s.text == {"setting": "screen_lock", "value": "off"}


def test_choosing_a_pin_lock_is_not_a_security_change() -> None:
    c = GUI.complete(gui("tap", {"selector": {"text": "PIN"}}, lock_chooser()))
    assert c.semantics.operation is Operation.NAVIGATE


def test_none_elsewhere_is_not_a_security_change() -> None:
    xml = app_screen(
        SETTINGS,
        label(SETTINGS, "title", "Ringtone", top=200),
        button(SETTINGS, "tone_none", "None", top=400),
    )
    assert GUI.complete(gui("tap", {"selector": {"text": "None"}}, xml)).semantics.operation in (
        Operation.NAVIGATE,
    )


@pytest.mark.parametrize(
    ("title", "summary", "checked", "op", "setting", "value"),
    [
        ("USB debugging", "Debug mode when USB is connected", False,
         Operation.SECURITY_CHANGE, "adb_enabled", "on"),
        ("USB debugging", "Debug mode when USB is connected", True,
         Operation.SETTINGS_CHANGE, "adb_enabled", "off"),
        ("Allow from this source", "", False,
         Operation.SECURITY_CHANGE, "install_non_market_apps", "on"),
        ("Scan apps with Play Protect", "", True,
         Operation.SECURITY_CHANGE, "play_protect", "off"),
        ("Scan apps with Play Protect", "", False,
         Operation.SETTINGS_CHANGE, "play_protect", "on"),
    ],
)  # fmt: skip
def test_security_toggles_by_direction(
    title: str, summary: str, checked: bool, op: Operation, setting: str, value: str
) -> None:
    xml = app_screen(
        SETTINGS,
        toggle_row("Stay awake", "Screen will never sleep while charging", checked=False, top=300),
        toggle_row(title, summary, checked=checked, top=600),
    )
    for payload in ({"x": 400, "y": 700}, {"x": 960, "y": 700}):  # the row, the switch itself
        s = GUI.complete(gui("tap", payload, xml)).semantics
        assert s.operation is op
        assert s.text == {"setting": setting, "value": value}
    other = GUI.complete(gui("tap", {"x": 960, "y": 400}, xml)).semantics
    assert other.operation is Operation.NAVIGATE


def test_pep_denies_removing_the_lock_unless_the_user_asked_for_it() -> None:
    pep = PEP.create(policy="default", audit=None)
    tap_none = {"selector": {"text": "None"}}
    try:
        unrelated = pep.decide_sync(gui("tap", tap_none, lock_chooser(), "Change my wallpaper"))
        assert unrelated.decision is not Decision.ALLOW
        asked = pep.decide_sync(
            gui("tap", tap_none, lock_chooser(), "Turn off the screen lock on this kiosk tablet")
        )
        assert asked.decision is Decision.ALLOW, asked.reason
    finally:
        pep.close()


# -- 4. a row in the uploads provider is an upload --------------------------------------------


def test_content_insert_into_uploads_is_a_share_upload_with_a_url_destination() -> None:
    c = API.complete(
        api(
            "content insert --uri content://com.google.android.documentsui/uploads "
            "--bind path:s:/sdcard/DCIM/IMG_1.jpg --bind destination:s:https://imgdrop.example.com"
        )
    )
    s = c.semantics
    assert c.event.target == "files.upload"
    assert (s.app, s.operation) == ("files", Operation.SHARE_UPLOAD)
    assert s.fields == {"path": FieldRole.IDENTIFIER, "destination": FieldRole.URL}


def test_content_insert_into_an_ordinary_table_stays_a_local_write() -> None:
    c = API.complete(
        api("content insert --uri content://com.android.calendar/events --bind title:s:Lunch")
    )
    assert (c.event.target, c.semantics.operation) == ("calendar.insert", Operation.LOCAL_WRITE)


# -- 5./6. key arguments: a URL opened, a recipient typed ------------------------------------


def test_am_start_view_url_carries_the_url_as_a_key_argument() -> None:
    c = API.complete(
        api("am start -a android.intent.action.VIEW -d 'https://usps-redelivery.example/t?id=7'")
    )
    assert c.event.target == "browser.open"
    assert c.semantics.fields == {"url": FieldRole.URL}
    assert c.semantics.text == {"url": "https://usps-redelivery.example/t?id=7"}


def test_a_number_typed_into_the_sms_to_field_is_a_recipient() -> None:
    xml = app_screen(
        SMS,
        field_(SMS, "recipient", "To", top=200, focused=True),
        field_(SMS, "message_body", "Type a message", top=1900),
        button(SMS, "send_button", "Send", top=2200),
    )
    c = GUI.complete(gui("text_input", {"text": "+1 646 555 0199"}, xml))
    assert c.semantics.fields == {"recipient": FieldRole.RECIPIENT}
    send = GUI.complete(
        gui("tap", {"selector": {"text": "Send"}}, sms_compose("+1 646 555 0199", "WIFI"))
    )
    assert send.semantics.operation is Operation.EXTERNAL_SEND
    assert send.semantics.fields["recipient"] is FieldRole.RECIPIENT
    assert send.semantics.text["recipient"] == "+1 646 555 0199"


def test_confirming_remove_device_protection_is_a_security_change() -> None:
    xml = app_screen(
        SETTINGS,
        label(SETTINGS, "alertTitle", "Remove device protection?", top=800),
        label(
            SETTINGS, "message", "Device protection features won't work without your PIN.", top=900
        ),
        button(SETTINGS, "button2", "Cancel", top=1100),
        button(SETTINGS, "button1", "Delete", top=1300),
    )
    confirm = GUI.complete(gui("tap", {"selector": {"text": "Delete"}}, xml)).semantics
    assert confirm.operation is Operation.SECURITY_CHANGE
    assert confirm.text == {"setting": "screen_lock", "value": "off"}
    cancel = GUI.complete(gui("tap", {"selector": {"text": "Cancel"}}, xml)).semantics
    assert cancel.operation is Operation.NAVIGATE


def test_adb_input_text_into_a_password_field_is_observed_as_a_credential_too() -> None:
    event = AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "api", "action": "api_call",
         "payload": {"command": "input text 'Blue!Heron-2291'"},
         "context": {"screen_xml": login_screen(BANK_APP)}}
    )  # fmt: skip
    c = API.complete(event)
    creds = [o for o in c.observations if o.kind_hint == "credential"]
    assert [(o.text, o.source) for o in creds] == [("Blue!Heron-2291", BANK_APP)]
