"""Several devices at once, a restart with reconnect, and adbutils' sync API."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import adbutils
import pytest

from emulator_setup.farm import VirtualDeviceFarm
from emulator_setup.testing import DeviceHandle, adb, u2_connect

pytestmark = pytest.mark.device


def test_devices_are_independent_and_concurrent(virtual_farm: VirtualDeviceFarm) -> None:
    virtual_farm.reset(0)
    virtual_farm.reset(1)
    assert len(set(virtual_farm.serials)) == 2
    errors: list[BaseException] = []
    results: dict[str, str] = {}

    def drive(serial: str, package: str) -> None:
        try:
            d = u2_connect(virtual_farm, serial)
            d.app_start(package)
            for _ in range(3):
                d.dump_hierarchy()
            results[serial] = d.app_current()["package"]
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    wanted = dict(
        zip(virtual_farm.serials, ["com.android.contacts", "net.gsantner.markor"], strict=True)
    )
    threads = [threading.Thread(target=drive, args=item) for item in wanted.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors
    assert results == wanted


def test_restart_reconnects(virtual_farm: VirtualDeviceFarm) -> None:
    handle = DeviceHandle(virtual_farm, 1)
    handle.adb("shell", "echo persisted > /sdcard/keep.txt")
    serial = virtual_farm.restart(1)
    assert serial == handle.serial
    assert virtual_farm.adb.devices()[serial] == "device"
    assert handle.shell("cat /sdcard/keep.txt") == "persisted\n"
    d = u2_connect(virtual_farm, serial)  # u2 relaunches its server on the new transport
    assert d.info["displayWidth"] == 1080


def test_adbutils_sync(virtual_device: DeviceHandle) -> None:
    dev = virtual_device.adbutils()
    assert stat.S_ISDIR(dev.sync.stat("/sdcard").mode)
    assert dev.sync.stat("/sdcard/nothing-here").mode == 0
    dev.sync.push(b"hello sync", "/sdcard/Documents/a.txt")
    assert dev.sync.read_text("/sdcard/Documents/a.txt") == "hello sync"
    names = [f.path for f in dev.sync.list("/sdcard/Documents")]
    assert "a.txt" in names
    with pytest.raises(adbutils.AdbError):
        dev.sync.read_bytes("/sdcard/nothing-here")
    assert dev.shell("echo via adbutils") == "via adbutils"


def test_adb36_cross_check(tmp_path: Path) -> None:
    """The adb 36 bundled with adbutils drives the device too (sendrecv_v2 is not advertised)."""
    adb36 = Path(adbutils.__file__).parent / "binaries" / "adb"
    if not adb36.exists():
        pytest.skip("this adbutils wheel bundles no adb binary")
    data = os.urandom(1_500_000)
    (tmp_path / "in.bin").write_bytes(data)
    with VirtualDeviceFarm(1, adb=str(adb36)) as farm:
        serial = farm.serials[0]
        assert "Version 36." in adb(farm, None, "version").stdout.decode()
        assert adb(farm, serial, "shell", "echo hi; exit 3").returncode == 3
        assert adb(farm, serial, "push", str(tmp_path / "in.bin"), "/sdcard/in.bin").returncode == 0
        assert (
            adb(farm, serial, "pull", "/sdcard/in.bin", str(tmp_path / "out.bin")).returncode == 0
        )
    assert (tmp_path / "out.bin").read_bytes() == data
