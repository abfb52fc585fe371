"""The device end of one ADB-over-TCP connection: handshake, streams and flow control (§2.2–2.3).

One ``Connection`` per TCP connection from the adb server. Stream ids are per connection, so all
stream state dies with it (a restarted device starts clean). A malformed packet breaks the framing
of that connection only: it is logged and that connection is closed, as adbd does; every other
connection (and the device) keeps serving.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from .packets import (
    A_CLSE,
    A_CNXN,
    A_OKAY,
    A_OPEN,
    A_VERSION,
    A_WRTE,
    HEADER_SIZE,
    MAX_PAYLOAD,
    Packet,
    PacketError,
    decode_header,
)

log = logging.getLogger(__name__)

Handler = Callable[["Stream"], Awaitable[None]]


class ServiceHost(Protocol):
    """What a connection needs from the device."""

    def banner(self) -> bytes: ...

    def open_service(self, service: str) -> Handler | None: ...


class StreamClosed(ConnectionError):
    """The host closed the stream (or the connection) while the device was using it."""


class Stream:
    """One ADB stream as seen by a service: ``read``/``write``/``close`` plus ``closed`` events."""

    def __init__(self, conn: Connection, local_id: int, remote_id: int, service: str) -> None:
        self._conn = conn
        self.local_id = local_id
        self.remote_id = remote_id
        self.service = service
        self._inbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._pending = bytearray()
        self._eof = False
        self._can_send = asyncio.Event()
        self._can_send.set()  # the device may write right after its OKAY
        self.host_closed = asyncio.Event()
        self._closed = False

    # --- host → device -------------------------------------------------------------------------
    def _deliver(self, data: bytes) -> None:
        self._inbox.put_nowait(data)

    def _on_okay(self) -> None:
        self._can_send.set()

    def _on_host_close(self) -> None:
        self._closed = True
        self.host_closed.set()
        self._can_send.set()
        self._inbox.put_nowait(None)

    async def read(self) -> bytes:
        """Next chunk from the host, ``b""`` at end of stream."""
        if self._pending:
            data = bytes(self._pending)
            self._pending.clear()
            return data
        if self._eof:
            return b""
        item = await self._inbox.get()
        if item is None:
            self._eof = True
            return b""
        return item

    async def read_exactly(self, n: int) -> bytes:
        while len(self._pending) < n:
            if self._eof:
                raise StreamClosed(f"stream ended with {len(self._pending)} of {n} bytes")
            item = await self._inbox.get()
            if item is None:
                self._eof = True
            else:
                self._pending += item
        data = bytes(self._pending[:n])
        del self._pending[:n]
        return data

    def unread(self, data: bytes) -> None:
        """Give bytes back so the next read returns them first."""
        self._pending[:0] = data

    # --- device → host -------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self._closed or self._conn.closed

    async def write(self, data: bytes) -> None:
        """Send ``data`` as WRTEs, one in flight at a time, each after the host's OKAY."""
        view = memoryview(data)
        step = self._conn.max_payload
        for start in range(0, len(view), step):
            await self._can_send.wait()
            if self.closed:
                raise StreamClosed(self.service)
            self._can_send.clear()
            self._conn.send(
                Packet(A_WRTE, self.local_id, self.remote_id, bytes(view[start : start + step]))
            )
        await self._conn.drain()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._can_send.set()
            if not self._conn.closed:
                self._conn.send(Packet(A_CLSE, self.local_id, self.remote_id))


class Connection:
    def __init__(
        self, host: ServiceHost, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self._host = host
        self._reader = reader
        self._writer = writer
        self._streams: dict[int, Stream] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._ids = itertools.count(1)
        self.max_payload = MAX_PAYLOAD
        self.connected = False
        self.closed = False
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"

    def send(self, packet: Packet) -> None:
        if not self.closed:
            self._writer.write(packet.encode())

    async def drain(self) -> None:
        if not self.closed:
            try:
                await self._writer.drain()
            except ConnectionError:
                self.closed = True

    async def run(self) -> None:
        try:
            while True:
                raw = await self._reader.readexactly(HEADER_SIZE)
                header = decode_header(raw, MAX_PAYLOAD)
                payload = await self._reader.readexactly(header.length) if header.length else b""
                self._dispatch(Packet(header.command, header.arg0, header.arg1, payload))
        except asyncio.IncompleteReadError:
            pass  # the host went away
        except PacketError as exc:
            log.warning("closing ADB connection from %s: %s", self.peer, exc)
        except ConnectionError as exc:
            log.debug("ADB connection from %s lost: %s", self.peer, exc)
        finally:
            await self.shutdown()

    async def shutdown(self) -> None:
        """End every stream and close the socket; the socket is closed even if this is
        interrupted (a cancelled caller must not leave it to the garbage collector)."""
        self.closed = True
        try:
            for stream in list(self._streams.values()):
                stream._on_host_close()
            self._streams.clear()
            for task in list(self._tasks):
                task.cancel()
            if self._tasks:
                await asyncio.gather(*self._tasks, return_exceptions=True)
        finally:
            self._writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self._writer.wait_closed()

    # --- packet dispatch -----------------------------------------------------------------------
    def _dispatch(self, p: Packet) -> None:
        if p.command == A_CNXN:
            # The host's max payload caps what we send; reply at once and skip AUTH (§2.2).
            self.max_payload = max(4096, min(p.arg1 or MAX_PAYLOAD, MAX_PAYLOAD))
            self.connected = True
            self.send(Packet(A_CNXN, A_VERSION, MAX_PAYLOAD, self._host.banner()))
            return
        if not self.connected:
            log.warning("%s sent %s before CNXN; ignored", self.peer, p.name)
            return
        if p.command == A_OPEN:
            self._open(p)
        elif p.command == A_OKAY:
            stream = self._streams.get(p.arg1)
            if stream is not None and stream.remote_id == p.arg0:
                stream._on_okay()
        elif p.command == A_WRTE:
            stream = self._streams.get(p.arg1)
            if stream is None or stream.remote_id != p.arg0:
                # Late data (e.g. shell v2 close-stdin after our CLSE): tell the host it is gone.
                self.send(Packet(A_CLSE, 0, p.arg0))
                return
            self.send(Packet(A_OKAY, stream.local_id, stream.remote_id))
            stream._deliver(p.payload)
        elif p.command == A_CLSE:
            stream = self._streams.pop(p.arg1, None)
            if stream is not None:
                stream._on_host_close()
        else:
            log.warning("%s sent unsupported %s; ignored", self.peer, p.name)

    def _open(self, p: Packet) -> None:
        service = p.payload.rstrip(b"\0").decode("utf-8", "replace")
        handler = None
        try:
            handler = self._host.open_service(service)
        except Exception:
            log.exception("opening service %r failed", service)
        if handler is None:
            log.info("refusing service %r", service)
            self.send(Packet(A_CLSE, 0, p.arg0))
            return
        local_id = next(self._ids)
        stream = Stream(self, local_id, p.arg0, service)
        self._streams[local_id] = stream
        self.send(Packet(A_OKAY, local_id, p.arg0))
        task = asyncio.get_running_loop().create_task(self._serve(stream, handler))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _serve(self, stream: Stream, handler: Handler) -> None:
        try:
            await handler(stream)
        except StreamClosed:
            pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("service %r failed", stream.service)
        finally:
            self._streams.pop(stream.local_id, None)
            stream.close()
            await self.drain()
