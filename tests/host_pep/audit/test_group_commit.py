"""Group commit: concurrent appends share transactions, are acknowledged only once stored, in
submission order, and a failed transaction fails every caller in it.

The tests steer the writer with real SQLite contention: a second connection holds the database's
write lock, so the writer's first transaction waits while the rest of the appends queue behind
it (as when a disk is slow), then the lock is released (or not)."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest

from host_pep.audit import AuditLog, AuditRecord, RecordKind
from host_pep.exceptions import AuditUnavailable

from .helpers import WriteLock, record, stored


async def test_concurrent_appends_share_transactions_in_submission_order(db: Path) -> None:
    with AuditLog.open(db) as log:
        before = log.commit_stats.batches
        lock = WriteLock(db)
        records = [record(session=f"s-{i}") for i in range(1, 101)]
        tasks = [asyncio.create_task(log.aappend(r)) for r in records]
        await asyncio.sleep(0)  # every task has now prepared and queued its record
        assert not any(t.done() for t in tasks)  # nothing acknowledged while nothing is stored
        lock.release()
        seqs = await asyncio.gather(*tasks)
        stats = log.commit_stats
    # acknowledged in submission order, each caller's record carries its seq
    assert seqs == list(range(2, 102))
    assert [r.seq for r in records] == seqs
    # the first transaction took what was queued when it began, the second everything else
    assert 1 <= stats.batches - before <= 2 and stats.pending == 0
    assert stored(db) == [(1, "s-0")] + [(i + 1, f"s-{i}") for i in range(1, 101)]


async def test_threads_and_tasks_append_to_one_chain(db: Path) -> None:
    with AuditLog.open(db) as log:
        from_threads: list[int] = []

        def worker(n: int) -> None:
            for _ in range(20):
                from_threads.append(log.append(record(session=f"t-{n}")))

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(3)]
        for t in threads:
            t.start()
        from_tasks = await asyncio.gather(
            *(log.aappend(record(session=f"a-{i % 4}")) for i in range(60))
        )
        for t in threads:
            t.join()
    seqs = from_threads + list(from_tasks)
    assert sorted(seqs) == list(range(2, 122))
    assert [seq for seq, _ in stored(db)] == list(range(1, 122))


async def test_a_failed_transaction_fails_every_caller_in_it(db: Path) -> None:
    lock = WriteLock(db)
    try:
        with AuditLog.open(db, lock_timeout=0.2) as log:
            tasks = [asyncio.create_task(log.aappend(record(session="lost"))) for _ in range(30)]
            results = await asyncio.gather(*tasks, return_exceptions=True)
            assert all(isinstance(r, AuditUnavailable) for r in results), results
            assert all("locked" in str(r) for r in results)
            assert len({id(r) for r in results}) == len(results)  # one exception per caller
            lock.release()
            # nothing of the failed transactions was stored; the chain continues without a gap
            assert await log.aappend(record(session="after")) == 2
    finally:
        lock.release()
    assert stored(db) == [(1, "s-0"), (2, "after")]


async def test_a_record_that_cannot_be_prepared_fails_only_its_caller(db: Path) -> None:
    bad = AuditRecord(kind=RecordKind.ERROR, session="bad", detail={"x": object()})
    with AuditLog.open(db) as log:
        results = await asyncio.gather(
            log.aappend(record(session="ok-1")),
            log.aappend(bad),
            log.aappend(record(session="ok-2")),
            return_exceptions=True,
        )
    assert results[0] == 2 and results[2] == 3
    assert isinstance(results[1], AuditUnavailable) and "prepared" in str(results[1])
    assert stored(db) == [(1, "s-0"), (2, "ok-1"), (3, "ok-2")]


async def test_an_unacknowledged_record_times_out_as_unavailable(db: Path) -> None:
    lock = WriteLock(db)
    try:
        with AuditLog.open(db, lock_timeout=10, ack_timeout=0.2) as log:
            with pytest.raises(AuditUnavailable, match=r"did not acknowledge .* within 0.2 s"):
                await log.aappend(record(session="slow"))
            lock.release()
            # the log is usable again; the record whose batch had started may be stored
            assert await log.aappend(record(session="next")) in (2, 3)
    finally:
        lock.release()
    assert stored(db)[-1][1] == "next"


async def test_close_stores_what_is_queued_then_refuses(db: Path) -> None:
    log = AuditLog.open(db)
    lock = WriteLock(db)
    tasks = [asyncio.create_task(log.aappend(record(session=f"q-{i}"))) for i in range(20)]
    await asyncio.sleep(0)
    releaser = threading.Timer(0.1, lock.release)
    releaser.start()
    try:
        log.close()  # blocks until the queue is drained (after the lock is released)
    finally:
        releaser.join()
    assert await asyncio.gather(*tasks) == list(range(2, 22))
    with pytest.raises(AuditUnavailable, match="closed"):
        await log.aappend(record())
    with pytest.raises(AuditUnavailable, match="closed"):
        log.append(record())
    assert len(stored(db)) == 21


def test_a_lone_synchronous_caller_commits_in_its_own_thread(db: Path) -> None:
    with AuditLog.open(db) as log:
        seqs = [log.append(record()) for _ in range(5)]
        stats = log.commit_stats
        assert seqs == [2, 3, 4, 5, 6]
        assert (stats.batches, stats.records, stats.pending) == (5, 5, 0)
        assert log._writer._thread is None  # no hand-off happened


@pytest.mark.parametrize(("durability", "level"), [("process", 1), ("power", 2)])
def test_durability_sets_the_synchronous_level(tmp_path: Path, durability: str, level: int) -> None:
    with AuditLog.open(tmp_path / "a.db", durability=durability) as log:  # type: ignore[arg-type]
        pragma = log.store._c().execute("PRAGMA synchronous").fetchone()  # type: ignore[attr-defined]
        assert pragma[0] == level
        assert log.store._c().execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # type: ignore[attr-defined]


def test_unknown_durability_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"unknown audit durability 'disk'.*process, power"):
        AuditLog.open(tmp_path / "a.db", durability="disk")  # type: ignore[arg-type]


def test_a_synchronous_caller_that_times_out_withdraws_its_record(db: Path) -> None:
    lock = WriteLock(db)
    try:
        with AuditLog.open(db, lock_timeout=10, ack_timeout=0.2) as log:
            first: list[int] = []
            committer = threading.Thread(
                target=lambda: first.append(log.append(record(session="first")))
            )
            committer.start()  # commits inline, waiting for the lock
            deadline = time.monotonic() + 10
            while not log._writer._busy and time.monotonic() < deadline:
                time.sleep(0.005)
            with pytest.raises(AuditUnavailable, match="did not acknowledge"):
                log.append(record(session="withdrawn"))  # queued behind it, then gives up
            lock.release()
            committer.join()
            assert first == [2]
            assert log.append(record(session="next")) == 3
    finally:
        lock.release()
    assert stored(db) == [(1, "s-0"), (2, "first"), (3, "next")]


async def test_posted_events_are_chained_in_order_without_waiting(db: Path) -> None:
    with AuditLog.open(db) as log:
        lock = WriteLock(db)
        posted = log.post_event("eviction", "s-1", {"count": 3, "reason": "ttl"})
        decided = asyncio.create_task(log.aappend(record(session="s-1")))
        await asyncio.sleep(0)
        assert not posted.done()  # nobody waited: the caller went on while nothing was stored
        lock.release()
        assert await decided == 3
        assert posted.result(timeout=10) == 2
        with pytest.raises(ValueError, match="unknown audit record kind"):
            log.post_event("gossip", "s-1", {})
        evicted = log.query(kind="eviction")
    assert [(r.seq, r.detail) for r in evicted] == [(2, {"count": 3, "reason": "ttl"})]
