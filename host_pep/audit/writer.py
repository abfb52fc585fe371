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

    __slots__ = ("afuture", "future", "item", "loop")

    def __init__(
        self,
        item: T,
        future: Future[R] | None = None,
        loop: asyncio.AbstractEventLoop | None = None,
        afuture: asyncio.Future[R] | None = None,
    ) -> None:
        self.item = item
        self.future = future
        self.loop = loop
        self.afuture = afuture

    def start(self) -> bool:
        """Claim the entry for a batch; False if its caller has gone (cancelled)."""
        if self.future is not None:
            return self.future.set_running_or_notify_cancel()
        # read from another thread: at worst a record cancelled this instant is still stored
        return self.afuture is not None and not self.afuture.done()


def _settle(outcomes: list[tuple[asyncio.Future[R], R | None, BaseException | None]]) -> None:
    """Runs on the waiters' loop: resolve every coroutine of one batch at once."""
    for afuture, result, error in outcomes:
        if afuture.done():  # cancelled meanwhile
            continue
        if error is not None:
            afuture.set_exception(error)
        else:
            afuture.set_result(result)  # type: ignore[arg-type]


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
    ) -> None:
        if max_batch < 1 or max_pending < 1:
            raise ValueError("max_batch and max_pending must be at least 1")
        self._commit = commit
        self._name = name
        self._max_batch = max_batch
        self._max_pending = max_pending
        self._idle_exit = idle_exit
        self._cond = threading.Condition(threading.Lock())
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
        self._enqueue(_Entry(item, loop=loop, afuture=afuture))
        if timeout is not None:
            watch = self._deadlines.get(loop)
            if watch is None:
                watch = self._deadlines[loop] = _Deadlines(loop)
            watch.add(loop, afuture, timeout, late)
        return afuture

    def _enqueue(self, entry: _Entry[T, R]) -> None:
        with self._cond:
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

    def run_inline(self, item: T, timeout: float | None = None) -> R:
        """Commit ``item`` now in this thread if the writer is idle, else queue and wait."""
        with self._cond:
            self._check_open()
            inline = not self._queue and not self._busy
            if inline:
                self._busy = True
        if not inline:
            future = self.submit(item)
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
            with self._cond:
                self._busy = False
                if committed:
                    self._batches += 1
                    self._records += 1
                self._cond.notify_all()  # the thread may have a group waiting for us
        return result

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
                with self._cond:
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
                    with self._cond:
                        self._busy = False
                        self._cond.notify_all()
        except BaseException as exc:  # a bug in here must not leave callers waiting forever
            self._die(f"audit writer stopped: {type(exc).__name__}: {exc}")
            raise

    def _commit_batch(self, batch: list[_Entry[T, R]]) -> None:
        live = [entry for entry in batch if entry.start()]
        if not live:
            return
        try:
            results = self._commit([entry.item for entry in live])
            if len(results) != len(live):
                raise RuntimeError(f"committed {len(results)} results for {len(live)} records")
        except BaseException as exc:
            message = (
                str(exc) if isinstance(exc, AuditUnavailable) else f"audit batch failed: {exc}"
            )
            self._resolve(live, None, message, exc)
            if not isinstance(exc, Exception):
                raise
            return
        with self._cond:
            self._batches += 1
            self._records += len(live)
        self._resolve(live, results, None, None)

    def _resolve(
        self,
        live: list[_Entry[T, R]],
        results: Sequence[R] | None,
        message: str | None,
        cause: BaseException | None,
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
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody is left to tell
                loop.call_soon_threadsafe(_settle, outcomes)

    def _die(self, reason: str) -> None:
        with self._cond:
            self._dead = reason
            pending = list(self._queue)
            self._queue.clear()
        live = [entry for entry in pending if entry.start()]
        self._resolve(live, None, reason, None)

    # -- lifecycle ----------------------------------------------------------------------------

    @property
    def stats(self) -> CommitStats:
        with self._cond:
            return CommitStats(self._batches, self._records, len(self._queue))

    def close(self, timeout: float | None = None) -> None:
        """Commit what is queued, then stop the thread (idempotent)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
