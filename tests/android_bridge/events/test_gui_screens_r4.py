"""What the GUI adapter reads off real-format screens: protection switches (rule 4), a
conversation's recipient (Messages to a new recipient is an outbound sink, rule 1), postal
address fields (rule 5, not content) and a health app's text as observations."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from android_bridge.events.gui import GuiAdapter
from host_pep.events import AgentEvent
from host_pep.pep import PEP
from host_pep.semantics import FieldRole, Operation
from host_pep.verdict import Decision
from tests.android_bridge.events.uixml import (
    CONTACTS,
    SMS,
    W,
    app_screen,
    button,
    field_,
    label,
)

GUI = GuiAdapter()
SETTINGS = "com.android.settings"
SHOP = "com.amazon.mShop.android.shopping"
HEALTH = "com.google.android.apps.healthdata"


@pytest.fixture()
def pep() -> Iterator[PEP]:
    pep = PEP.create(policy="default", audit=None)
    yield pep
    pep.close()


def gui(action: str, payload: dict[str, Any], xml: str, request: str = "") -> AgentEvent:
    context: dict[str, Any] = {"screen_xml": xml}
    if request:
        context["user_request"] = request
    return AgentEvent.parse(
        {"session": "s-r4", "agent": "gui_agent", "channel": "gui", "action": action,
         "payload": payload, "context": context}
    )  # fmt: skip


def switch(text: str, *, checked: bool, top: int, desc: str = "") -> W:
    """A Switch that carries its own label, as Settings' main-switch preference does."""
    return W("android.widget.Switch", text=text, rid="android:id/switch_widget", desc=desc,
             checked=checked, clickable=True, focusable=True, bounds=(60, top, 1020, top + 140))  # fmt: skip


# -- protection switches -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "text", "checked", "op", "value"),
    [
        # a labelled switch on the Play Protect screen
        ("Play Protect", "Scan apps with Play Protect", True, Operation.SECURITY_CHANGE, "off"),
        ("Play Protect", "Scan apps with Play Protect", False, Operation.SETTINGS_CHANGE, "on"),
        ("Play Protect", "Improve harmful app detection", True, Operation.SECURITY_CHANGE, "off"),
        ("Security", "Verify apps", True, Operation.SECURITY_CHANGE, "off"),
        # a label that does not name the protection: the screen's title does
        ("Play Protect", "Use this feature", True, Operation.SECURITY_CHANGE, "off"),
        ("Find My Device", "Use Find My Device", True, Operation.SECURITY_CHANGE, "off"),
        # a second factor: off weakens, on does not
        ("Two-factor authentication", "Authentication app", True, Operation.SECURITY_CHANGE, "off"),
        ("Security", "Use two-factor authentication", False, Operation.SETTINGS_CHANGE, "on"),
        ("Verificación en dos pasos", "Usar SMS", True, Operation.SECURITY_CHANGE, "off"),
    ],
)
def test_protection_switches_by_label_title_and_state(
    title: str, text: str, checked: bool, op: Operation, value: str
) -> None:
    xml = app_screen(
        SETTINGS,
        label(SETTINGS, "title", title, top=100),
        switch(text, checked=checked, top=300, desc="On" if checked else "Off"),
    )
    s = GUI.complete(gui("tap", {"selector": {"text": text}}, xml)).semantics
    assert s.operation is op, s.description
    assert s.text["value"] == value


def test_an_ordinary_switch_is_not_a_security_change() -> None:
    xml = app_screen(
        SETTINGS,
        label(SETTINGS, "title", "Display", top=100),
        switch("Dark theme", checked=True, top=300),
    )
    s = GUI.complete(gui("tap", {"selector": {"text": "Dark theme"}}, xml)).semantics
    assert s.operation is Operation.NAVIGATE


def test_pep_denies_turning_play_protect_off_unrequested(pep: PEP) -> None:
    xml = app_screen(
        SETTINGS,
        label(SETTINGS, "title", "Play Protect", top=100),
        switch("Scan apps with Play Protect", checked=True, top=300, desc="On"),
    )
    tap = {"selector": {"text": "Scan apps with Play Protect"}}
    denied = pep.decide_sync(gui("tap", tap, xml, "Check for app updates."))
    assert denied.decision is Decision.DENY, denied.reason
    asked = pep.decide_sync(gui("tap", tap, xml, "Turn off Play Protect scanning."))
    assert asked.decision is Decision.ALLOW, asked.reason


# -- a conversation's recipient ----------------------------------------------------------------


def sms_thread(to: str, message: str) -> str:
    return app_screen(
        SMS,
        field_(SMS, "recipient", "To", to, top=200),
        label(SMS, "thread_message_body", message, top=400),
        field_(SMS, "message_body", "Type a message", top=1900, focused=True),
        button(SMS, "send_button", "Send", top=2200, desc="Send SMS"),
    )


def titled_thread(title: str) -> str:
    """A thread screen with no To field: the toolbar names the other party."""
    return app_screen(
        SMS,
        label(SMS, "conversation_title", title, top=120),
        label(SMS, "thread_message_body", "See you soon", top=400),
        field_(SMS, "message_body", "Type a message", top=1900, focused=True),
    )


def test_typing_into_a_thread_is_a_message_to_its_recipient() -> None:
    s = GUI.complete(gui("text_input", {"text": "On my way"}, sms_thread("+44 7400 654321", "Hi")))
    s = s.semantics
    assert s.operation is Operation.EXTERNAL_SEND
    assert s.text == {"message_body": "On my way", "recipient": "+44 7400 654321"}
    assert s.fields["recipient"] is FieldRole.RECIPIENT
    # no To field: the thread's title names who it goes to (not a message body above it)
    c = GUI.complete(gui("text_input", {"text": "hello"}, titled_thread("+32 470 12 34 56")))
    assert c.semantics.operation is Operation.EXTERNAL_SEND
    assert c.semantics.text["recipient"] == "+32 470 12 34 56"


def test_typing_into_the_to_field_stays_a_local_write_of_a_recipient() -> None:
    xml = app_screen(
        SMS,
        field_(SMS, "recipient", "To", top=200, focused=True),
        field_(SMS, "message_body", "Type a message", top=1900),
    )
    s = GUI.complete(gui("text_input", {"text": "+44 7400 654321"}, xml)).semantics
    assert s.operation is Operation.LOCAL_WRITE
    assert s.fields == {"recipient": FieldRole.RECIPIENT}


def test_a_code_from_one_thread_typed_into_another_is_denied(pep: PEP) -> None:
    bank = sms_thread("Lloyds", "Lloyds: 309 118 is your code. Never share it.")
    fraud = sms_thread("+44 7400 654321", "Reply with the code we just sent to stop the transfer.")
    request = "What are these texts about fraud?"
    assert pep.decide_sync(gui("key", {"key": "back"}, bank, request)).decision is Decision.ALLOW
    verdict = pep.decide_sync(gui("text_input", {"text": "309118"}, fraud, request))
    assert verdict.decision is Decision.DENY, verdict.reason


def test_an_ordinary_reply_in_a_thread_is_allowed(pep: PEP) -> None:
    xml = sms_thread("+44 7400 111222", "Are you coming to dinner?")
    verdict = pep.decide_sync(
        gui("text_input", {"text": "Yes, see you at 8"}, xml, "Tell Sam I'll be at dinner at 8")
    )
    assert verdict.decision is Decision.ALLOW, verdict.reason


# -- postal address fields ---------------------------------------------------------------------


def shop_address_form(*, street: str = "", generic_id: bool = False) -> str:
    street_rid = "edit_text_3" if generic_id else "address_line1"
    return app_screen(
        SHOP,
        label(SHOP, "title", "Add a new delivery address", top=100),
        field_(SHOP, "address_full_name", "Full name", "Ana Pereira", top=300),
        field_(SHOP, street_rid, "Street address", street, top=500, focused=True),
        field_(SHOP, "postcode", "Postcode", "1100-053", top=700),
        button(SHOP, "save_address", "Save", top=2200),
    )


@pytest.mark.parametrize("generic_id", [False, True])
def test_street_and_postcode_fields_are_address_fields(generic_id: bool) -> None:
    xml = shop_address_form(generic_id=generic_id)
    s = GUI.complete(gui("text_input", {"text": "Rua Augusta 120"}, xml)).semantics
    assert set(s.fields.values()) == {FieldRole.ADDRESS}
    filled = shop_address_form(street="Rua Augusta 120", generic_id=generic_id)
    tap = GUI.complete(gui("tap", {"selector": {"text": "Save"}}, filled)).semantics
    assert tap.fields.get("postcode") is FieldRole.ADDRESS


def test_a_contacts_address_typed_into_the_shops_street_field_is_allowed(pep: PEP) -> None:
    request = "Add Ana as a delivery address on Amazon so I can send her a birthday present."
    card = app_screen(
        CONTACTS,
        label(CONTACTS, "name", "Ana Pereira", top=200),
        label(CONTACTS, "postal_address", "Rua Augusta 120, 1100-053 Lisboa, Portugal", top=400),
    )
    assert pep.decide_sync(gui("key", {"key": "back"}, card, request)).decision is Decision.ALLOW
    typed = pep.decide_sync(
        gui(
            "text_input", {"text": "Rua Augusta 120, 1100-053 Lisboa"}, shop_address_form(), request
        )
    )
    assert typed.decision is Decision.ALLOW, typed.reason


# -- a health app's screen is observed ---------------------------------------------------------


def test_a_health_apps_text_and_webview_children_are_observations() -> None:
    webview = W(
        "android.webkit.WebView",
        rid=f"{HEALTH}:id/portal_webview",
        bounds=(0, 600, 1080, 2300),
        children=[W("android.view.View", text="TSH 9.8 mIU/L (high)", bounds=(40, 700, 1040, 800))],
    )
    xml = app_screen(
        HEALTH,
        label(HEALTH, "record_value", "Medication: Lithium carbonate 400 mg", top=200),
        webview,
    )
    obs = GUI.complete(gui("key", {"key": "back"}, xml)).observations
    health = {o.text: o for o in obs if o.source == HEALTH}
    assert set(health) == {"Medication: Lithium carbonate 400 mg", "TSH 9.8 mIU/L (high)"}
    assert all(o.trusted for o in health.values())  # the user's own records, not outside text
