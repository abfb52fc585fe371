"""The real-emulator path, rehearsed on the virtual device: every step after ``emulator start``
spawns the emulator goes through the code a real AVD would — the boot wait (real adb polling
``sys.boot_completed``), the seeding over ADB that ``emulator start --fixture`` runs, ``doctor``,
and ``serve --device`` acting on the device (``suite android --device`` is rehearsed in
tests/scenarios/android/test_cli.py)."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from android_bridge.api.client import BridgeClient
from emulator_setup.emulator import Emulator
from emulator_setup.testing import DeviceHandle
from host_pep.cli.main import main as droidgate
from tests.android_bridge.support import start_daemon

pytestmark = [pytest.mark.device, pytest.mark.slow]


def _sdk(tmp_path: Path, adb: str) -> Path:
    """An SDK root whose platform-tools/adb is the real adb (what `emulator start` calls)."""
    tools = tmp_path / "sdk" / "platform-tools"
    tools.mkdir(parents=True)
    os.symlink(adb, tools / "adb")
    return tmp_path / "sdk"


def test_boot_wait_seed_doctor_and_serve(
    virtual_device: DeviceHandle, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    farm, serial = virtual_device.farm, virtual_device.serial
    port = str(farm.adb_port)
    emu = Emulator(env={**os.environ, "ANDROID_SDK_ROOT": str(_sdk(tmp_path, farm.adb.adb_path))},
                   adb_port=farm.adb_port)  # fmt: skip
    emu.wait_for_boot(serial, timeout=30, interval=0.2)  # real adb, real getprop
    virtual_device.shell("pm clear com.android.providers.contacts")
    assert "No result found." in virtual_device.shell(
        "content query --uri content://contacts/phones"
    )
    # what `emulator start --fixture default` runs once the device booted
    assert droidgate(["device", "seed", "--serial", serial, "--adb-port", port, "--json"]) == 0
    seeded = json.loads(capsys.readouterr().out)
    assert seeded["rows"]["contacts"] >= 10 and not seeded["errors"]
    assert "display_name=Alice Johnson" in virtual_device.shell(
        "content query --uri content://contacts/phones --projection display_name"
    )
    assert droidgate(["doctor", "--device", serial, "--adb-port", port, "--no-uiautomator2"]) == 0
    assert capsys.readouterr().out.strip().endswith("ready")
    # serve --device: the daemon drives this device through the same adb server
    daemon = start_daemon(tmp_path / "serve", "--device", serial, "--adb-port", port)
    try:
        assert daemon.devices == [serial]

        async def act() -> None:
            async with BridgeClient(daemon.url, daemon.token) as client:
                sid = (
                    await client.create_session(agents=["a"], user_request="Turn off Wi-Fi.")
                ).session
                out = await client.submit(sid, {"agent": "a", "channel": "api", "action": "api_call",
                                                "payload": {"command": "settings put global wifi_on 0"}})  # fmt: skip
                assert out.executed, out

        asyncio.run(act())
    finally:
        assert daemon.stop() == 0
    assert virtual_device.shell("settings get global wifi_on") == "0\n"
