"""Stopping a device closes every connection it accepted, including ones it has not served yet.

Before, a connection accepted in the loop step before ``stop`` was never wrapped in a transport
(asyncio's ``Server`` refuses to attach one once closed, silently) and its socket stayed open
until the garbage collector found it: a ResourceWarning that pytest turns into an error.
"""

from __future__ import annotations

import asyncio
import gc
import socket

from emulator_setup.virtual.device import VirtualDevice
from emulator_setup.virtual.packets import A_CNXN, A_VERSION, HEADER_SIZE, MAX_PAYLOAD, Packet

HOST_BANNER = b"host::features=shell_v2"


def _closed_by_device(sock: socket.socket) -> bool:
    sock.settimeout(5)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:  # still in the listen backlog when the device stopped
        return True
    except TimeoutError:
        return False


async def test_stop_closes_a_served_connection_with_an_open_stream() -> None:
    dev = VirtualDevice()
    port = await dev.start()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(Packet(A_CNXN, A_VERSION, MAX_PAYLOAD, HOST_BANNER).encode())
    await reader.readexactly(HEADER_SIZE)
    assert dev.connections == 1
    # Nagle is off on the device's end (every ADB packet is a small write)
    (accepted,) = dev._listener._live
    device_sock = accepted._socket_transport.get_extra_info("socket")  # type: ignore[union-attr]
    assert device_sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    await dev.stop()
    assert not dev.listening and dev.connections == 0
    await asyncio.wait_for(reader.read(), timeout=5)  # reads to EOF: the device closed its end
    assert reader.at_eof()
    writer.close()
    await writer.wait_closed()


async def test_stop_at_every_point_of_accepting_leaves_no_socket_open() -> None:
    """Blocking connects complete in the kernel before the device accepts; stopping 0..7 loop
    steps later lands, among others, between the accept and the transport (the old leak)."""
    dev = VirtualDevice()
    port = await dev.start()
    for steps in range(8):
        clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
        for _ in range(steps):
            await asyncio.sleep(0)
        await dev.stop()
        assert dev.connections == 0
        for client in clients:
            assert _closed_by_device(client), f"a connection outlived stop() ({steps} steps)"
            client.close()
        gc.collect()  # an unclosed device-side socket would raise a ResourceWarning here
        assert await dev.start(port=port) == port
    await dev.stop()


async def test_restart_on_the_same_port_serves_again() -> None:
    dev = VirtualDevice()
    port = await dev.start()
    for _ in range(3):
        _, w = await asyncio.open_connection("127.0.0.1", port)
        await dev.stop()
        w.close()
        await w.wait_closed()
        assert await dev.start(port=port) == port
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(Packet(A_CNXN, A_VERSION, MAX_PAYLOAD, HOST_BANNER).encode())
    head = await reader.readexactly(HEADER_SIZE)
    assert int.from_bytes(head[:4], "little") == A_CNXN
    await dev.stop()
    writer.close()
    await writer.wait_closed()
