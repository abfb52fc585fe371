"""Listener: one connection per daemon that LISTENs to the control plane's channels.

A thread connects, LISTENs, runs every ``on_connect`` callback (the catch-up read after a
(re)connect: whatever changed while it was away), then waits for notifications and hands each
to its channel's callback. Every ``heartbeat_s`` without one it runs a query: a round trip
proves the connection alive and, since the server sends notifications in commit order on the
connection, that every change committed before it has arrived. ``confirmed`` is the monotonic
time of the last such proof; stores compare it with their staleness bound (fail closed when a
daemon has lost its control plane for longer than that). A lost connection is retried every
``retry_s`` until ``close``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from host_pep.control.pg import connect, redact

if TYPE_CHECKING:
    import psycopg

log = logging.getLogger(__name__)

Handler = Callable[["psycopg.Connection", str], None]
"""Called on the listener's thread with its connection (free for queries) and a payload."""
CatchUp = Callable[["psycopg.Connection"], None]
"""Called on the listener's thread after each (re)connect, with its connection."""


class Listener:
    def __init__(
        self,
        url: str,
        *,
        heartbeat_s: float = 0.5,
        retry_s: float = 0.5,
        name: str = "droidgate listener",
    ) -> None:
        self.url = url
        self.heartbeat_s = heartbeat_s
        self.retry_s = retry_s
        self.name = name
        self._handlers: dict[str, list[Handler]] = {}
        self._catch_up: list[CatchUp] = []
        self._stop = threading.Event()
        self._connected = threading.Event()
        self._lock = threading.Lock()
        self.confirmed = 0.0
        """Monotonic time at which everything committed before it was known received."""
        self.last_error: str | None = None
        self.reconnects = 0
        self._thread: threading.Thread | None = None
        self._conn: psycopg.Connection | None = None

    def on(self, channel: str, handler: Handler) -> None:
        if self._thread is not None:
            raise RuntimeError("subscribe before the listener starts")
        self._handlers.setdefault(channel, []).append(handler)

    def on_connect(self, catch_up: CatchUp) -> None:
        if self._thread is not None:
            raise RuntimeError("subscribe before the listener starts")
        self._catch_up.append(catch_up)

    def start(self, wait: float = 10.0) -> bool:
        """Start the thread; True once it is connected and caught up (within ``wait`` s)."""
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()
        return self._connected.wait(wait)

    def age(self) -> float:
        """Seconds since the control plane was last confirmed (inf: never)."""
        if not self.confirmed:
            return float("inf")
        return time.monotonic() - self.confirmed

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            conn = self._conn
        if conn is not None:
            # a thread blocked in notifies() wakes up with an error on its closed socket
            try:
                conn.cancel_safe(timeout=1.0)
            except Exception as exc:  # cancelling a dead connection: nothing to wake
                log.debug("listener cancel: %s", exc)
        if self._thread is not None:
            self._thread.join(timeout=5.0)

    # -- the thread ----------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._session()
            except Exception as exc:
                self.last_error = f"{type(exc).__name__}: {exc}".splitlines()[0]
                if not self._stop.is_set():
                    log.warning(
                        "control plane listener (%s): %s", redact(self.url), self.last_error
                    )
            finally:
                self._connected.clear()
                with self._lock:
                    conn, self._conn = self._conn, None
                if conn is not None:
                    try:
                        conn.close()
                    except Exception as exc:  # closing a broken connection
                        log.debug("listener close: %s", exc)
            if not self._stop.is_set():
                self.reconnects += 1
                self._stop.wait(self.retry_s)

    def _session(self) -> None:
        conn = connect(self.url, autocommit=True, purpose=self.name)
        with self._lock:
            self._conn = conn
        if self._stop.is_set():
            return
        for channel in self._handlers:
            conn.execute(f'LISTEN "{channel}"')
        before = time.monotonic()
        for catch_up in self._catch_up:
            catch_up(conn)
        self.confirmed = before
        self.last_error = None
        self._connected.set()
        beat = before
        while not self._stop.is_set():
            # one notification at a time out of the generator: it holds the connection's lock,
            # and handlers query on this connection
            notes = [
                (n.channel, n.payload)
                for n in conn.notifies(timeout=self.heartbeat_s, stop_after=1)
            ]
            self._dispatch(conn, notes)
            if self._stop.is_set():
                return
            if notes and time.monotonic() - beat < self.heartbeat_s:
                continue
            before = time.monotonic()
            conn.execute("SELECT 1")
            # what arrived during the round trip
            self._dispatch(conn, [(n.channel, n.payload) for n in conn.notifies(timeout=0)])
            self.confirmed = beat = before

    def _dispatch(self, conn: psycopg.Connection, notes: list[tuple[str, str]]) -> None:
        for channel, payload in notes:
            self._handle(conn, channel, payload)

    def _handle(self, conn: psycopg.Connection, channel: str, payload: str) -> None:
        for handler in self._handlers.get(channel, ()):
            try:
                handler(conn, payload)
            except Exception as exc:  # one bad handler must not stop the others or the thread
                log.warning("control plane notification on %s failed: %s", channel, exc)
