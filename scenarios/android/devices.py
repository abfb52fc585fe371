"""The devices a suite run acts on: a farm of virtual devices (default) or one real
emulator/device, each with a way to give it fresh app state and a stock ADB shell for the
state oracle (and a stock uiautomator2 for the overhead twin)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class SuiteDevice:
    serial: str
    adb_port: int
    index: int
    fixture: str
    farm: Any = None
    _adb: Any = field(default=None, repr=False)
    _u2: Any = field(default=None, repr=False)
    _u2_nodelay: Any = field(default=None, repr=False)

    def reset(self) -> None:
        """Fresh app state: the virtual device swaps its state; a real one is seeded over ADB."""
        if self.farm is not None:
            self.farm.reset(self.index, self.fixture)
            return
        from emulator_setup import seeding

        seeding.seed(self.serial, self.fixture, adb_port=self.adb_port)

    def adb(self) -> Any:
        if self._adb is None:
            import adbutils

            self._adb = adbutils.AdbClient(host="127.0.0.1", port=self.adb_port).device(self.serial)
        return self._adb

    def shell(self, command: str) -> str:
        return str(self.adb().shell(command, timeout=30))

    def u2(self) -> Any:
        """Stock uiautomator2 over a stock adbutils client: the unmediated baseline."""
        if self._u2 is None:
            import uiautomator2

            self._u2 = uiautomator2.connect(self.adb())
        return self._u2

    def u2_nodelay(self) -> Any:
        """Stock uiautomator2 over droidgate's transport (adbutils with TCP_NODELAY): the
        baseline with the same transport fix the daemon has, so what remains is mediation."""
        if self._u2_nodelay is None:
            import uiautomator2

            from android_bridge.device.adb import FastAdbClient

            client = FastAdbClient(host="127.0.0.1", port=self.adb_port)
            self._u2_nodelay = uiautomator2.connect(client.device(self.serial))
        return self._u2_nodelay


@contextlib.contextmanager
def open_devices(
    *, count: int, serial: str | None, adb_port: int | None, fixture: str
) -> Iterator[list[SuiteDevice]]:
    if serial is not None:
        from android_bridge.device.pool import default_adb_port

        port = adb_port if adb_port is not None else default_adb_port()
        yield [SuiteDevice(serial, port, 0, fixture)]
        return
    from emulator_setup.testing import VirtualDeviceFarm

    with VirtualDeviceFarm(count=count) as farm:
        yield [
            SuiteDevice(s, farm.adb_port, i, fixture, farm=farm) for i, s in enumerate(farm.serials)
        ]
