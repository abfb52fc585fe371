"""uiautomator2's Device, with at-most-once semantics for calls that change the device.

Stock ``jsonrpc_call`` answers any HTTP error by restarting the on-device server and sending
the call again. For a read that is harmless; for a click it can tap twice, or tap after the
Mediator already told the agent the device was gone. Here calls that change the device go out
exactly once (through uiautomator2's own request function) and an error propagates; reads keep
uiautomator2's recovery. This is a subclass through the public ``jsonrpc_call`` hook, not a fork.
"""

from __future__ import annotations

import atexit
from typing import Any

import uiautomator2
from uiautomator2 import core as u2core

# JSON-RPC methods that only read; everything else changes the device and is sent once.
READ_METHODS = frozenset(
    {
        "deviceInfo", "dumpWindowHierarchy", "takeScreenshot", "objInfo", "objInfoOfAllInstances",
        "exist", "waitForExists", "waitUntilGone", "getText", "count", "getClipboard",
        "getLastToast", "ping",
    }
)  # fmt: skip


class MediatedU2Device(uiautomator2.Device):  # type: ignore[misc]
    def start_uiautomator(self) -> None:
        # Stock start_uiautomator forgets a server stream that already ended (the device
        # restarted) without closing its adb connection, leaving the socket to the garbage
        # collector; close it first.
        process: Any = getattr(self, "_process", None)  # uiautomator2 ships no types
        if process is not None and process.pool() is not None:
            self._process = None
            process.kill()
        super().start_uiautomator()

    def release(self) -> None:
        """Close the stream of the uiautomator server this client launched (which stops it, as
        u2 does at exit) and drop u2's exit hook, which would keep this object alive."""
        atexit.unregister(self.stop_uiautomator)
        self.stop_uiautomator(wait=False)

    def jsonrpc_call(self, method: str, params: Any = None, timeout: float = 10) -> Any:
        if method in READ_METHODS:
            return super().jsonrpc_call(method, params, timeout)
        return u2core._jsonrpc_call(
            self._dev, self._device_server_port, method, params, timeout, self._debug
        )
