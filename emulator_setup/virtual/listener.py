"""The accept side of a virtual device: it owns every socket it accepts until that socket is closed.

``asyncio.start_server`` lost sockets at stop time. asyncio (3.11) accepts a socket in one loop
step and wraps it in a transport in a task a step later; if ``Server.close()`` ran in between,
building the transport fails an assertion (``Server._attach``) that is swallowed outside debug
mode, and the accepted socket is left to the garbage collector ("ResourceWarning: unclosed
<socket … laddr=(device port)>"). Cancelling serving tasks could also interrupt their cleanup
before the writer was closed, and ``Server.close()`` leaves accepted connections open anyway.

So this listener accepts by itself (``add_reader`` on the listening socket) and wraps each
accepted socket with ``loop.connect_accepted_socket``, not tied to a Server. Every connection is
tracked from the moment it is accepted; ``stop`` stops accepting, waits for the wrapping to finish,
aborts every transport (the serving task sees end of stream and cleans up normally; a connection
made while stopping is aborted as it is made), and returns only when every accepted socket is
closed and every serving task has ended.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger(__name__)

Serve = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Coroutine[Any, Any, None]]


class _Accepted(asyncio.StreamReaderProtocol):
    """One accepted connection: ``finished`` resolves once its socket is closed and its serving
    task (if it got one) has returned."""

    def __init__(self, listener: Listener) -> None:
        loop = asyncio.get_running_loop()
        # A plain (non-coroutine) callback runs inside connection_made, so the serving task is
        # created and recorded right there rather than by StreamReaderProtocol.
        super().__init__(asyncio.StreamReader(loop=loop), self._connected, loop=loop)
        self._listener = listener
        self._socket_transport: asyncio.BaseTransport | None = None
        self._serving: asyncio.Task[None] | None = None
        self._lost = False
        self.finished: asyncio.Future[None] = loop.create_future()

    def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._serving = asyncio.get_running_loop().create_task(self._listener.serve(reader, writer))
        self._serving.add_done_callback(self._serving_done)

    def _serving_done(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("serving a connection failed", exc_info=task.exception())
        self._maybe_finished()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._socket_transport = transport
        if self._listener.stopping:
            transport.abort()  # type: ignore[attr-defined]  # connection_lost follows
            return
        super().connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self._lost = True
        self._maybe_finished()

    def abort(self) -> None:
        if self._socket_transport is not None:
            self._socket_transport.abort()  # type: ignore[attr-defined]

    def _maybe_finished(self) -> None:
        if self._lost and (self._serving is None or self._serving.done()):
            self._listener.forget(self)
            if not self.finished.done():
                self.finished.set_result(None)


class Listener:
    """A TCP listener whose ``stop`` closes every connection it accepted."""

    def __init__(self, serve: Serve) -> None:
        self.serve = serve
        self.stopping = False
        self._sock: socket.socket | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wrapping: set[asyncio.Task[None]] = set()
        self._live: set[_Accepted] = set()

    @property
    def listening(self) -> bool:
        return self._sock is not None

    @property
    def connections(self) -> int:
        """Accepted connections not yet closed (for tests and diagnostics)."""
        return len(self._live) + len(self._wrapping)

    def forget(self, conn: _Accepted) -> None:
        self._live.discard(conn)

    async def start(self, host: str, port: int) -> int:
        if self._sock is not None:
            raise RuntimeError("already listening")
        self.stopping = False
        self._loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        try:
            # as asyncio's create_server: a restart may rebind while old connections linger
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
            sock.listen(128)
            sock.setblocking(False)
            self._loop.add_reader(sock.fileno(), self._accept_ready)
        except BaseException:
            sock.close()
            raise
        self._sock = sock
        return int(sock.getsockname()[1])

    def _accept_ready(self) -> None:
        assert self._sock is not None and self._loop is not None
        while True:
            try:
                conn, _ = self._sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # e.g. out of file descriptors: keep listening
                log.warning("accepting a connection failed: %s", exc)
                return
            conn.setblocking(False)
            # Nagle off, as asyncio's own servers do: every ADB packet is a small write, and
            # with delayed ACKs each WRTE/OKAY exchange would stall ~40 ms.
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            task = self._loop.create_task(self._wrap(conn))
            self._wrapping.add(task)
            task.add_done_callback(self._wrapping.discard)

    async def _wrap(self, conn: socket.socket) -> None:
        assert self._loop is not None
        try:
            await self._loop.connect_accepted_socket(self._new_protocol, sock=conn)
        except Exception as exc:
            log.warning("setting up an accepted connection failed: %s", exc)
            conn.close()  # no transport owns it (or its transport is closing): never leak it

    def _new_protocol(self) -> _Accepted:
        conn = _Accepted(self)
        self._live.add(conn)
        return conn

    def drop_connections(self) -> None:
        """Close every accepted connection but keep listening: adbd restarting in place
        (``adb root``), which adb servers see as the device going away and coming back."""
        for conn in list(self._live):
            conn.abort()

    async def stop(self) -> None:
        self.stopping = True
        if self._sock is not None and self._loop is not None:
            self._loop.remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
        if self._wrapping:
            await asyncio.gather(*self._wrapping, return_exceptions=True)
        while self._live:
            live = list(self._live)
            for conn in live:
                conn.abort()
            await asyncio.gather(*(conn.finished for conn in live))
