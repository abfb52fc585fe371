"""The device adapter on the virtual device: closing it releases its adb connections, and a
server stream that ended with the device is closed rather than left to the garbage collector."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from typing import Any

import pytest

from android_bridge.device import DeviceError, DevicePool
from emulator_setup.testing import virtual_farm  # noqa: F401  (session farm: two devices)

pytestmark = pytest.mark.device

INDEX = 1  # device 1: tests elsewhere reset device 0 for themselves


def _uia_running(farm: Any) -> bool:
    return bool(farm.call(INDEX, lambda dev: dev.uia.running(9008)))


def _wait_until(cond: Any, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.02)
    return bool(cond())


def test_close_releases_the_server_stream_and_the_client(virtual_farm: Any) -> None:  # noqa: F811
    virtual_farm.call(INDEX, lambda dev: dev.uia.stop_all())  # so this adapter launches it
    serial = virtual_farm.serials[INDEX]
    pool = DevicePool([serial], adb_port=virtual_farm.adb_port)
    dev = pool.get(serial)
    asyncio.run(dev.connect())
    assert "<node" in asyncio.run(dev.dump_hierarchy())
    assert _uia_running(virtual_farm)
    client = weakref.ref(dev._u2)

    pool.close(wait=True)
    with pytest.raises(DeviceError, match="closed"):
        asyncio.run(dev.dump_hierarchy())

    # The launched server's stream is closed, so the device stops serving it ...
    assert _wait_until(lambda: not _uia_running(virtual_farm))
    # ... and nothing (u2's exit hook included) keeps the client or its sockets alive.
    del dev, pool
    gc.collect()  # an unclosed socket would raise a ResourceWarning here
    assert client() is None


def test_a_server_stream_that_ended_is_closed_before_relaunching(virtual_farm: Any) -> None:  # noqa: F811
    serial = virtual_farm.serials[INDEX]
    pool = DevicePool([serial], adb_port=virtual_farm.adb_port)
    dev = pool.get(serial)
    try:
        virtual_farm.call(INDEX, lambda d: d.uia.stop_all())
        asyncio.run(dev.connect())
        old = dev._u2._process
        assert old is not None
        virtual_farm.restart(INDEX)  # the device drops every stream, the server's included
        assert _wait_until(lambda: old.pool() is not None)
        asyncio.run(dev.call("relaunch", lambda: dev.u2().start_uiautomator()))
        assert old._conn.closed
        assert "<node" in asyncio.run(dev.dump_hierarchy())
    finally:
        pool.close(wait=True)
