"""``AuditLog.add_listener``: whoever watches the log (the operator's console) is told of each
committed row, in order, as stored — and can never fail or hold up the decision it follows."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from pathlib import Path

from host_pep.audit import AuditLog
from host_pep.audit.store import StoredRow
from tests.host_pep.audit.helpers import PHONE, event, verdict


def test_listeners_get_each_committed_row_in_order_as_stored(tmp_path: Path) -> None:
    log = AuditLog.open(tmp_path / "audit.db")
    seen: list[StoredRow] = []
    remove = log.add_listener(seen.extend)
    for i in range(5):
        ev = event(notes=f"call {PHONE}") if i == 2 else event()
        log.append_decision(ev, None, verdict(ev, "deny" if i == 2 else "allow"))
    assert [r.seq for r in seen] == [1, 2, 3, 4, 5]
    stored = {r.seq: r.body for r in log.store.iter_rows()}
    assert all(r.body == stored[r.seq] for r in seen)  # exactly what the audit holds
    assert seen[2].decision == "deny" and PHONE not in seen[2].body  # masked as stored
    remove()
    ev = event()
    log.append_decision(ev, None, verdict(ev))
    assert len(seen) == 5  # removed: told nothing more
    log.close()


def test_a_failing_listener_neither_fails_nor_loses_the_decision(tmp_path: Path) -> None:
    log = AuditLog.open(tmp_path / "audit.db")

    def broken(rows: Sequence[StoredRow]) -> None:
        raise RuntimeError("viewer crashed")

    log.add_listener(broken)
    ev = event()
    seq = log.append_decision(ev, None, verdict(ev))
    assert seq == 1 and log.verify().ok
    assert json.loads(next(iter(log.store.iter_rows())).body)["event_id"] == ev.id
    log.close()


async def test_rows_committed_on_the_loop_and_on_threads_all_reach_the_listener(
    tmp_path: Path,
) -> None:
    log = AuditLog.open(tmp_path / "audit.db")
    seqs: list[int] = []

    def listen(rows: Sequence[StoredRow]) -> None:
        seqs.extend(r.seq for r in rows)

    log.add_listener(listen)
    evs = [event() for _ in range(20)]
    await asyncio.gather(*(log.aappend_decision(e, None, verdict(e)) for e in evs[:10]))
    await asyncio.gather(
        *(asyncio.to_thread(log.append_decision, e, None, verdict(e)) for e in evs[10:])
    )
    assert sorted(seqs) == list(range(1, 21))
    log.close()
