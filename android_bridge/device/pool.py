"""Several devices behind one adb server (given by its port), one DeviceAdapter per serial."""

from __future__ import annotations

import os
from collections.abc import Iterable

from android_bridge.device.adapter import DeviceAdapter
from android_bridge.device.adb import FastAdbClient
from android_bridge.device.errors import DeviceNotFound


def default_adb_port() -> int:
    return int(os.environ.get("ANDROID_ADB_SERVER_PORT", "5037"))


class DevicePool:
    def __init__(
        self,
        serials: Iterable[str] = (),
        *,
        adb_port: int | None = None,
        host: str = "127.0.0.1",
        timeout: float = 20.0,
    ) -> None:
        self.adb_port = adb_port if adb_port is not None else default_adb_port()
        self.client = FastAdbClient(host=host, port=self.adb_port)
        self._timeout = timeout
        self._devices: dict[str, DeviceAdapter] = {}
        for serial in serials:
            self.add(serial)

    def add(self, serial: str) -> DeviceAdapter:
        if not serial or not isinstance(serial, str):
            raise ValueError("a device serial is a non-empty string")
        dev = self._devices.get(serial)
        if dev is None:
            dev = DeviceAdapter(serial, self.client, timeout=self._timeout)
            self._devices[serial] = dev
        return dev

    def get(self, serial: str) -> DeviceAdapter:
        try:
            return self._devices[serial]
        except KeyError:
            known = ", ".join(self._devices) or "none"
            raise DeviceNotFound(f"no device {serial!r} in the pool (have: {known})") from None

    @property
    def serials(self) -> list[str]:
        return list(self._devices)

    def close(self, *, wait: bool = False) -> None:
        """Close every device adapter (see ``DeviceAdapter.close``)."""
        for dev in self._devices.values():
            dev.close(wait=wait)
