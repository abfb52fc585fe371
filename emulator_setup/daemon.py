"""The background process behind ``droidgate device start|stop|list``.

``spawn`` starts ``python -m emulator_setup.daemon`` in its own session; the daemon runs a
``VirtualDeviceFarm`` and records pid, adb port and serials in a JSON state file under
``$DROIDGATE_STATE_DIR``, else ``$XDG_RUNTIME_DIR/droidgate``, else ``~/.cache/droidgate``.
SIGTERM/SIGINT stop it (devices, and the adb server if it started one); SIGHUP restarts every
device's transport and reconnects it.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import sys
import threading
import time
from pathlib import Path

from pydantic import BaseModel

from .adb_server import DEFAULT_ADB_PORT

log = logging.getLogger(__name__)

STATE_NAME = "devices.json"


class DeviceRecord(BaseModel):
    serial: str
    port: int
    emulator_style: bool = False


class DaemonState(BaseModel):
    pid: int
    adb_port: int
    started_at: float
    log_file: str
    devices: list[DeviceRecord]

    @property
    def serials(self) -> list[str]:
        return [d.serial for d in self.devices]


class DaemonError(RuntimeError):
    pass


def state_dir() -> Path:
    if explicit := os.environ.get("DROIDGATE_STATE_DIR"):
        return Path(explicit)
    if runtime := os.environ.get("XDG_RUNTIME_DIR"):
        return Path(runtime) / "droidgate"
    return Path.home() / ".cache" / "droidgate"


def state_file() -> Path:
    return state_dir() / STATE_NAME


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def read_state() -> DaemonState | None:
    """The running daemon's state, or None (a stale file of a dead daemon is removed)."""
    path = state_file()
    try:
        state = DaemonState.model_validate_json(path.read_text())
    except FileNotFoundError:
        return None
    except ValueError:
        log.warning("ignoring unreadable state file %s", path)
        return None
    if not pid_alive(state.pid):
        path.unlink(missing_ok=True)
        return None
    return state


def _write_state(state: DaemonState) -> None:
    path = state_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(state.model_dump_json(indent=2))
    tmp.replace(path)


def spawn(
    count: int, adb_port: int = DEFAULT_ADB_PORT, emulator_ports: bool = True, timeout: float = 60.0
) -> DaemonState:
    if read_state() is not None:
        raise DaemonError("virtual devices are already running; run 'droidgate device stop' first")
    directory = state_dir()
    directory.mkdir(parents=True, exist_ok=True)
    log_path = directory / "daemon.log"
    cmd = [sys.executable, "-m", "emulator_setup.daemon", "--count", str(count)]
    cmd += ["--adb-port", str(adb_port)]
    if not emulator_ports:
        cmd.append("--any-port")
    # posix_spawn rather than Popen: the daemon outlives this process, so no Popen object
    # should own it; setsid detaches it from the terminal's signals.
    log_fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        pid = os.posix_spawn(
            sys.executable,
            cmd,
            dict(os.environ),
            file_actions=[
                (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
                (os.POSIX_SPAWN_DUP2, log_fd, 1),
                (os.POSIX_SPAWN_DUP2, log_fd, 2),
            ],
            setsid=True,
        )
    finally:
        os.close(log_fd)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = read_state()
        if state is not None and state.pid == pid:
            return state
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            tail = log_path.read_text(errors="replace").splitlines()[-15:]
            raise DaemonError("the device daemon exited:\n" + "\n".join(tail))
        time.sleep(0.1)
    os.kill(pid, signal.SIGTERM)
    raise DaemonError(f"the device daemon did not come up within {timeout:.0f}s (log: {log_path})")


def stop(timeout: float = 20.0) -> DaemonState | None:
    state = read_state()
    if state is None:
        return None
    os.kill(state.pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and pid_alive(state.pid):
        time.sleep(0.1)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(state.pid, os.WNOHANG)
    if pid_alive(state.pid):
        raise DaemonError(f"device daemon {state.pid} did not stop within {timeout:.0f}s")
    state_file().unlink(missing_ok=True)
    return state


def restart() -> DaemonState | None:
    """Ask the daemon to restart and reconnect its devices (SIGHUP)."""
    state = read_state()
    if state is not None:
        os.kill(state.pid, signal.SIGHUP)
    return state


def main(argv: list[str] | None = None) -> int:
    from .farm import VirtualDeviceFarm

    parser = argparse.ArgumentParser(prog="python -m emulator_setup.daemon")
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--adb-port", type=int, default=DEFAULT_ADB_PORT)
    parser.add_argument("--any-port", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )

    stop_event = threading.Event()
    restart_event = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop_event.set())
    signal.signal(signal.SIGINT, lambda *_: stop_event.set())
    signal.signal(signal.SIGHUP, lambda *_: restart_event.set())

    farm = VirtualDeviceFarm(args.count, adb_port=args.adb_port, emulator_ports=not args.any_port)
    farm.start()

    def record() -> None:
        _write_state(
            DaemonState(
                pid=os.getpid(),
                adb_port=farm.adb_port,
                started_at=time.time(),
                log_file=str(state_dir() / "daemon.log"),
                devices=[
                    DeviceRecord(serial=m.serial, port=m.port, emulator_style=m.emulator_style)
                    for m in farm.members
                ],
            )
        )

    try:
        record()
        log.info("serving %s with adb server port %d", farm.serials, farm.adb_port)
        while not stop_event.wait(0.2):
            if restart_event.is_set():
                restart_event.clear()
                for i in range(len(farm.members)):
                    farm.restart(i)
                record()
    finally:
        farm.stop()
        with contextlib.suppress(FileNotFoundError, ValueError):
            if DaemonState.model_validate_json(state_file().read_text()).pid == os.getpid():
                state_file().unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
