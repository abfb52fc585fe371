"""The fast adbutils client: TCP_NODELAY on every socket, one version round trip per client."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest

from android_bridge.device import FastAdbClient, hierarchy_is_empty
from android_bridge.events.uixml import EMPTY_FALLBACK, contact_details


class FakeAdbServer:
    """A real TCP listener speaking just ``host:version`` (smart-socket framing)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.version_requests = 0
        self._stop = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self._stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                head = conn.recv(4)
                if not head:
                    continue
                body = conn.recv(int(head, 16))
                if body == b"host:version":
                    self.version_requests += 1
                    conn.sendall(b"OKAY00040029")

    def close(self) -> None:
        self._stop = True
        self.sock.close()


@pytest.fixture
def server() -> Iterator[FakeAdbServer]:
    s = FakeAdbServer()
    yield s
    s.close()


def test_every_connection_has_tcp_nodelay(server: FakeAdbServer) -> None:
    client = FastAdbClient(port=server.port)
    conn = client.make_connection()
    try:
        assert conn.conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        conn.close()


def test_server_version_is_asked_once(server: FakeAdbServer) -> None:
    client = FastAdbClient(port=server.port)
    assert client.server_version() == 0x29
    assert client.server_version() == 0x29
    assert server.version_requests == 1
    client.forget_version()
    assert client.server_version() == 0x29
    assert server.version_requests == 2


def test_empty_hierarchies_are_recognised() -> None:
    assert hierarchy_is_empty("")
    assert hierarchy_is_empty(EMPTY_FALLBACK)
    assert not hierarchy_is_empty(contact_details())
