from __future__ import annotations

import pytest

from emulator_setup.virtual.state import DeviceState, UiObjectNotFoundError
from emulator_setup.virtual.ui.selector import SelectorError

from .conftest import sel


@pytest.fixture
def contacts(dev: DeviceState) -> DeviceState:
    dev.start("com.android.contacts")
    return dev


def test_text_fields_and_regex_full_match(contacts: DeviceState) -> None:
    assert [n.text for n in contacts.find(sel(text="Mom"))] == ["Mom"]
    assert contacts.find(sel(textContains="Müll"))[0].text == "Lena Müller"
    assert contacts.find(sel(textStartsWith="Oliv"))[0].text == "Oliver Smith"
    assert contacts.find(sel(textMatches="Ali.*"))[0].text == "Alice Johnson"
    assert contacts.find(sel(textMatches="Alice")) == []  # a full match, not a search
    assert contacts.find(sel(descriptionMatches="Create.*", clickable=True))
    with pytest.raises(SelectorError):
        contacts.find(sel(textMatches="(unclosed"))


def test_resource_id_class_package_and_booleans(contacts: DeviceState) -> None:
    names = contacts.find(sel(resourceId="com.android.contacts:id/cliv_name_textview"))
    assert len(names) >= 10
    assert contacts.find(
        sel(
            resourceIdMatches=r".*:id/floating_action_button",
            className="android.widget.ImageButton",
        )
    )
    assert all(
        n.package == "com.android.contacts"
        for n in contacts.find(sel(packageName="com.android.contacts"))
    )
    assert (
        contacts.find(sel(packageNameMatches="com\\.android\\.systemui")) == []
    )  # only the active window
    assert not contacts.find(sel(scrollable=True, className="android.widget.Button"))


def test_instance_and_index(contacts: DeviceState) -> None:
    every = contacts.find(sel(resourceId="com.android.contacts:id/cliv_name_textview"))
    second = contacts.find(sel(resourceId="com.android.contacts:id/cliv_name_textview", instance=1))
    assert second == [every[1]]
    assert (
        contacts.find(sel(resourceId="com.android.contacts:id/cliv_name_textview", instance=999))
        == []
    )
    assert all(
        n.index == 0 for n in contacts.find(sel(className="android.widget.TextView", index=0))
    )


def test_child_and_sibling_chains(contacts: DeviceState) -> None:
    child = sel(text="Mom")
    s = sel(resourceId="com.android.contacts:id/contact_tile")
    s["childOrSibling"], s["childOrSiblingSelector"] = ["child"], [child]
    found = contacts.find(s)
    assert [n.text for n in found] == ["Mom"]
    toolbar_title = sel(text="Contacts", className="android.widget.TextView")
    toolbar_title["childOrSibling"], toolbar_title["childOrSiblingSelector"] = (
        ["sibling"],
        [sel(text="Search")],
    )
    assert [n.resource_id for n in contacts.find(toolbar_title)] == [
        "com.android.contacts:id/menu_search"
    ]


def test_mask_is_authoritative(contacts: DeviceState) -> None:
    # fields outside the mask are ignored, exactly like the server's Selector.toUiSelector
    assert contacts.find({"mask": 0x01, "text": "Mom", "className": "nope"})
    with pytest.raises(SelectorError):
        contacts.find({"mask": 0x01})
    with pytest.raises(SelectorError):
        contacts.find(
            {
                "mask": 0x01,
                "text": "Mom",
                "childOrSibling": ["uncle"],
                "childOrSiblingSelector": [sel(text="x")],
            }
        )


def test_text_calls_raise_not_found(contacts: DeviceState) -> None:
    with pytest.raises(UiObjectNotFoundError):
        contacts.set_text(sel(text="no such field"), "x")
    assert contacts.get_text(sel(text="Mom")) == "Mom"


@pytest.mark.parametrize(
    "bad",
    [
        {"mask": 0x01000000, "instance": "first"},
        {"mask": 0x800000, "index": None},
        {"mask": "1", "text": "x"},
        ["not", "an", "object"],
    ],
)
def test_malformed_selectors_are_selector_errors(contacts: DeviceState, bad: object) -> None:
    with pytest.raises(SelectorError):
        contacts.find(bad)  # type: ignore[arg-type]


def test_odd_key_and_intent_values_do_not_crash(contacts: DeviceState) -> None:
    assert contacts.press_key(4.0)  # type: ignore[arg-type]  # JSON numbers may arrive as floats
    assert not contacts.press_key(None)  # type: ignore[arg-type]
    out, rc = contacts.am_start(["-f", "notanumber", "-a", "android.intent.action.VIEW"])
    assert rc == 1 and out.startswith("Error: Bad argument")
    out, rc = contacts.broadcast(["-a", "x", "--eia", "k", "1,b"])
    assert rc == 1


def test_java_regex_syntax(contacts: DeviceState) -> None:
    assert contacts.find(sel(textMatches=r"\QLena Müller\E"))
    assert contacts.find(
        sel(textMatches=r"\p{Upper}\p{Lower}+ \p{Upper}\p{L}+", text="Lena Müller")
    )
    assert contacts.find(sel(textMatches=r"[\p{L} ]+", text="王伟"))
    with pytest.raises(SelectorError, match="Unknown character property"):
        contacts.find(sel(textMatches=r"\p{Nope}"))
