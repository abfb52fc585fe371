"""Escalations behind one interface: a daemon's own queue, or the farm's shared one.

``EscalationQueue`` is what the operator's routes (the bridge API, the console, the CLI) use:
list what is pending, approve, deny. ``ApprovalQueue`` (host_pep.adjudication.approval) is the
single daemon's, in memory. ``PostgresApprovalQueue`` is the farm's: an escalation raised by
any daemon is a row in ``escalations``; any daemon lists it and any operator decides it there;
the decision NOTIFYs ``droidgate_escalations`` and the daemon whose agent waits settles its
future (its ``Listener`` re-reads every escalation it waits for after a reconnect, so a decision
made while it was away still arrives). A deadline that passes first expires the row (deny),
atomically with respect to a decision: exactly one of them wins.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from host_pep.adjudication.approval import PendingApproval
from host_pep.adjudication.base import AdjudicationRequest, AdjudicationResult, deny
from host_pep.control.listener import Listener
from host_pep.control.pg import PgConnection
from host_pep.exceptions import ControlPlaneError, ControlPlaneUnavailable
from host_pep.verdict import Decision

if TYPE_CHECKING:
    import psycopg

log = logging.getLogger(__name__)
CHANNEL = "droidgate_escalations"


@runtime_checkable
class EscalationQueue(Protocol):
    """What an operator does with escalations, wherever they are kept."""

    def pending(self) -> list[PendingApproval]: ...

    def approve(self, id: str, reason: str = "") -> None: ...

    def deny(self, id: str, reason: str = "") -> None: ...


@dataclass
class _Waiter:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[AdjudicationResult]


def _settle(future: asyncio.Future[AdjudicationResult], result: AdjudicationResult) -> None:
    if not future.done():
        future.set_result(result)


class PostgresApprovalQueue:
    """T4 by a human, shared by the farm's daemons (see the module docstring)."""

    name = "approval"

    def __init__(
        self,
        url: str,
        listener: Listener,
        *,
        daemon: str,
        on_pending: Callable[[PendingApproval], None] | None = None,
    ) -> None:
        """``on_pending`` is called (on the awaiting loop) for each escalation this daemon
        raises, as ``ApprovalQueue``'s is (the console's desk: a screenshot, a notification)."""
        self.url = url
        self.daemon = daemon
        self._on_pending = on_pending
        self._lock = threading.Lock()
        self._db = PgConnection(url, "droidgate escalations")
        self._waiting: dict[str, _Waiter] = {}
        listener.on(CHANNEL, self._notified)
        listener.on_connect(self._catch_up)

    # -- the agent's side ----------------------------------------------------------------------

    async def adjudicate(self, req: AdjudicationRequest, *, timeout: float) -> AdjudicationResult:
        loop = asyncio.get_running_loop()
        now = time.time()
        id_ = secrets.token_hex(8)
        future: asyncio.Future[AdjudicationResult] = loop.create_future()
        with self._lock:
            self._waiting[id_] = _Waiter(loop, future)
        try:
            try:
                await asyncio.to_thread(
                    self._execute,
                    "INSERT INTO escalations(id, daemon, session, created, deadline, request) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    (id_, self.daemon, req.session, now, now + max(timeout, 0.0),
                     req.model_dump_json()),
                )  # fmt: skip
            except ControlPlaneUnavailable as exc:
                return deny(self.name, f"the escalation could not be raised: {exc}")
            if self._on_pending is not None:
                self._on_pending(
                    PendingApproval(id=id_, request=req, created=now, deadline=now + timeout)
                )
            done, _ = await asyncio.wait({future}, timeout=max(timeout, 0.0))
            if done:
                return future.result()
            return await asyncio.to_thread(self._expire, id_, timeout)
        finally:
            with self._lock:
                self._waiting.pop(id_, None)

    def _expire(self, id_: str, timeout: float) -> AdjudicationResult:
        """The deadline passed: expire the row unless a decision got there first."""
        try:
            rows = self._execute(
                "UPDATE escalations SET status = 'expired', decided_at = %s "
                "WHERE id = %s AND status = 'pending' RETURNING id",
                (time.time(), id_),
            )
            if rows:
                return deny(self.name, f"approval timed out after {timeout:g}s")
            found = self._execute(
                "SELECT status, reason, decided_by FROM escalations WHERE id = %s", (id_,)
            )
        except ControlPlaneUnavailable as exc:
            return deny(self.name, f"approval could not be confirmed: {exc}")
        if not found:
            return deny(self.name, "the escalation vanished from the control plane")
        return _result(str(found[0][0]), str(found[0][1]), str(found[0][2]))

    # -- the operator's side -------------------------------------------------------------------

    def pending(self) -> list[PendingApproval]:
        rows = self._execute(
            "SELECT id, request, created, deadline FROM escalations "
            "WHERE status = 'pending' AND deadline > %s ORDER BY created",
            (time.time(),),
        )
        return [
            PendingApproval(
                id=str(i),
                request=AdjudicationRequest.model_validate_json(r),
                created=float(c),
                deadline=float(d),
            )
            for i, r, c, d in rows
        ]

    def approve(self, id: str, reason: str = "") -> None:
        self._decide(id, Decision.ALLOW, reason or "approved by a reviewer")

    def deny(self, id: str, reason: str = "") -> None:
        self._decide(id, Decision.DENY, reason or "denied by a reviewer")

    def _decide(self, id: str, decision: Decision, reason: str) -> None:
        import psycopg

        with self._db.lock:
            try:
                conn = self._db.get()
                with conn.transaction():
                    row = conn.execute(
                        "UPDATE escalations SET status = %s, reason = %s, decided_by = %s, "
                        "decided_at = %s WHERE id = %s AND status = 'pending' AND deadline > %s "
                        "RETURNING id",
                        (decision.value, reason, self.daemon, time.time(), id, time.time()),
                    ).fetchone()
                    if row is not None:
                        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, id))
            except psycopg.Error as exc:
                self._db.drop()
                raise ControlPlaneUnavailable(f"control plane: cannot decide: {exc}") from exc
        if row is None:
            raise ControlPlaneError(f"no pending approval with id {id!r}")

    # -- notifications -------------------------------------------------------------------------

    def _notified(self, conn: psycopg.Connection, payload: str) -> None:
        with self._lock:
            waiter = self._waiting.get(payload)
        if waiter is not None:
            self._read_into(conn, [payload])

    def _catch_up(self, conn: psycopg.Connection) -> None:
        with self._lock:
            ids = list(self._waiting)
        if ids:
            self._read_into(conn, ids)

    def _read_into(self, conn: psycopg.Connection, ids: list[str]) -> None:
        rows = conn.execute(
            "SELECT id, status, reason, decided_by FROM escalations "
            "WHERE id = ANY(%s) AND status IN ('allow', 'deny')",
            (ids,),
        ).fetchall()
        for id_, status, reason, by in rows:
            with self._lock:
                waiter = self._waiting.get(str(id_))
            if waiter is None:
                continue
            result = _result(str(status), str(reason), str(by))
            try:
                waiter.loop.call_soon_threadsafe(_settle, waiter.future, result)
            except RuntimeError:  # the awaiting loop is gone: nobody can act on this
                log.debug("escalation %s decided after its loop closed", id_)

    def _execute(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return self._db.run(sql, params)

    def close(self) -> None:
        with self._db.lock:
            self._db.drop()


def _result(status: str, reason: str, decided_by: str) -> AdjudicationResult:
    decision = Decision.ALLOW if status == "allow" else Decision.DENY
    where = f" (on {decided_by})" if decided_by else ""
    return AdjudicationResult(decision=decision, reason=reason + where, adjudicator="approval")
