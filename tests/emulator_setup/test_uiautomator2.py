"""The real uiautomator2 3.7 client against the virtual device, through the real adb server:
connect (jar push + app_process launch), info, window_size, dump, clicks, selectors, set_text,
send_keys (clipboard path), press, app_start/app_current, shell, screenshot, exists, xpath and
the not-found error path; a Save tap creates ContactsContract rows that ``content query``
returns."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import uiautomator2 as u2
from lxml import etree

from emulator_setup.testing import DeviceHandle

pytestmark = pytest.mark.device

CONTACTS = "com.android.contacts"


def test_connect_pushes_jar_and_launches_server(virtual_device: DeviceHandle) -> None:
    d = virtual_device.u2()
    jar = Path(u2.__file__).parent / "assets" / "u2.jar"
    want = hashlib.md5(jar.read_bytes()).hexdigest()
    assert want in virtual_device.shell("toybox md5sum /data/local/tmp/u2.jar")
    assert virtual_device.device.uia.running(9008)
    info = d.info
    assert info["displayWidth"] == 1080 and info["displayHeight"] == 2400
    assert info["sdkInt"] == 34 and info["currentPackageName"]
    assert d.window_size() == (1080, 2400)
    assert d.device_info["sdk"] == 34


def test_dump_hierarchy_format(virtual_device: DeviceHandle) -> None:
    d = virtual_device.u2()
    xml = d.dump_hierarchy()
    assert xml.startswith(
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\r\n<hierarchy rotation=\"0\">"
    )
    root = etree.fromstring(xml.encode())
    assert root.tag == "hierarchy" and len(root) >= 1


def test_create_contact_through_the_ui(virtual_device: DeviceHandle) -> None:
    d = virtual_device.u2()
    d.app_start(CONTACTS)
    assert d.app_current()["package"] == CONTACTS
    d(resourceId=f"{CONTACTS}:id/floating_action_button").click()
    assert d.app_current()["activity"].endswith("ContactEditorActivity")
    d(resourceId=f"{CONTACTS}:id/display_name").set_text("Ada Lovelace")
    d(resourceId=f"{CONTACTS}:id/phone").click()
    d.send_keys("+44 20 7946 0001")  # clipboard path: setClipboard/getClipboard/pasteClipboard
    assert d(resourceId=f"{CONTACTS}:id/phone").get_text() == "+44 20 7946 0001"
    d.send_keys("x", clear=True)  # clearInputText on the focused field, then paste
    assert d(resourceId=f"{CONTACTS}:id/phone").get_text() == "x"
    d.clear_text()
    d.send_keys("+44 20 7946 0001")
    assert d(text="Save").exists
    assert not d(text="Definitely not here").exists
    d(text="Save").click()
    out = virtual_device.shell(
        "content query --uri content://com.android.contacts/data/phones"
        " --projection display_name:data1 --where \"display_name='Ada Lovelace'\""
    )
    assert out == "Row: 0 display_name=Ada Lovelace, data1=+44 20 7946 0001\n"


def test_xpath_click_press_and_shell(virtual_device: DeviceHandle) -> None:
    d = virtual_device.u2()
    d.app_start(CONTACTS)
    d.xpath('//*[@content-desc="Create contact"]').click()
    assert d.app_current()["activity"].endswith("ContactEditorActivity")
    d.press("back")
    assert d.app_current()["activity"].endswith("PeopleActivity")
    d.press("home")
    assert d.app_current()["package"] != CONTACTS
    r = d.shell("echo hi; false")
    assert (r.output, r.exit_code) == ("hi\n", 1)


def test_not_found_raises(virtual_device: DeviceHandle) -> None:
    d = virtual_device.u2()
    with pytest.raises(u2.UiObjectNotFoundError):
        d(text="No such button").click(timeout=0.2)
    with pytest.raises(u2.UiObjectNotFoundError):
        d(text="No such field").get_text(timeout=0.2)
    # The server-side error path: objInfo on a missing node is a JSON-RPC error u2 maps.
    with pytest.raises(u2.UiObjectNotFoundError):
        d.jsonrpc.objInfo(d(text="No such thing").selector)


def test_screenshot_click_swipe(virtual_device: DeviceHandle) -> None:
    d = virtual_device.u2()
    img = d.screenshot()
    assert img.size == (1080, 2400)
    d.click(540, 1200)
    d.click(0.5, 0.5)  # relative coordinates go through window_size()
    d.swipe(540, 1800, 540, 600, steps=10)
    d.long_click(540, 1200, duration=0.6)
    assert d(text="Nothing").wait_gone(timeout=0.1)
