"""An adbutils client without the per-call stalls uiautomator2 inherits from the stock one.

Two costs of the stock client stack are removed here, through ``AdbClient``'s public
``make_connection``/``server_version`` methods (no fork, no monkeypatching of either library):

1. **Nagle + delayed ACK (~45 ms per POST).** uiautomator2 speaks HTTP to the on-device server
   over a socket that adbutils opened to the adb server; ``http.client`` writes a POST's
   headers and body in two ``send()`` calls, and without TCP_NODELAY the kernel holds the
   body until the adb server ACKs the headers — which it delays by ~40 ms (protocol reference
   §7). Every socket this client makes has TCP_NODELAY set, so the body leaves at once.
2. **A version round trip per transport.** adbutils asks the adb server for its version
   (``host:version`` on a separate connection, closed with a 10 ms sleep) before every
   transport it opens. The server's version cannot change while it keeps running, so it is
   asked once per client and cached.

And it never starts an adb server by itself (stock adbutils runs ``adb start-server`` on the
default port when a connection fails); the daemon talks to the server it was given, or fails.

Stock adbutils drops the connection unclosed when the adb server refuses a transport or a
service (a device that went away); ``begin_call``/``close_call`` let the caller close them.
"""

from __future__ import annotations

import socket
import threading
from typing import Any

import adbutils
from adbutils._adb import AdbConnection
from adbutils.errors import AdbConnectionError


def set_nodelay(sock: socket.socket) -> None:
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class _Connection(AdbConnection):  # type: ignore[misc]
    """An adb-server connection that never starts a server: stock adbutils runs
    ``adb start-server`` (on the default port 5037) when it cannot connect, which would start an
    unrelated server instead of reporting that the configured one is gone."""

    def __init__(self, host: str, port: int) -> None:
        self._target = (host, port)
        super().__init__(host, port)

    def _safe_connect(self) -> socket.socket:
        # like adbutils' _create_socket, but the socket is closed when the connect fails
        try:
            sock = socket.create_connection(self._target, timeout=3)
        except OSError as exc:
            raise AdbConnectionError(
                f"connect to the adb server at {self._target[0]}:{self._target[1]} failed: {exc}"
            ) from exc
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        sock.settimeout(None)
        return sock


class FastAdbClient(adbutils.AdbClient):  # type: ignore[misc]
    """``adbutils.AdbClient`` whose connections have TCP_NODELAY and whose version is cached."""

    def __init__(self, host: str = "127.0.0.1", port: int | None = None, **kwargs: Any) -> None:
        super().__init__(host=host, port=port, **kwargs)
        self._version: int | None = None
        self._version_lock = threading.Lock()
        self._last = threading.local()

    def make_connection(self, timeout: float | None = None) -> AdbConnection:
        conn = _Connection(self.host, self.port)
        try:
            if timeout:
                conn.conn.settimeout(timeout)
            set_nodelay(conn.conn)
        except OSError:
            conn.close()
            raise
        opened = getattr(self._last, "conns", None)
        if opened is not None:
            opened.append(conn)
        return conn

    def begin_call(self) -> None:
        """Start tracking the connections this thread opens (see ``close_call``)."""
        self._last.conns = []

    def close_call(self, *, failed: bool) -> None:
        """End tracking; after a failure close every connection the call opened (closing an
        already closed one is a no-op)."""
        opened = getattr(self._last, "conns", None) or []
        self._last.conns = None
        if failed:
            for conn in opened:
                conn.close()

    def server_version(self) -> int:
        with self._version_lock:
            if self._version is None:
                self._version = int(super().server_version())
            return self._version

    def forget_version(self) -> None:
        """After the adb server restarted (e.g. a different build), ask again."""
        with self._version_lock:
            self._version = None
