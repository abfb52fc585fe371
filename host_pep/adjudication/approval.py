"""ApprovalQueue: T4 by a human. An escalation waits here until someone approves or denies it,
or its deadline passes (deny). Safe to decide from any thread (e.g. an HTTP handler's executor)
while the PEP awaits on its event loop.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from host_pep.adjudication.base import AdjudicationRequest, AdjudicationResult, deny
from host_pep.exceptions import ControlPlaneError
from host_pep.verdict import Decision


class PendingApproval(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    request: AdjudicationRequest
    created: float
    deadline: float


@dataclass
class _Waiter:
    pending: PendingApproval
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[AdjudicationResult]


def _settle(future: asyncio.Future[AdjudicationResult], result: AdjudicationResult) -> None:
    if not future.done():
        future.set_result(result)


class ApprovalQueue:
    name = "approval"

    def __init__(self, *, on_pending: Callable[[PendingApproval], None] | None = None) -> None:
        """``on_pending`` is called (on the awaiting loop) for each new request, e.g. to notify."""
        self._lock = threading.Lock()
        self._waiting: dict[str, _Waiter] = {}
        self._on_pending = on_pending

    async def adjudicate(self, req: AdjudicationRequest, *, timeout: float) -> AdjudicationResult:
        loop = asyncio.get_running_loop()
        now = time.time()
        pending = PendingApproval(
            id=secrets.token_hex(6), request=req, created=now, deadline=now + max(timeout, 0.0)
        )
        future: asyncio.Future[AdjudicationResult] = loop.create_future()
        with self._lock:
            self._waiting[pending.id] = _Waiter(pending, loop, future)
        try:
            if self._on_pending is not None:
                self._on_pending(pending)
            done, _ = await asyncio.wait({future}, timeout=max(timeout, 0.0))
            if not done:
                with self._lock:
                    still_waiting = self._waiting.pop(pending.id, None) is not None
                if still_waiting:
                    return deny(self.name, f"approval timed out after {timeout:g}s")
                # decided in the instant the deadline passed: its result is already scheduled
            return await future
        finally:
            with self._lock:
                self._waiting.pop(pending.id, None)

    def pending(self) -> list[PendingApproval]:
        with self._lock:
            items = [w.pending for w in self._waiting.values()]
        return sorted(items, key=lambda p: p.created)

    def approve(self, id: str, reason: str = "") -> None:
        self._decide(id, Decision.ALLOW, reason or "approved by a reviewer")

    def deny(self, id: str, reason: str = "") -> None:
        self._decide(id, Decision.DENY, reason or "denied by a reviewer")

    def _decide(self, id: str, decision: Decision, reason: str) -> None:
        with self._lock:
            waiter = self._waiting.pop(id, None)
        if waiter is None:
            raise ControlPlaneError(f"no pending approval with id {id!r}")
        result = AdjudicationResult(decision=decision, reason=reason, adjudicator=self.name)
        try:
            waiter.loop.call_soon_threadsafe(_settle, waiter.future, result)
        except RuntimeError as exc:  # the awaiting loop is gone: nobody can act on this
            raise ControlPlaneError(f"approval {id!r} is no longer awaited") from exc
