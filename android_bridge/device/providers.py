"""Where devices come from when the daemon is asked to start its own: the
``droidgate.device_providers`` entry-point group.

android_bridge drives devices over adb and never imports emulator_setup (DESIGN.md's package
table); ``droidgate serve --virtual N`` and ``bench tap`` without ``--device`` ask the provider
registered under the name ``virtual`` — emulator_setup's ``VirtualDeviceFarm`` — for N devices
behind a private adb server. Without emulator_setup installed that is a clear error naming what
to install, and ``--device SERIAL`` still works.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from importlib.metadata import entry_points
from typing import Protocol

from host_pep.exceptions import DroidgateError

GROUP = "droidgate.device_providers"
VIRTUAL = "virtual"


class ProvidedDevices(Protocol):
    """Running devices: their serials and the private adb server they sit behind."""

    @property
    def serials(self) -> list[str]: ...
    @property
    def adb_port(self) -> int: ...


class DeviceProvider(Protocol):
    """``provider(count=N)``: a context manager that starts N devices and stops them on exit."""

    def __call__(self, count: int = ..., /) -> AbstractContextManager[ProvidedDevices]: ...


class NoDeviceProvider(DroidgateError, LookupError):
    """No installed package provides devices of the kind asked for."""


def device_provider(kind: str = VIRTUAL) -> DeviceProvider:
    """The provider registered as ``kind`` under ``droidgate.device_providers``."""
    found = [ep for ep in entry_points(group=GROUP) if ep.name == kind]
    if not found:
        raise NoDeviceProvider(
            f"no {kind!r} device provider is installed (entry-point group {GROUP!r}); install "
            "droidgate with emulator_setup for virtual devices, or give --device SERIAL"
        )
    provider: DeviceProvider = found[0].load()
    return provider
