"""An acknowledged append survives kill -9 of the appending process, on the synchronous path and
on the group-commit path, at the default durability ("process": WAL with synchronous=NORMAL)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from host_pep.audit import AuditLog

PRELUDE = """
import sys
from host_pep.audit import AuditLog, AuditRecord
from host_pep.events import AgentEvent
from host_pep.verdict import Verdict

def record(n):
    ev = AgentEvent.parse({"session": f"s-{n % 8}", "agent": "a", "channel": "tool",
                           "action": "tool_call", "target": "t", "payload": {"x": "y"}})
    v = Verdict(event_id=ev.id, decision="allow", stage="T1", reason="ok")
    return AuditRecord.from_decision(ev, None, v)

log = AuditLog.open(sys.argv[1])
"""

SYNC_CHILD = (
    PRELUDE
    + """
n = 0
while True:
    n += 1
    print(log.append(record(n)), flush=True)  # printed only once acknowledged
"""
)

# Many tasks appending at once: their records are committed in groups, each task prints its
# seq only once its group committed.
ASYNC_CHILD = (
    PRELUDE
    + """
import asyncio

async def client(n):
    while True:
        print(await log.aappend(record(n)), flush=True)

async def main():
    await asyncio.gather(*(client(n) for n in range(16)))

asyncio.run(main())
"""
)


@pytest.mark.slow
@pytest.mark.parametrize("child", [SYNC_CHILD, ASYNC_CHILD], ids=["append", "aappend"])
def test_acknowledged_appends_survive_sigkill(tmp_path: Path, child: str) -> None:
    db = tmp_path / "audit.db"
    acknowledged: list[int] = []
    with subprocess.Popen(
        [sys.executable, "-c", child, str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        try:
            assert proc.stdout is not None and proc.stderr is not None
            for line in proc.stdout:
                acknowledged.append(int(line))
                if len(acknowledged) >= 200:
                    break
            # it never stops appending, so the kill most likely lands mid-transaction
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
            errors = proc.stderr.read()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL, errors
    assert len(set(acknowledged)) == len(acknowledged)  # no seq acknowledged twice
    if child is SYNC_CHILD:
        assert acknowledged == list(range(1, len(acknowledged) + 1))

    with AuditLog.open(db) as log:
        result = log.verify()
        stored = {r.seq for r in log.query(limit=100_000)}
        assert result.ok, result
        assert set(acknowledged) <= stored
        assert stored == set(range(1, len(stored) + 1))
        # the log is still appendable after the crash and the chain continues
        nxt = log.append(log.tail(1)[0].model_copy())
        assert nxt == max(stored) + 1 and log.verify().ok
