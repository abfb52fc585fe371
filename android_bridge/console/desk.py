"""The escalation desk: what the operator needs to answer an escalation in time.

The daemon's approval queue (``host_pep.adjudication.ApprovalQueue``) holds each escalated action
until someone approves or denies it, or its deadline passes (deny). The desk is told of each
one as it arrives (the queue's ``on_pending``) and

* for a GUI action, takes a screenshot of the session's device at once, and notes the bounds of
  the widget the action targets, so the page can outline it (the action has not been committed:
  the device still shows what the PEP judged);
* tells every console (the live feed's ``escalation`` event: a page notification) and the
  webhook, if one is configured;
* answers through the bridge service, so the decision's audit record says who answered, through
  what and why ("approved by 'alice' via console: the user asked for it");
* remembers the last answers, and notices expiries (a deadline passed with nobody answering).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from host_pep.adjudication.approval import PendingApproval

log = logging.getLogger(__name__)

KEEP_ANSWERED = 50


class EscalationSink(Protocol):
    """Something told of each escalation as it arrives (the webhook notifier)."""

    def escalation(self, data: dict[str, Any]) -> None: ...


@dataclass
class Held:
    """A pending escalation with what the console shows of it."""

    pending: PendingApproval
    serial: str | None = None
    screen_png: bytes | None = None
    screen_size: tuple[int, int] | None = None
    widget_bounds: tuple[int, int, int, int] | None = None
    screen_error: str | None = None

    @property
    def id(self) -> str:
        return self.pending.id

    def summary(self) -> dict[str, Any]:
        """What a notification carries: masked, as the adjudicator sees it."""
        req = self.pending.request
        return {
            "id": self.pending.id,
            "event_id": req.event_id,
            "session": req.session,
            "agent": req.agent,
            "summary": req.summary.split(" ", 1)[-1],  # "agent@session " is said apart
            "target": req.semantics.package or req.semantics.app or "",
            "operation": str(req.semantics.operation.value),
            "reasons": list(req.reasons),
            "evidence": [e.model_dump(mode="json") for e in req.evidence],
            "user_request": req.user_request,
            "created": self.pending.created,
            "deadline": self.pending.deadline,
            "serial": self.serial,
        }


@dataclass
class Answered:
    id: str
    session: str
    agent: str
    summary: str
    outcome: str  # approved | denied | expired
    reason: str
    at: float = field(default_factory=time.time)


def _bounds(widget: dict[str, Any] | None) -> tuple[int, int, int, int] | None:
    raw = (widget or {}).get("bounds")
    if isinstance(raw, (list, tuple)) and len(raw) == 4:
        try:
            left, top, right, bottom = (int(v) for v in raw)
        except (TypeError, ValueError):
            return None
        if right > left and bottom > top:
            return (left, top, right, bottom)
    return None


def _png_size(png: bytes) -> tuple[int, int] | None:
    from PIL import Image

    try:
        with Image.open(io.BytesIO(png)) as img:
            return (int(img.width), int(img.height))
    except Exception:
        return None


class EscalationDesk:
    def __init__(self, *, keep_answered: int = KEEP_ANSWERED) -> None:
        self._held: dict[str, Held] = {}
        self.answered: deque[Answered] = deque(maxlen=keep_answered)
        self.sinks: list[EscalationSink] = []
        self._publish: Callable[[str, str, dict[str, Any]], None] | None = None
        self._serial_of: Callable[[str], str | None] = lambda session: None
        self._screenshot: Callable[[str], Any] | None = None
        self._queue: Any = None
        self._tasks: set[asyncio.Task[None]] = set()

    def attach(
        self,
        *,
        queue: Any,
        publish: Callable[[str, str, dict[str, Any]], None],
        serial_of: Callable[[str], str | None],
        screenshot: Callable[[str], Any] | None,
    ) -> None:
        """Wire the desk to the daemon: the approval queue, the feed, a session's device, and a
        way to take a device's screenshot (a coroutine function of the serial)."""
        self._queue = queue
        self._publish = publish
        self._serial_of = serial_of
        self._screenshot = screenshot

    # -- the approval queue's hook (on the event loop) -----------------------------------------
    def on_pending(self, pending: PendingApproval) -> None:
        held = Held(pending)
        try:
            held.serial = self._serial_of(pending.request.session)
        except Exception:
            held.serial = None
        held.widget_bounds = _bounds(pending.request.semantics.widget)
        self._held[pending.id] = held
        data = held.summary()
        if self._publish is not None:
            self._publish("escalation", pending.request.session, data)
        for sink in self.sinks:
            try:
                sink.escalation(data)
            except Exception as exc:  # a notifier never stands in a decision's way
                log.warning("escalation notifier failed: %s", exc)
        loop = asyncio.get_running_loop()
        if held.widget_bounds is not None and held.serial and self._screenshot is not None:
            self._spawn(self._capture(held))
        loop.call_later(max(0.0, pending.deadline - time.time()) + 0.2, self._expired, pending.id)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _capture(self, held: Held) -> None:
        assert self._screenshot is not None and held.serial is not None
        try:
            png = await asyncio.wait_for(self._screenshot(held.serial), 10)
            held.screen_png = bytes(png)
            held.screen_size = _png_size(held.screen_png)
        except Exception as exc:
            held.screen_error = f"{type(exc).__name__}: {exc}"
            log.info("no screenshot for escalation %s: %s", held.id, held.screen_error)

    def _still_pending(self) -> set[str]:
        if self._queue is None:
            return set(self._held)
        return {p.id for p in self._queue.pending()}

    def _expired(self, escalation_id: str) -> None:
        held = self._held.get(escalation_id)
        if held is None or escalation_id in self._still_pending():
            return
        del self._held[escalation_id]
        self._answered(held, "expired", "nobody answered before the deadline; denied")

    def _answered(self, held: Held, outcome: str, reason: str) -> None:
        req = held.pending.request
        self.answered.appendleft(
            Answered(
                held.id, req.session, req.agent, req.summary.split(" ", 1)[-1], outcome, reason
            )
        )
        if self._publish is not None:
            self._publish(
                "escalation_resolved",
                req.session,
                {"id": held.id, "outcome": outcome, "reason": reason, "session": req.session},
            )

    # -- what the pages read, and the operator's answers ----------------------------------------
    def pending(self) -> list[Held]:
        """Pending escalations, oldest first (the queue is the truth; the desk adds screens)."""
        live = self._still_pending()
        for gone in [i for i in self._held if i not in live]:
            self._expired(gone)
        if self._queue is not None:
            for p in self._queue.pending():  # held before the desk was attached
                self._held.setdefault(p.id, Held(p))
        return sorted(self._held.values(), key=lambda h: h.pending.created)

    def get(self, escalation_id: str) -> Held | None:
        return self._held.get(escalation_id)

    def answer(self, escalation_id: str, approve: bool, said: str) -> None:
        """Record an answer the bridge service has given (``said``: the audited reason)."""
        held = self._held.pop(escalation_id, None)
        if held is not None:
            self._answered(held, "approved" if approve else "denied", said)

    def deny_all(self, reason: str) -> int:
        """Deny every pending escalation (the daemon is stopping: nobody will answer them, and
        the actions waiting must end, denied, before the daemon can)."""
        denied = 0
        if self._queue is None:
            return 0
        for pending in self._queue.pending():
            try:
                self._queue.deny(pending.id, reason)
            except Exception:  # answered or expired meanwhile
                continue
            held = self._held.pop(pending.id, None)
            if held is not None:
                self._answered(held, "denied", reason)
            denied += 1
        return denied

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
