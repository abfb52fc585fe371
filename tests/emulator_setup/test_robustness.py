"""Bad input gets what Android would answer, and the device keeps serving its other streams."""

from __future__ import annotations

import json
import socket
import struct

import pytest

from emulator_setup.testing import DeviceHandle
from emulator_setup.virtual.packets import A_CLSE, A_OKAY, A_OPEN, A_WRTE, Packet

from .rawadb import RawHost

pytestmark = pytest.mark.device


@pytest.fixture
def raw(virtual_device: DeviceHandle) -> RawHost:
    host = RawHost(virtual_device.farm.members[0].port)
    yield host
    host.close()


def _closed(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except ConnectionError:
        return True


def test_shell_v2_framing_on_the_wire(raw: RawHost) -> None:
    raw.handshake()
    local, p = raw.open("shell,v2,TERM=xterm,raw:echo hi")
    assert p.command == A_OKAY and p.arg1 == local
    assert raw.collect(local, p.arg0) == b"\x01\x03\x00\x00\x00hi\n\x03\x01\x00\x00\x00\x00"


def test_banner_advertises_only_implemented_features(raw: RawHost) -> None:
    banner = raw.handshake().payload.decode()
    assert banner.startswith("device::ro.product.name=sdk_gphone64_x86_64;")
    feats = banner.split("features=")[1].split(",")
    assert "shell_v2" in feats and "abb" not in feats and "sendrecv_v2" not in feats


@pytest.mark.parametrize(
    "garbage",
    [
        b"\x00" * 24,  # bad magic
        struct.pack("<6I", A_WRTE, 1, 1, 2 * 1024 * 1024, 0, A_WRTE ^ 0xFFFFFFFF),  # oversized
        struct.pack("<6I", 0x12345678, 0, 0, 0, 0, 0x12345678 ^ 0xFFFFFFFF),  # unknown command
    ],
)
def test_malformed_packet_closes_only_that_connection(
    raw: RawHost, virtual_device: DeviceHandle, garbage: bytes
) -> None:
    raw.handshake()
    raw.send_raw(garbage)
    assert _closed(raw.sock)
    assert virtual_device.shell("echo alive") == "alive\n"


def test_unknown_service_refused_with_clse(raw: RawHost) -> None:
    raw.handshake()
    local, p = raw.open("frobnicate:now")
    assert (p.command, p.arg0, p.arg1) == (A_CLSE, 0, local)
    # Data for a stream that does not exist is answered with CLSE(0, id) too.
    raw.send(Packet(A_WRTE, 777, 999, b"late"))
    p2 = raw.recv()
    assert p2 is not None and (p2.command, p2.arg0, p2.arg1) == (A_CLSE, 0, 777)
    local, p3 = raw.open("shell:echo ok")
    assert p3.command == A_OKAY and raw.collect(local, p3.arg0) == b"ok\n"


def test_packets_before_cnxn_are_ignored(raw: RawHost) -> None:
    raw.send(Packet(A_OPEN, 5, 0, b"shell:echo sneaky\0"))
    raw.handshake()
    local, p = raw.open("shell:echo fine")
    assert raw.collect(local, p.arg0) == b"fine\n"


def test_one_wrte_in_flight_per_stream(raw: RawHost, virtual_device: DeviceHandle) -> None:
    virtual_device.call(lambda dev: dev.fs.write("/data/local/tmp/big", b"x" * (3 * 1024 * 1024)))
    raw.handshake()
    local, p = raw.open("shell:cat /data/local/tmp/big")
    first = raw.recv()
    assert first is not None and first.command == A_WRTE and len(first.payload) == 1024 * 1024
    raw.sock.settimeout(0.3)
    with pytest.raises(TimeoutError):
        raw.recv()  # nothing more until we OKAY
    raw.sock.settimeout(5)
    raw.send(Packet(A_OKAY, local, p.arg0))
    rest = raw.collect(local, p.arg0)
    assert len(first.payload) + len(rest) == 3 * 1024 * 1024


def _launch_uia(raw: RawHost, virtual_device: DeviceHandle) -> None:
    virtual_device.call(lambda dev: dev.fs.write("/data/local/tmp/u2.jar", b"jar"))
    local, p = raw.open(
        "shell:CLASSPATH=/data/local/tmp/u2.jar app_process / com.wetest.uia2.Main -p 9008"
    )
    assert p.command == A_OKAY
    banner = raw.recv()
    assert banner is not None and b"Starting Server" in banner.payload
    raw.send(Packet(A_OKAY, local, p.arg0))


def _http(raw: RawHost, request: bytes) -> bytes:
    return raw.request("tcp:9008", request)


def _rpc(raw: RawHost, body: bytes) -> dict:
    head = f"POST /jsonrpc/0 HTTP/1.1\r\nHost: localhost:9008\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    resp = _http(raw, head.encode() + body)
    assert resp.startswith(b"HTTP/1.1 200 OK")
    return json.loads(resp.split(b"\r\n\r\n", 1)[1])


def test_uia_refused_until_launched_then_serves_garbage_safely(
    raw: RawHost, virtual_device: DeviceHandle
) -> None:
    raw.handshake()
    virtual_device.call(lambda dev: dev.uia.stop_all())
    _, p = raw.open("tcp:9008")
    assert p.command == A_CLSE
    _launch_uia(raw, virtual_device)
    assert _http(raw, b"GET /ping HTTP/1.1\r\nConnection: close\r\n\r\n").endswith(b"pong")
    assert _http(raw, b"NOT HTTP AT ALL\r\n\r\n").startswith(b"HTTP/1.1 400")
    assert _http(raw, b"GET /nope HTTP/1.1\r\nConnection: close\r\n\r\n").startswith(
        b"HTTP/1.1 404"
    )
    assert _rpc(raw, b"{not json")["error"]["code"] == -32700
    assert _rpc(raw, b"[1, 2]")["error"]["code"] == -32600
    r = _rpc(raw, b'{"jsonrpc": "2.0", "id": 1, "method": "noSuchMethod", "params": {}}')
    assert r["error"]["code"] == -32601
    r = _rpc(raw, b'{"jsonrpc": "2.0", "id": 1, "method": "click", "params": ["a", null]}')
    assert r["error"]["code"] == -32602
    r = _rpc(
        raw,
        b'{"jsonrpc": "2.0", "id": 1, "method": "objInfo", "params": [{"mask": 1, "text": "zzz"}]}',
    )
    assert "uiautomator.UiObjectNotFoundException" in r["error"]["message"]
    r = _rpc(raw, b'{"jsonrpc": "2.0", "id": 1, "method": "click", "params": [540.0, 1200.0]}')
    assert r == {"jsonrpc": "2.0", "id": 1, "result": True}
    r = _rpc(raw, b'{"jsonrpc": "2.0", "id": 1, "method": "setClipboard", "params": [null, "x"]}')
    assert "result" in r and r["result"] is None
    assert virtual_device.shell("echo alive") == "alive\n"
