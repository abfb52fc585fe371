"""``VirtualDeviceFarm``: N virtual devices on one asyncio loop (in a background thread), attached
to a real adb server on a private port.

    with VirtualDeviceFarm(count=2) as farm:
        farm.serials        # ["127.0.0.1:41234", "127.0.0.1:41236"]
        farm.adb_port       # the private adb server port
        farm.env            # {"ANDROID_ADB_SERVER_PORT": "…"} for adbutils/u2 subprocesses
        farm.call(0, lambda dev: dev.state.current())   # touch a device on its own loop

Test farms listen on random ports in 20000–29999, so another adb server's startup scan of 5555–5585 never
picks them up. ``emulator_ports=True`` (the CLI default) prefers 5555, 5557, … and announces them
with ``host:emulator:PORT``, giving the serials ``emulator-5554``, … as a real emulator would.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .adb_server import AdbServer, free_server_port, port_is_free
from .virtual.device import VirtualDevice

log = logging.getLogger(__name__)

T = TypeVar("T")
EMULATOR_PORTS = range(5555, 5586, 2)
DEVICE_PORTS = range(20000, 30000)


@dataclass
class FarmDevice:
    device: VirtualDevice
    port: int
    serial: str
    emulator_style: bool


class VirtualDeviceFarm:
    def __init__(
        self,
        count: int = 1,
        *,
        adb_port: int | None = None,
        emulator_ports: bool = False,
        state_factory: Callable[[int], Any] | None = None,
        adb: str | None = None,
    ) -> None:
        if count < 1:
            raise ValueError(f"count must be at least 1, got {count}")
        self.count = count
        self.adb = AdbServer(adb_port if adb_port is not None else free_server_port(), adb)
        self.emulator_ports = emulator_ports
        self._state_factory = state_factory
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self.members: list[FarmDevice] = []

    # --- public view ----------------------------------------------------------------------------
    @property
    def serials(self) -> list[str]:
        return [m.serial for m in self.members]

    @property
    def adb_port(self) -> int:
        return self.adb.port

    @property
    def env(self) -> dict[str, str]:
        return {"ANDROID_ADB_SERVER_PORT": str(self.adb.port), "ADB_MDNS": "0", "ADB_USB": "0"}

    @property
    def devices(self) -> list[VirtualDevice]:
        return [m.device for m in self.members]

    def device(self, serial: str) -> VirtualDevice:
        for m in self.members:
            if m.serial == serial:
                return m.device
        raise KeyError(f"no virtual device with serial {serial!r}")

    # --- loop plumbing --------------------------------------------------------------------------
    def _submit(self, coro: Any) -> Any:
        assert self._loop is not None, "farm is not started"
        fut: concurrent.futures.Future[Any] = asyncio.run_coroutine_threadsafe(coro, self._loop)
        return fut.result(timeout=60)

    def call(self, index_or_serial: int | str, fn: Callable[[VirtualDevice], T]) -> T:
        """Run ``fn(device)`` on the farm's loop thread (device state is not thread-safe)."""
        dev = (
            self.members[index_or_serial].device
            if isinstance(index_or_serial, int)
            else self.device(index_or_serial)
        )

        async def run() -> T:
            return fn(dev)

        return self._submit(run())  # type: ignore[no-any-return]

    # --- lifecycle ------------------------------------------------------------------------------
    def start(self) -> VirtualDeviceFarm:
        ready = threading.Event()

        def run_loop() -> None:
            self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self._loop)
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run_loop, name="virtual-device-farm", daemon=True)
        self._thread.start()
        ready.wait()
        try:
            self.adb.ensure_running()
            for i in range(self.count):
                self.members.append(self._start_member(i))
        except BaseException:
            self.stop()
            raise
        return self

    def _pick_port(self) -> tuple[int, bool]:
        if self.emulator_ports:
            taken = {m.port for m in self.members}
            for port in EMULATOR_PORTS:
                if port not in taken and port_is_free(port) and port_is_free(port - 1):
                    return port, True
        # Below the ephemeral range, so the adb server's reconnect attempts to a restarting
        # device can never be handed the same port as their source port (TCP self-connect).
        for port in random.sample(DEVICE_PORTS, 200):
            if port_is_free(port):
                return port, False
        return 0, False

    def _start_member(self, index: int) -> FarmDevice:
        port, emulator_style = self._pick_port()

        async def build() -> tuple[VirtualDevice, int]:
            state = self._state_factory(index) if self._state_factory else None
            dev = VirtualDevice(state=state, serialno=f"EMULATOR34X1X1X{index}")
            bound = await dev.start("127.0.0.1", port)
            return dev, bound

        dev, bound = self._submit(build())
        serial = self._attach(bound, emulator_style)
        log.info("virtual device %s on port %d", serial, bound)
        return FarmDevice(dev, bound, serial, emulator_style)

    def _attach(self, port: int, emulator_style: bool) -> str:
        if emulator_style:
            serial = self.adb.announce_emulator(port)
        else:
            serial = f"127.0.0.1:{port}"
            # A device that died on this port leaves an offline entry; reconnect at once (§8).
            self.adb.disconnect(serial)
            self.adb.connect("127.0.0.1", port)
        self.adb.wait_online(serial)
        return serial

    def reset(self, index: int, fixture: Any = "default") -> None:
        """Give device ``index`` fresh app state (files such as the pushed u2.jar are kept)."""
        from .virtual.device import new_state

        def swap(dev: VirtualDevice) -> None:
            dev.state = new_state(dev.fs, dev.props["ro.serialno"], fixture)

        self.call(index, swap)

    def stop_device(self, index: int) -> None:
        """Take device ``index`` away (its transport closes, adb sees it vanish); ``restart``
        brings it back."""
        self._submit(self.members[index].device.stop())

    def restart(self, index: int) -> str:
        """Stop one device's transport and start it again on the same port, then reconnect.

        Its apps' state and files survive, as on a reboot that keeps /data.
        """
        member = self.members[index]
        if member.device.listening:
            self._submit(member.device.stop())
        self._submit(member.device.start("127.0.0.1", member.port))
        member.serial = self._attach(member.port, member.emulator_style)
        return member.serial

    def stop(self) -> None:
        if self._loop is None:
            return
        for m in self.members:
            if not m.emulator_style:
                self.adb.disconnect(m.serial)
            try:
                self._submit(m.device.stop())
            except Exception:  # stopping must not mask the original error
                log.exception("stopping %s failed", m.serial)
        self.members.clear()
        if self.adb.started_here:
            self.adb.kill()
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._loop.close()
        self._loop = None

    def __enter__(self) -> VirtualDeviceFarm:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
