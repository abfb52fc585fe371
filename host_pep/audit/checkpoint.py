"""Checkpointer: moves committed WAL frames into the database file off the commit path.

By default SQLite checkpoints inside the COMMIT that pushes the WAL past 1,000 pages: that
commit then copies ~4 MB and fsyncs the WAL and the database file, which stalled one group of
audit appends (and every decision waiting on it) for 7-20 ms several times a second under load.
``SQLiteAuditStore`` turns that off on its writing connection and runs this instead: a thread
with its own connection that, every ``interval`` seconds in which at least ``min_records``
records were committed since its last checkpoint, runs a PASSIVE checkpoint (it copies what it
can and never waits for the writer, nor the writer for it).

Why not after every commit: a checkpoint costs two fsyncs and its copy whatever it copies, and
the TRUNCATE that followed a pause reset the WAL under the writer, whose connection then threw
its page cache away and read its pages again at the next commit. With requests a few a second
(an agent waits for its model between actions) that was a checkpoint and a reset per decision:
2.3 ms of the process's CPU per decision at 4 decisions/s, against 1.3 ms without them. So a
few records wait in the WAL (where SQLite reads them, as it reads every committed frame until it
is copied) until ``min_records`` of them make a checkpoint worth its fsyncs, or until writing
has paused for ``idle_rounds`` intervals.

A checkpoint under continuous writing never catches the WAL's very end (new frames arrive while
it copies), and only a fully checkpointed WAL starts over from its beginning, so once the WAL
holds ``cap_frames`` pages the thread runs a RESTART checkpoint while holding the store's write
lock (``writer_lock``): the writer waits on that mutex for the ~2 ms the checkpoint takes to
copy the frames since the last PASSIVE one, and the next commit writes the WAL from its start.
Why under our own lock: a RESTART contending with the writer inside SQLite made the writer's
busy handler sleep in steps of 1, 2, 5, 10, 15, 20 ms, and those 35-55 ms stalls every few
seconds were the bridge API's p99. The RESTART uses no busy timeout (a reader of another process
on an old snapshot makes it give up until the next round, instead of holding the writer).

After ``idle_rounds`` intervals without commits a TRUNCATE copies what is left and empties the
WAL file, and the thread ends (it starts again with the next commit), so a log nobody closes
does not keep a thread (and a connection) forever.

Durability does not depend on this thread: committed frames are in the WAL either way (SQLite
reads them from there), and closing the last connection checkpoints what is left. If the thread
cannot work at all, ``failed`` says why and the store returns to SQLite's own checkpoints.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from pathlib import Path

DEFAULT_INTERVAL_S = 0.2
DEFAULT_CAP_FRAMES = 16_384  # 64 MiB of 4 KiB pages
DEFAULT_IDLE_ROUNDS = 50
DEFAULT_MIN_RECORDS = 200  # one at a time ~1,000 WAL pages: where SQLite itself checkpoints


class Checkpointer:
    def __init__(
        self,
        path: Path,
        *,
        synchronous: str,
        lock_timeout: float,
        interval: float = DEFAULT_INTERVAL_S,
        cap_frames: int = DEFAULT_CAP_FRAMES,
        idle_rounds: int = DEFAULT_IDLE_ROUNDS,
        min_records: int = DEFAULT_MIN_RECORDS,
        writer_lock: threading.RLock | None = None,
    ) -> None:
        self.path = path
        self.synchronous = synchronous
        self.lock_timeout = lock_timeout
        self.interval = interval
        self.cap_frames = cap_frames
        self.idle_rounds = idle_rounds
        self.min_records = min_records
        self.writer_lock = writer_lock if writer_lock is not None else threading.RLock()
        self.failed: str | None = None
        self.checkpoints = 0
        self.restarts = 0
        """RESTART checkpoints that reset a WAL a busy writer kept growing."""
        self._dirty = threading.Event()
        self._pending = 0
        """Records committed since the last checkpoint began (changed under ``writer_lock``)."""
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def committed(self, records: int = 1) -> None:
        """Called after each commit (holding ``writer_lock``): ``records`` more to checkpoint."""
        self._pending += records
        if not self._dirty.is_set():  # set() takes the event's lock and wakes its waiters
            self._dirty.set()
        if self._thread is None:
            with self._lock:
                if self._thread is None and not self._stop.is_set():
                    self._thread = threading.Thread(
                        target=self._run, name="droidgate-audit-checkpoint", daemon=True
                    )
                    self._thread.start()

    def _run(self) -> None:
        try:
            conn = sqlite3.connect(self.path, timeout=self.lock_timeout, isolation_level=None)
        except sqlite3.Error as exc:
            self.failed = f"cannot open {self.path} to checkpoint it: {exc}"
            return
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.lock_timeout * 1000)}")
            # the checkpoint's own fsyncs (WAL before copying, database after) follow this level
            conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            idle = 0
            while not self._stop.wait(self.interval):
                if self._dirty.is_set():
                    idle = 0
                    self._dirty.clear()
                    if self._pending >= self.min_records:
                        self._checkpoint(conn)
                    continue
                idle += 1
                if idle >= self.idle_rounds:
                    self._empty(conn)  # writing paused: copy what is left, empty the file
                    with self._lock:
                        if not self._dirty.is_set():  # else a commit raced us: keep going
                            self._thread = None
                            return
                    idle = 0
        finally:
            conn.close()

    def _taken(self) -> int:
        """Start counting anew (a checkpoint begins); returns the records it covers."""
        with self.writer_lock:
            pending, self._pending = self._pending, 0
        return pending

    def _missed(self, pending: int) -> None:
        """The checkpoint did not complete: its records still count."""
        with self.writer_lock:
            self._pending += pending
        self._dirty.set()

    def _empty(self, conn: sqlite3.Connection) -> None:
        pending = self._taken()
        if not self._exclusive(conn, "TRUNCATE") and pending:
            self._missed(pending)

    def _checkpoint(self, conn: sqlite3.Connection) -> None:
        pending = self._taken()
        try:
            row = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            self.checkpoints += 1
        except sqlite3.Error:
            # busy or locked by another process: the frames stay in the WAL; try next round
            self._missed(pending)
            return
        if row is not None and row[1] >= self.cap_frames and not self._exclusive(conn, "RESTART"):
            self._missed(pending)  # a reader held it back: again next round

    def _exclusive(self, conn: sqlite3.Connection, mode: str) -> bool:
        """A checkpoint that resets the WAL, with our writer held off by its mutex and no busy
        wait inside SQLite (see the module docstring). True if it completed."""
        with self.writer_lock:
            try:
                conn.execute("PRAGMA busy_timeout = 0")
                row = conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
            except sqlite3.Error:
                return False
            finally:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute(f"PRAGMA busy_timeout = {int(self.lock_timeout * 1000)}")
        if row is None or row[0] != 0:
            return False
        self.checkpoints += 1
        if mode == "RESTART":
            self.restarts += 1
        return True

    @property
    def running(self) -> bool:
        return self._thread is not None

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join()
