"""Screen extraction on dumps in uiautomator2's exact format."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from android_bridge.events import screen
from android_bridge.events.screen import EmptyHierarchyError, ScreenParseError, parse_screen
from tests.android_bridge.events.uixml import (
    CALENDAR,
    CONTACTS,
    EMPTY_FALLBACK,
    SMS,
    W,
    app_screen,
    big_screen,
    button,
    calendar_new_event,
    contact_details,
    dump,
    field_,
    label,
    sms_compose,
    status_bar,
)


def test_visible_text_ids_and_foreground_package() -> None:
    s = parse_screen(contact_details())
    assert s.foreground_package == CONTACTS
    texts = {(n.resource_id, v) for n, attr, v in s.visible_strings() if attr == "text"}
    assert (f"{CONTACTS}:id/phone", "138 1234 5678") in texts
    assert (f"{CONTACTS}:id/email", "zhang.wei@example.com") in texts
    assert ("com.android.systemui:id/clock", "12:30") in texts


def test_foreground_is_first_non_systemui_window_whatever_the_order() -> None:
    root = W(children=[label(CONTACTS, "name", "Zhang", top=200)])
    xml = dump(status_bar(), (CONTACTS, root))
    assert parse_screen(xml).foreground_package == CONTACTS


def test_hash_ignores_status_bar_and_window_order_but_not_content() -> None:
    a = contact_details()
    b = app_screen(
        CONTACTS,
        label(CONTACTS, "name", "Zhang Wei", top=200),
        label(CONTACTS, "phone", "138 1234 5678", top=400),
        label(CONTACTS, "email", "zhang.wei@example.com", top=520),
        button(CONTACTS, "edit", "Edit", top=2200),
        clock="12:31",
    )
    assert parse_screen(a).screen_hash == parse_screen(b).screen_hash
    root = W(children=[label(CONTACTS, "name", "Zhang", top=200)])
    assert (
        parse_screen(dump(status_bar(), (CONTACTS, root))).screen_hash
        == parse_screen(dump((CONTACTS, root), status_bar("09:00"))).screen_hash
    )
    changed = contact_details(phone="139 0000 0000")
    assert parse_screen(changed).screen_hash != parse_screen(a).screen_hash


@pytest.mark.parametrize("xml", ["", "   ", EMPTY_FALLBACK])
def test_empty_hierarchy_is_a_failed_observation(xml: str) -> None:
    with pytest.raises(EmptyHierarchyError):
        parse_screen(xml)


@pytest.mark.parametrize("xml", ["<html/>", "<hierarchy><node", "not xml at all"])
def test_garbage_is_rejected(xml: str) -> None:
    with pytest.raises(ScreenParseError):
        parse_screen(xml)


def test_doctype_and_entities_are_refused() -> None:
    xml = (
        '<?xml version="1.0"?><!DOCTYPE h [<!ENTITY x "BOOM">]>'
        '<hierarchy rotation="0"><node text="&x;" package="p" bounds="[0,0][1,1]"/></hierarchy>'
    )
    with pytest.raises(ScreenParseError, match="DOCTYPE"):
        parse_screen(xml)


def test_focused_field_node_at_and_selectors() -> None:
    s = parse_screen(calendar_new_event(focus="notes"))
    focused = s.focused()
    assert focused is not None and focused.id_suffix == "event_description"
    assert focused.value == ""  # an empty EditText reports its hint as text
    save = s.node_at(800, 2250)
    assert save is not None and save.text == "Save"
    assert s.find({"resourceId": f"{CALENDAR}:id/event_title"})[0].hint == "Title"
    assert s.find({"text": "Nope"}) == []
    with pytest.raises(ValueError, match="unsupported"):
        s.find({"xpath": "//node"})


def test_tap_on_label_inside_clickable_row_hits_the_row() -> None:
    row = W(
        "android.widget.LinearLayout",
        bounds=(0, 300, 1080, 420),
        clickable=True,
        children=[W("android.widget.TextView", text="Send", bounds=(40, 320, 300, 400))],
    )
    s = parse_screen(app_screen(SMS, row))
    hit = s.node_at(100, 350)
    assert hit is not None and hit.clickable and hit.class_name.endswith("LinearLayout")


def test_both_parse_paths_agree() -> None:
    for xml in (
        contact_details(),
        big_screen(120),
        sms_compose('a "quoted" & <b>', "line\nbreak\ttab"),
        app_screen(CONTACTS, field_(CONTACTS, "pw", "Password", "hunter2", top=300, password=True)),
    ):
        slow = screen._extract_lxml(xml)
        fast = screen._extract_fast(xml)
        if fast is not None:  # values with a double quote are single-quoted: lxml path only
            assert fast.nodes == slow.nodes
            assert fast.screen_hash == slow.screen_hash
        assert screen._extract(xml).nodes == slow.nodes


def test_special_characters_survive() -> None:
    s = parse_screen(sms_compose('Tom "T" & Co', "a\nb"))
    values = {n.id_suffix: n.value for n in s.nodes if n.editable}
    assert values == {"recipient": 'Tom "T" & Co', "message_body": "a\nb"}


def test_four_hundred_node_screen_takes_the_fast_path() -> None:
    # Timing is reported by android_bridge.device.bench.bench_extract, never asserted here.
    xml = big_screen(400)
    fast = screen._extract_fast(xml)
    assert fast is not None and 395 <= len(fast.nodes) <= 405


_texts = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\x00")
    | st.sampled_from(list("&<>\"'\n\t;")),
    max_size=20,
)


@st.composite
def _widgets(draw: st.DrawFn, depth: int = 0) -> W:
    kids = draw(st.lists(_widgets(depth + 1), max_size=3)) if depth < 3 else []
    x, y = draw(st.integers(0, 1000)), draw(st.integers(0, 2300))
    return W(
        draw(st.sampled_from(["android.widget.TextView", "android.widget.EditText"])),
        text=draw(_texts),
        rid=draw(st.sampled_from(["", f"{CONTACTS}:id/a", f"{CONTACTS}:id/b"])),
        desc=draw(_texts),
        hint=draw(_texts),
        bounds=(x, y, x + draw(st.integers(1, 80)), y + draw(st.integers(1, 100))),
        clickable=draw(st.booleans()),
        focused=draw(st.booleans()),
        password=draw(st.booleans()),
        children=kids,
    )


@settings(max_examples=60, deadline=None)
@given(_widgets(), st.booleans())
def test_fast_path_agrees_with_lxml_on_arbitrary_screens(root: W, with_bar: bool) -> None:
    xml = dump((CONTACTS, root), status_bar()) if with_bar else dump((CONTACTS, root))
    slow = screen._extract_lxml(xml)
    fast = screen._extract_fast(xml)
    if fast is not None:
        assert fast.nodes == slow.nodes
        assert fast.screen_hash == slow.screen_hash
        assert fast.foreground_package == slow.foreground_package == CONTACTS


def test_comments_and_cdata_take_the_lxml_path_and_hide_nothing() -> None:
    xml = contact_details()
    hidden = '<!-- \r\n    <node index="9" text="ghost" resource-id="" class="x" /> -->'
    tampered = xml.replace("\r\n</hierarchy>", hidden + "\r\n</hierarchy>")
    assert screen._extract_fast(tampered) is None
    parsed = screen._extract(tampered)
    assert "ghost" not in {n.text for n in parsed.nodes}
    assert parsed.nodes == screen._extract(xml).nodes


def test_screen_hash_is_the_documented_digest() -> None:
    """BLAKE2b-128 over the rotation and the sorted per-window digests, each window hashing its
    nodes' fields joined by \\x1f and terminated by \\x1e (traces store these hashes)."""
    import hashlib

    parsed = parse_screen(contact_details())
    digests = []
    for w, start in enumerate(parsed.window_starts):
        if parsed.window_packages[w] == screen.SYSTEM_UI_PACKAGE:
            continue
        end = ([*parsed.window_starts, len(parsed.nodes)])[w + 1]
        d = hashlib.blake2b(digest_size=16)
        for node in parsed.nodes[start:end]:
            d.update("\x1f".join(node).encode("utf-8", "surrogatepass") + b"\x1e")
        digests.append(d.digest())
    total = hashlib.blake2b(digest_size=16)
    total.update(f"rotation={parsed.rotation}".encode())
    for digest in sorted(digests):
        total.update(digest)
    assert parsed.screen_hash == total.hexdigest()


def test_node_at_reads_malformed_bounds_as_empty() -> None:
    import dataclasses

    parsed = parse_screen(contact_details())
    broken = parsed.nodes[0]._replace(bounds_raw="[0,0][x,9]")
    odd = dataclasses.replace(parsed, nodes=[broken, *parsed.nodes[1:]])
    # "[0,0][x,9]" reads as (0, 0, 0, 0), as Node.bounds does: never under a tap
    assert broken.bounds == (0, 0, 0, 0)
    for node in parsed.nodes[1:]:
        assert odd.node_at(*node.center) is not broken
    assert odd.node_at(-5, -5) is None


def _adb_layout(xml: str) -> str:
    """The same dump as ``adb shell uiautomator dump`` lays it out: one line, no indentation."""
    return re.sub(r"\r\n *", "", xml)


def _lf_layout(xml: str) -> str:
    """As older uiautomator2 servers wrote it: LF line ends, same indentation."""
    return xml.replace("\r\n", "\n")


@pytest.mark.parametrize("layout", [_adb_layout, _lf_layout], ids=["adb-one-line", "lf"])
def test_other_layouts_of_the_serialiser_take_the_counted_path(layout: Any) -> None:
    for xml in (contact_details(), big_screen(300), calendar_new_event("Lunch", "a & b")):
        other = layout(xml)
        assert screen._extract_fast(other) is None
        counted = screen._extract_counted(other)
        assert counted is not None
        assert counted.nodes == screen._extract_lxml(xml).nodes
        assert counted.screen_hash == parse_screen(xml).screen_hash


def test_the_counted_path_reads_attributes_real_dumps_add_or_leave_out() -> None:
    """``visible-to-user`` (uiautomator2), ``NAF``, and no ``drawing-order``/``hint``/``display-id``
    (``adb shell uiautomator dump`` before Android 10) are all the same node."""
    xml = _adb_layout(contact_details())
    u2_older = re.sub(r' drawing-order="\d+" hint="[^"]*" display-id="\d+"', "", xml)
    adb_older = u2_older.replace(' visible-to-user="true"', "")
    for older in (u2_older, adb_older):
        older = older.replace(
            '<node index="0" text="Edit"', '<node NAF="true" index="0" text="Edit"'
        )
        counted = screen._extract_counted(older)
        assert counted is not None and counted.nodes == screen._extract_lxml(older).nodes
        assert counted.find({"text": "Edit"})[0].clickable


@pytest.mark.parametrize(
    "tamper",
    [
        lambda x: x.replace("</node>", "", 1),  # an element left open
        lambda x: x.replace("</node>", "</node></node>", 1),  # one closed twice
        lambda x: x.replace("</hierarchy>", "<b/></hierarchy>"),  # a foreign element
        lambda x: x + "<node",  # something after the end
    ],
    ids=["unclosed", "closed-twice", "foreign-element", "trailing"],
)
def test_the_counted_path_refuses_tags_that_do_not_add_up(tamper: Any) -> None:
    xml = tamper(_adb_layout(contact_details()))
    assert screen._extract_counted(xml) is None


@settings(max_examples=60, deadline=None)
@given(_widgets(), st.booleans())
def test_counted_path_agrees_with_lxml_on_arbitrary_one_line_screens(
    root: W, with_bar: bool
) -> None:
    xml = _adb_layout(dump((CONTACTS, root), status_bar()) if with_bar else dump((CONTACTS, root)))
    slow = screen._extract_lxml(xml)
    counted = screen._extract_counted(xml)
    if counted is not None:  # a value holding '"' is single-quoted: lxml only
        assert counted.nodes == slow.nodes
        assert counted.screen_hash == slow.screen_hash
    assert screen._extract(xml).nodes == slow.nodes
