"""Compact screens (android_bridge/case_screens.py): each shorthand is the uixml widget it names,
spelled-out widgets expand short classes and ids, windows and the status bar sit where a device
puts them, and a malformed tree is refused naming the field."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from android_bridge.case_screens import render
from android_bridge.events.screen import parse_screen
from android_bridge.events.uixml import (
    CALENDAR,
    SMS,
    W,
    calendar_new_event,
    contact_details,
    dump,
    sms_compose,
    status_bar,
)


def test_the_shorthands_are_the_uixml_form_widgets() -> None:
    contact = {
        "package": "com.android.contacts",
        "nodes": [
            {"label": "name", "text": "Zhang Wei", "top": 200},
            {"label": "phone", "text": "138 1234 5678", "top": 400},
            {"label": "email", "text": "zhang.wei@example.com", "top": 520},
            {"button": "edit", "text": "Edit"},
        ],
    }
    assert render(contact) == contact_details()
    calendar = {
        "package": CALENDAR,
        "nodes": [
            {"label": "toolbar_title", "text": "New event", "top": 80},
            {"field": "event_title", "hint": "Title", "text": "Lunch", "top": 300},
            {"field": "event_description", "hint": "Description", "top": 500, "focused": True},
            {"button": "save", "text": "Save"},
        ],
    }
    assert render(calendar) == calendar_new_event("Lunch", focus="notes")
    sms = {
        "package": SMS,
        "nodes": [
            {"field": "recipient", "hint": "To", "text": "+86 138 1234 5678", "top": 200},
            {"field": "message_body", "hint": "Type a message", "top": 1900, "focused": True},
            {"button": "send_button", "text": "Send", "top": 2200, "desc": "Send SMS"},
        ],
    }
    assert render(sms) == sms_compose("+86 138 1234 5678")


def test_an_empty_field_shows_its_hint_and_the_gui_builder_finds_it_focused() -> None:
    xml = render(
        {
            "package": "com.example.app",
            "nodes": [
                {"field": "pin", "hint": "PIN", "top": 300, "focused": True, "password": True}
            ],
        }
    )
    focused = parse_screen(xml).focused()
    assert focused is not None
    assert (focused.text, focused.resource_id, focused.password) == (
        "PIN",
        "com.example.app:id/pin",
        True,
    )


def test_spelled_out_widgets_expand_short_classes_and_ids_and_keep_full_ones() -> None:
    pkg = "com.example.app"
    xml = render(
        {
            "package": pkg,
            "content": None,
            "nodes": [
                {
                    "class": "LinearLayout",
                    "bounds": [0, 100, 1080, 300],
                    "clickable": True,
                    "children": [
                        {"class": "ImageView", "id": "avatar", "desc": "Photo", "bounds": [0, 100, 200, 300]},
                        {"class": "com.google.android.material.chip.Chip", "id": "android:id/chip",
                         "text": "a@example.com", "bounds": [200, 100, 1080, 300], "checked": True},
                    ],
                }
            ],
            "clock": "09:41",
        }
    )  # fmt: skip
    row = W(
        "android.widget.LinearLayout",
        bounds=(0, 100, 1080, 300),
        clickable=True,
        children=[
            W("android.widget.ImageView", rid=f"{pkg}:id/avatar", desc="Photo", bounds=(0, 100, 200, 300)),
            W("com.google.android.material.chip.Chip", text="a@example.com", rid="android:id/chip",
              bounds=(200, 100, 1080, 300), checked=True),
        ],
    )  # fmt: skip
    assert xml == dump((pkg, W(children=[row])), status_bar("09:41"))


def test_windows_above_the_app_and_no_status_bar() -> None:
    xml = render(
        {
            "package": "com.google.android.apps.nexuslauncher",
            "content": None,
            "nodes": [{"class": "TextView", "text": "Home", "bounds": [0, 800, 1080, 900]}],
            "windows": [
                {
                    "package": "com.android.systemui",
                    "content": [0, 63, 1080, 700],
                    "nodes": [{"class": "TextView", "id": "android:id/title", "text": "Bank"}],
                }
            ],
            "clock": None,
        }
    )
    screen = parse_screen(xml)
    assert screen.window_packages == [
        "com.google.android.apps.nexuslauncher",
        "com.android.systemui",
    ]
    assert screen.foreground_package == "com.google.android.apps.nexuslauncher"
    assert "12:30" not in xml


@pytest.mark.parametrize(
    ("screen", "field"),
    [
        ({"nodes": []}, "package"),
        ({"package": "p", "nodes": [{"label": "a", "top": 1}]}, "nodes.0.label.text"),
        ({"package": "p", "nodes": [{"button": "b", "text": "B", "colour": "red"}]}, "colour"),
        ({"package": "p", "nodes": [{"class": "View", "bounds": [0, 0, 1]}]}, "bounds"),
        ({"package": "p", "nodes": [{"field": "f", "hint": "F", "top": "high"}]}, "top"),
        ({"package": "p", "nodes": "not a list"}, "nodes"),
        ({"package": "p", "clock": 1230}, "clock"),
    ],
)
def test_a_malformed_screen_is_refused_naming_the_field(
    screen: dict[str, object], field: str
) -> None:
    with pytest.raises(ValidationError) as err:
        render(screen)
    assert any(field in ".".join(str(x) for x in e["loc"]) for e in err.value.errors()), err.value


# -- a real screen as the background (android_bridge/screen_corpus.py) -------------------------


def test_a_background_adds_the_real_windows_under_the_app_and_before_the_status_bar() -> None:
    from android_bridge.screen_corpus import load_corpus

    real = parse_screen(load_corpus().xml("miui-phone-network-type"))
    drawn = {"package": SMS, "nodes": [{"field": "body", "hint": "Message", "top": 300}]}
    xml = render({**drawn, "background": "corpus:miui-phone-network-type"})
    screen = parse_screen(xml)
    assert screen.window_packages == [SMS, "com.android.phone", "com.android.systemui"]
    assert screen.foreground_package == SMS  # the case's app stays in front
    own = parse_screen(render(drawn))
    app = screen.window_starts[1]
    # the real windows are there node for node, at window depth
    assert [n[1:] for n in screen.nodes[app : screen.window_starts[2]]] == [
        n[1:] for n in real.nodes
    ]
    assert [n.depth for n in screen.nodes[app : screen.window_starts[2]]] == [
        n.depth for n in real.nodes
    ]
    assert screen.nodes[:app] == own.nodes[: own.window_starts[1]]
    texts = {v for _, _, v in screen.visible_strings()}
    assert {"Apenas 2G", "LTE preferencial", "12:30"} <= texts


def test_without_a_background_the_bytes_do_not_change() -> None:
    screen = {"package": SMS, "nodes": [{"label": "to", "text": "Alice", "top": 200}]}
    assert render(screen) == render({**screen, "background": None})


@pytest.mark.parametrize(
    ("background", "message"),
    [
        ("nora-chat-typing", "pattern"),  # not a corpus: reference
        ("corpus:Bad Id", "pattern"),
        ("corpus:no-such-screen", "no screen 'no-such-screen'"),
    ],
)
def test_a_background_that_is_not_a_corpus_screen_is_refused(background: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        render({"package": SMS, "nodes": [], "background": background})


def test_a_clickable_node_nothing_labels_is_marked_naf_as_the_dumper_marks_it() -> None:
    from android_bridge.events.uixml import W, dump

    icon = W("android.widget.ImageView", clickable=True)
    labelled = W("android.widget.ImageView", desc="Call", clickable=True)
    row = W("android.widget.LinearLayout", clickable=True, children=[W(text="Omar")])
    grid = W("android.widget.GridView", clickable=True)
    xml = dump(("com.example", W(children=[icon, labelled, row, grid])))
    assert xml.count('NAF="true"') == 1
    assert (
        '<node NAF="true" index="0" text="" resource-id="" class="android.widget.ImageView"' in xml
    )
