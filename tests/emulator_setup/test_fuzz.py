"""Property tests: arbitrary bytes on the wire and arbitrary JSON-RPC never break the device."""

from __future__ import annotations

import asyncio
import json
import struct
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator_setup.testing import DeviceHandle
from emulator_setup.virtual.device import VirtualDevice
from emulator_setup.virtual.jsonrpc import Methods, handle_jsonrpc
from emulator_setup.virtual.packets import A_OKAY, A_OPEN, A_WRTE, Packet

from .rawadb import RawHost

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
METHODS = sorted(m for m in dir(Methods) if not m.startswith("_") and m not in ("state",))


@pytest.fixture(scope="module")
def device() -> VirtualDevice:
    return VirtualDevice()


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(method=st.sampled_from([*METHODS, "waitForExists", "waitUntilGone", "nope"]), params=JSON)
def test_any_params_give_a_result_or_an_error_object(
    device: VirtualDevice, method: str, params: Any
) -> None:
    if (
        method in ("waitForExists", "waitUntilGone")
        and isinstance(params, list)
        and len(params) > 1
    ):
        params = [params[0], 0]  # keep the property test fast: no real waiting
    body = json.dumps({"jsonrpc": "2.0", "id": 7, "method": method, "params": params}).encode()
    reply = json.loads(asyncio.run(handle_jsonrpc(device, body)))
    assert reply["jsonrpc"] == "2.0" and reply["id"] == 7
    assert ("result" in reply) != ("error" in reply)
    if "error" in reply:
        assert isinstance(reply["error"]["code"], int) and reply["error"]["message"]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_body_bytes_are_answered(body: bytes) -> None:
    reply = json.loads(asyncio.run(handle_jsonrpc(VirtualDevice(fixture=None), body)))
    assert "error" in reply or "result" in reply


@pytest.mark.device
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    junk=st.binary(min_size=1, max_size=200),
    service=st.sampled_from(["sync:", "shell:cat", "tcp:9008"]),
)
def test_junk_in_streams_and_framing(virtual_farm: Any, junk: bytes, service: str) -> None:
    handle = DeviceHandle(virtual_farm, 1)
    raw = RawHost(virtual_farm.members[1].port, timeout=3)
    try:
        raw.handshake()
        # Junk inside a stream: the service answers or closes the stream, never the device.
        raw._next += 1
        raw.send(Packet(A_OPEN, raw._next, 0, service.encode() + b"\0"))
        opened = raw.recv()
        if opened is not None and opened.command == A_OKAY:
            raw.send(Packet(A_WRTE, raw._next, opened.arg0, junk))
        # Junk as framing: a header-sized prefix of garbage.
        raw.send_raw(struct.pack("<I", 0xDEADBEEF) + junk)
    finally:
        raw.close()
    assert handle.shell("echo alive") == "alive\n"
