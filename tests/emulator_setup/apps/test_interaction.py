from __future__ import annotations

from emulator_setup.virtual.state import DeviceState
from emulator_setup.virtual.ui.interact import hit_test
from emulator_setup.virtual.ui.node import BUTTON, FRAME, LINEAR, TEXT_VIEW, Node, finalize

from .conftest import sel


def test_hit_test_prefers_deepest_clickable_and_topmost_sibling() -> None:
    hits: list[str] = []
    inner = Node(
        cls=BUTTON,
        clickable=True,
        bounds=(100, 100, 200, 200),
        on_click=lambda: hits.append("inner"),
    )
    row = Node(cls=LINEAR, clickable=True, bounds=(0, 0, 1080, 300)).add(
        Node(cls=TEXT_VIEW, text="label", bounds=(0, 0, 500, 100)), inner
    )
    overlay = Node(cls=BUTTON, clickable=True, bounds=(900, 0, 1080, 100))
    root = Node(cls=FRAME, bounds=(0, 0, 1080, 2400)).add(row, overlay)
    finalize(root, (0, 0, 1080, 2400))
    assert hit_test(root, 150, 150) is inner
    assert hit_test(root, 50, 50) is row  # the text is not clickable: its clickable parent takes it
    assert hit_test(root, 950, 50) is overlay  # drawn last, on top
    assert hit_test(root, 500, 1000) is None
    assert hit_test(root, 1080, 50) is None  # right edge is exclusive


def test_tap_focuses_field_and_input_goes_there(dev: DeviceState) -> None:
    dev.start("com.android.contacts")
    dev.click(*dev.find(sel(description="Create contact"))[0].center())
    email = dev.find(sel(resourceId="com.android.contacts:id/email"))[0]
    assert email.text == "Email" and email.hint == "Email" and not email.focused
    dev.click(*email.center())
    dev.input_text("a@b.example")
    node = dev.find(sel(resourceId="com.android.contacts:id/email"))[0]
    assert node.focused and node.text == "a@b.example"
    dev.press_key("del")
    assert dev.find(sel(resourceId="com.android.contacts:id/email"))[0].text == "a@b.exampl"
    dev.clipboard = "XY"
    dev.paste()
    assert dev.find(sel(focused=True))[0].text == "a@b.examplXY"


def test_password_fields_report_dots(dev: DeviceState) -> None:
    dev.start("com.android.settings")
    for label in ("Network & internet", "HomeNet"):
        dev.click(*dev.find(sel(text=label))[0].center())
    dev.input_text("hunter22")
    field = dev.find(sel(resourceId="com.android.settings:id/password"))[0]
    assert field.password and field.text == "\u2022" * 8
    assert "hunter22" not in dev.hierarchy_xml()


def test_back_home_and_current(dev: DeviceState) -> None:
    assert dev.start("com.android.contacts")
    dev.click(*dev.find(sel(text="Mom"))[0].center())
    assert dev.current()[1].endswith("QuickContactActivity")
    assert dev.press_key("back")
    assert dev.current()[1].endswith("PeopleActivity")
    assert dev.press_key(3)  # KEYCODE_HOME
    assert dev.current()[0] == "com.google.android.apps.nexuslauncher"
    assert dev.start("com.android.contacts")  # the task is resumed
    assert dev.current()[1].endswith("PeopleActivity")
    dev.press_key("KEYCODE_BACK")
    assert dev.current()[0] == "com.google.android.apps.nexuslauncher"
    assert not dev.press_key("no_such_key")
    assert not dev.start("com.example.not.installed")
    assert not dev.start("com.android.contacts", ".NoSuchActivity")


def test_swipe_scrolls_lists(dev: DeviceState) -> None:
    dev.seed({"contacts": [{"name": f"Zed {i:02d}", "phone": "1"} for i in range(30)]})
    dev.start("com.android.contacts")
    assert not dev.find(sel(text="Zed 29"))
    for _ in range(10):
        dev.swipe(540, 2000, 540, 600, 10)
    assert dev.find(sel(text="Zed 29"))
    assert not dev.find(sel(text="Alice Johnson"))
    assert dev.find(sel(scrollable=True))


def test_object_info_shape(dev: DeviceState) -> None:
    dev.start("com.android.contacts")
    info = dev.object_info(dev.find(sel(description="Create contact"))[0])
    assert set(info) == {
        "bounds",
        "visibleBounds",
        "childCount",
        "className",
        "contentDescription",
        "packageName",
        "resourceName",
        "text",
        "checkable",
        "checked",
        "clickable",
        "enabled",
        "focusable",
        "focused",
        "longClickable",
        "scrollable",
        "selected",
    }
    assert set(info["bounds"]) == {"top", "bottom", "left", "right"}
    assert info["resourceName"] == "com.android.contacts:id/floating_action_button"
    assert info["clickable"] is True and info["contentDescription"] == "Create contact"


def test_click_out_of_screen_is_refused(dev: DeviceState) -> None:
    assert dev.click(-1, 5) is False
    assert dev.click(5000, 5) is False
    assert dev.click(540, 30) is True  # the status bar: accepted, nothing happens


def test_enter_moves_to_next_field_or_adds_a_newline(dev: DeviceState) -> None:
    dev.start("com.google.android.gm")
    dev.click(*dev.find(sel(text="Compose"))[0].center())
    dev.input_text("a@b.example")
    dev.press_key("enter")
    assert dev.find(sel(focused=True))[0].resource_id.endswith(":id/subject")
    dev.press_key("tab")
    dev.input_text("one")
    dev.press_key("enter")
    dev.input_text("two")
    assert dev.find(sel(focused=True))[0].text == "one\ntwo"  # the body is multi-line
    dev.press_key("tab")  # tab wraps around to the first field
    assert dev.find(sel(focused=True))[0].resource_id.endswith(":id/to")


def test_long_press_copies_text_and_paste_key_pastes(dev: DeviceState) -> None:
    dev.start("com.simplemobiletools.smsmessenger")
    dev.click(*dev.find(sel(text="Google"))[0].center())
    code = dev.find(sel(textContains="G-482913"))[0]
    assert dev.long_click(*code.center())
    assert dev.clipboard == "G-482913 is your Google verification code."
    assert dev.find(sel(text="Copied to clipboard"))
    dev.am_start(["-a", "android.intent.action.SENDTO", "-d", "smsto:+15550100"])
    assert dev.press_key(279)  # KEYCODE_PASTE
    assert dev.find(sel(focused=True))[0].text == "G-482913 is your Google verification code."
    dev.press_key("cut")
    assert dev.find(sel(focused=True))[0].text == "Type a message…"
