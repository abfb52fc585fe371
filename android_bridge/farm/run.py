"""``droidgate farm``: start N daemons with M virtual devices each against one control plane.

Each daemon is a ``droidgate serve`` process of its own (its own port, state directory, devices
and private adb server), all with ``--control-plane`` on the same PostgreSQL and one audit key,
so the farm's audit verifies with one key. Without ``--control-plane`` a throw-away cluster is
started here and removed at the end (a farm to try things on; a real one points at its
PostgreSQL). ``farm.json`` in the farm's directory says where everything is: what
``droidgate suite android --farm`` reads. docs/farm.md describes the deployment on several hosts.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel

from android_bridge.daemon import DaemonInfo

FARM_FILE = "farm.json"
_READY_S = 120.0


class FarmInfo(BaseModel):
    """What ``droidgate farm`` started (``farm.json``)."""

    control_plane: str
    """The control plane's URL without its password."""
    audit_key_file: str
    daemons: list[DaemonInfo]
    pid: int
    policy: str = "default"
    """The policy every daemon serves (a bundle name or a file)."""
    policy_sha256: str | None = None
    """The policy file's digest (what ``suite android --farm`` checks its own against)."""
    upstreams: list[str] = []
    """The names of the upstream MCP servers every daemon gates (``--upstream NAME=…``)."""

    @classmethod
    def load(cls, path: Path) -> FarmInfo:
        target = path / FARM_FILE if path.is_dir() else path
        return cls.model_validate_json(target.read_text(encoding="utf-8"))


class FarmOptions(BaseModel):
    daemons: int = 2
    virtual: int = 1
    control_plane: str | None = None
    root: Path
    policy: str = "default"
    escalations: str = "deny"
    trace: bool = True
    devices: list[list[str]] | None = None
    """Devices already running (one list of serials per daemon, behind ``adb_port``) instead
    of ``virtual`` devices started by each daemon: the suite runner owns its devices."""
    adb_port: int | None = None
    upstreams: list[str] = []
    """``NAME=COMMAND|URL`` of the upstream MCP servers every daemon gates (each daemon starts
    its own stdio servers), as ``droidgate serve --upstream``."""


def _droidgate() -> str:
    here = Path(sys.executable).parent / "droidgate"
    return str(here) if here.exists() else "droidgate"


@contextlib.contextmanager
def control_plane(url: str | None) -> Iterator[str]:
    """``url``, or a throw-away local cluster's for the farm's lifetime."""
    if url is not None:
        yield url
        return
    from host_pep.control.cluster import LocalCluster

    with LocalCluster() as cluster:
        yield cluster.create_database("farm")


class _Daemon:
    def __init__(self, proc: subprocess.Popen[bytes], state: Path) -> None:
        self.proc = proc
        self.state = state
        self.info: DaemonInfo | None = None

    def stop(self, timeout: float = 30.0) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        return int(self.proc.returncode)


def _start(opts: FarmOptions, url: str, index: int, key: Path) -> _Daemon:
    state = opts.root / f"daemon-{index}"
    state.mkdir(parents=True, exist_ok=True)
    cmd = [
        _droidgate(), "serve", "--json", "--port", "0",
        "--state-dir", str(state), "--control-plane", url, "--audit-key-file", str(key),
        "--policy", opts.policy, "--escalations", opts.escalations,
    ]  # fmt: skip
    if opts.devices is not None:
        cmd += [arg for serial in opts.devices[index] for arg in ("--device", serial)]
        if opts.adb_port is not None:
            cmd += ["--adb-port", str(opts.adb_port)]
    else:
        cmd += ["--virtual", str(opts.virtual)]
    cmd += [arg for upstream in opts.upstreams for arg in ("--upstream", upstream)]
    if opts.trace:
        cmd += ["--trace-dir", str(state / "traces")]
    with (state / "daemon.log").open("ab") as log:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log)
    return _Daemon(proc, state)


def _ready(daemon: _Daemon, deadline: float) -> DaemonInfo:
    assert daemon.proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(daemon.proc.stdout, selectors.EVENT_READ)
    line = b""
    try:
        while time.monotonic() < deadline and not line.endswith(b"\n"):
            if daemon.proc.poll() is not None:
                break
            if sel.select(timeout=0.5):
                chunk = daemon.proc.stdout.readline()
                if not chunk:
                    break
                line += chunk
    finally:
        sel.close()
    if not line.endswith(b"\n"):
        tail = (daemon.state / "daemon.log").read_text(errors="replace")[-1500:]
        raise RuntimeError(f"daemon in {daemon.state} did not start:\n{tail}")
    return DaemonInfo.model_validate(json.loads(line))


@contextlib.contextmanager
def start_farm(opts: FarmOptions) -> Iterator[FarmInfo]:
    """Start the farm; yield where it is; stop every daemon (and a throw-away cluster) after."""
    from host_pep.audit.keys import AuditKey
    from host_pep.control.pg import migrate, redact

    opts.root.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = opts.root / "audit.key"
    AuditKey.load_or_create(key)
    with control_plane(opts.control_plane) as url:
        migrate(url)  # once, before the daemons race to do it
        daemons: list[_Daemon] = []
        try:
            # started together: their devices and adb servers come up in parallel
            daemons = [_start(opts, url, i, key) for i in range(opts.daemons)]
            deadline = time.monotonic() + _READY_S
            for d in daemons:
                d.info = _ready(d, deadline)
            policy_file = Path(opts.policy)
            info = FarmInfo(
                control_plane=redact(url),
                audit_key_file=str(key),
                daemons=[d.info for d in daemons if d.info is not None],
                pid=os.getpid(),
                policy=opts.policy,
                policy_sha256=file_digest(policy_file) if policy_file.is_file() else None,
                upstreams=[u.partition("=")[0] for u in opts.upstreams],
            )
            _write_private(opts.root / FARM_FILE, info.model_dump_json(indent=2))
            yield info
        finally:
            with contextlib.suppress(FileNotFoundError):
                (opts.root / FARM_FILE).unlink()
            stoppers = [threading.Thread(target=d.stop) for d in daemons]
            for t in stoppers:
                t.start()
            for t in stoppers:
                t.join()


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_private(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)


@contextlib.contextmanager
def stop_on_signal() -> Iterator[threading.Event]:
    """An event set by SIGINT or SIGTERM while the block runs (installed first, so a signal
    that arrives while the farm starts still stops it cleanly)."""
    stop = threading.Event()
    previous = {
        sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        yield stop
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
