"""Escalations shared by the farm: raised by one daemon, listed and decided through another;
the waiting agent on the first daemon gets the answer. A deadline and a decision race for the
same row, and exactly one wins."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from host_pep.adjudication import AdjudicationRequest, ApprovalQueue
from host_pep.audit.keys import AuditKey
from host_pep.control.escalations import EscalationQueue, PostgresApprovalQueue
from host_pep.control.listener import Listener
from host_pep.control.pg import migrate
from host_pep.exceptions import ControlPlaneError
from host_pep.verdict import Decision
from tests.host_pep.control.support import eventually, farm_pep
from tests.host_pep.pep.helpers import tool_event


def _queue(url: str, daemon: str) -> tuple[PostgresApprovalQueue, Listener]:
    listener = Listener(url)
    queue = PostgresApprovalQueue(url, listener, daemon=daemon)
    assert listener.start()
    return queue, listener


def _request(session: str = "s-9") -> AdjudicationRequest:
    from host_pep.semantics import ActionSemantics, Completion, Operation

    event = tool_event("bank.transfer", {"iban": "DE89370400440532013000", "amount": 250},
                       session=session)  # fmt: skip
    completion = Completion(
        event=event, semantics=ActionSemantics(app="bank", operation=Operation.PAYMENT)
    )
    return AdjudicationRequest.for_completion(
        completion, reasons=["T1: payment needs review"], evidence=[]
    )


async def _pending(queue: EscalationQueue, n: int = 1) -> list[str]:
    for _ in range(500):
        found = await asyncio.to_thread(queue.pending)
        if len(found) >= n:
            return [p.id for p in found]
        await asyncio.sleep(0.01)
    raise AssertionError("nothing became pending")


def test_both_queues_are_escalation_queues(pg_url: str) -> None:
    migrate(pg_url)
    queue, listener = _queue(pg_url, "d1")
    try:
        assert isinstance(queue, EscalationQueue) and isinstance(ApprovalQueue(), EscalationQueue)
    finally:
        listener.close()
        queue.close()


async def test_raised_on_one_daemon_approved_on_another(pg_url: str) -> None:
    migrate(pg_url)
    (a, la), (b, lb) = _queue(pg_url, "d1"), _queue(pg_url, "d2")
    try:
        task = asyncio.create_task(a.adjudicate(_request(), timeout=20))
        [esc] = await _pending(b)
        pending = b.pending()[0]
        assert pending.request.session == "s-9" and pending.request.agent == "assistant"
        await asyncio.to_thread(b.approve, esc, "rent is expected")
        result = await asyncio.wait_for(task, 5)
        assert result.decision is Decision.ALLOW and "rent is expected" in result.reason
        assert b.pending() == [] and a.pending() == []
        with pytest.raises(ControlPlaneError, match="no pending approval"):
            b.deny(esc)  # decided once, by one operator
    finally:
        for q, lst in ((a, la), (b, lb)):
            lst.close()
            q.close()


async def test_denied_on_another_daemon_and_timeouts_expire_the_row(pg_url: str) -> None:
    migrate(pg_url)
    (a, la), (b, lb) = _queue(pg_url, "d1"), _queue(pg_url, "d2")
    try:
        task = asyncio.create_task(a.adjudicate(_request(), timeout=20))
        [esc] = await _pending(b)
        await asyncio.to_thread(b.deny, esc)
        assert (await asyncio.wait_for(task, 5)).decision is Decision.DENY
        timed_out = await a.adjudicate(_request(), timeout=0.3)
        assert timed_out.decision is Decision.DENY and "timed out" in timed_out.reason
        assert b.pending() == []
    finally:
        for q, lst in ((a, la), (b, lb)):
            lst.close()
            q.close()


async def test_a_pep_waits_for_an_operator_on_another_daemon(pg_url: str, tmp_path: Path) -> None:
    key = AuditKey.generate()
    with farm_pep(pg_url, "d1", tmp_path, key) as a, farm_pep(pg_url, "d2", tmp_path, key) as b:
        # the farm's rule (installed on b) sends payments to a human
        b.pep.rules.install({"id": "review-pay", "match": {"target": "bank.*"},
                             "decision": "escalate"})  # fmt: skip
        payment = tool_event(
            "bank.transfer",
            {"iban": "DE89370400440532013000", "amount": 250},
            request="pay my rent to the landlord",
        )
        assert eventually(lambda: a.pep.rules.revision == 1)
        task = asyncio.create_task(a.pep.decide(payment))
        [esc] = await _pending(b.pep.escalations)
        await asyncio.to_thread(b.pep.escalations.approve, esc, "approved by the operator")
        verdict = await asyncio.wait_for(task, 10)
        assert verdict.decision is Decision.ALLOW and verdict.stage.value == "T4"


async def test_the_raising_daemon_tells_its_desk_as_the_single_daemon_queue_does(
    pg_url: str,
) -> None:
    migrate(pg_url)
    told: list[str] = []
    listener = Listener(pg_url)
    queue = PostgresApprovalQueue(
        pg_url, listener, daemon="d1", on_pending=lambda p: told.append(p.id)
    )
    assert listener.start()
    try:
        task = asyncio.create_task(queue.adjudicate(_request(), timeout=20))
        [esc] = await _pending(queue)
        assert told == [esc]
        await asyncio.to_thread(queue.approve, esc, "approved by 'alice' via console")
        result = await asyncio.wait_for(task, 5)
        assert result.decision is Decision.ALLOW and "'alice' via console" in result.reason
    finally:
        listener.close()
        queue.close()
