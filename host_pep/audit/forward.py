"""ForwardedAuditStore: a farm daemon's audit, written locally and forwarded to the farm's log.

The daemon's chain is its own SQLite log (``SQLiteAuditStore``: group commit, the same
durability and the same acknowledgement as a daemon without a farm: an acknowledged record
survives ``kill -9`` of the daemon, and with ``durability="power"`` an OS crash). A thread
forwards every committed row, the head (with its MAC) and the signed checkpoints, byte for
byte, into the farm's PostgreSQL (``PostgresAuditStore``, the chain ``log_id``), usually within
milliseconds of the commit. So the farm's audit is one log of per-daemon chains that ``droidgate
audit verify --control-plane`` checks together, and:

* the decision path never waits for the database: with PostgreSQL as control plane a
  decision costs what it costs with SQLite (``droidgate bench farm`` measures the p99);
* while the database is away nothing is lost or refused: records stay in the local chain
  and are forwarded when it returns (decisions that *need* the database, an escalation, a
  rule change, fail closed on their own; rules fail closed after their staleness bound);
* a killed PostgreSQL or a killed daemon loses no acknowledged record: the local chain holds
  it, and a restarted daemon forwards what it had not forwarded yet.

``lag`` says how far the farm's copy is behind (records); ``close`` forwards what is left.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator

from host_pep.audit.pg_store import PostgresAuditStore
from host_pep.audit.signed import SignedCheckpoint
from host_pep.audit.sqlite_store import SQLiteAuditStore
from host_pep.audit.store import Batch, Head, RowFilter, StoredRow
from host_pep.exceptions import AuditUnavailable

log = logging.getLogger(__name__)
_COPIED_META = ("key_id", "hmac_salt")
IDLE_WAKE_S = 0.25
RETRY_S = 0.5
BATCH_ROWS = 5000


class ForwardedAuditStore:
    def __init__(self, local: SQLiteAuditStore, farm: PostgresAuditStore) -> None:
        self.local = local
        self.farm = farm
        self.durability = local.durability
        self.readonly = False
        self._wake = threading.Event()
        self._closing = False
        self._forward_lock = threading.Lock()
        self.forwarded = -1
        """Seq of the last row the farm's log holds (-1: not known yet)."""
        self.last_error: str | None = None
        self._thread = threading.Thread(target=self._run, name="audit forwarder", daemon=True)
        self._thread.start()

    # -- the local chain answers everything ----------------------------------------------------

    def meta_get(self, key: str) -> str | None:
        return self.local.meta_get(key)

    def meta_setdefault(self, key: str, value: str) -> str:
        return self.local.meta_setdefault(key, value)

    def append_batch(self, build: Callable[[int, str], Batch]) -> list[StoredRow]:
        rows = self.local.append_batch(build)
        self._wake.set()
        return rows

    def try_append_batch(self, build: Callable[[int, str], Batch]) -> list[StoredRow] | None:
        rows = self.local.try_append_batch(build)
        if rows is not None:
            self._wake.set()
        return rows

    def iter_rows(self) -> Iterator[StoredRow]:
        return self.local.iter_rows()

    def head(self) -> Head | None:
        return self.local.head()

    def checkpoints(self) -> list[SignedCheckpoint]:
        return self.local.checkpoints()

    def last_checkpoint(self) -> SignedCheckpoint | None:
        return self.local.last_checkpoint()

    def store_checkpoint(
        self, sign: Callable[[Head], SignedCheckpoint | None]
    ) -> SignedCheckpoint | None:
        checkpoint = self.local.store_checkpoint(sign)
        self._wake.set()
        return checkpoint

    def set_macs(self, macs: list[tuple[int, str]], meta: dict[str, str]) -> None:
        self.local.set_macs(macs, meta)

    def select(self, flt: RowFilter) -> list[StoredRow]:
        return self.local.select(flt)

    # -- forwarding ----------------------------------------------------------------------------

    def lag(self) -> int:
        """Records committed here that the farm's log does not hold yet (-1: unknown)."""
        head = self.local.head()
        if self.forwarded < 0:
            return -1
        return (head.seq if head is not None else 0) - self.forwarded

    def forward(self) -> int:
        """Copy what the farm's log lacks (up to the local head as it is now); rows copied.
        Raises AuditUnavailable when the database cannot be reached."""
        with self._forward_lock:
            if self.forwarded < 0:
                there = self.farm.head()
                self.forwarded = there.seq if there is not None else 0
            head = self.local.head()
            if head is None or head.seq <= self.forwarded:
                return 0
            copied = 0
            while self.forwarded < head.seq:
                rows = [
                    r
                    for r in self.local.rows_after(self.forwarded, BATCH_ROWS)
                    if r.seq <= head.seq
                ]
                if not rows:
                    break
                last = rows[-1].seq == head.seq
                meta = {k: v for k in _COPIED_META if (v := self.local.meta_get(k)) is not None}
                checkpoints: list[SignedCheckpoint] = []
                if last:
                    meta["head"] = head.encode()
                    checkpoints = [c for c in self.local.checkpoints() if c.seq <= head.seq]
                copied += self.farm.copy_rows(rows, meta, checkpoints)
                self.forwarded = rows[-1].seq
            return copied

    def _run(self) -> None:
        while not self._closing:
            self._wake.wait(IDLE_WAKE_S)
            self._wake.clear()
            if self._closing:
                return
            try:
                self.forward()
                self.last_error = None
            except AuditUnavailable as exc:
                if self.last_error is None:
                    log.warning("audit not forwarded to the farm yet (kept here): %s", exc)
                self.last_error = str(exc)
                self._wake.clear()
                threading.Event().wait(RETRY_S)

    def close(self) -> None:
        self._closing = True
        self._wake.set()
        self._thread.join(timeout=10.0)
        try:
            self.forward()
        except AuditUnavailable as exc:
            log.warning("audit records stay in the local chain until the next start: %s", exc)
        self.farm.close()
        self.local.close()
