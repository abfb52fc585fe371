"""PostgresAuditStore: an AuditStore on the farm's PostgreSQL, one hash chain per daemon.

Every daemon writes its own chain (``log_id``, its daemon id) into the shared tables
``audit_rows``/``audit_meta``/``audit_checkpoints`` (host_pep/control/migrations): one log for the
farm, verifiable together (``farm_logs`` lists the chains, ``droidgate audit verify
--control-plane`` checks each). A chain has one writer, its daemon, so the chains never contend;
the batch's transaction still takes an advisory lock on its log id, so two daemons started by
mistake with one id cannot interleave a chain.

Durability: the connection runs with ``synchronous_commit = on``, so COMMIT returns after the
WAL is flushed on the server: an acknowledged record survives PostgreSQL being killed (and the
machine losing power, as far as the server's disk keeps its word). Group commit is
``AuditLog``'s: the writer thread stores every record queued meanwhile in one transaction, one
round trip with psycopg's pipelined ``executemany``.

A connection that fails is dropped, and no new one is tried for ``retry_s`` (each append then
fails at once, instead of waiting for a connect timeout per decision while the server is away).
"""

from __future__ import annotations

import threading
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from host_pep.audit.signed import SignedCheckpoint
from host_pep.audit.store import GENESIS_HASH, Batch, Head, RowFilter, StoredRow, row_of, values_of
from host_pep.control.pg import connect
from host_pep.exceptions import AuditUnavailable, ControlPlaneUnavailable

if TYPE_CHECKING:
    import psycopg

_COLUMNS = "seq, ts, kind, session, agent, decision, stage, event_id, body, prev_hash, hash, mac"
_INSERT = (
    "INSERT INTO audit_rows(log_id, seq, ts, kind, session, agent, decision, stage, event_id, "
    "body, prev_hash, hash, mac) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)"
)
_SET_META = (
    "INSERT INTO audit_meta(log_id, key, value) VALUES (%s, %s, %s) "
    "ON CONFLICT (log_id, key) DO UPDATE SET value = excluded.value"
)
_CHECKPOINT_COLUMNS = "seq, hash, ts, key_id, signature"
DEFAULT_RETRY_S = 0.5


def log_lock(log_id: str) -> int:
    """The advisory lock of one chain (a stable 32-bit number from its id)."""
    return zlib.crc32(f"droidgate-audit:{log_id}".encode())


class PostgresAuditStore:
    durability = "database"
    """An acknowledged record is committed with synchronous_commit on the server."""
    readonly = False

    def __init__(self, url: str, log_id: str, *, retry_s: float = DEFAULT_RETRY_S) -> None:
        if not log_id:
            raise ValueError("a farm audit chain needs a log id (the daemon's id)")
        self.url = url
        self.log_id = log_id
        self.retry_s = retry_s
        self._lock = threading.RLock()
        self._conn: psycopg.Connection | None = None
        self._down_until = 0.0
        self._down_reason = ""
        self._closed = False

    # -- connection ----------------------------------------------------------------------------

    def _c(self) -> psycopg.Connection:
        if self._closed:
            raise AuditUnavailable("audit log is closed")
        if self._conn is not None and not self._conn.closed:
            return self._conn
        if time.monotonic() < self._down_until:
            raise AuditUnavailable(self._down_reason)
        try:
            self._conn = connect(
                self.url, autocommit=True, purpose=f"droidgate audit {self.log_id}"
            )
        except ControlPlaneUnavailable as exc:
            self._went_down(str(exc))
            raise AuditUnavailable(f"audit store: {exc}") from exc
        return self._conn

    def _went_down(self, reason: str) -> None:
        self._down_until = time.monotonic() + self.retry_s
        self._down_reason = f"audit store unreachable (retrying): {reason}"
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # closing a broken connection can fail; it is gone either way
                self._conn = None

    def _fail(self, what: str, exc: BaseException) -> AuditUnavailable:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        self._went_down(reason)
        return AuditUnavailable(f"audit store cannot {what} (farm log {self.log_id}): {reason}")

    @property
    def down(self) -> bool:
        """The last attempt failed and the next one is not due yet."""
        return self._conn is None and time.monotonic() < self._down_until

    # -- AuditStore ----------------------------------------------------------------------------

    def meta_get(self, key: str) -> str | None:
        import psycopg

        with self._lock:
            try:
                row = (
                    self._c()
                    .execute(
                        "SELECT value FROM audit_meta WHERE log_id = %s AND key = %s",
                        (self.log_id, key),
                    )
                    .fetchone()
                )
            except psycopg.Error as exc:
                raise self._fail("read", exc) from exc
        return None if row is None else str(row[0])

    def meta_setdefault(self, key: str, value: str) -> str:
        import psycopg

        with self._lock:
            try:
                conn = self._c()
                conn.execute(
                    "INSERT INTO audit_meta(log_id, key, value) VALUES (%s, %s, %s) "
                    "ON CONFLICT DO NOTHING",
                    (self.log_id, key, value),
                )
                row = conn.execute(
                    "SELECT value FROM audit_meta WHERE log_id = %s AND key = %s",
                    (self.log_id, key),
                ).fetchone()
            except psycopg.Error as exc:
                raise self._fail("write", exc) from exc
        assert row is not None
        return str(row[0])

    def append_batch(self, build: Callable[[int, str], Batch]) -> list[StoredRow]:
        """One transaction: lock the chain, read its head, insert the batch, move the head,
        store the checkpoint, COMMIT (acknowledged once the server flushed it)."""
        import psycopg

        with self._lock:
            conn = self._c()
            try:
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (log_lock(self.log_id),))
                    last = conn.execute(
                        "SELECT seq, hash FROM audit_rows WHERE log_id = %s "
                        "ORDER BY seq DESC LIMIT 1",
                        (self.log_id,),
                    ).fetchone()
                    seq, prev = (1, GENESIS_HASH) if last is None else (last[0] + 1, last[1])
                    rows, head_mac, checkpoint = build(seq, prev)
                    if rows:
                        with conn.cursor() as cur:
                            cur.executemany(_INSERT, [self._values(r) for r in rows])
                        head = Head(rows[-1].seq, rows[-1].hash, head_mac)
                        conn.execute(_SET_META, (self.log_id, "head", head.encode()))
                    if checkpoint is not None:
                        self._insert_checkpoint(conn, checkpoint)
            except psycopg.Error as exc:
                raise self._fail("write", exc) from exc
        return rows

    def _values(self, row: StoredRow) -> tuple[Any, ...]:
        return (self.log_id, *values_of(row))

    def _insert_checkpoint(self, conn: psycopg.Connection, cp: SignedCheckpoint) -> None:
        conn.execute(
            f"INSERT INTO audit_checkpoints(log_id, {_CHECKPOINT_COLUMNS}) "
            "VALUES (%s,%s,%s,%s,%s,%s) ON CONFLICT (log_id, seq) DO UPDATE SET "
            "hash = excluded.hash, ts = excluded.ts, key_id = excluded.key_id, "
            "signature = excluded.signature",
            (self.log_id, cp.seq, cp.hash, cp.ts, cp.key_id, cp.signature),
        )

    def copy_rows(
        self,
        rows: list[StoredRow],
        meta: dict[str, str],
        checkpoints: Sequence[SignedCheckpoint] = (),
    ) -> int:
        """In one transaction: store rows chained elsewhere exactly as they are (a daemon's local
        chain being forwarded), skipping rows already here (a forward repeated after a lost
        acknowledgement) but refusing one that differs; set ``meta``; store ``checkpoints``.
        Returns how many rows were new."""
        import psycopg

        with self._lock:
            conn = self._c()
            try:
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (log_lock(self.log_id),))
                    with conn.cursor() as cur:
                        cur.executemany(
                            _INSERT + " ON CONFLICT (log_id, seq) DO NOTHING",
                            [self._values(r) for r in rows],
                        )
                        new = cur.rowcount
                    if new != len(rows):
                        have: dict[int, str] = dict(
                            conn.execute(
                                "SELECT seq, hash FROM audit_rows WHERE log_id = %s "
                                "AND seq = ANY(%s)",
                                (self.log_id, [r.seq for r in rows]),
                            ).fetchall()
                        )
                        for row in rows:
                            if have.get(row.seq) != row.hash:
                                raise AuditUnavailable(
                                    f"farm log {self.log_id} holds another record {row.seq} "
                                    "than this daemon's chain (two daemons with one id?)"
                                )
                    for key, value in meta.items():
                        conn.execute(_SET_META, (self.log_id, key, value))
                    for cp in checkpoints:
                        self._insert_checkpoint(conn, cp)
            except psycopg.Error as exc:
                raise self._fail("write", exc) from exc
        return new

    def iter_rows(self) -> Iterator[StoredRow]:
        import psycopg

        after = -1
        while True:
            with self._lock:
                try:
                    batch = (
                        self._c()
                        .execute(
                            f"SELECT {_COLUMNS} FROM audit_rows WHERE log_id = %s AND seq > %s "
                            "ORDER BY seq LIMIT 1000",
                            (self.log_id, after),
                        )
                        .fetchall()
                    )
                except psycopg.Error as exc:
                    raise self._fail("read", exc) from exc
            if not batch:
                return
            for values in batch:
                yield row_of(values)
            after = batch[-1][0]

    def head(self) -> Head | None:
        value = self.meta_get("head")
        if value is None:
            return None
        return Head.decode(value) or Head(0, "", None)

    def checkpoints(self) -> list[SignedCheckpoint]:
        return self._select_checkpoints("ORDER BY seq")

    def last_checkpoint(self) -> SignedCheckpoint | None:
        found = self._select_checkpoints("ORDER BY seq DESC LIMIT 1")
        return found[0] if found else None

    def _select_checkpoints(self, tail: str) -> list[SignedCheckpoint]:
        import psycopg

        with self._lock:
            try:
                rows = (
                    self._c()
                    .execute(
                        f"SELECT {_CHECKPOINT_COLUMNS} FROM audit_checkpoints "
                        f"WHERE log_id = %s {tail}",
                        (self.log_id,),
                    )
                    .fetchall()
                )
            except psycopg.Error as exc:
                raise self._fail("read", exc) from exc
        found = [
            SignedCheckpoint(seq=s, hash=h, ts=t, key_id=k, signature=sig)
            for s, h, t, k, sig in rows
        ]
        return sorted(found, key=lambda c: c.seq)

    def store_checkpoint(
        self, sign: Callable[[Head], SignedCheckpoint | None]
    ) -> SignedCheckpoint | None:
        import psycopg

        with self._lock:
            conn = self._c()
            try:
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (log_lock(self.log_id),))
                    head = self.head()
                    checkpoint = sign(head) if head is not None else None
                    if checkpoint is not None:
                        self._insert_checkpoint(conn, checkpoint)
            except psycopg.Error as exc:
                raise self._fail("write", exc) from exc
        return checkpoint

    def set_macs(self, macs: list[tuple[int, str]], meta: dict[str, str]) -> None:
        import psycopg

        with self._lock:
            conn = self._c()
            try:
                with conn.transaction(), conn.cursor() as cur:
                    cur.executemany(
                        "UPDATE audit_rows SET mac = %s WHERE log_id = %s AND seq = %s",
                        [(m, self.log_id, q) for q, m in macs],
                    )
                    cur.executemany(_SET_META, [(self.log_id, k, v) for k, v in meta.items()])
            except psycopg.Error as exc:
                raise self._fail("write", exc) from exc

    def select(self, flt: RowFilter) -> list[StoredRow]:
        import psycopg

        where = ["log_id = %s"]
        params: list[Any] = [self.log_id]
        for column in ("session", "decision", "agent", "kind"):
            value = getattr(flt, column)
            if value is not None:
                where.append(f"{column} = %s")
                params.append(value)
        if flt.since is not None:
            where.append("ts >= %s")
            params.append(flt.since)
        if flt.until is not None:
            where.append("ts <= %s")
            params.append(flt.until)
        params.append(max(flt.limit, 0))
        sql = (
            f"SELECT {_COLUMNS} FROM audit_rows WHERE {' AND '.join(where)} "
            "ORDER BY seq DESC LIMIT %s"
        )
        with self._lock:
            try:
                rows = self._c().execute(sql, params).fetchall()
            except psycopg.Error as exc:
                raise self._fail("read", exc) from exc
        return [row_of(v) for v in reversed(rows)]

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._conn is not None:
                try:
                    self._conn.close()
                finally:
                    self._conn = None


def farm_logs(url: str) -> list[str]:
    """The ids of every chain in the farm's audit (one per daemon, and their forwarded spools)."""
    conn = connect(url, autocommit=True, purpose="droidgate audit")
    try:
        rows = conn.execute(
            "SELECT DISTINCT log_id FROM audit_meta UNION SELECT DISTINCT log_id FROM audit_rows "
            "ORDER BY 1"
        ).fetchall()
    finally:
        conn.close()
    return [str(r[0]) for r in rows]
