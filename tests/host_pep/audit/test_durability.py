"""An acknowledged append survives kill -9 of the appending process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from host_pep.audit import AuditLog

CHILD = """
import sys
from host_pep.audit import AuditLog, AuditRecord
from host_pep.events import AgentEvent
from host_pep.verdict import Verdict

log = AuditLog.open(sys.argv[1])
while True:
    ev = AgentEvent.parse({"session": "s", "agent": "a", "channel": "tool",
                           "action": "tool_call", "target": "t", "payload": {"x": "y"}})
    v = Verdict(event_id=ev.id, decision="allow", stage="T1", reason="ok")
    seq = log.append(AuditRecord.from_decision(ev, None, v))
    print(seq, flush=True)
"""


@pytest.mark.slow
def test_acknowledged_appends_survive_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    acknowledged: list[int] = []
    with subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        try:
            assert proc.stdout is not None and proc.stderr is not None
            for line in proc.stdout:
                acknowledged.append(int(line))
                if len(acknowledged) >= 60:
                    break
            # it never stops appending, so the kill most likely lands mid-append
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
            errors = proc.stderr.read()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL, errors
    assert acknowledged == list(range(1, len(acknowledged) + 1))

    with AuditLog.open(db) as log:
        result = log.verify()
        stored = {r.seq for r in log.query(limit=100_000)}
        assert result.ok, result
        assert set(acknowledged) <= stored
        # the log is still appendable after the crash and the chain continues
        nxt = log.append(log.tail(1)[0].model_copy())
        assert nxt == max(stored) + 1 and log.verify().ok
