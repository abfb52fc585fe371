from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from host_pep.audit import AuditLog

from .helpers import record


def test_threads_appending_to_one_log(tmp_path: Path) -> None:
    log = AuditLog.open(tmp_path / "audit.db")
    seqs: list[int] = []
    lock = threading.Lock()

    def worker(n: int) -> None:
        for _ in range(15):
            seq = log.append(record(session=f"s-{n}"))
            with lock:
                seqs.append(seq)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(seqs) == list(range(1, 91))
    result = log.verify()
    assert result.ok and result.checked == 90
    log.close()


def test_two_connections_on_one_file_keep_one_chain(tmp_path: Path) -> None:
    """Two daemons (two connections) on one file: SQLite's lock serializes the head."""
    db = tmp_path / "audit.db"
    logs = [AuditLog.open(db), AuditLog.open(db)]

    def worker(log: AuditLog) -> None:
        for _ in range(15):
            log.append(record())

    threads = [threading.Thread(target=worker, args=(lg,)) for lg in logs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    result = logs[0].verify()
    assert result.ok and result.checked == 30
    for lg in logs:
        lg.close()


async def test_async_appends_from_several_tasks(tmp_path: Path) -> None:
    with AuditLog.open(tmp_path / "audit.db") as log:
        seqs = await asyncio.gather(*(log.aappend(record()) for _ in range(20)))
        assert sorted(seqs) == list(range(1, 21))
        assert log.verify().ok
