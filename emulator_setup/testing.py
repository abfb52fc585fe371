"""pytest fixtures and helpers for tests that need a device (this package's and others').

    # tests/<pkg>/conftest.py
    from emulator_setup.testing import virtual_farm, virtual_device  # noqa: F401

    def test_x(virtual_device):           # a DeviceHandle with fresh app state
        d = virtual_device.u2()           # real uiautomator2 client on the private adb server
        out = virtual_device.adb("shell", "content", "query", "--uri", "content://sms/sent")

The farm (two devices, one private adb server) is started once per session. ``virtual_device``
resets device 0's app state before each test. uiautomator2 and adbutils read
ANDROID_ADB_SERVER_PORT when their default client is created (at import), so clients here are
built explicitly with ``adbutils.AdbClient(port=farm.adb_port)``; subprocesses get ``farm.env``.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .farm import VirtualDeviceFarm

try:
    import pytest
except ImportError:  # runtime code imports VirtualDeviceFarm/adb from here without pytest
    pytest = None  # type: ignore[assignment]

__all__ = [
    "DeviceHandle",
    "VirtualDeviceFarm",
    "adb",
    "adb_client",
    "u2_connect",
    "virtual_device",
    "virtual_farm",
]

FARM_SIZE = 2


def adb_client(farm: VirtualDeviceFarm) -> Any:
    import adbutils

    return adbutils.AdbClient(host="127.0.0.1", port=farm.adb_port)


def u2_connect(farm: VirtualDeviceFarm, serial: str) -> Any:
    """A real uiautomator2 Device for ``serial`` through the farm's adb server."""
    import uiautomator2 as u2

    return u2.connect(adb_client(farm).device(serial))


def adb(farm: VirtualDeviceFarm, serial: str | None, *args: str, timeout: float = 30.0,
        input: bytes | None = None) -> subprocess.CompletedProcess[bytes]:  # fmt: skip
    """Run the real adb CLI against the farm's server (``-P``), optionally with ``-s serial``."""
    cmd = [farm.adb.adb_path, "-P", str(farm.adb_port)]
    if serial:
        cmd += ["-s", serial]
    env = {**os.environ, **farm.env}
    return subprocess.run(
        [*cmd, *args], capture_output=True, timeout=timeout, env=env, input=input, check=False
    )


@dataclass
class DeviceHandle:
    farm: VirtualDeviceFarm
    index: int

    @property
    def serial(self) -> str:
        return self.farm.members[self.index].serial

    @property
    def device(self) -> Any:
        return self.farm.members[self.index].device

    def u2(self) -> Any:
        return u2_connect(self.farm, self.serial)

    def adbutils(self) -> Any:
        return adb_client(self.farm).device(self.serial)

    def adb(self, *args: str, **kw: Any) -> subprocess.CompletedProcess[bytes]:
        return adb(self.farm, self.serial, *args, **kw)

    def shell(self, command: str) -> str:
        """stdout of ``adb shell COMMAND`` (shell v2), whatever the exit status.

        An adb-level failure (device missing or offline) raises, so a test never mistakes it
        for empty output; use ``adb("shell", …)`` to check statuses and stderr.
        """
        p = self.adb("shell", command)
        if p.returncode != 0 and p.stderr.startswith(b"error:"):
            raise RuntimeError(
                f"adb shell {command!r}: {p.stderr.decode(errors='replace').strip()}"
            )
        return p.stdout.decode("utf-8", "replace")

    def call(self, fn: Any) -> Any:
        return self.farm.call(self.index, fn)


def _virtual_farm() -> Iterator[VirtualDeviceFarm]:
    with VirtualDeviceFarm(count=FARM_SIZE) as farm:
        yield farm


def _virtual_device(virtual_farm: VirtualDeviceFarm) -> DeviceHandle:
    virtual_farm.reset(0)
    return DeviceHandle(virtual_farm, 0)


if pytest is not None:
    virtual_farm = pytest.fixture(scope="session", name="virtual_farm")(_virtual_farm)
    virtual_device = pytest.fixture(name="virtual_device")(_virtual_device)
