"""The farm's registry: which daemon serves which device and session, and what each device
showed (its provenance memory), kept in the shared control plane.

* ``FarmRegistry``: daemons (id, host, URL, last seen), devices (``host/serial``: real
  emulators on two hosts are both ``emulator-5554``) and sessions (which daemon, which device).
  A session id is unique in the farm, so an operator's tools can find the daemon that serves it.
* ``ProvenanceJournal``: what a device showed outlives the sessions that drove it (the trust
  boundary), and with a farm it also outlives its daemon: every observation recorded into a
  device's scope is appended to ``device_memory``, and a daemon that starts serving the device
  restores its memory from there. Lookups stay in process: the journal is written behind the
  decision by a thread (a batch per tick) and read only at start; ``forget`` (the operator's
  "this device was reset") is synchronous and drops what is still queued.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import orjson
from pydantic import BaseModel

from host_pep.control.pg import PgConnection
from host_pep.exceptions import ControlPlaneError, ControlPlaneUnavailable
from host_pep.observations import Instruction, Observation
from host_pep.observe import Observed

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)
DEVICE_SCOPE = "device:"  # host_pep.pep's prefix of a device's provenance memory
FLUSH_EVERY_S = 0.05
MAX_UNSENT = 50_000


class DaemonEntry(BaseModel):
    id: str
    host: str
    url: str
    pid: int | None
    started: float
    seen: float
    stopped: float | None


class SessionEntry(BaseModel):
    session: str
    daemon: str
    device: str
    created: float
    ended: float | None


class FarmRegistry:
    def __init__(self, url: str, daemon: str, host: str) -> None:
        self.daemon = daemon
        self.host = host
        self._db = PgConnection(url, "droidgate registry")

    def device_key(self, serial: str) -> str:
        return f"{self.host}/{serial}"

    def register_daemon(self, url: str, pid: int | None) -> None:
        now = time.time()
        self._db.run(
            "INSERT INTO farm_daemons(id, host, url, pid, started, seen) "
            "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO UPDATE SET host = excluded.host, "
            "url = excluded.url, pid = excluded.pid, started = excluded.started, "
            "seen = excluded.seen, stopped = NULL",
            (self.daemon, self.host, url, pid, now, now),
        )

    def claim_devices(self, serials: list[str]) -> None:
        now = time.time()
        for serial in serials:
            self._db.run(
                "INSERT INTO farm_devices(device, host, serial, daemon, seen) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (device) DO UPDATE SET "
                "daemon = excluded.daemon, seen = excluded.seen",
                (self.device_key(serial), self.host, serial, self.daemon, now),
            )

    def daemon_stopped(self) -> None:
        self._db.run(
            "UPDATE farm_daemons SET stopped = %s WHERE id = %s", (time.time(), self.daemon)
        )
        self._db.run("UPDATE farm_sessions SET ended = %s WHERE daemon = %s AND ended IS NULL",
                     (time.time(), self.daemon))  # fmt: skip

    def session_opened(self, session: str, serial: str) -> None:
        """Record the session as this daemon's; ControlPlaneError if the id is taken."""
        rows = self._db.run(
            "INSERT INTO farm_sessions(session, daemon, device, created) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (session) DO NOTHING RETURNING session",
            (session, self.daemon, self.device_key(serial), time.time()),
        )
        if not rows:
            raise ControlPlaneError(f"session {session!r} already exists in the farm")

    def session_ended(self, session: str) -> None:
        self._db.run(
            "UPDATE farm_sessions SET ended = %s WHERE session = %s AND daemon = %s",
            (time.time(), session, self.daemon),
        )

    def daemons(self) -> list[DaemonEntry]:
        rows = self._db.run(
            "SELECT id, host, url, pid, started, seen, stopped FROM farm_daemons ORDER BY started"
        )
        keys = ("id", "host", "url", "pid", "started", "seen", "stopped")
        return [DaemonEntry.model_validate(dict(zip(keys, r, strict=True))) for r in rows]

    def sessions(self, *, open_only: bool = True) -> list[SessionEntry]:
        where = " WHERE ended IS NULL" if open_only else ""
        rows = self._db.run(
            f"SELECT session, daemon, device, created, ended FROM farm_sessions{where} "
            "ORDER BY created"
        )
        keys = ("session", "daemon", "device", "created", "ended")
        return [SessionEntry.model_validate(dict(zip(keys, r, strict=True))) for r in rows]

    def close(self) -> None:
        with self._db.lock:
            self._db.drop()


# -- provenance memory ---------------------------------------------------------------------------


def _set_fields(cls: type) -> frozenset[str]:
    """The fields of an observation class that hold sets (by their annotation, so a set field
    added later is restored as a set without a list here to keep in step)."""
    return frozenset(
        f.name for f in dataclasses.fields(cls) if str(f.type).startswith(("frozenset", "set"))
    )


_SETS = {Observation: _set_fields(Observation), Instruction: _set_fields(Instruction)}


def _encode(item: Observation | Instruction) -> dict[str, Any]:
    out: dict[str, Any] = {"t": "o" if isinstance(item, Observation) else "i"}
    for f in dataclasses.fields(item):
        value = getattr(item, f.name)
        out[f.name] = sorted(value) if isinstance(value, frozenset) else value
    return out


def _decode(data: dict[str, Any]) -> Observation | Instruction:
    kind = data.pop("t")
    cls: type[Observation] | type[Instruction] = Observation if kind == "o" else Instruction
    names = {f.name for f in dataclasses.fields(cls)}
    # a field a newer version added is ignored, not fatal
    args: dict[str, Any] = {
        k: (frozenset(v) if k in _SETS[cls] else v) for k, v in data.items() if k in names
    }
    return cls(**args)


def encode_observed(observed: Observed) -> bytes:
    items: list[Observation | Instruction] = [*observed.values, *observed.instructions]
    return orjson.dumps([_encode(o) for o in items])


def decode_observed(body: str | bytes, into: Observed) -> None:
    for item in orjson.loads(body):
        decoded = _decode(item)
        if isinstance(decoded, Observation):
            into.values.append(decoded)
        else:
            into.instructions.append(decoded)


class ProvenanceJournal:
    """Write-behind journal of device-scoped observations (see the module docstring)."""

    def __init__(self, url: str, host: str) -> None:
        self.host = host
        self._db = PgConnection(url, "droidgate provenance")
        self._queue: deque[tuple[str, Observed, float]] = deque()
        self._unsent: list[tuple[str, float, str]] = []
        self._wake = threading.Event()
        self._closing = False
        self.dropped = 0
        """Batches lost because the database was away too long (their devices' memory is then
        partial after a restart; the running daemon itself still holds them)."""
        self._thread = threading.Thread(target=self._run, name="provenance journal", daemon=True)
        self._thread.start()

    def _device(self, scope: str) -> str:
        return f"{self.host}/{scope.removeprefix(DEVICE_SCOPE)}"

    def record(self, scope: str, observed: Observed) -> None:
        """Queue a device's new observations (the caller's thread only appends a reference)."""
        if scope.startswith(DEVICE_SCOPE) and observed:
            self._queue.append((scope, observed, time.time()))

    def forget(self, scope: str) -> None:
        self.flush()
        device = self._device(scope)
        with self._db.lock:
            self._unsent = [u for u in self._unsent if u[0] != device]
        self._db.run("DELETE FROM device_memory WHERE device = %s", (device,))

    def restore(self, scope: str) -> Observed:
        out = Observed()
        for (body,) in self._db.run(
            "SELECT body FROM device_memory WHERE device = %s ORDER BY id", (self._device(scope),)
        ):
            decode_observed(body, out)
        return out

    def flush(self) -> None:
        import psycopg

        with self._db.lock:
            batch, self._unsent = self._unsent, []
            while self._queue:
                scope, observed, ts = self._queue.popleft()
                batch.append((self._device(scope), ts, encode_observed(observed).decode()))
            if not batch:
                return
            try:
                with self._db.get().cursor() as cur:
                    cur.executemany(
                        "INSERT INTO device_memory(device, ts, body) VALUES (%s, %s, %s)", batch
                    )
            except (psycopg.Error, ControlPlaneUnavailable) as exc:
                self._db.drop()
                keep = batch[-MAX_UNSENT:]  # kept for the next flush (oldest dropped past that)
                self.dropped += len(batch) - len(keep)
                self._unsent = keep
                log.debug(
                    "provenance journal: %d batch(es) wait for the database: %s", len(keep), exc
                )

    def _run(self) -> None:
        while not self._closing:
            self._wake.wait(FLUSH_EVERY_S)
            self.flush()

    def close(self) -> None:
        self._closing = True
        self._wake.set()
        self._thread.join(timeout=5.0)
        self.flush()
        with self._db.lock:
            self._db.drop()
