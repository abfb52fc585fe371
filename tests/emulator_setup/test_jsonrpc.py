"""The JSON-RPC methods in-process (no transport): envelope, coercions, scrolling and gestures."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from emulator_setup.virtual.device import VirtualDevice
from emulator_setup.virtual.jsonrpc import handle_jsonrpc

CONTACTS = "com.android.contacts"
SCROLLABLE = {
    "mask": 0x4000,
    "childOrSibling": [],
    "childOrSiblingSelector": [],
    "scrollable": True,
}


async def rpc(dev: VirtualDevice, method: str, params: Any = None) -> dict[str, Any]:
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": [] if params is None else params}
    return json.loads(await handle_jsonrpc(dev, json.dumps(body).encode()))


def sel(**fields: Any) -> dict[str, Any]:
    from emulator_setup.virtual.ui.selector import MASK

    mask = 0
    for k in fields:
        mask |= MASK[k]
    return {"mask": mask, "childOrSibling": [], "childOrSiblingSelector": [], **fields}


@pytest.fixture
def dev() -> VirtualDevice:
    d = VirtualDevice()
    # enough rows for the contact list to scroll
    d.state.seed({"contacts": [{"name": f"Person {i:02d}"} for i in range(40)]})
    d.state.start(CONTACTS)
    return d


async def test_void_methods_have_null_result(dev: VirtualDevice) -> None:
    assert await rpc(dev, "setClipboard", [None, "abc"]) == {
        "jsonrpc": "2.0",
        "id": 1,
        "result": None,
    }
    assert (await rpc(dev, "getClipboard", {}))["result"] == "abc"
    assert (await rpc(dev, "freezeRotation", [True]))["result"] is None


async def test_floats_accepted_for_ints(dev: VirtualDevice) -> None:
    assert (await rpc(dev, "click", [540.0, 1200.0]))["result"] is True
    assert (await rpc(dev, "click", [-1, 5]))["result"] is False
    xml = (await rpc(dev, "dumpWindowHierarchy", [False, 50.0]))["result"]
    assert xml.startswith("<?xml")
    assert (await rpc(dev, "pressKeyCode", [4.0]))["result"] is True


async def test_scroll_and_fling_move_the_list(dev: VirtualDevice) -> None:
    assert (await rpc(dev, "exist", [SCROLLABLE]))["result"] is True
    first = sel(text="Person 00")
    assert (await rpc(dev, "exist", [first]))["result"] is True
    assert (await rpc(dev, "scrollForward", [SCROLLABLE, True, 20]))["result"] is True
    assert (await rpc(dev, "flingToEnd", [SCROLLABLE, True, 20]))["result"] is True
    assert (await rpc(dev, "exist", [sel(text="Person 39")]))["result"] is True
    assert (await rpc(dev, "exist", [first]))["result"] is False
    assert (await rpc(dev, "scrollToBeginning", [SCROLLABLE, True, 20]))["result"] is True
    assert (await rpc(dev, "exist", [first]))["result"] is True
    assert (await rpc(dev, "scrollTo", [SCROLLABLE, sel(text="Person 30"), True]))["result"] is True
    assert (await rpc(dev, "scrollTo", [SCROLLABLE, sel(text="Nobody"), True]))["result"] is False


async def test_gestures(dev: VirtualDevice) -> None:
    assert (await rpc(dev, "swipe", [540, 1800, 540, 600, 10]))["result"] is True
    assert (await rpc(dev, "drag", [540.0, 1800.0, 540.0, 600.0, 10]))["result"] is True
    assert (await rpc(dev, "swipePoints", [[540, 1800, 540, 1200, 540, 600], 5]))["result"] is True
    fab = sel(resourceId=f"{CONTACTS}:id/floating_action_button")
    assert (await rpc(dev, "waitUntilGone", [sel(text="Nobody"), 10]))["result"] is True
    assert (await rpc(dev, "waitForExists", [sel(text="Nobody"), 60]))["result"] is False
    assert (await rpc(dev, "longClick", [fab]))["result"] is True
    x, y = 954, 2096
    assert (await rpc(dev, "injectInputEvent", [0, x, y, 0]))["result"] is True
    assert (await rpc(dev, "injectInputEvent", [1, x, y, 0]))["result"] is True
    assert dev.state.current()[1].endswith("ContactEditorActivity")


async def test_screenshot_is_wrapped_base64_jpeg(dev: VirtualDevice) -> None:
    b64 = (await rpc(dev, "takeScreenshot", [1, 80]))["result"]
    assert all(len(line) <= 76 for line in b64.splitlines())
    assert base64.b64decode(b64)[:2] == b"\xff\xd8"


async def test_errors_name_java_exceptions(dev: VirtualDevice) -> None:
    r = await rpc(dev, "setText", [sel(text="Nobody"), "x"])
    assert "uiautomator.UiObjectNotFoundException" in r["error"]["message"]
    r = await rpc(dev, "exist", [sel(textMatches="([")])
    assert r["error"]["code"] == -32001 and r["error"]["message"].startswith("java.")
    r = await rpc(dev, "exist", ["not a selector"])
    assert r["error"]["code"] == -32602
    r = await rpc(dev, "_private", [])
    assert r["error"]["code"] == -32601
    assert json.loads(await handle_jsonrpc(dev, b"\xff\xfe"))["error"]["code"] == -32700


@pytest.mark.parametrize("rid", [1, "abc", None, 2**40])
async def test_dump_response_is_byte_identical_to_json_dumps(rid: Any) -> None:
    """The dump is sent from pre-encoded per-node pieces; the bytes must be exactly what
    json.dumps of the whole response gives, for texts that need escaping of every kind."""
    dev = VirtualDevice(fixture=None)
    names = ['王伟 "Wei"', "O'Brien & <Sons>", "tab\there\nnewline", "emoji 😀 ok", "ctl \x01\x7f"]
    dev.state.seed({"contacts": [{"name": name} for name in names]})
    dev.state.start(CONTACTS)
    for params in ([False, 50], [False, 2], [False, 50, True], []):
        body = {"jsonrpc": "2.0", "id": rid, "method": "dumpWindowHierarchy", "params": params}
        out = await handle_jsonrpc(dev, json.dumps(body).encode())
        xml = dev.state.hierarchy_xml(
            max_depth=params[1] if len(params) > 1 else 50,
            root_in_active=bool(params[2]) if len(params) > 2 else False,
        )
        assert out == json.dumps({"jsonrpc": "2.0", "id": rid, "result": xml}).encode()
    assert "王伟" in json.loads(out)["result"]


@pytest.mark.parametrize("scale", [0, -1, 37.5, 1e9, 2**40])
async def test_screenshot_scale_out_of_range_is_an_error_not_a_huge_bitmap(scale: float) -> None:
    # found by the JSON-RPC property test: scale 37.5 asked for a 40,000 x 90,000 bitmap and the
    # host ran out of memory; the real server answers OutOfMemoryError for such a bitmap
    dev = VirtualDevice()
    reply = await rpc(dev, "takeScreenshot", [scale, 80])
    assert "error" in reply and "result" not in reply
