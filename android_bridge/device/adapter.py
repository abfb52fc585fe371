"""One device, driven through adbutils + uiautomator2 without blocking the daemon's loop.

Every blocking call runs on the device's own single worker thread: calls to one device are
serialised (uiautomator's server handles one gesture at a time anyway), calls to different
devices run in parallel, and the asyncio loop stays free. Each call has a timeout; any failure
— including the device disconnecting mid-call — surfaces as ``DeviceError``, which the Mediator
reports as "not committed".

Fast paths: the hierarchy is fetched with one ``dumpWindowHierarchy`` RPC (stock
``dump_hierarchy`` retries an empty dump three times with 1 s sleeps and then silently returns
an empty document — here an empty dump is an error the GUI channel turns into a deny), taps are
one ``click`` RPC (no relative-coordinate conversion, no operation-delay hooks), and all
sockets come from ``FastAdbClient`` (TCP_NODELAY, cached server version).
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from android_bridge.device.adb import FastAdbClient
from android_bridge.device.errors import DeviceError
from android_bridge.events.screen import EmptyHierarchyError

log = logging.getLogger(__name__)
T = TypeVar("T")
DEFAULT_TIMEOUT = 20.0
EMPTY_HIERARCHY_MARK = "<hierarchy rotation="
ORIENTATIONS = {
    "portrait": "natural",
    "natural": "natural",
    "landscape": "left",
    "left": "left",
    "right": "right",
    "upsidedown": "upsidedown",
}
"""Orientation names agents use -> uiautomator's setOrientation names (as u2's)."""
ROTATION_NAMES = {0: "natural", 1: "left", 2: "upsidedown", 3: "right"}


class ShellResult(BaseModel):
    output: str
    exit_code: int


def hierarchy_is_empty(xml: str) -> bool:
    """``""`` or a ``<hierarchy …/>`` without a single window node."""
    return not xml or not xml.strip() or "<node" not in xml


class DeviceAdapter:
    def __init__(self, serial: str, client: FastAdbClient, *, timeout: float = DEFAULT_TIMEOUT):
        self.serial = serial
        self._client = client
        self._timeout = timeout
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix=f"device-{serial}"
        )
        self._u2: Any = None
        self._lock = threading.Lock()
        self._closed = False

    # -- plumbing -------------------------------------------------------------------------------

    @property
    def adb(self) -> Any:
        """The adbutils device (built on the fast client)."""
        return self._client.device(self.serial)

    def u2(self) -> Any:
        """The uiautomator2 device, connected on first use (blocking: call from the worker)."""
        with self._lock:
            if self._u2 is None:
                from android_bridge.device.u2device import MediatedU2Device

                self._u2 = MediatedU2Device(self.adb)
            return self._u2

    async def _run(self, operation: str, fn: Callable[[], T], timeout: float | None = None) -> T:
        if self._closed:
            raise DeviceError(self.serial, operation, "the device adapter is closed")
        loop = asyncio.get_running_loop()

        def guarded() -> T:
            self._client.begin_call()
            failed = True
            try:
                value = fn()
                failed = False
                return value
            finally:
                # adbutils leaves the connection of a refused transport/service open
                self._client.close_call(failed=failed)

        fut = loop.run_in_executor(self._executor, guarded)
        try:
            return await asyncio.wait_for(fut, timeout or self._timeout)
        except DeviceError:
            raise
        except EmptyHierarchyError:
            raise
        except TimeoutError as exc:
            raise DeviceError(self.serial, operation, "timed out") from exc
        except Exception as exc:  # adbutils/u2/socket errors: the device is gone or broken
            raise DeviceError(self.serial, operation, f"{type(exc).__name__}: {exc}") from exc

    def _rpc(self, method: str, *params: Any, timeout: float = 10) -> Any:
        return self.u2().jsonrpc_call(method, list(params), timeout)

    async def connect(self) -> None:
        """Make sure uiautomator's server runs (pushes the jar the first time)."""
        await self._run("connect", self.u2, timeout=90)

    def close(self, *, wait: bool = False) -> None:
        """Take no more calls and release the device's connections (the uiautomator server's
        stream included) once the call in progress, if any, has returned. ``wait`` blocks until
        then; otherwise the release finishes on a helper thread."""
        if self._closed:
            return
        self._closed = True
        self._executor.shutdown(wait=False, cancel_futures=True)
        if wait:
            self._release()
        else:
            threading.Thread(
                target=self._release, name=f"release-{self.serial}", daemon=True
            ).start()

    def _release(self) -> None:
        self._executor.shutdown(wait=True)  # the call in progress owns the u2 client until then
        with self._lock:
            u2, self._u2 = self._u2, None
        if u2 is not None:
            try:
                u2.release()
            except Exception as exc:  # a device that is already gone has nothing left to close
                log.debug("releasing %s: %s", self.serial, exc)

    # -- reads ----------------------------------------------------------------------------------

    def dump_sync(self) -> str:
        xml = self._rpc("dumpWindowHierarchy", False, 50)
        if not isinstance(xml, str) or hierarchy_is_empty(xml):
            raise EmptyHierarchyError(
                f"device {self.serial} returned an empty hierarchy; the screen is not observable"
            )
        return xml

    async def dump_hierarchy(self) -> str:
        """The window hierarchy; raises EmptyHierarchyError for an empty dump."""
        return await self._run("dump hierarchy", self.dump_sync)

    async def screenshot_png(self) -> bytes:
        def shot() -> bytes:
            data = self.adb.shell("screencap -p", encoding=None)
            if isinstance(data, bytes) and data.startswith(b"\x89PNG"):
                return data
            b64 = self._rpc("takeScreenshot", 1, 80)
            if not b64:
                raise RuntimeError("no screenshot")
            from io import BytesIO

            from PIL import Image

            out = BytesIO()
            Image.open(BytesIO(base64.b64decode(b64))).save(out, format="PNG")
            return out.getvalue()

        return await self._run("screenshot", shot)

    async def current_package(self) -> str:
        return str((await self._run("app_current", lambda: self.u2().app_current()))["package"])

    # -- actions --------------------------------------------------------------------------------

    def _expect_true(self, operation: str, value: Any) -> Any:
        if value is False:
            raise DeviceError(self.serial, operation, "the device refused it")
        return value

    async def click(self, x: float, y: float) -> bool:
        return bool(
            await self._run(
                "click",
                lambda: self._expect_true("click", self._rpc("click", int(x), int(y))),
            )
        )

    async def long_click(self, x: float, y: float, duration_s: float = 0.8) -> bool:
        """Press and hold (uiautomator's click with a duration, as u2's ``long_click``)."""
        ms = max(100, int(duration_s * 1000))
        return bool(
            await self._run(
                "long_click",
                lambda: self._expect_true("long_click", self._rpc("click", int(x), int(y), ms)),
                timeout=self._timeout + duration_s,
            )
        )

    async def double_click(self, x: float, y: float, gap_s: float = 0.08) -> bool:
        """Two taps inside the system's double-tap window (300 ms)."""

        def run() -> bool:
            self._expect_true("double_click", self._rpc("click", int(x), int(y)))
            time.sleep(gap_s)
            return bool(self._expect_true("double_click", self._rpc("click", int(x), int(y))))

        return bool(await self._run("double_click", run))

    async def set_orientation(self, orientation: str) -> str:
        """portrait/natural, landscape/left, right, upsidedown; returns uiautomator's name."""
        name = ORIENTATIONS.get(orientation)
        if name is None:
            raise DeviceError(
                self.serial, "set_orientation", f"unknown orientation {orientation!r}"
            )
        await self._run("set_orientation", lambda: self._rpc("setOrientation", name))
        return name

    async def device_info(self) -> dict[str, Any]:
        """uiautomator's deviceInfo: display size and rotation, SDK, product, current package."""
        info = await self._run("device_info", lambda: self._rpc("deviceInfo"))
        return dict(info) if isinstance(info, dict) else {}

    async def set_text(self, selector: dict[str, Any], text: str) -> bool:
        def run() -> Any:
            sel = self.u2()(**selector).selector
            if text:
                return self._expect_true("set_text", self._rpc("setText", sel, text))
            return self._expect_true("clear_text", self._rpc("clearTextField", sel))

        return bool(await self._run("set_text", run))

    async def send_keys(self, text: str) -> None:
        await self._run("send_keys", lambda: self.u2().send_keys(text))

    async def press(self, key: str | int) -> bool:
        def run() -> Any:
            if isinstance(key, int):
                return self._rpc("pressKeyCode", key)
            return self._rpc("pressKey", key)

        return bool(await self._run("press", run))

    async def swipe(self, x1: float, y1: float, x2: float, y2: float, steps: int = 20) -> bool:
        return bool(
            await self._run(
                "swipe", lambda: self._rpc("swipe", int(x1), int(y1), int(x2), int(y2), steps)
            )
        )

    async def app_start(self, package: str) -> None:
        await self._run("app_start", lambda: self.u2().app_start(package))

    async def shell(self, command: str, *, timeout: float = 60.0) -> ShellResult:
        def run() -> ShellResult:
            ret = self.adb.shell2(command, timeout=timeout)
            return ShellResult(output=ret.output, exit_code=int(ret.returncode))

        return await self._run("shell", run, timeout=timeout + 5)

    async def call(self, operation: str, fn: Callable[[], T]) -> T:
        """Run any blocking function on this device's worker (for tools and benchmarks)."""
        return await self._run(operation, fn)
