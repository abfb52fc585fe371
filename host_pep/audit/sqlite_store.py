"""SQLiteAuditStore: the default AuditStore (one file, WAL).

Durability (``durability=``, see ``docs/audit.md``): SQLite in WAL mode writes every committed
transaction into the WAL file before COMMIT returns; ``synchronous`` only decides whether it also
waits for an fsync of it.

* ``"process"`` (default, ``synchronous=NORMAL``): no fsync per commit. A committed row is in the
  OS page cache, so it survives the daemon being killed (``kill -9``, a crash, an OOM kill):
  the kernel still writes those pages. An OS crash or power loss can lose the last transactions
  (never corrupt the file or the chain: the WAL is replayed up to the last complete commit).
* ``"power"`` (``synchronous=FULL``): every COMMIT waits for the WAL fsync (4-8 ms on ordinary
  disks), so an acknowledged row also survives power loss. Group commit (``AuditLog``) pays that
  fsync once per batch, not once per record.

Checkpoints (copying the WAL into the database file) run on a thread of their own
(``Checkpointer``), not inside a commit; ``checkpoint_interval=None`` leaves them to SQLite.

Concurrency: one connection guarded by a lock (the daemon appends from several threads and
tasks); ``BEGIN IMMEDIATE`` plus SQLite's file lock serialize appends from other processes on
the same file, so the chain stays linear. A lock held longer than ``lock_timeout`` is reported
as ``AuditUnavailable`` instead of stalling the enforcement path. ``try_append_batch`` never
waits at all (for an event loop that commits on itself: it hands the batch to a thread instead).

Indexes: ``audit query`` reads the newest matching rows (``ORDER BY seq DESC LIMIT n``), so a
value that is common or recent is found by walking back from the newest row; only a rare one
needs an index. Sessions and agents are rare values, each with an index; decisions and times are
not: an index on ``decision`` or ``ts`` made such queries no faster (a deny or a recent time is
found near the end; SQLite even chose the ``decision`` index for a session's denies, 50 ms
against 0.3 on 300,000 rows) and cost every commit a B-tree page more (~4 us of CPU each).
Logs written with those two indexes lose them when next opened for writing.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal, get_args

from host_pep.audit.checkpoint import DEFAULT_CAP_FRAMES, DEFAULT_INTERVAL_S, Checkpointer
from host_pep.audit.signed import SignedCheckpoint
from host_pep.audit.store import GENESIS_HASH, Batch, Head, RowFilter, StoredRow, row_of
from host_pep.exceptions import AuditUnavailable

_SCHEMA = """
CREATE TABLE IF NOT EXISTS audit (
    seq INTEGER PRIMARY KEY,
    ts REAL NOT NULL,
    kind TEXT NOT NULL,
    session TEXT NOT NULL,
    agent TEXT NOT NULL,
    decision TEXT,
    stage TEXT,
    event_id TEXT NOT NULL,
    body TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    mac TEXT
);
CREATE INDEX IF NOT EXISTS audit_session ON audit(session, seq);
CREATE INDEX IF NOT EXISTS audit_agent ON audit(agent, seq);
DROP INDEX IF EXISTS audit_decision;
DROP INDEX IF EXISTS audit_ts;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS checkpoints (
    seq INTEGER PRIMARY KEY,
    hash TEXT NOT NULL,
    ts REAL NOT NULL,
    key_id TEXT NOT NULL,
    signature TEXT NOT NULL
);
"""
_COLUMNS = "seq, ts, kind, session, agent, decision, stage, event_id, body, prev_hash, hash, mac"
_INSERT = f"INSERT INTO audit({_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
_CHECKPOINT_COLUMNS = "seq, hash, ts, key_id, signature"
# An upsert changes the head's row in place; INSERT OR REPLACE deleted and re-inserted it,
# which also rewrote its key's index page: a WAL frame more per commit (~5 us of CPU).
_SET_HEAD = (
    "INSERT INTO meta(key, value) VALUES ('head', ?) "
    "ON CONFLICT(key) DO UPDATE SET value = excluded.value"
)
_LAST = "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1"

Durability = Literal["process", "power"]
"""What an acknowledged append survives: the process dying, or also the machine losing power."""
SYNCHRONOUS: dict[str, str] = {"process": "NORMAL", "power": "FULL"}


def check_durability(value: str) -> Durability:
    if value not in SYNCHRONOUS:
        raise ValueError(
            f"unknown audit durability {value!r}; use one of {', '.join(get_args(Durability))}"
        )
    return value  # type: ignore[return-value]


def _checkpoint(values: Any) -> SignedCheckpoint:
    seq, hash_, ts, key_id, signature = values
    return SignedCheckpoint(seq=seq, hash=hash_, ts=ts, key_id=key_id, signature=signature)


class SQLiteAuditStore:
    def __init__(
        self,
        path: str | Path | None,
        *,
        readonly: bool = False,
        lock_timeout: float = 2.0,
        durability: Durability = "process",
        checkpoint_interval: float | None = DEFAULT_INTERVAL_S,
        wal_cap_frames: int = DEFAULT_CAP_FRAMES,
    ) -> None:
        self.path = None if path is None else Path(path)
        self.readonly = readonly
        self.durability = check_durability(durability)
        self._lock = threading.RLock()
        self._busy_ms = int(lock_timeout * 1000)
        self._waits = True  # the connection's busy_timeout is _busy_ms (else 0)
        self._checkpointer: Checkpointer | None = None
        if self.path is not None and not readonly and checkpoint_interval is not None:
            self._checkpointer = Checkpointer(
                self.path,
                synchronous=SYNCHRONOUS[self.durability],
                lock_timeout=lock_timeout,
                interval=checkpoint_interval,
                cap_frames=wal_cap_frames,
                writer_lock=self._lock,
            )
        self._conn: sqlite3.Connection | None = None
        # The last row's (seq, hash) as this store committed it, kept only for an in-memory
        # database: no other connection can write it, so the head need not be read back in
        # every transaction (a SELECT per decision). A file may be appended to by another
        # process, so a file store always reads the head under its write lock.
        self._last: tuple[int, str] | None = None
        self._row_columns: str | None = None
        self._broken: str | None = None
        try:
            self._conn = self._connect(lock_timeout)
        except (sqlite3.Error, OSError) as exc:
            # Do not raise here: the PEP must still answer (deny) and say why on every append.
            self._broken = f"cannot open audit store {self.path}: {exc}"

    def _connect(self, lock_timeout: float) -> sqlite3.Connection:
        if self.path is None:
            target, uri = ":memory:", False
        elif self.readonly:
            target, uri = f"{self.path.resolve().as_uri()}?mode=ro", True
        else:
            target, uri = str(self.path), False
        conn = sqlite3.connect(
            target,
            uri=uri,
            timeout=lock_timeout,
            check_same_thread=False,  # guarded by self._lock
            isolation_level=None,  # explicit transactions only
        )
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(lock_timeout * 1000)}")
            if not self.readonly:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS[self.durability]}")
                if self._checkpointer is not None:
                    conn.execute("PRAGMA wal_autocheckpoint = 0")  # the Checkpointer's job
                conn.executescript(_SCHEMA)
                if "mac" not in _columns(conn, "audit"):  # a log from before keyed audit
                    conn.execute("ALTER TABLE audit ADD COLUMN mac TEXT")
            else:
                conn.execute("SELECT count(*) FROM audit").fetchone()
        except BaseException:
            conn.close()
            raise
        return conn

    # -- helpers ----------------------------------------------------------------------------

    def _c(self) -> sqlite3.Connection:
        if self._broken is not None:
            raise AuditUnavailable(self._broken)
        if self._conn is None:
            raise AuditUnavailable("audit log is closed")
        return self._conn

    def _fail(self, what: str, exc: BaseException) -> AuditUnavailable:
        return AuditUnavailable(f"audit store cannot {what} ({self.path or ':memory:'}): {exc}")

    # -- AuditStore -------------------------------------------------------------------------

    def meta_get(self, key: str) -> str | None:
        with self._lock:
            try:
                conn = self._waiting()
                row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            except sqlite3.Error as exc:
                raise self._fail("read", exc) from exc
        return None if row is None else str(row[0])

    def meta_setdefault(self, key: str, value: str) -> str:
        with self._transaction() as conn:
            conn.execute("INSERT OR IGNORE INTO meta(key, value) VALUES (?, ?)", (key, value))
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0])

    def _waiting(self) -> sqlite3.Connection:
        """The connection, set to wait for locks as long as ``lock_timeout`` (for reads too:
        a reader can meet a lock while another connection recovers the WAL)."""
        conn = self._c()
        self._wait_for_locks(conn, True)
        return conn

    def _wait_for_locks(self, conn: sqlite3.Connection, wait: bool) -> None:
        """Set how long SQLite waits for another connection's lock (only when it changes)."""
        if wait != self._waits:
            conn.execute(f"PRAGMA busy_timeout = {self._busy_ms if wait else 0}")
            self._waits = wait

    def try_append_batch(self, build: Callable[[int, str], Batch]) -> list[StoredRow] | None:
        """``append_batch`` if it can start now; None (nothing written) if this store's lock or
        the database's write lock is held by someone else. Never waits for either."""
        if not self._lock.acquire(blocking=False):
            return None
        try:
            return self._append(build, wait=False)
        finally:
            self._lock.release()

    def append_batch(self, build: Callable[[int, str], Batch]) -> list[StoredRow]:
        """One transaction for a whole batch: read the head, insert every row ``build`` chains
        onto it, move the head, COMMIT (one WAL write; one fsync under ``"power"``)."""
        rows = self._append(build, wait=True)  # takes self._lock (once: not here as well)
        assert rows is not None  # only a transaction that may not wait gives up
        return rows

    def _append(self, build: Callable[[int, str], Batch], *, wait: bool) -> list[StoredRow] | None:
        with self._lock:
            conn = self._c()
            if self.readonly:
                raise AuditUnavailable(f"audit store {self.path} is open read-only")
            try:
                self._wait_for_locks(conn, wait)
                # one cursor for the whole transaction (conn.execute makes one per call)
                cur = conn.cursor()
                try:
                    cur.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError as exc:
                    if not wait and _is_busy(exc):
                        return None
                    raise
                try:
                    last = self._last
                    if last is None:
                        last = cur.execute(_LAST).fetchone()
                    seq, prev = (1, GENESIS_HASH) if last is None else (last[0] + 1, last[1])
                    rows, head_mac, checkpoint = build(seq, prev)
                    if len(rows) == 1:  # the usual batch when decisions come one at a time
                        cur.execute(_INSERT, rows[0])  # a row is its tuple of column values
                    elif rows:
                        cur.executemany(_INSERT, rows)
                    if rows:
                        head = Head(rows[-1].seq, rows[-1].hash, head_mac)
                        cur.execute(_SET_HEAD, (head.encode(),))
                    if checkpoint is not None:
                        _insert_checkpoint(conn, checkpoint)
                    cur.execute("COMMIT")  # the acknowledgement point (see the docstring)
                except BaseException:
                    self._last = None  # whatever happened, read the head again next time
                    _rollback(conn)
                    raise
            except (sqlite3.Error, OSError) as exc:
                raise self._fail("write", exc) from exc
            if self.path is None and rows:
                self._last = (rows[-1].seq, rows[-1].hash)
            self._committed(conn, len(rows))
        return rows

    def _committed(self, conn: sqlite3.Connection, records: int) -> None:
        ckpt = self._checkpointer
        if ckpt is None:
            return
        if ckpt.failed is None:
            ckpt.committed(records)  # under self._lock, the checkpointer's writer_lock
            return
        # the thread could not work: SQLite checkpoints inside commits again, as by default
        self._checkpointer = None
        with contextlib.suppress(sqlite3.Error):
            conn.execute("PRAGMA wal_autocheckpoint = 1000")

    def _select_columns(self, conn: sqlite3.Connection) -> str:
        """The row columns to select; a read-only log from before keyed audit has no ``mac``."""
        if self._row_columns is None:
            have = _columns(conn, "audit")
            self._row_columns = _COLUMNS if "mac" in have else _COLUMNS.replace(", mac", ", NULL")
        return self._row_columns

    def iter_rows(self) -> Iterator[StoredRow]:
        # Page through by seq so a long verify does not hold the lock (or a read txn) throughout.
        after = -1
        while True:
            batch = self.rows_after(after, 1000)
            if not batch:
                return
            yield from batch
            after = batch[-1].seq

    def rows_after(self, after: int, limit: int) -> list[StoredRow]:
        """Up to ``limit`` rows with ``seq > after``, in seq order."""
        with self._lock:
            try:
                conn = self._waiting()
                columns = self._select_columns(conn)
                batch = conn.execute(
                    f"SELECT {columns} FROM audit WHERE seq > ? ORDER BY seq LIMIT ?",
                    (after, limit),
                ).fetchall()
            except sqlite3.Error as exc:
                raise self._fail("read", exc) from exc
        return [row_of(values) for values in batch]

    def head(self) -> Head | None:
        with self._lock:
            try:
                rows = dict(
                    self._waiting()
                    .execute(
                        "SELECT key, value FROM meta WHERE key IN ('head', 'head_seq', 'head_hash')"
                    )
                    .fetchall()
                )
            except sqlite3.Error as exc:
                raise self._fail("read", exc) from exc
        if "head" in rows:
            return Head.decode(str(rows["head"])) or Head(0, "", None)  # garbled: a bad head
        # a log written before the head was one row
        seq, hash_ = rows.get("head_seq"), rows.get("head_hash")
        if seq is None or hash_ is None:
            return None
        return Head(int(seq), str(hash_), None)

    def checkpoints(self) -> list[SignedCheckpoint]:
        return self._select_checkpoints("")

    def last_checkpoint(self) -> SignedCheckpoint | None:
        found = self._select_checkpoints(" ORDER BY seq DESC LIMIT 1")
        return found[0] if found else None

    def _select_checkpoints(self, tail: str) -> list[SignedCheckpoint]:
        with self._lock:
            try:
                conn = self._waiting()
                if "checkpoints" not in _tables(conn):  # a read-only log from before them
                    return []
                rows = conn.execute(
                    f"SELECT {_CHECKPOINT_COLUMNS} FROM checkpoints{tail or ' ORDER BY seq'}"
                ).fetchall()
            except sqlite3.Error as exc:
                raise self._fail("read", exc) from exc
        return sorted((_checkpoint(r) for r in rows), key=lambda c: c.seq)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (``BEGIN IMMEDIATE``) outside the append path: committed if the
        block ends normally, rolled back if it raises; SQLite errors as ``AuditUnavailable``."""
        with self._lock:
            conn = self._c()
            if self.readonly:
                raise AuditUnavailable(f"audit store {self.path} is open read-only")
            try:
                self._wait_for_locks(conn, True)
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                    conn.execute("COMMIT")
                except BaseException:
                    _rollback(conn)
                    raise
            except (sqlite3.Error, OSError) as exc:
                raise self._fail("write", exc) from exc

    def store_checkpoint(
        self, sign: Callable[[Head], SignedCheckpoint | None]
    ) -> SignedCheckpoint | None:
        """Sign the head as it is now (under the write lock, so no append slips in between)."""
        with self._transaction() as conn:
            head = self.head()
            checkpoint = sign(head) if head is not None else None
            if checkpoint is not None:
                _insert_checkpoint(conn, checkpoint)
        return checkpoint

    def set_macs(self, macs: list[tuple[int, str]], meta: dict[str, str]) -> None:
        """In one transaction: set the MAC of each (seq, mac) and the ``meta`` entries (a log
        written without a key, adopted by one)."""
        with self._transaction() as conn:
            conn.executemany("UPDATE audit SET mac = ? WHERE seq = ?", [(m, q) for q, m in macs])
            conn.executemany(
                "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", list(meta.items())
            )

    def select(self, flt: RowFilter) -> list[StoredRow]:
        where: list[str] = []
        params: list[Any] = []
        for column in ("session", "decision", "agent", "kind"):
            value = getattr(flt, column)
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if flt.since is not None:
            where.append("ts >= ?")
            params.append(flt.since)
        if flt.until is not None:
            where.append("ts <= ?")
            params.append(flt.until)
        sql = "SELECT {columns} FROM audit"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY seq DESC LIMIT ?"
        params.append(max(flt.limit, 0))
        with self._lock:
            try:
                conn = self._waiting()
                sql = sql.format(columns=self._select_columns(conn))
                rows = conn.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise self._fail("read", exc) from exc
        return [row_of(v) for v in reversed(rows)]

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.close()  # the last connection's close checkpoints the rest
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})").fetchall()}


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _insert_checkpoint(conn: sqlite3.Connection, cp: SignedCheckpoint) -> None:
    conn.execute(
        f"INSERT OR REPLACE INTO checkpoints({_CHECKPOINT_COLUMNS}) VALUES (?,?,?,?,?)",
        (cp.seq, cp.hash, cp.ts, cp.key_id, cp.signature),
    )


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return bool(code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED))
    return "locked" in str(exc) or "busy" in str(exc)


def _rollback(conn: sqlite3.Connection) -> None:
    # no transaction active, or the connection is gone: nothing left to undo
    with contextlib.suppress(sqlite3.Error):
        conn.execute("ROLLBACK")
