"""Devices: adbutils + uiautomator2 behind an async adapter, several per daemon."""

from __future__ import annotations

from android_bridge.device.adapter import DeviceAdapter, ShellResult, hierarchy_is_empty
from android_bridge.device.adb import FastAdbClient
from android_bridge.device.errors import DeviceError, DeviceNotFound
from android_bridge.device.pool import DevicePool

__all__ = [
    "DeviceAdapter",
    "DeviceError",
    "DeviceNotFound",
    "DevicePool",
    "FastAdbClient",
    "ShellResult",
    "hierarchy_is_empty",
]
