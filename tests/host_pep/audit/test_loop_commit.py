"""Under ``"process"`` durability, coroutines' records commit on their own event loop, one
transaction per loop tick; whenever that would mean waiting for a lock, the writer thread takes
them instead, so the loop never waits and nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from host_pep.audit import AuditLog

from .helpers import WriteLock, record, stored


async def test_a_tick_of_records_commits_on_the_loop_in_one_transaction(db: Path) -> None:
    with AuditLog.open(db) as log:
        before = log.commit_stats
        seqs = await asyncio.gather(*(log.aappend(record(session=f"t-{i}")) for i in range(40)))
        assert seqs == list(range(2, 42))  # submission order
        after = log.commit_stats
        assert after.records - before.records == 40
        assert after.batches - before.batches == 1  # one tick, one transaction
        assert log._writer._thread is None  # no hand-off to the thread happened
    assert [s for _, s in stored(db)][1:] == [f"t-{i}" for i in range(40)]


async def test_a_held_lock_sends_the_tick_to_the_thread_and_the_loop_keeps_running(
    db: Path,
) -> None:
    with AuditLog.open(db, lock_timeout=10) as log:
        lock = WriteLock(db)
        tasks = [asyncio.create_task(log.aappend(record(session=f"l-{i}"))) for i in range(10)]
        ticks = 0
        for _ in range(5):  # the loop is free while the records wait for the lock
            await asyncio.sleep(0.01)
            ticks += 1
        assert ticks == 5 and not any(t.done() for t in tasks)
        assert log._writer._thread is not None  # the thread waits for the lock, not the loop
        lock.release()
        assert await asyncio.gather(*tasks) == list(range(2, 12))
    assert len(stored(db)) == 11


async def test_records_of_another_loop_commit_on_theirs(db: Path) -> None:
    with AuditLog.open(db) as log:
        seqs: list[int] = []

        def other_loop() -> None:
            async def run() -> list[int]:
                return list(await asyncio.gather(*(log.aappend(record()) for _ in range(5))))

            seqs.extend(asyncio.run(run()))

        thread = threading.Thread(target=other_loop)
        thread.start()
        mine = await asyncio.gather(*(log.aappend(record()) for _ in range(5)))
        thread.join()
        assert sorted(seqs + list(mine)) == list(range(2, 12))
        assert log.verify().ok


async def test_power_durability_keeps_commits_off_the_loop(tmp_path: Path) -> None:
    with AuditLog.open(tmp_path / "audit.db", durability="power") as log:
        assert log._writer._try_commit is None
        assert await log.aappend(record()) == 1
        assert log._writer._thread is not None  # the fsync happened on the writer thread


async def test_answered_waiters_are_not_kept_until_their_deadline(db: Path) -> None:
    # The thread path (a lock held at first) registers ack deadlines; once answered, a waiter
    # is dropped at once instead of living until its 10 s deadline.
    with AuditLog.open(db, lock_timeout=10) as log:
        lock = WriteLock(db)
        tasks = [asyncio.create_task(log.aappend(record())) for _ in range(50)]
        await asyncio.sleep(0.05)
        lock.release()
        await asyncio.gather(*tasks)
        await asyncio.sleep(0)
        watch = log._writer._deadlines.get(asyncio.get_running_loop())
        assert watch is not None and len(watch.waiting) == 0


async def test_a_record_alone_on_an_idle_loop_is_stored_before_its_caller_awaits(db: Path) -> None:
    # Nothing else is ready to run, so the tick's batch could hold this record only: it is
    # committed at once, and the await returns without a trip through the loop.
    with AuditLog.open(db) as log:
        first = await log.aappend(record())
        await asyncio.sleep(0)  # let the loop's ready queue drain
        waiting = log._writer.asubmit(log._prepare(record(session="alone")))
        assert waiting.done() and waiting.result() == first + 1
        assert stored(db)[-1] == (first + 1, "alone")
        # with other callbacks ready, records still wait for the tick and share it
        before = log.commit_stats
        seqs = await asyncio.gather(*(log.aappend(record()) for _ in range(10)))
        assert seqs == list(range(first + 2, first + 12))
        assert log.commit_stats.batches - before.batches == 1
