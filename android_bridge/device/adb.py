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

Stock adbutils drops the connection unclosed when the adb server refuses a transport or a
service (a device that went away); ``begin_call``/``close_call`` let the caller close them.
"""

from __future__ import annotations

import socket
import threading
from typing import Any

import adbutils
from adbutils._adb import AdbConnection


def set_nodelay(sock: socket.socket) -> None:
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class FastAdbClient(adbutils.AdbClient):
    """``adbutils.AdbClient`` whose connections have TCP_NODELAY and whose version is cached."""

    def __init__(self, host: str = "127.0.0.1", port: int | None = None, **kwargs: Any) -> None:
        super().__init__(host=host, port=port, **kwargs)
        self._version: int | None = None
        self._version_lock = threading.Lock()
        self._last = threading.local()

    def make_connection(self, timeout: float | None = None) -> AdbConnection:
        conn = super().make_connection(timeout=timeout)
        set_nodelay(conn.conn)
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
