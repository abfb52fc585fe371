"""mobile-mcp / uiautomator2 parity on the virtual device: every GUI tool through the MCP frontend,
the bridge and the real Mediator (dump → decide → commit), with the device state read back
independently (stock adb) rather than taken from droidgate's answer."""

from __future__ import annotations

import json
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from android_bridge.api.local import LocalBridge, ensure_agent
from android_bridge.daemon import DaemonConfig, open_core
from android_bridge.mcp.server import McpFrontend

pytestmark = [pytest.mark.device, pytest.mark.slow]

CONTACTS = "com.android.contacts"
CHROME = "com.android.chrome"
LAUNCHER = "com.google.android.apps.nexuslauncher"


@pytest.fixture
async def mcp(tmp_path: Path) -> AsyncIterator[tuple[McpFrontend, Any]]:
    cfg = DaemonConfig(virtual=1, state_dir=tmp_path / "state")
    async with open_core(cfg) as core:
        session, token = await ensure_agent(LocalBridge(core.service), agent="gui-agent")
        bridge = LocalBridge(core.service).as_agent(token)  # the agent's rights, not the operator's
        yield McpFrontend(bridge, session=session, agent="gui-agent"), core


def adb(core: Any, *args: str) -> str:
    out = subprocess.run(
        ["adb", "-P", str(core.adb_port), "-s", core.serials[0], *args],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return out.stdout


def foreground(core: Any) -> str:
    """The resumed activity's package, as `dumpsys activity` reports it (not droidgate)."""
    out = adb(core, "shell", "dumpsys", "activity", "activities")
    for line in out.splitlines():
        if "mResumedActivity" in line or "topResumedActivity" in line:
            return line.split("/")[0].split()[-1]
    raise AssertionError(f"no resumed activity in: {out[:500]}")


def stock_u2(core: Any) -> Any:
    """A stock uiautomator2 client of the same device, beside droidgate's own."""
    import adbutils
    import uiautomator2

    client = adbutils.AdbClient(host="127.0.0.1", port=core.adb_port)
    return uiautomator2.connect(client.device(core.serials[0]))


async def call(front: McpFrontend, name: str, args: dict[str, Any]) -> dict[str, Any]:
    is_error, data, _ = await front.call(name, args)
    assert not is_error, json.dumps(data, default=str)[:800]
    return data


async def test_devices_apps_launch_stop_and_urls(mcp: tuple[McpFrontend, Any]) -> None:
    front, core = mcp
    devices = (await call(front, "list_devices", {}))["devices"]
    assert [d["serial"] for d in devices] == core.serials
    assert devices[0]["width"] > 0 and devices[0]["orientation"] == "natural"

    apps = (await call(front, "list_apps", {}))["result"]["packages"]
    assert CONTACTS in apps and CHROME in apps

    await call(front, "launch_app", {"package": CONTACTS})
    assert foreground(core) == CONTACTS
    await call(front, "open_url", {"url": "https://example.com/menu?table=4"})
    assert foreground(core) == CHROME
    await call(front, "stop_app", {"package": CHROME})
    assert foreground(core) != CHROME

    # opening a payment link is a payment (rule 4): denied, and nothing opens
    before = foreground(core)
    is_error, data, _ = await front.call("open_url", {"url": "upi://pay?pa=shop@bank&am=900"})
    assert is_error and data["decision"] == "deny" and not data["executed"]
    assert foreground(core) == before

    audited = [(r.channel, r.action) for r in core.pep.audit.query(limit=20)]
    assert ("api", "api_call") in audited and ("gui", "launch") in audited


async def test_taps_by_xpath_long_press_double_tap_and_screen(
    mcp: tuple[McpFrontend, Any],
) -> None:
    front, core = mcp
    await call(front, "launch_app", {"package": CONTACTS})
    screen = await call(front, "get_screen", {"screenshot": True})
    assert screen["package"] == CONTACTS and screen["width"] and screen["height"]
    names = [e["text"] for e in screen["elements"]]
    assert "Alice Johnson" in names
    row = next(e for e in screen["elements"] if e["text"] == "Alice Johnson")
    assert len(row["bounds"]) == 4 and "clickable" in row

    # a tap chosen by XPath (uiautomator2's reading: element names are widget classes)
    await call(front, "gui_tap", {"xpath": "//android.widget.TextView[@text='Alice Johnson']"})
    detail = await call(front, "get_screen", {"format": "text"})
    assert "415-555-0132" in detail["screen"]  # the contact's details are on screen now
    await call(front, "gui_key", {"key": "back"})
    assert "Alice Johnson" in [e["text"] for e in (await call(front, "get_screen", {}))["elements"]]

    long = await call(front, "gui_long_press", {"text": "Alice Johnson", "duration_ms": 900})
    assert long["result"] == {"long_pressed": True}
    await call(front, "launch_app", {"package": CONTACTS})
    double = await call(front, "gui_double_tap", {"text": "Bob Miller"})
    assert double["result"] == {"double_tapped": True}
    records = core.pep.audit.query(limit=30)
    assert all(r.action == "tap" for r in records if r.channel == "gui" and r.target != CONTACTS)

    # an XPath that selects nothing, or is not XPath, is refused before anything is tapped
    is_error, data, _ = await front.call("gui_tap", {"xpath": "//*[@text='Nobody']"})
    assert is_error and not data["executed"]
    is_error, data, _ = await front.call("gui_tap", {"xpath": "//*["})
    assert is_error and "XPath" in json.dumps(data)


async def test_swipes_scroll_to_and_orientation(mcp: tuple[McpFrontend, Any]) -> None:
    front, core = mcp
    await call(front, "launch_app", {"package": CONTACTS})
    for args in (
        {"direction": "up"},
        {"direction": "down", "speed": "fling"},
        {"direction": "up", "x": 540, "y": 1500, "distance": 400},
        {"x1": 540, "y1": 1800, "x2": 540, "y2": 900, "duration_ms": 200},
    ):
        assert (await call(front, "gui_swipe", args))["result"] == {"swiped": True}
    found = await call(front, "gui_scroll_to", {"text": "Alice Johnson"})
    assert found["result"]["found"] is True
    absent = await call(front, "gui_scroll_to", {"text": "Nobody Here", "max_swipes": 3})
    assert absent["result"]["found"] is False and absent["result"]["swipes"] <= 3

    await call(front, "set_orientation", {"orientation": "landscape"})
    info = (await call(front, "list_devices", {}))["devices"][0]
    assert info["rotation"] == 1 and info["width"] > info["height"]
    assert stock_u2(core).info["displayRotation"] == 1  # read back past droidgate
    await call(front, "set_orientation", {"orientation": "portrait"})
    info = (await call(front, "list_devices", {}))["devices"][0]
    assert info["rotation"] == 0 and info["height"] > info["width"]
