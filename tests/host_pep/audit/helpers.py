"""Builders for real events and verdicts used by the audit tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from host_pep.audit import AuditLog, AuditRecord
from host_pep.events import AgentEvent
from host_pep.semantics import ActionSemantics, Completion, FieldRole, Operation
from host_pep.verdict import Decision, Evidence, Stage, Verdict

PHONE = "13812345678"
EMAIL = "zhang.wei@example.com"
CARD = "4111111111111111"
OTP = "493817"


def event(session: str = "s-1", agent: str = "calendar_agent", **payload: Any) -> AgentEvent:
    return AgentEvent.parse(
        {
            "session": session,
            "agent": agent,
            "channel": "tool",
            "action": "tool_call",
            "target": "calendar.create_event",
            "payload": payload or {"title": "Lunch"},
            "provenance": {"claimed_source": "contacts"},
            "context": {"user_request": "put lunch on my calendar"},
        }
    )


def verdict(ev: AgentEvent, decision: str = "allow", **kw: Any) -> Verdict:
    return Verdict(
        event_id=ev.id,
        decision=Decision(decision),
        stage=kw.pop("stage", Stage.T1),
        reason=kw.pop("reason", f"{decision} by test"),
        latency_ms=kw.pop("latency_ms", {"T1": 0.01, "total": 0.02}),
        **kw,
    )


def record(
    session: str = "s-1", decision: str = "allow", agent: str = "calendar_agent"
) -> AuditRecord:
    ev = event(session, agent)
    return AuditRecord.from_decision(ev, None, verdict(ev, decision))


def leaky_decision() -> tuple[AgentEvent, Completion, Verdict]:
    """A deny whose event, claims and reason are full of sensitive values in several formats."""
    ev = AgentEvent.parse(
        {
            "session": "s-leak",
            "agent": "calendar_agent",
            "channel": "tool",
            "action": "tool_call",
            "target": "calendar.create_event",
            "payload": {
                "title": "Call Zhang",
                "notes": f"Call 138 1234 5678 or mail {EMAIL}, card {CARD}, code {OTP}",
                "phone": int(PHONE),
            },
            "provenance": {"claimed_source": "contacts", "value": PHONE, "email": EMAIL},
            "context": {"user_request": f"remind me to call +86 {PHONE}"},
        }
    )
    completion = Completion(
        event=ev,
        semantics=ActionSemantics(
            app="calendar",
            operation=Operation.LOCAL_WRITE,
            fields={"notes": FieldRole.CONTENT, "title": FieldRole.CONTENT},
            text={"notes": str(ev.payload["notes"])},
        ),
    )
    v = Verdict(
        event_id=ev.id,
        decision=Decision.DENY,
        stage=Stage.T2,
        rule_ids=["default.source_sink"],
        reason=f"phone {PHONE} and {EMAIL} from contacts may not go to calendar",
        evidence=[
            Evidence(kind="phone", masked="138****5678", field="notes", source="contacts"),
            Evidence(kind="email", masked="z***@example.com", field="notes", source="contacts"),
        ],
        shadow=[{"rule_id": "r-2024-000123", "decision": "deny", "note": f"saw {CARD}"}],
        error=None,
    )
    return ev, completion, v


class WriteLock:
    """Another process's view: a connection holding SQLite's write lock on the file."""

    def __init__(self, db: Path) -> None:
        self.conn = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
        self.conn.execute("BEGIN IMMEDIATE")
        self.held = True

    def release(self) -> None:
        if self.held:
            self.held = False
            self.conn.execute("ROLLBACK")
            self.conn.close()


def stored(db: Path) -> list[tuple[int, str]]:
    """(seq, session) of every stored row, after checking the chain."""
    with AuditLog.open(db, readonly=True) as log:
        assert log.verify().ok
        return [(r.seq, r.session) for r in log.query(limit=100_000)]
