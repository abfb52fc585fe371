"""The farm's audit on PostgreSQL: one keyed hash chain per daemon in one database, verifiable
together; an attacker with write access to the database is caught like one with the SQLite
file; while the database is away the daemons keep recording in their own chains, forwarded when
it is back; a killed server loses no acknowledged record."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import psycopg

from host_pep.audit import AuditLog
from host_pep.audit.forward import ForwardedAuditStore
from host_pep.audit.keys import AuditKey
from host_pep.audit.pg_store import PostgresAuditStore, farm_logs
from host_pep.audit.sqlite_store import SQLiteAuditStore
from host_pep.control.cluster import LocalCluster
from host_pep.control.pg import migrate
from host_pep.verdict import Decision
from tests.host_pep.control.support import eventually, farm_pep
from tests.host_pep.pep.helpers import tool_event

ALLOWED = tool_event("calendar.create_event", {"title": "standup"})
DENIED = tool_event("mail.send", {"to": "x@evil.example", "body": "hi"})


def _log(url: str, log_id: str, key: AuditKey) -> AuditLog:
    return AuditLog(PostgresAuditStore(url, log_id), key=key)


def test_every_daemon_has_its_chain_and_all_verify_together(pg_url: str, tmp_path: Path) -> None:
    key = AuditKey.generate()
    with farm_pep(pg_url, "d1", tmp_path, key) as a, farm_pep(pg_url, "d2", tmp_path, key) as b:
        for _ in range(20):
            assert a.pep.decide_sync(ALLOWED).decision is Decision.ALLOW
            assert b.pep.decide_sync(ALLOWED).decision is Decision.ALLOW
        a.pep.audit.checkpoint()
    assert farm_logs(pg_url) == ["d1", "d2"]
    for log_id in ("d1", "d2"):
        with _log(pg_url, log_id, key) as log:
            result = log.verify()
            assert result.ok and result.keyed and result.checked == 20, result


def test_group_commit_stores_concurrent_decisions_in_few_transactions(
    pg_url: str, tmp_path: Path
) -> None:
    key = AuditKey.generate()

    async def burst(pep: object) -> list[Decision]:
        verdicts = await asyncio.gather(*(pep.decide(ALLOWED) for _ in range(200)))  # type: ignore[attr-defined]
        return [v.decision for v in verdicts]

    with farm_pep(pg_url, "d1", tmp_path, key) as a:
        decisions = asyncio.run(burst(a.pep))
        stats = a.pep.audit.commit_stats
    assert decisions == [Decision.ALLOW] * 200
    assert stats.records == 200 and stats.batches < 200


def test_a_rewritten_record_is_caught_even_with_the_chain_recomputed(pg_url: str) -> None:
    migrate(pg_url)
    key = AuditKey.generate()
    with _log(pg_url, "d1", key) as log:
        for i in range(5):
            log.append_event("rule_change", "", {"change": f"c{i}"})
    from host_pep.audit.log import chain_hash

    with psycopg.connect(pg_url, autocommit=True) as db:
        # the attacker edits record 3 and recomputes every hash after it (no key: no MACs)
        rows = db.execute(
            "SELECT seq, body, prev_hash FROM audit_rows WHERE log_id = 'd1' ORDER BY seq"
        ).fetchall()
        prev = (
            rows[1][0]
            and db.execute(
                "SELECT hash FROM audit_rows WHERE log_id = 'd1' AND seq = 2"
            ).fetchone()[0]
        )  # type: ignore[index]
        for seq, body, _ in rows[2:]:
            if seq == 3:
                body = body.replace("c2", "cX")
            new = chain_hash(prev, body)
            db.execute(
                "UPDATE audit_rows SET body = %s, prev_hash = %s, hash = %s "
                "WHERE log_id = 'd1' AND seq = %s",
                (body, prev, new, seq),
            )
            prev = new
    with _log(pg_url, "d1", key) as log:
        result = log.verify()
    assert not result.ok and result.first_bad_seq == 3


def test_a_chain_cut_short_is_caught(pg_url: str) -> None:
    migrate(pg_url)
    key = AuditKey.generate()
    with _log(pg_url, "d1", key) as log:
        for i in range(5):
            log.append_event("rule_change", "", {"change": f"c{i}"})
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("DELETE FROM audit_rows WHERE log_id = 'd1' AND seq >= 4")
    with _log(pg_url, "d1", key) as log:
        assert not log.verify().ok


def test_while_the_database_is_away_records_stay_local_and_are_forwarded_when_it_returns(
    own_cluster: LocalCluster, tmp_path: Path
) -> None:
    url = own_cluster.create_database("farm")
    key = AuditKey.generate()
    with farm_pep(url, "d1", tmp_path, key) as a:
        assert a.pep.decide_sync(ALLOWED).decision is Decision.ALLOW
        store = a.pep.audit.store
        assert isinstance(store, ForwardedAuditStore)
        assert eventually(lambda: store.lag() == 0)
        own_cluster.kill()
        try:
            # the decision does not wait for the database: recorded in the daemon's own chain
            verdict = a.pep.decide_sync(ALLOWED)
            assert verdict.decision is Decision.ALLOW and verdict.error is None
            assert eventually(lambda: store.last_error is not None, timeout=5)
            assert store.lag() == 1
        finally:
            own_cluster.start()
        assert eventually(lambda: store.lag() == 0, timeout=15)
    with _log(url, "d1", key) as log:
        result = log.verify()
        assert result.ok and result.keyed and result.checked == 2, result


def test_no_acknowledged_record_is_lost_when_postgresql_is_killed_mid_burst(
    own_cluster: LocalCluster, tmp_path: Path
) -> None:
    url = own_cluster.create_database("farm")
    key = AuditKey.generate()
    acknowledged: list[str] = []
    stop = threading.Event()
    lock = threading.Lock()
    migrate(url)
    store = ForwardedAuditStore(SQLiteAuditStore(tmp_path / "a.db"), PostgresAuditStore(url, "d1"))
    with AuditLog(store, key=key) as log:

        def writer(n: int) -> None:
            i = 0
            while not stop.is_set():
                i += 1
                marker = f"w{n}-{i}"
                try:
                    log.append_event("rule_change", "", {"change": marker})
                except Exception:
                    continue  # not acknowledged
                with lock:
                    acknowledged.append(marker)

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        assert eventually(lambda: len(acknowledged) > 200 and store.forwarded > 100, timeout=30)
        own_cluster.kill()
        during = len(acknowledged)
        assert eventually(lambda: len(acknowledged) > during + 200, timeout=30)
        own_cluster.start()
        assert eventually(lambda: len(acknowledged) > during + 400, timeout=30)
        stop.set()
        for t in threads:
            t.join()
        assert eventually(lambda: store.lag() == 0, timeout=30)
    stored = {json.loads(body)["detail"]["change"] for body in _bodies(url)}
    missing = [m for m in acknowledged if m not in stored]
    assert not missing, f"{len(missing)} acknowledged records lost, e.g. {missing[:5]}"
    with _log(url, "d1", key) as check:
        result = check.verify()
        assert result.ok and result.checked >= len(acknowledged), result


def _bodies(url: str) -> list[str]:
    with psycopg.connect(url) as db:
        return [r[0] for r in db.execute("SELECT body FROM audit_rows")]
