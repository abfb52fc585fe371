"""One virtual Android device: a TCP listener speaking the device side of ADB, plus the device's
filesystem, properties, shell commands and uiautomator2 server, with app behaviour in
``DeviceState``.

Advertised features are exactly the ones implemented (reference §2.2): ``shell_v2`` (the adb CLI
then uses shell v2 and gets exit codes), ``stat_v2``/``ls_v2`` (STA2/LST2/LIS2), and the push
fixes. Not ``cmd``/``abb`` (so ``adb install`` uses push + ``pm install``) nor ``sendrecv_v2``.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from typing import Any

from .commands import default_commands
from .filesystem import FileSystem
from .jsonrpc import Methods
from .listener import Listener
from .packets import device_banner
from .shell_service import make_shell_handler, parse_service
from .sync import SyncService
from .transport import Connection, Handler
from .uia_server import UiaServer, make_handler

log = logging.getLogger(__name__)

FEATURES = ["shell_v2", "stat_v2", "ls_v2", "fixed_push_mkdir", "fixed_push_symlink_timestamp"]

DEFAULT_PROPS = {
    "ro.product.name": "sdk_gphone64_x86_64",
    "ro.product.model": "sdk_gphone64_x86_64",
    "ro.product.device": "emu64xa",
    "ro.product.brand": "google",
    "ro.product.manufacturer": "Google",
    "ro.product.cpu.abi": "x86_64",
    "ro.product.cpu.abilist": "x86_64,arm64-v8a",
    "ro.build.version.sdk": "34",
    "ro.build.version.release": "14",
    "ro.build.type": "userdebug",
    "ro.build.characteristics": "emulator",
    "ro.build.fingerprint": "google/sdk_gphone64_x86_64/emu64xa:14/UE1A.230829.036.A4/11228894:userdebug/dev-keys",
    "ro.hardware": "ranchu",
    "ro.kernel.qemu": "1",
    "ro.boot.qemu": "1",
    "ro.sf.lcd_density": "420",
    "ro.product.locale": "en-US",
    "persist.sys.timezone": "UTC",
    "sys.boot_completed": "1",
    "dev.bootcomplete": "1",
    "init.svc.bootanim": "stopped",
    "service.bootanim.exit": "1",
}

_SYSTEM_PROCS = [
    ("root", 1, 0, "init"),
    ("root", 312, 1, "zygote64"),
    ("system", 598, 312, "system_server"),
    ("u0_a150", 802, 312, "com.android.systemui"),
    ("u0_a120", 1011, 312, "com.google.android.inputmethod.latin"),
    ("shell", 4242, 1, "sh"),
]


_DEFAULT_FIXTURE = "default"


def new_state(fs: FileSystem, serial: str, fixture: Any = _DEFAULT_FIXTURE) -> Any:
    """The apps' device state (emulator_setup.virtual.state), sharing the device filesystem."""
    from .state import DeviceState

    return DeviceState(fs=fs, serial=serial, fixture=fixture)


class VirtualDevice:
    def __init__(
        self,
        *,
        state: Any | None = None,
        serialno: str = "EMULATOR34X1X1X0",
        props: dict[str, str] | None = None,
        fixture: Any = _DEFAULT_FIXTURE,
    ) -> None:
        if state is None:
            self.fs = FileSystem()
            self.state = new_state(self.fs, serialno, fixture)
        else:
            self.state = state
            self.fs = getattr(state, "fs", None) or FileSystem()
        self.props = {**DEFAULT_PROPS, "ro.serialno": serialno, "ro.boot.serialno": serialno}
        self.props.update(props or {})
        self.uia = UiaServer()
        self.commands = default_commands()
        self.rpc_methods = Methods(self)
        self.wm_override: tuple[int, int] | None = None
        self.adb_root = False
        """``adb root`` ran (a userdebug image allows it): shell and sync act as root."""
        self._pids: dict[str, int] = {}
        self._next_pid = 5000
        self._listener = Listener(self._serve)
        self.host = "127.0.0.1"
        self.port = 0

    # --- transport hooks ------------------------------------------------------------------------
    def banner(self) -> bytes:
        return device_banner(self.props, FEATURES)

    def open_service(self, service: str) -> Handler | None:
        shell = parse_service(service)
        if shell is not None:
            return make_shell_handler(self, *shell)  # type: ignore[no-any-return]
        if service == "sync:":
            return SyncService(self.fs, root=lambda: self.adb_root)
        if service in ("root:", "unroot:"):
            return self._root_handler(service == "root:")
        if service.startswith("tcp:"):
            target = service[4:].rsplit(":", 1)[-1]
            if target.isdigit() and self.uia.running(int(target)):
                return make_handler(self, int(target))  # type: ignore[no-any-return]
        return None

    def _root_handler(self, root: bool) -> Handler:
        """``adb root`` / ``adb unroot``: adbd restarts as (non) root; the answer is adbd's."""

        async def serve(stream: Any) -> None:
            if root == self.adb_root:
                msg = "adbd is already running as root\n" if root else "adbd not running as root\n"
                await stream.write(msg.encode())
                return
            msg = "restarting adbd as root\n" if root else "restarting adbd as non root\n"
            self.adb_root = root
            await stream.write(msg.encode())
            # adbd restarts: every connection drops and the adb server reconnects (the adb
            # client waits for the device to go away and come back).
            asyncio.get_running_loop().call_later(0.05, self._listener.drop_connections)

        return serve

    # --- processes (for ps/pidof/dumpsys) -------------------------------------------------------
    def pid_of(self, package: str) -> int | None:
        if package not in self._pids:
            return None
        return self._pids[package]

    def note_started(self, package: str) -> None:
        if package not in self._pids:
            self._next_pid += 17
            self._pids[package] = self._next_pid

    def note_stopped(self, package: str) -> None:
        self._pids.pop(package, None)

    def process_table(self) -> list[tuple[str, int, int, str]]:
        current, _ = self.state.current()
        if current:
            self.note_started(current)
        rows = list(_SYSTEM_PROCS)
        for pkg, pid in sorted(self._pids.items(), key=lambda kv: kv[1]):
            rows.append((f"u0_a{100 + pid % 97}", pid, 312, pkg))
        if self.uia.running(9008):
            rows.append(("shell", 4300, 4242, "app_process"))
        return rows

    @staticmethod
    def window_hash(package: str) -> str:
        return f"{zlib.crc32(package.encode()):08x}"[:7]

    # --- listening ------------------------------------------------------------------------------
    @property
    def listening(self) -> bool:
        return self._listener.listening

    @property
    def connections(self) -> int:
        """Open TCP connections from adb servers."""
        return self._listener.connections

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self.port = await self._listener.start(host, port)
        self.host = host
        log.info("virtual device listening on %s:%d", self.host, self.port)
        return self.port

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await Connection(self, reader, writer).run()

    async def stop(self) -> None:
        """Stop listening and close every connection (the adb server then sees the device go).

        Returns once every accepted socket is closed and its services have ended."""
        await self._listener.stop()
        self.uia.stop_all()
