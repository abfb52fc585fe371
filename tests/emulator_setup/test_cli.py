"""``droidgate device start|list|restart|stop`` as a user runs them: a background daemon with a
state file, serials online in a private adb server, clean shutdown."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from emulator_setup.adb_server import AdbServer, free_port
from emulator_setup.daemon import pid_alive

pytestmark = [pytest.mark.device, pytest.mark.slow]


def droidgate(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "host_pep.cli.main", *args],
        capture_output=True, text=True, env=env, timeout=90, check=False,
    )  # fmt: skip


def test_device_lifecycle(tmp_path: Path) -> None:
    env = {**os.environ, "DROIDGATE_STATE_DIR": str(tmp_path)}
    port = free_port()
    p = droidgate(
        "device", "start", "--count", "2", "--any-port", "--adb-port", str(port), "--json", env=env
    )
    assert p.returncode == 0, p.stderr
    state = json.loads(p.stdout)
    try:
        assert state["adb_port"] == port and len(state["devices"]) == 2
        assert (tmp_path / "devices.json").exists()
        adb = AdbServer(port)
        online = adb.devices()
        for d in state["devices"]:
            assert online[d["serial"]] == "device"
            out = adb.run("-s", d["serial"], "shell", "getprop ro.product.model").stdout
            assert out == "sdk_gphone64_x86_64\n"

        p = droidgate("device", "start", "--any-port", "--adb-port", str(port), env=env)
        assert p.returncode == 3 and "already running" in p.stderr

        listed = json.loads(droidgate("device", "list", "--json", env=env).stdout)
        assert listed["pid"] == state["pid"]

        p = droidgate("device", "restart", env=env)
        assert p.returncode == 0, p.stderr
        assert adb.devices()[state["devices"][0]["serial"]] == "device"
    finally:
        p = droidgate("device", "stop", "--json", env=env)
    assert p.returncode == 0, p.stderr
    assert sorted(json.loads(p.stdout)["stopped"]) == sorted(d["serial"] for d in state["devices"])
    assert not pid_alive(state["pid"])
    assert not (tmp_path / "devices.json").exists()
    # The daemon started the private adb server, so it stopped it too.
    assert not AdbServer(port).is_running()


def test_stop_and_list_without_devices(tmp_path: Path) -> None:
    env = {**os.environ, "DROIDGATE_STATE_DIR": str(tmp_path)}
    assert droidgate("device", "stop", env=env).returncode == 0
    assert json.loads(droidgate("device", "list", "--json", env=env).stdout) is None
    p = droidgate("device", "start", "--count", "0", env=env)
    assert p.returncode == 2 and "--count" in p.stderr
