"""``droidgate device start|list|restart|stop`` as a user runs them: a background daemon with a
state file, serials online in a private adb server, clean shutdown."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from emulator_setup.adb_server import AdbServer, free_server_port
from emulator_setup.daemon import pid_alive
from host_pep.cli.main import main

pytestmark = [pytest.mark.device, pytest.mark.slow]


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def droidgate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., Ran]:
    """Run the droidgate CLI in-process (the daemon it spawns is a real background process)."""
    monkeypatch.setenv("DROIDGATE_STATE_DIR", str(tmp_path))

    def run(*args: str) -> Ran:
        capsys.readouterr()
        rc = main(list(args))
        out = capsys.readouterr()
        return Ran(rc, out.out, out.err)

    return run


def test_device_lifecycle(tmp_path: Path, droidgate: Callable[..., Ran]) -> None:
    port = free_server_port()
    p = droidgate(
        "device", "start", "--count", "2", "--any-port", "--adb-port", str(port), "--json"
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

        p = droidgate("device", "start", "--any-port", "--adb-port", str(port))
        assert p.returncode == 3 and "already running" in p.stderr

        p = droidgate("device", "seed")
        assert p.returncode == 2 and "several devices" in p.stderr
        serial = state["devices"][1]["serial"]
        small = tmp_path / "small.yaml"
        small.write_text(
            "sms:\n  - {address: '+15550100', body: 'Your code is 424242', date: '2026-11-29T10:00:00Z'}\n"
        )
        p = droidgate("device", "seed", "--serial", serial, "--fixture", str(small), "--json")
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["rows"]["sms"] == 1
        out = adb.run("-s", serial, "shell", "content query --uri content://sms/inbox").stdout
        assert out.startswith("Row: 0 ") and "body=Your code is 424242" in out
        p = droidgate("device", "seed", "--serial", serial, "--fixture", "no-such-fixture")
        assert p.returncode == 2 and "no-such-fixture" in p.stderr

        listed = json.loads(droidgate("device", "list", "--json").stdout)
        assert listed["pid"] == state["pid"]

        p = droidgate("device", "restart")
        assert p.returncode == 0, p.stderr
        assert adb.devices()[state["devices"][0]["serial"]] == "device"
    finally:
        p = droidgate("device", "stop", "--json")
    assert p.returncode == 0, p.stderr
    assert sorted(json.loads(p.stdout)["stopped"]) == sorted(d["serial"] for d in state["devices"])
    assert not pid_alive(state["pid"])
    assert not (tmp_path / "devices.json").exists()
    # The daemon started the private adb server, so it stopped it too.
    assert not AdbServer(port).is_running()


def test_stop_and_list_without_devices(droidgate: Callable[..., Ran]) -> None:
    assert droidgate("device", "stop").returncode == 0
    assert json.loads(droidgate("device", "list", "--json").stdout) is None
    p = droidgate("device", "start", "--count", "0")
    assert p.returncode == 2 and "--count" in p.stderr
    p = droidgate("device", "start", "--adb-port", "5037")
    assert p.returncode == 2 and "5037" in p.stderr


def test_start_reports_a_failing_daemon(
    droidgate: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DROIDGATE_ADB", "/nonexistent/adb")
    p = droidgate("device", "start", "--any-port", "--adb-port", str(free_server_port()))
    assert p.returncode == 3
    assert "daemon exited" in p.stderr and "/nonexistent/adb does not exist" in p.stderr
