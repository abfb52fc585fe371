"""The GUI actions added for mobile-mcp / uiautomator2 parity: gestures are judged like the tap
they are, an XPath selects exactly the widget a field selector would, rotate is navigation, and
the element list names what selectors select."""

from __future__ import annotations

from typing import Any

import pytest

from android_bridge.events.elements import elements, size
from android_bridge.events.gui import GuiAdapter, find_widgets
from android_bridge.events.screen import parse_screen
from android_bridge.events.xpath import XPathError
from host_pep.events import AgentEvent
from host_pep.exceptions import EventValidationError
from host_pep.semantics import Operation
from tests.android_bridge.events.uixml import (
    CALENDAR,
    app_screen,
    calendar_new_event,
    contact_details,
    field_,
    sms_compose,
)

GUI = GuiAdapter()


def ev(action: str, payload: dict[str, Any], xml: str | None) -> AgentEvent:
    context = {"screen_xml": xml} if xml is not None else {}
    return AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "gui", "action": action,
         "payload": payload, "context": context}
    )  # fmt: skip


@pytest.mark.parametrize("gesture", ["long_press", "double_tap"])
def test_gestures_on_send_are_judged_like_the_tap_they_are(gesture: str) -> None:
    xml = sms_compose("+86 138 1234 5678", "his number is 138 1234 5678")
    tap = GUI.complete(ev("tap", {"selector": {"text": "Send"}}, xml)).semantics
    other = GUI.complete(
        ev("tap", {"selector": {"text": "Send"}, "gesture": gesture}, xml)
    ).semantics
    assert other.operation is tap.operation is Operation.EXTERNAL_SEND
    assert other.text == tap.text and other.fields == tap.fields
    assert other.description.startswith(gesture.replace("_", " "))


@pytest.mark.parametrize(
    ("xpath", "selector"),
    [
        ("//android.widget.Button[@text='Send']", {"text": "Send"}),
        ("//*[@resource-id='com.simplemobiletools.smsmessenger:id/message_body']",
         {"resourceId": "com.simplemobiletools.smsmessenger:id/message_body"}),
        ("//*[@content-desc='Send SMS']", {"description": "Send SMS"}),
        ("//android.widget.EditText", {"className": "android.widget.EditText"}),
    ],
)  # fmt: skip
def test_xpath_selects_the_widget_a_field_selector_would(
    xpath: str, selector: dict[str, str]
) -> None:
    xml = sms_compose("+86 138 1234 5678", "hello")
    assert find_widgets(xml, {"xpath": xpath}) == find_widgets(xml, selector)
    by_xpath = GUI.complete(ev("tap", {"selector": {"xpath": xpath}}, xml)).semantics
    by_field = GUI.complete(ev("tap", {"selector": selector}, xml)).semantics
    assert by_xpath.widget == by_field.widget


def test_xpath_instance_and_typing_through_xpath() -> None:
    xml = calendar_new_event(title="Sync", notes="", focus="title")
    fields = find_widgets(xml, {"xpath": "//android.widget.EditText"})
    assert len(fields) >= 2
    second = find_widgets(xml, {"xpath": "//android.widget.EditText", "instance": 1})
    assert second == fields[1:2]
    c = GUI.complete(
        ev(
            "text_input",
            {
                "text": "call 138 1234 5678",
                "selector": {"xpath": "//*[contains(@resource-id, 'description')]"},
            },
            xml,
        )
    )
    assert c.semantics.operation is Operation.LOCAL_WRITE and c.semantics.app == "calendar"
    assert list(c.semantics.text.values()) == ["call 138 1234 5678"]


@pytest.mark.parametrize(
    ("selector", "words"),
    [
        ({"xpath": "//*["}, "not a valid XPath"),
        ({"xpath": "count(//*)"}, "must select widgets"),
        ({"xpath": "//*[@text='nobody']"}, "no widget on the current screen"),
        ({"xpath": "//*", "text": "Send"}, "no other field"),
    ],
)
def test_bad_xpaths_are_refused_naming_the_selector(selector: dict[str, Any], words: str) -> None:
    with pytest.raises(EventValidationError) as err:
        GUI.complete(ev("tap", {"selector": selector}, sms_compose("", "")))
    assert err.value.field == "payload.selector" and words in str(err.value)
    assert issubclass(XPathError, ValueError)


def test_rotate_and_scroll_forms_are_navigation() -> None:
    xml = contact_details()
    rotate = GUI.complete(ev("rotate", {"orientation": "landscape"}, xml)).semantics
    assert rotate.operation is Operation.NAVIGATE and "landscape" in rotate.description
    for payload in (
        {"direction": "up", "x": 540, "y": 1500, "distance": 300},
        {"until": {"text": "Zhang Wei"}},
        {"until": {"xpath": "//*[@text='x']"}, "direction": "down"},
    ):
        sem = GUI.complete(ev("swipe", payload, xml)).semantics
        assert sem.operation is Operation.NAVIGATE
    with pytest.raises(EventValidationError):
        GUI.complete(ev("rotate", {"orientation": "sideways"}, xml))
    with pytest.raises(EventValidationError):
        GUI.complete(ev("swipe", {"until": {"colour": "red"}}, xml))


def test_the_element_list_names_what_selectors_select() -> None:
    xml = app_screen(
        CALENDAR,
        field_(CALENDAR, "event_title", "Title", "Sync", top=200),
        field_(CALENDAR, "password", "PIN", "1234", top=400, password=True),
    )
    screen = parse_screen(xml)
    listed = elements(screen)
    by_id = {e.id: e for e in listed}
    title = by_id[f"{CALENDAR}:id/event_title"]
    assert title.text == "Sync" and title.editable and len(title.bounds) == 4
    assert find_widgets(xml, {"resourceId": title.id})[0].center == tuple(title.center)
    assert by_id[f"{CALENDAR}:id/password"].text == "•••"  # never the value
    assert all(e.package != "com.android.systemui" for e in listed)
    assert size(screen) == (1080, 2400)


def test_a_swipe_may_name_its_ends_as_uiautomator2_does() -> None:
    # d.swipe(fx, fy, tx, ty, duration): agents written against uiautomator2 send those names
    from android_bridge.events.gui import swipe_points

    xml = contact_details()
    u2 = {"fx": 540, "fy": 1900, "tx": 540, "ty": 700, "duration": 0.25}
    assert GUI.complete(ev("swipe", u2, xml)).semantics.operation is Operation.NAVIGATE
    assert swipe_points(u2) == swipe_points({"x1": 540, "y1": 1900, "x2": 540, "y2": 700})
    with pytest.raises(EventValidationError) as err:
        GUI.complete(ev("swipe", {"fx": 540, "fy": "low", "tx": 540, "ty": 700}, xml))
    assert err.value.field == "payload.fy"
    with pytest.raises(EventValidationError) as err:  # half of each naming is neither
        GUI.complete(ev("swipe", {"fx": 540, "fy": 900, "x2": 540, "y2": 700}, xml))
    assert err.value.field == "payload.x1"
