"""The live feed: every audit record as it is committed, and escalations as they arrive, to the
console's pages (server-sent events) and the terminal console.

What the console shows of a decision is exactly what the audit recorded, masked as recorded: the
feed listens to the audit log's commits (``AuditLog.add_listener``) and sends each row's stored
body as it is. So nothing reaches a screen that is not in the audit, and a decision appears
once it is durable, whatever front end (HTTP, MCP, planner) it came from.

Cost on the decision path: the listener appends the committed rows to a ring buffer (the last
``keep`` records, what a reloaded page starts from) and, only when a console is connected, hands
them to the event loop. Each subscriber's stream writes at most every ``flush_s`` seconds, all
that arrived meanwhile in one write, so a console costs a few writes a second however fast the
daemon decides (measured by ``droidgate bench api --consoles``).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import orjson

from host_pep.audit.store import StoredRow

KEEP = 500
"""Records a reloaded page (or a newly connected console) starts from."""
MAX_QUEUED = 5000
"""Items one subscriber may fall behind by; older ones are dropped (and the stream says so)."""


@dataclass(slots=True)
class FeedItem:
    """One thing the console is told: an audit record (``seq`` > 0) or an escalation event."""

    seq: int
    kind: str
    session: str
    agent: str
    decision: str | None
    stage: str | None
    body: str
    _frame: bytes | None = None

    @classmethod
    def from_row(cls, row: StoredRow) -> FeedItem:
        return cls(row.seq, row.kind, row.session, row.agent, row.decision, row.stage, row.body)

    @property
    def frame(self) -> bytes:
        """The server-sent event, built once however many consoles receive it."""
        if self._frame is None:
            head = f"id: {self.seq}\n" if self.seq else ""
            # the stored body is canonical JSON: one line, so one data field
            self._frame = f"{head}event: {self.kind}\ndata: {self.body}\n\n".encode()
        return self._frame


@dataclass(frozen=True, slots=True)
class FeedFilter:
    """Which items a subscriber wants; an empty field matches everything."""

    session: str = ""
    agent: str = ""
    decision: str = ""
    stage: str = ""

    FIELDS = ("session", "agent", "decision", "stage")

    @classmethod
    def from_query(cls, query: Mapping[str, str]) -> FeedFilter:
        return cls(**{k: query.get(k, "").strip()[:256] for k in cls.FIELDS})

    def matches(self, item: FeedItem) -> bool:
        if item.seq == 0:  # escalation events: the pages keep their own list
            return not self.session or item.session == self.session
        return (
            (not self.session or item.session == self.session)
            and (not self.agent or item.agent == self.agent)
            and (not self.decision or item.decision == self.decision)
            and (not self.stage or item.stage == self.stage)
        )


@dataclass(eq=False)
class Subscription:
    flt: FeedFilter
    items: deque[FeedItem] = field(default_factory=lambda: deque(maxlen=MAX_QUEUED))
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dropped: int = 0
    closed: bool = False

    def offer(self, items: Iterable[FeedItem]) -> None:
        added = False
        for item in items:
            if self.flt.matches(item):
                if len(self.items) == self.items.maxlen:
                    self.dropped += 1
                self.items.append(item)
                added = True
        if added:
            self.wake.set()

    def take(self) -> list[FeedItem]:
        out = list(self.items)
        self.items.clear()
        self.wake.clear()
        return out


class DecisionFeed:
    def __init__(self, keep: int = KEEP) -> None:
        self._ring: deque[FeedItem] = deque(maxlen=keep)
        self._subs: set[Subscription] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self.closed = False

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """The loop subscribers live on (the daemon's); commits on other threads hop to it."""
        self._loop = loop
        self._loop_thread = threading.get_ident()

    def seed(self, rows: Sequence[StoredRow]) -> None:
        """Start from what the audit already holds (so a restarted daemon's console is not
        empty): the newest ``keep`` rows, oldest first."""
        self._ring.extend(FeedItem.from_row(r) for r in rows)

    # -- the audit listener (any thread) ------------------------------------------------------
    def on_commit(self, rows: Sequence[StoredRow]) -> None:
        items = [FeedItem.from_row(r) for r in rows]
        self._ring.extend(items)  # deque.extend is atomic: no lock on the decision path
        if not self._subs or self._loop is None:
            return
        if threading.get_ident() == self._loop_thread:
            self._deliver(items)
        else:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the daemon is stopping
                self._loop.call_soon_threadsafe(self._deliver, items)

    def _deliver(self, items: list[FeedItem]) -> None:
        for sub in tuple(self._subs):
            sub.offer(items)

    # -- events that are not audit records (loop thread) -------------------------------------
    def publish(self, kind: str, session: str, data: Mapping[str, object]) -> None:
        """An escalation arrived, was answered or expired: tell every console now."""
        body = orjson.dumps(dict(data)).decode()
        self._deliver([FeedItem(0, kind, session, "", None, None, body)])

    # -- subscribers (loop thread) ------------------------------------------------------------
    def subscribe(self, flt: FeedFilter) -> Subscription:
        sub = Subscription(flt)
        if self.closed:
            sub.closed = True
        self._subs.add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        self._subs.discard(sub)

    @property
    def subscribers(self) -> int:
        return len(self._subs)

    def backlog(self, flt: FeedFilter, *, after: int = 0, limit: int = KEEP) -> list[FeedItem]:
        """The kept records matching ``flt`` with seq above ``after``, oldest first."""
        found = [i for i in list(self._ring) if i.seq > after and flt.matches(i)]
        found.sort(key=lambda i: i.seq)  # commits on two threads may land out of order
        return found[-limit:]

    def close(self) -> None:
        """The daemon is stopping: every stream ends now (instead of holding the shutdown)."""
        self.closed = True
        for sub in tuple(self._subs):
            sub.closed = True
            sub.wake.set()
