"""GroupCommitWriter: one writer commits concurrent appends together, one transaction per group.

Why: a durable commit has a fixed cost (a WAL write, and an fsync under ``durability="power"``)
that dwarfs the cost of one row. Callers put their prepared item in a queue and wait; the writer
takes everything queued, commits it as one batch, and resolves every caller in submission
order. While it commits, the next group gathers, so a batch grows with the load and no caller
waits for a timer (there is no linger delay).

* ``submit(item)`` returns a ``concurrent.futures.Future`` (threads: ``.result()``);
  ``await asubmit(item)`` is the same for coroutines. Either resolves only after the batch
  holding the item has committed, so acknowledged implies stored.
* Coroutines of one event loop are woken with one ``call_soon_threadsafe`` per batch, not one
  per record (each is a write to the loop's self-pipe and a wake-up of the loop).
* ``run_inline(item)`` commits a batch of one in the calling thread when nothing is queued or
  committing (a lone synchronous caller then pays no thread hand-off); otherwise it queues and
  waits like everyone else, so the order stays the submission order.
* With ``try_commit`` (a commit that never waits for a lock and returns None when it cannot
  start; for stores whose commit is a WAL append, no fsync), coroutines' records are gathered
  per event-loop tick and committed on the loop itself, one transaction per tick. Why: handing
  a record to the thread and waking the loop back costs two thread switches and a self-pipe
  round trip per batch; at an open-loop load batches hold one or two records, and that
  hand-off cost more CPU than the commit (about 300 us against 100 us per decision, measured by
  ``droidgate bench api``). When the thread is busy, or ``try_commit`` cannot start (a lock is
  held), the tick's records join the thread's queue instead: commits never overlap and the
  loop never waits for a lock. A record submitted while nothing else is ready to run on its
  loop is committed at once: its tick could hold nothing else (``_nothing_ready``).
* A batch that fails fails every caller in it, each with its own ``AuditUnavailable`` chained to
  the cause. A caller cancelled before its batch started is left out (it was never
  acknowledged); once its batch started, the record is stored whether or not anyone waits.
* ``close()`` commits what is queued, then stops the thread; a later submit raises
  ``AuditUnavailable``. The thread starts with the first queued record and ends after
  ``idle_exit`` seconds without work (the next record starts it again).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any, Generic, NamedTuple, TypeVar

from host_pep.exceptions import AuditUnavailable

T = TypeVar("T")
R = TypeVar("R")

DEFAULT_MAX_BATCH = 512
DEFAULT_MAX_PENDING = 20_000
DEFAULT_IDLE_EXIT_S = 30.0  # a writer thread idle this long ends (an unclosed log keeps none)


class CommitStats(NamedTuple):
    batches: int
    """Transactions committed (inline and by the thread)."""
    records: int
    """Records those transactions stored."""
    pending: int
    """Records queued now."""


class _Entry(Generic[T, R]):
    """One queued item and whoever waits for it: a thread's Future or a loop's asyncio Future."""

    __slots__ = ("afuture", "future", "item", "late", "loop", "timeout")

    def __init__(
        self,
        item: T,
        future: Future[R] | None = None,
        loop: asyncio.AbstractEventLoop | None = None,
        afuture: asyncio.Future[R] | None = None,
        timeout: float | None = None,
        late: Callable[[], str] | None = None,
    ) -> None:
        self.item = item
        self.future = future
        self.loop = loop
        self.afuture = afuture
        self.timeout = timeout  # a coroutine's ack timeout, for when the thread commits it
        self.late = late

    def start(self) -> bool:
        """Claim the entry for a batch; False if its caller has gone (cancelled)."""
        if self.future is not None:
            return self.future.set_running_or_notify_cancel()
        # read from another thread: at worst a record cancelled this instant is still stored
        return self.afuture is not None and not self.afuture.done()


def _settle(
    outcomes: list[tuple[asyncio.Future[R], R | None, BaseException | None]],
    watch: _Deadlines | None = None,
) -> None:
    """Runs on the waiters' loop: resolve every coroutine of one batch at once."""
    for afuture, result, error in outcomes:
        if afuture.done():  # cancelled meanwhile
            continue
        if error is not None:
            afuture.set_exception(error)
        else:
            afuture.set_result(result)  # type: ignore[arg-type]
    if watch is not None:
        watch.prune()


def _nothing_ready(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether no callback is waiting to run on ``loop`` (asyncio's ready queue is empty).

    Why: a tick's batch holds the records submitted before its flush runs, and the flush runs
    after every callback already in the ready queue. With that queue empty the flush would run
    next and commit the one record alone, so committing it now stores the same batch, minus a
    loop iteration, a scheduled callback and a wake-up of the waiting task (a lone caller's
    await then returns at once). ``_ready`` is the pure-Python loop's queue; a loop without it
    (uvloop) always takes the tick."""
    ready = getattr(loop, "_ready", None)
    return isinstance(ready, deque) and not ready


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class _Deadlines:
    """Ack timeouts of one loop's waiters with one timer, not one per record (a timer per await
    cost as much CPU as the rest of the hand-off). Runs only on its loop's thread. Holds its
    loop weakly: the writer keeps these in a WeakKeyDictionary keyed by the loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = weakref.ref(loop)
        self.waiting: deque[tuple[float, asyncio.Future[Any], Callable[[], str] | None]] = deque()
        self.timer: asyncio.TimerHandle | None = None

    def add(
        self,
        loop: asyncio.AbstractEventLoop,
        afuture: asyncio.Future[Any],
        timeout: float,
        late: Callable[[], str] | None,
    ) -> None:
        deadline = loop.time() + timeout
        if self.waiting and deadline < self.waiting[-1][0]:  # keep the deadlines in order
            deadline = self.waiting[-1][0]
        self.waiting.append((deadline, afuture, late))
        if self.timer is None:
            self.timer = loop.call_at(deadline, self._expire)

    def prune(self) -> None:
        """Forget the waiters already answered. Why: held until their deadline (10 s by
        default), ~10,000 answered futures at 1,000 decisions/s kept the collector walking them,
        and its gen-2 pauses were the serving p99. Batches resolve in submission order, so the
        answered ones are at the front."""
        waiting = self.waiting
        while waiting and waiting[0][1].done():
            waiting.popleft()

    def _expire(self) -> None:
        self.timer = None
        loop = self._loop()
        if loop is None:
            return
        now = loop.time()
        while self.waiting:
            deadline, afuture, late = self.waiting[0]
            if not afuture.done() and deadline > now + 1e-3:  # timers may fire a bit early
                break
            self.waiting.popleft()
            if not afuture.done():
                message = late() if late is not None else "the audit store did not acknowledge"
                afuture.set_exception(AuditUnavailable(message))
        if self.waiting:
            self.timer = loop.call_at(self.waiting[0][0], self._expire)


class GroupCommitWriter(Generic[T, R]):
    def __init__(
        self,
        commit: Callable[[Sequence[T]], Sequence[R]],
        *,
        name: str = "droidgate-audit-writer",
        max_batch: int = DEFAULT_MAX_BATCH,
        max_pending: int = DEFAULT_MAX_PENDING,
        idle_exit: float = DEFAULT_IDLE_EXIT_S,
        try_commit: Callable[[Sequence[T]], Sequence[R] | None] | None = None,
    ) -> None:
        if max_batch < 1 or max_pending < 1:
            raise ValueError("max_batch and max_pending must be at least 1")
        self._commit = commit
        self._name = name
        self._max_batch = max_batch
        self._max_pending = max_pending
        self._idle_exit = idle_exit
        # Held directly (``with self._mutex``) where nobody waits or is woken: entering the
        # Condition is a Python-level call around the same lock, several times per record.
        self._mutex = threading.Lock()
        self._cond = threading.Condition(self._mutex)
        self._queue: deque[_Entry[T, R]] = deque()
        self._busy = False  # a batch is being committed (by the thread or inline)
        self._idle = False  # the thread waits on the condition (all under self._cond)
        self._closed = False
        self._thread: threading.Thread | None = None
        self._dead: str | None = None  # why the writer thread stopped unexpectedly
        self._batches = 0
        self._records = 0
        self._deadlines: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Deadlines] = (
            weakref.WeakKeyDictionary()
        )
        self._try_commit = try_commit
        # records of the current tick, per loop (only touched on that loop's thread)
        self._ticks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, list[_Entry[T, R]]] = (
            weakref.WeakKeyDictionary()
        )

    # -- submitting ---------------------------------------------------------------------------

    def submit(self, item: T) -> Future[R]:
        future: Future[R] = Future()
        self._enqueue(_Entry(item, future=future))
        return future

    def asubmit(
        self, item: T, timeout: float | None = None, late: Callable[[], str] | None = None
    ) -> asyncio.Future[R]:
        """From a coroutine: an awaitable for the commit of ``item``; past ``timeout`` seconds
        it raises ``AuditUnavailable`` (message from ``late``). (A plain function returning the
        future: one coroutine frame less per record.)"""
        loop = asyncio.get_running_loop()
        afuture: asyncio.Future[R] = loop.create_future()
        entry = _Entry(item, loop=loop, afuture=afuture, timeout=timeout, late=late)
        if self._try_commit is not None:
            with self._mutex:  # close() may move a tick's records to the thread
                self._check_open()
                tick = self._ticks.get(loop)
                alone = not tick and not self._queue and not self._busy and _nothing_ready(loop)
                if alone:
                    self._busy = True  # as _flush_tick would, one tick early
                else:
                    if tick is None:
                        tick = self._ticks[loop] = []
                    first = not tick
                    tick.append(entry)
            if alone:
                self._commit_on_loop(loop, [entry])
            elif first:
                loop.call_soon(self._flush_tick, loop)
            return afuture  # committed on this loop: a deadline only if the thread takes it
        self._enqueue(entry)
        self._watch(loop, [entry])
        return afuture

    def _watch(self, loop: asyncio.AbstractEventLoop, entries: list[_Entry[T, R]]) -> None:
        """Start the ack timeouts of ``entries`` (coroutines of ``loop`` the thread commits)."""
        watch = self._deadlines.get(loop)
        for entry in entries:
            if entry.timeout is None or entry.afuture is None:
                continue
            if watch is None:
                watch = self._deadlines[loop] = _Deadlines(loop)
            watch.add(loop, entry.afuture, entry.timeout, entry.late)

    def _enqueue(self, entry: _Entry[T, R]) -> None:
        with self._mutex:
            self._check_open()
            if len(self._queue) >= self._max_pending:
                raise AuditUnavailable(
                    f"audit writer is overloaded: {len(self._queue)} records waiting to be stored"
                )
            self._queue.append(entry)
            if self._thread is None:
                self._start()
            if self._idle:  # only then is anyone waiting (notify costs more than this check)
                self._cond.notify()

    def _flush_tick(self, loop: asyncio.AbstractEventLoop) -> None:
        """Runs on ``loop`` one tick after its first record: commit the tick's records here,
        or, if a commit is under way elsewhere, queue them for the thread."""
        with self._mutex:
            entries = self._ticks.pop(loop, [])
            if not entries:  # close() handed them to the thread
                return
            try:
                self._check_open()
            except AuditUnavailable as exc:
                for entry in entries:
                    if entry.afuture is not None and not entry.afuture.done():
                        entry.afuture.set_exception(AuditUnavailable(str(exc)))
                return
            inline = not self._queue and not self._busy
            if inline:
                self._busy = True
            else:
                self._hand_over(loop, entries, first=False)
        if inline:
            self._commit_on_loop(loop, entries)

    def _commit_on_loop(self, loop: asyncio.AbstractEventLoop, entries: list[_Entry[T, R]]) -> None:
        """Commit ``entries`` here, on their loop (the caller set ``_busy``); if a lock held
        elsewhere keeps the commit from starting, the thread takes them instead."""
        committed = False
        try:
            committed = self._commit_batch(entries, on_loop=True)
        finally:
            with self._mutex:
                self._busy = False
                if not committed:  # a lock is held elsewhere: the thread waits, not the loop
                    self._hand_over(loop, entries, first=True)
                self._wake_for_queued()

    def _hand_over(
        self, loop: asyncio.AbstractEventLoop, entries: list[_Entry[T, R]], *, first: bool
    ) -> None:
        """Queue a tick's records for the thread (under ``self._cond``); ``first``: ahead of
        what is queued (they were submitted before it)."""
        if first:
            self._queue.extendleft(reversed(entries))
        else:
            self._queue.extend(entries)
        if self._thread is None:
            self._start()
        if self._idle:
            self._cond.notify()
        if _running_loop() is loop:  # timers belong to their loop's thread (close() may not be)
            self._watch(loop, entries)

    def run_inline(
        self,
        item: T,
        timeout: float | None = None,
        *,
        queued: Callable[[T], T] | None = None,
    ) -> R:
        """Commit ``item`` now in this thread if the writer is idle, else queue and wait.
        ``queued``: what ``item`` becomes when it has to join a group instead (run in this
        thread, before it is queued; what it raises is this caller's alone)."""
        with self._mutex:
            self._check_open()
            inline = not self._queue and not self._busy
            if inline:
                self._busy = True
        if not inline:
            future = self.submit(item if queued is None else queued(item))
            try:
                return future.result(timeout)
            except TimeoutError:
                future.cancel()  # still queued: withdrawn; already committing: stored anyway
                raise
        committed = False
        try:
            (result,) = self._commit([item])
            committed = True
        except AuditUnavailable:
            raise
        except Exception as exc:
            raise AuditUnavailable(f"audit batch failed: {exc}") from exc
        finally:
            with self._mutex:
                self._busy = False
                if committed:
                    self._batches += 1
                    self._records += 1
                self._wake_for_queued()
        return result

    def _wake_for_queued(self) -> None:
        """After an inline commit (under ``self._cond``): wake the thread only if a group
        queued behind it. Why not always: an idle thread woken after every inline commit cost
        two context switches per decision."""
        if self._queue and self._idle:
            self._cond.notify()

    def _check_open(self) -> None:
        if self._dead is not None:
            raise AuditUnavailable(self._dead)
        if self._closed:
            raise AuditUnavailable("audit log is closed")

    # -- the writer thread --------------------------------------------------------------------

    def _start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while True:
                with self._mutex:
                    while self._busy or (not self._queue and not self._closed):
                        self._idle = True
                        woken = self._cond.wait(self._idle_exit)
                        self._idle = False
                        if not woken and not self._queue and not self._busy:
                            self._thread = None  # idle for long: the next submit starts one
                            return
                    if not self._queue:  # closed and drained
                        self._thread = None
                        return
                    n = min(len(self._queue), self._max_batch)
                    batch = [self._queue.popleft() for _ in range(n)]
                    self._busy = True
                try:
                    self._commit_batch(batch)
                finally:
                    with self._mutex:
                        self._busy = False
                        self._cond.notify_all()
        except BaseException as exc:  # a bug in here must not leave callers waiting forever
            self._die(f"audit writer stopped: {type(exc).__name__}: {exc}")
            raise

    def _commit_batch(self, batch: list[_Entry[T, R]], *, on_loop: bool = False) -> bool:
        """Commit ``batch`` and answer its callers. On the loop (``try_commit``): False, and
        nobody answered, when the commit could not start without waiting."""
        live = [entry for entry in batch if entry.start()]
        if not live:
            return True
        try:
            if on_loop and self._try_commit is not None:
                attempt = self._try_commit([entry.item for entry in live])
                if attempt is None:
                    return False
                results = attempt
            else:
                results = self._commit([entry.item for entry in live])
            if len(results) != len(live):
                raise RuntimeError(f"committed {len(results)} results for {len(live)} records")
        except BaseException as exc:
            message = (
                str(exc) if isinstance(exc, AuditUnavailable) else f"audit batch failed: {exc}"
            )
            self._resolve(live, None, message, exc, on_loop=on_loop)
            if not isinstance(exc, Exception):
                raise
            return True
        with self._mutex:
            self._batches += 1
            self._records += len(live)
        self._resolve(live, results, None, None, on_loop=on_loop)
        return True

    def _resolve(
        self,
        live: list[_Entry[T, R]],
        results: Sequence[R] | None,
        message: str | None,
        cause: BaseException | None,
        *,
        on_loop: bool = False,
    ) -> None:
        """Results (or one fresh error each) to every caller, in order; one wake-up per loop."""
        by_loop: dict[
            asyncio.AbstractEventLoop,
            list[tuple[asyncio.Future[R], R | None, BaseException | None]],
        ] = {}
        for i, entry in enumerate(live):
            error: BaseException | None = None
            if message is not None:
                # one exception object per caller: each is raised (and gets a traceback) apart
                error = AuditUnavailable(message)
                error.__cause__ = cause
            result = results[i] if results is not None else None
            if entry.future is not None:
                if error is not None:
                    entry.future.set_exception(error)
                else:
                    entry.future.set_result(result)  # type: ignore[arg-type]
            elif entry.loop is not None and entry.afuture is not None:
                by_loop.setdefault(entry.loop, []).append((entry.afuture, result, error))
        for loop, outcomes in by_loop.items():
            if on_loop:  # we run on the waiters' loop: answer them now
                _settle(outcomes, self._deadlines.get(loop))
                continue
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody is left to tell
                loop.call_soon_threadsafe(_settle, outcomes, self._deadlines.get(loop))

    def _die(self, reason: str) -> None:
        with self._mutex:
            self._dead = reason
            pending = list(self._queue)
            self._queue.clear()
        live = [entry for entry in pending if entry.start()]
        self._resolve(live, None, reason, None)

    # -- lifecycle ----------------------------------------------------------------------------

    @property
    def stats(self) -> CommitStats:
        with self._mutex:
            return CommitStats(self._batches, self._records, len(self._queue))

    def close(self, timeout: float | None = None) -> None:
        """Commit what is queued, then stop the thread (idempotent)."""
        with self._mutex:
            self._closed = True
            # records waiting for their loop's tick were acknowledged as queued: store them too
            for loop, entries in list(self._ticks.items()):
                self._ticks.pop(loop, None)
                if entries:
                    self._hand_over(loop, entries, first=False)
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
