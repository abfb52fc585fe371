"""A minimal raw ADB host (TCP, no adb server) for poking the device with bad input."""

from __future__ import annotations

import socket
import struct

from emulator_setup.virtual.packets import (
    A_CLSE,
    A_CNXN,
    A_OKAY,
    A_OPEN,
    A_VERSION,
    A_WRTE,
    HEADER_SIZE,
    Packet,
)

HOST_BANNER = b"host::features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir"


class RawHost:
    def __init__(self, port: int, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self._next = 100

    def close(self) -> None:
        self.sock.close()

    def send(self, p: Packet) -> None:
        self.sock.sendall(p.encode())

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def recv(self) -> Packet | None:
        """Next packet, or None when the device closed the connection."""
        head = self._exact(HEADER_SIZE)
        if head is None:
            return None
        cmd, a0, a1, n, _check, magic = struct.unpack("<6I", head)
        assert magic == cmd ^ 0xFFFFFFFF
        payload = self._exact(n) if n else b""
        assert payload is not None
        return Packet(cmd, a0, a1, payload)

    def _exact(self, n: int) -> bytes | None:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                return None
            buf += chunk
        return buf

    def handshake(self) -> Packet:
        self.send(Packet(A_CNXN, A_VERSION, 1024 * 1024, HOST_BANNER))
        p = self.recv()
        assert p is not None and p.command == A_CNXN
        return p

    def open(self, service: str) -> tuple[int, Packet]:
        self._next += 1
        self.send(Packet(A_OPEN, self._next, 0, service.encode() + b"\0"))
        p = self.recv()
        assert p is not None
        return self._next, p

    def collect(self, local: int, remote: int, *, okay: bool = True) -> bytes:
        """Read a stream to its CLSE, acknowledging every WRTE."""
        out = b""
        while True:
            p = self.recv()
            assert p is not None, "connection closed"
            if p.command == A_WRTE:
                out += p.payload
                if okay:
                    self.send(Packet(A_OKAY, local, remote))
            elif p.command == A_CLSE:
                return out

    def write(self, local: int, remote: int, data: bytes) -> None:
        self.send(Packet(A_WRTE, local, remote, data))
        p = self.recv()
        assert p is not None and p.command == A_OKAY, p

    def request(self, service: str, data: bytes) -> bytes:
        local, p = self.open(service)
        assert p.command == A_OKAY, f"{service} refused"
        self.write(local, p.arg0, data)
        return self.collect(local, p.arg0)
