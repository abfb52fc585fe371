"""Checkpoints run beside the writer, not inside its commits, and keep the WAL bounded."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from host_pep.audit import AuditLog, SQLiteAuditStore

from .helpers import record


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


async def test_the_wal_is_emptied_beside_the_writer(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    wal = tmp_path / "audit.db-wal"
    store = SQLiteAuditStore(db, checkpoint_interval=0.01, wal_cap_frames=20)
    with AuditLog(store) as log:
        autocheckpoint = store._c().execute("PRAGMA wal_autocheckpoint").fetchone()[0]
        assert autocheckpoint == 0  # commits never checkpoint themselves
        for _ in range(10):
            await asyncio.gather(*(log.aappend(record()) for _ in range(30)))
        # once writing stops, the checkpointer copies everything and truncates the WAL
        assert wait_for(lambda: wal.exists() and wal.stat().st_size == 0), wal.stat().st_size
        assert store._checkpointer is not None and store._checkpointer.checkpoints > 0
        assert log.verify().checked == 300
    with AuditLog.open(db, readonly=True) as log:
        assert log.verify().ok and log.verify().checked == 300


async def test_a_few_records_wait_for_a_checkpoint_worth_its_fsyncs(tmp_path: Path) -> None:
    # A checkpoint per sparse commit (and the reset of the WAL after it, which made the writer
    # read its pages again) cost more CPU than the decision: records wait in the WAL until
    # min_records of them are worth a checkpoint, or until writing pauses.
    db, wal = tmp_path / "audit.db", tmp_path / "audit.db-wal"
    store = SQLiteAuditStore(db, checkpoint_interval=0.01)
    ckpt = store._checkpointer
    assert ckpt is not None
    ckpt.min_records, ckpt.idle_rounds = 20, 10_000
    with AuditLog(store) as log:
        for _ in range(5):
            await log.aappend(record())
            await asyncio.sleep(0.03)  # three rounds of the thread between records
        assert ckpt.checkpoints == 0 and wal.stat().st_size > 0
        for _ in range(20):
            await log.aappend(record())
        assert wait_for(lambda: ckpt.checkpoints == 1)
        ckpt.idle_rounds = 3  # writing pauses: what is left is copied, the file emptied
        assert wait_for(lambda: wal.stat().st_size == 0 and not ckpt.running)
        assert log.verify().ok and log.verify().checked == 25


def test_without_the_thread_sqlite_checkpoints_as_usual(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "audit.db", checkpoint_interval=None)
    with AuditLog(store) as log:
        log.append(record())
        assert store._c().execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000
        assert store._checkpointer is None


def test_in_memory_and_read_only_logs_have_no_checkpointer(tmp_path: Path) -> None:
    with AuditLog.open(tmp_path / "audit.db") as log:
        log.append(record())
    for log in (AuditLog.open(None), AuditLog.open(tmp_path / "audit.db", readonly=True)):
        assert log.store._checkpointer is None  # type: ignore[attr-defined]
        log.close()


async def test_idle_threads_end_and_come_back(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "audit.db", checkpoint_interval=0.01)
    assert store._checkpointer is not None
    store._checkpointer.idle_rounds = 3
    log = AuditLog(store)
    log._writer._idle_exit = 0.05
    try:
        assert await log.aappend(record()) == 1
        assert wait_for(lambda: log._writer._thread is None and not store._checkpointer.running)  # type: ignore[union-attr]
        assert await log.aappend(record()) == 2  # both start again with the next record
        assert store._checkpointer.running
        assert log.verify().ok
    finally:
        log.close()


async def test_under_continuous_writing_the_wal_starts_over(tmp_path: Path) -> None:
    # A PASSIVE checkpoint never catches up with a writer that keeps going, so once the WAL
    # holds cap_frames pages a RESTART (writer held off by the store's own lock) resets it.
    db, wal = tmp_path / "audit.db", tmp_path / "audit.db-wal"
    store = SQLiteAuditStore(db, checkpoint_interval=0.005, wal_cap_frames=40)
    with AuditLog(store) as log:
        for _ in range(300):
            await asyncio.gather(*(log.aappend(record()) for _ in range(4)))
        # the WAL file is as long as it ever got; without restarts it holds every page
        # written (~3,000 here), with them a few caps' worth -- more when the checkpointer
        # gets the CPU late on a busy host, so the restarts themselves are what is asserted
        assert store._checkpointer is not None and store._checkpointer.restarts >= 1
        assert wal.stat().st_size // 4096 < 2000, wal.stat().st_size // 4096
        assert log.verify().ok and log.verify().checked == 1200


def test_the_resetting_checkpoint_holds_the_writer_off_by_its_lock(tmp_path: Path) -> None:
    import sqlite3
    import threading

    store = SQLiteAuditStore(tmp_path / "audit.db", checkpoint_interval=10)
    with AuditLog(store) as log:
        log.append(record())
        ckpt = store._checkpointer
        assert ckpt is not None and ckpt.writer_lock is store._lock
        conn = sqlite3.connect(tmp_path / "audit.db", isolation_level=None)
        done = threading.Event()
        with store._lock:  # the writer is mid-commit
            worker = threading.Thread(target=lambda: (ckpt._exclusive(conn, "RESTART"), done.set()))
            worker.start()
            assert not done.wait(0.1)  # the checkpoint waits for the commit to finish
        worker.join(5)
        assert done.is_set()
        conn.close()


def test_a_reader_on_an_old_snapshot_makes_the_reset_give_up_not_wait(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "audit.db"
    store = SQLiteAuditStore(db, checkpoint_interval=10, lock_timeout=30)
    with AuditLog(store) as log:
        log.append(record())
        reader = sqlite3.connect(db, isolation_level=None)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM audit").fetchone()  # holds its snapshot
        log.append(record())  # a frame the reader does not see
        ckpt = store._checkpointer
        assert ckpt is not None
        conn = sqlite3.connect(db, isolation_level=None)
        started = time.monotonic()
        assert ckpt._exclusive(conn, "RESTART") is False
        assert time.monotonic() - started < 25  # it did not sit out the 30 s lock timeout
        assert log.append(record()) == 3  # and the writer carries on
        reader.execute("ROLLBACK")
        reader.close()
        conn.close()
