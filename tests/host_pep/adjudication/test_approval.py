from __future__ import annotations

import asyncio
import threading

import pytest

from host_pep.adjudication import (
    AdjudicationRequest,
    AdjudicationResult,
    ApprovalQueue,
    PendingApproval,
    TimeoutDenyAdjudicator,
    adjudicate_safely,
    resolve_adjudicator,
)
from host_pep.exceptions import ControlPlaneError
from host_pep.verdict import Decision


async def wait_pending(queue: ApprovalQueue) -> PendingApproval:
    for _ in range(200):
        if items := queue.pending():
            return items[0]
        await asyncio.sleep(0.005)
    raise AssertionError("nothing became pending")


async def test_approve(request_: AdjudicationRequest) -> None:
    queue = ApprovalQueue()
    task = asyncio.create_task(queue.adjudicate(request_, timeout=5))
    pending = await wait_pending(queue)
    assert pending.request.event_id == request_.event_id and pending.deadline > pending.created
    queue.approve(pending.id, "rent is expected")
    result = await task
    assert (result.decision, result.reason, result.adjudicator) == (
        Decision.ALLOW,
        "rent is expected",
        "approval",
    )
    assert queue.pending() == []
    with pytest.raises(ControlPlaneError, match="no pending approval"):
        queue.approve(pending.id)  # decided requests are gone


async def test_deny_from_another_thread(request_: AdjudicationRequest) -> None:
    queue = ApprovalQueue()
    task = asyncio.create_task(queue.adjudicate(request_, timeout=5))
    pending = await wait_pending(queue)
    worker = threading.Thread(target=queue.deny, args=(pending.id,))
    worker.start()
    result = await task
    worker.join()
    assert result.decision is Decision.DENY and result.reason == "denied by a reviewer"


async def test_timeout_denies_and_forgets(request_: AdjudicationRequest) -> None:
    seen: list[PendingApproval] = []
    queue = ApprovalQueue(on_pending=seen.append)
    result = await queue.adjudicate(request_, timeout=0.05)
    assert result.decision is Decision.DENY and "timed out" in result.reason
    assert queue.pending() == [] and len(seen) == 1
    with pytest.raises(ControlPlaneError):
        queue.approve(seen[0].id)


async def test_several_requests_are_decided_independently(request_: AdjudicationRequest) -> None:
    queue = ApprovalQueue()
    tasks = [asyncio.create_task(queue.adjudicate(request_, timeout=5)) for _ in range(3)]
    while len(queue.pending()) < 3:
        await asyncio.sleep(0.005)
    first, second, third = queue.pending()
    queue.deny(second.id, "no")
    queue.approve(first.id, "yes")
    queue.approve(third.id, "yes")
    decisions = [(await t).decision for t in tasks]
    assert decisions == [Decision.ALLOW, Decision.DENY, Decision.ALLOW]


async def test_cancelled_wait_leaves_nothing_behind(request_: AdjudicationRequest) -> None:
    queue = ApprovalQueue()
    task = asyncio.create_task(queue.adjudicate(request_, timeout=5))
    await wait_pending(queue)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert queue.pending() == []


def test_unknown_id() -> None:
    with pytest.raises(ControlPlaneError):
        ApprovalQueue().deny("nope")


async def test_no_adjudicator_times_out_to_deny(request_: AdjudicationRequest) -> None:
    adjudicator = resolve_adjudicator(None)
    assert isinstance(adjudicator, TimeoutDenyAdjudicator)
    result = await adjudicate_safely(adjudicator, request_, timeout=1)
    assert result.decision is Decision.DENY and "no adjudicator" in result.reason
    loop = asyncio.get_running_loop()
    started = loop.time()
    result = await TimeoutDenyAdjudicator(max_wait=0.05).adjudicate(request_, timeout=10)
    assert result.decision is Decision.DENY and loop.time() - started >= 0.04


class Raising:
    name = "raising"

    async def adjudicate(self, req: AdjudicationRequest, *, timeout: float) -> AdjudicationResult:
        raise RuntimeError("model crashed")


class Sleepy:
    name = "sleepy"

    async def adjudicate(self, req: AdjudicationRequest, *, timeout: float) -> AdjudicationResult:
        await asyncio.sleep(10)  # ignores its deadline
        raise AssertionError("unreachable")


class Fixed:
    def __init__(self, decision: Decision, reason: str) -> None:
        self.name = "fixed"
        self.result = AdjudicationResult(decision=decision, reason=reason, adjudicator="fixed")

    async def adjudicate(self, req: AdjudicationRequest, *, timeout: float) -> AdjudicationResult:
        return self.result


async def test_adjudicate_safely_fails_closed(request_: AdjudicationRequest) -> None:
    crashed = await adjudicate_safely(Raising(), request_, timeout=1)
    assert crashed.decision is Decision.DENY and "model crashed" in (crashed.error or "")
    overran = await adjudicate_safely(Sleepy(), request_, timeout=0.05)
    assert overran.decision is Decision.DENY and overran.error == "timeout"
    undecided = await adjudicate_safely(Fixed(Decision.ESCALATE, "?"), request_, timeout=1)
    assert undecided.decision is Decision.DENY
    silent = await adjudicate_safely(Fixed(Decision.ALLOW, " "), request_, timeout=1)
    assert silent.decision is Decision.DENY
    fine = await adjudicate_safely(Fixed(Decision.REWRITE, "strip it"), request_, timeout=1)
    assert fine.decision is Decision.REWRITE
