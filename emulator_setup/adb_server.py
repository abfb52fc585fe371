"""The real adb server on a private port, driven through Debian's ``adb`` CLI.

Never port 5037 by default: that is someone's interactive server. ``ADB_MDNS=0`` (and
``ADB_USB=0`` where supported) keep a CI server on loopback (reference §8).
"""

from __future__ import annotations

import logging
import os
import random
import shutil
import socket
import subprocess
import time

log = logging.getLogger(__name__)

DEFAULT_ADB_PORT = 15037


class AdbError(RuntimeError):
    """The adb binary is missing or an adb command failed."""


def find_adb(explicit: str | None = None) -> str:
    path = explicit or os.environ.get("DROIDGATE_ADB") or shutil.which("adb")
    if path and not os.access(path, os.X_OK):
        raise AdbError(f"adb binary {path} does not exist or is not executable")
    if not path:
        raise AdbError(
            "the 'adb' command was not found: install Debian's adb package (apt-get install adb) "
            "or set DROIDGATE_ADB to an adb binary"
        )
    return path


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def free_server_port(host: str = "127.0.0.1") -> int:
    """A free port for an adb server, *below* the ephemeral range.

    A client that polls a not-yet-listening port inside the ephemeral range can be handed that
    same port as its source port and connect to itself (TCP self-connect); adb 36 then reads its
    own request back ("protocol fault (status 30 30 30 63?!)").
    """
    for port in random.sample(range(15038, 17000), 200):
        if port_is_free(port, host):
            return port
    raise AdbError("no free port in 15038-16999 for a private adb server")


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
        return True


class AdbServer:
    def __init__(self, port: int = DEFAULT_ADB_PORT, adb: str | None = None) -> None:
        if port == 5037:
            log.warning("using adb server port 5037: this is the default user server")
        self.port = port
        self.adb_path = find_adb(adb)
        self.started_here = False

    @property
    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            {
                "ANDROID_ADB_SERVER_PORT": str(self.port),
                "ADB_MDNS": "0",
                "ADB_MDNS_AUTO_CONNECT": "",
            }
        )
        return env

    def run(
        self, *args: str, timeout: float = 30.0, check: bool = True
    ) -> subprocess.CompletedProcess[str]:
        cmd = [self.adb_path, "-P", str(self.port), *args]
        try:
            proc = subprocess.run(
                cmd, env=self.env, capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired as exc:
            raise AdbError(f"{' '.join(cmd)} timed out after {timeout:.0f}s") from exc
        if check and proc.returncode != 0:
            raise AdbError(
                f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.strip() or proc.stdout.strip()}"
            )
        return proc

    def is_running(self) -> bool:
        try:
            return self.request("host:version").startswith("00")
        except OSError:
            return False

    def ensure_running(self) -> bool:
        """Start the server unless one answers on the port; True if this call started it."""
        if self.is_running():
            return False
        self.run("start-server", timeout=30)
        self.started_here = True
        return True

    def kill(self) -> None:
        self.run("kill-server", check=False, timeout=10)

    def request(self, service: str, timeout: float = 5.0) -> str:
        """One smart-socket request (``host:…``): OKAY/FAIL plus an optional payload."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as s:
            raw = service.encode()
            s.sendall(f"{len(raw):04x}".encode() + raw)
            status = s.recv(4)
            if status == b"FAIL":
                length = int(s.recv(4), 16)
                raise AdbError(f"adb server refused {service!r}: {s.recv(length).decode()}")
            if status != b"OKAY":
                return ""
            chunks = []
            while True:
                try:
                    chunk = s.recv(65536)
                except TimeoutError:
                    break
                if not chunk:
                    break
                chunks.append(chunk)
            data = b"".join(chunks).decode(errors="replace")
            return data[4:] if len(data) >= 4 and _is_hex(data[:4]) else data

    def announce_emulator(self, port: int) -> str:
        """Tell a running server about an emulator-style device on ``port`` (§1, host:emulator)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as s:
            raw = f"host:emulator:{port}".encode()
            s.sendall(f"{len(raw):04x}".encode() + raw)
            s.recv(16)  # the server closes without replying
        return f"emulator-{port - 1}"

    def devices(self) -> dict[str, str]:
        out = self.run("devices", timeout=10).stdout
        result = {}
        for line in out.splitlines()[1:]:
            parts = line.split()
            if len(parts) >= 2:
                result[parts[0]] = parts[1]
        return result

    def connect(self, host: str, port: int) -> str:
        serial = f"{host}:{port}"
        out = self.run("connect", serial, timeout=15).stdout
        if "connected" not in out:
            raise AdbError(f"adb connect {serial}: {out.strip()}")
        return serial

    def disconnect(self, serial: str) -> None:
        self.run("disconnect", serial, check=False, timeout=10)

    def wait_online(self, serial: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        state = "missing"
        while time.monotonic() < deadline:
            state = self.devices().get(serial, "missing")
            if state == "device":
                return
            time.sleep(0.1)
        raise AdbError(f"{serial} did not come online within {timeout:.0f}s (state: {state})")


def _is_hex(text: str) -> bool:
    try:
        int(text, 16)
    except ValueError:
        return False
    return True
