from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path

import pytest

from host_pep.audit import AuditLog, AuditRecord, RecordKind
from host_pep.semantics import ActionSemantics, Completion, Operation
from host_pep.verdict import Decision, Stage, Verdict

from .helpers import PHONE, event, leaky_decision, record, verdict


def test_append_assigns_contiguous_seqs_and_reopens(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    with AuditLog.open(db) as log:
        seqs = [log.append(record()) for _ in range(5)]
    assert seqs == [1, 2, 3, 4, 5]
    with AuditLog.open(db) as log:
        assert log.append(record()) == 6
        assert [r.seq for r in log.tail(3)] == [4, 5, 6]
        result = log.verify()
    assert result.ok and result.checked == 6 and result.first_bad_seq is None


def test_in_memory_log_works_like_a_file() -> None:
    with AuditLog.open(None) as log:
        log.append(record())
        assert log.verify().ok
        assert len(log.tail(10)) == 1


def test_record_from_decision_keeps_what_an_auditor_needs() -> None:
    ev = event(notes="lunch")
    completion = Completion(
        event=ev.model_copy(update={"target": "calendar.create_event"}),
        semantics=ActionSemantics(app="calendar", operation=Operation.LOCAL_WRITE),
    )
    v = verdict(
        ev,
        "deny",
        stage=Stage.T1,
        rule_ids=["scope"],
        ruleset_revision=7,
        shadow=[{"rule_id": "m1", "decision": "deny"}],
        latency_ms={"T1": 0.02, "total": 0.03},
    )
    with AuditLog.open(None) as log:
        log.append(AuditRecord.from_decision(ev, completion, v, error="boom"))
        (r,) = log.tail(1)
    assert (r.kind, r.decision, r.stage, r.rule_ids) == (
        RecordKind.DECISION,
        Decision.DENY,
        Stage.T1,
        ["scope"],
    )
    assert r.event_id == ev.id and r.session == "s-1" and r.agent == "calendar_agent"
    assert (r.channel, r.action, r.app, r.operation) == (
        "tool",
        "tool_call",
        "calendar",
        "local_write",
    )
    assert r.ruleset_revision == 7 and r.latency_ms == {"T1": 0.02, "total": 0.03}
    assert r.error == "boom" and r.shadow == [{"rule_id": "m1", "decision": "deny"}]
    assert r.claimed_provenance == {"claimed_source": "contacts"}
    assert [(p.field, p.type, p.length) for p in r.payload] == [("notes", "str", 5)]
    assert r.hash and len(r.prev_hash) == 64


def test_evidence_digest_correlates_equal_values_across_formats() -> None:
    ev, completion, v = leaky_decision()
    with AuditLog.open(None) as log:
        log.append(AuditRecord.from_decision(ev, completion, v))
        # the same number, typed differently, in another session's event
        ev2 = event("s-2", notes="ring 138-1234-5678 later")
        v2 = verdict(ev2, "deny", evidence=[v.evidence[0].model_copy()])
        log.append(AuditRecord.from_decision(ev2, None, v2))
        first, second = log.tail(2)
    assert first.evidence[0].digest is not None
    assert first.evidence[0].digest == second.evidence[0].digest
    assert first.evidence[1].digest not in (None, first.evidence[0].digest)
    assert first.evidence[0].masked == "138****5678"


def test_digests_are_salted_per_log(tmp_path: Path) -> None:
    ev, completion, v = leaky_decision()
    digests = []
    for name in ("a.db", "b.db"):
        with AuditLog.open(tmp_path / name) as log:
            log.append(AuditRecord.from_decision(ev, completion, v))
            digests.append(log.tail(1)[0].evidence[0].digest)
    assert digests[0] != digests[1]


def test_query_filters(tmp_path: Path) -> None:
    with AuditLog.open(tmp_path / "q.db") as log:
        log.append(record("s-1", "allow", "a1"))
        log.append(record("s-1", "deny", "a2"))
        log.append(record("s-2", "deny", "a1"))
        mid = time.time()
        log.append(record("s-2", "allow", "a2"))
        log.append_event("eviction", "s-1", {"evicted": 3, "reason": "ttl"})
        assert [r.seq for r in log.query(session="s-1")] == [1, 2, 5]
        assert [r.seq for r in log.query(decision="deny")] == [2, 3]
        assert [r.seq for r in log.query(decision=Decision.DENY, agent="a1")] == [3]
        assert [r.seq for r in log.query(since=mid)] == [4, 5]
        assert [r.seq for r in log.query(until=mid)] == [1, 2, 3]
        assert [r.seq for r in log.query(limit=2)] == [4, 5]  # newest, oldest first
        assert [r.seq for r in log.query(kind="eviction")] == [5]
        with pytest.raises(ValueError):
            log.query(decision="maybe")


def _indexes(db: Path) -> set[str]:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'").fetchall()
    return {name for (name,) in rows if not name.startswith("sqlite_autoindex")}


def test_the_log_indexes_only_rare_values_and_sheds_the_others(tmp_path: Path) -> None:
    """Sessions and agents are indexed (a rare one is far back); decisions and times are
    found walking back from the newest row, so a log written with those indexes loses them."""
    db = tmp_path / "idx.db"
    with AuditLog.open(db) as log:
        log.append(record("s-1", "deny", "a1"))
    assert _indexes(db) == {"audit_session", "audit_agent"}
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute("CREATE INDEX audit_decision ON audit(decision, seq)")
        conn.execute("CREATE INDEX audit_ts ON audit(ts)")
        conn.commit()
    with AuditLog.open(db) as log:
        log.append(record("s-2", "allow", "a2"))
        assert [r.seq for r in log.query(decision="deny")] == [1]
        assert log.verify().ok
    assert _indexes(db) == {"audit_session", "audit_agent"}


def test_append_event_kinds_are_chained_and_redacted() -> None:
    with AuditLog.open(None) as log:
        log.append(record())
        s_evict = log.append_event(
            RecordKind.EVICTION,
            "s-1",
            {"evicted": 2, "reason": "count bound", "value": "13812345678"},
        )
        s_rule = log.append_event("rule_change", "", {"rule_id": "r-2024-000123", "revision": 4})
        log.append_event("error", "s-1", {"where": "screen dump", "reason": "adb timeout"})
        with pytest.raises(ValueError, match="unknown audit record kind"):
            log.append_event("gossip", "s-1", {})
        assert log.verify().ok
        evict, rule, err = log.tail(3)
    assert (s_evict, s_rule) == (2, 3)
    assert evict.kind is RecordKind.EVICTION and evict.reason == "count bound"
    assert evict.detail["value"] != "13812345678" and evict.decision is None
    assert rule.detail == {"rule_id": "r-2024-000123", "revision": 4}  # ids stay readable
    assert err.kind is RecordKind.ERROR


@pytest.mark.parametrize(
    "data",
    [
        {"session": "s-3", "agent": "a", "channel": "carrier-pigeon", "payload": {"to": PHONE}},
        '{"session": "s-3", "agent": "a", "channel": "sms", "payload": {"to": "13812345678"}}',
        b"{not json 13812345678",
        ["not", "an", "object", PHONE],
    ],
)
def test_rejected_input_is_audited_without_its_payload(data: object) -> None:
    v = Verdict(event_id="", decision=Decision.DENY, stage=Stage.T0, reason="invalid event")
    with AuditLog.open(None) as log:
        log.append(AuditRecord.from_invalid_input(data, v, error=f"channel: bad value {PHONE}"))
        (r,) = log.tail(1)
        assert log.verify().ok
    assert r.decision is Decision.DENY and r.stage is Stage.T0 and r.summary == "rejected input"
    assert PHONE not in r.model_dump_json()
    if isinstance(data, dict):
        assert (r.session, r.agent, r.channel) == ("s-3", "a", "carrier-pigeon")
