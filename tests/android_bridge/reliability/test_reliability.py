"""Failures on the enforcement path reach the agent as "not committed", through the HTTP API,
the real Mediator and the virtual device; and a SIGKILLed daemon loses no acknowledged audit record."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import signal
import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from android_bridge.api.client import BridgeClient
from android_bridge.api.service import BridgeService
from android_bridge.api.tool_catalog import load_tool_specs
from android_bridge.device import DevicePool
from android_bridge.mediator import Mediator
from emulator_setup.farm import VirtualDeviceFarm
from host_pep.audit.log import AuditLog
from host_pep.pep import PEP
from tests.android_bridge.support import TOKEN, running, start_daemon, tool_event

pytestmark = [pytest.mark.device, pytest.mark.slow]

# Clock has no provider: an evaluator reads its private database as root (AndroidWorld's way)
ALARMS = (
    "su 0 sqlite3 /data/user_de/0/com.google.android.deskclock/databases/alarms.db "
    "'SELECT label FROM alarm_templates'"
)


@pytest.fixture(scope="module")
def farm() -> Iterator[VirtualDeviceFarm]:
    with VirtualDeviceFarm(count=1) as f:
        yield f


@contextlib.asynccontextmanager
async def bridge(farm: VirtualDeviceFarm, pep: Any) -> AsyncIterator[BridgeClient]:
    pool = DevicePool(farm.serials, adb_port=farm.adb_port)
    service = BridgeService(pep, Mediator(pep, pool), devices=farm.serials, tools=load_tool_specs())
    try:
        async with running(service) as url, BridgeClient(url, TOKEN) as client:
            yield client
    finally:
        pool.close()


def alarms(farm: VirtualDeviceFarm) -> str:
    from emulator_setup.testing import adb

    return adb(farm, farm.serials[0], "shell", ALARMS).stdout.decode()


def alarm(label: str) -> dict[str, Any]:
    return {"hour": 6, "minutes": 15, "label": label}


async def test_pep_timeout_means_not_committed(farm: VirtualDeviceFarm) -> None:
    slow = {"settings": {"deadlines_ms": {"T0": 0.0001, "T1": 0.0001, "T2": 0.0001, "T3": 0.0001}}}
    pep = PEP.create(policy="default", overlay=slow, audit=None)
    async with bridge(farm, pep) as client:
        s = await client.create_session(agents=["a"])
        out = await client.call_tool(s.session, "a", "clock.set_alarm", alarm("timeout-probe"))
    assert out.decision == "deny" and not out.executed
    assert "deadline" in out.verdict.reason and "StageTimeout" in (out.verdict.error or "")
    assert "timeout-probe" not in alarms(farm)


async def test_failed_audit_store_means_not_committed(
    farm: VirtualDeviceFarm, tmp_path: Path
) -> None:
    pep = PEP.create(policy="default", audit=str(tmp_path / "audit.db"))
    async with bridge(farm, pep) as client:
        s = await client.create_session(agents=["a"])
        ok = await client.call_tool(s.session, "a", "clock.set_alarm", alarm("before-failure"))
        assert ok.executed, ok
        pep.audit.close()  # the store goes away under the running daemon
        out = await client.call_tool(s.session, "a", "clock.set_alarm", alarm("audit-probe"))
    assert out.decision == "deny" and not out.executed
    assert "audit" in (out.verdict.error or out.error or out.verdict.reason).lower()
    listed = alarms(farm)
    assert "before-failure" in listed and "audit-probe" not in listed


# adbutils leaks the socket of a connection it opened to a device that has just vanished
@pytest.mark.filterwarnings("ignore::ResourceWarning")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
async def test_device_gone_mid_session_means_not_committed(farm: VirtualDeviceFarm) -> None:
    pep = PEP.create(policy="default", audit=None)
    async with bridge(farm, pep) as client:
        s = await client.create_session(agents=["a"])
        member = farm.members[0]
        farm._submit(member.device.stop())
        try:
            out = await client.call_tool(s.session, "a", "clock.set_alarm", alarm("gone-probe"))
            gui = await client.submit(
                s.session,
                {"agent": "a", "channel": "gui", "action": "tap", "payload": {"x": 500, "y": 500}},
            )
        finally:
            farm.restart(0)
            gc.collect()  # let the leaked sockets warn here, under this test's filter
    assert not out.executed and "not committed" in (out.error or ""), out
    assert not gui.executed and gui.error, gui
    assert "gone-probe" not in alarms(farm)


async def test_concurrent_sessions_on_one_device_see_what_it_showed_consistently(
    farm: VirtualDeviceFarm,
) -> None:
    pep = PEP.create(policy="default", audit=None)
    bob = "(650) 555-0199"
    async with bridge(farm, pep) as client:
        a = await client.create_session(agents=["x"])
        b = await client.create_session(agents=["y"])
        note = {"title": "call", "body": f"ring {bob}"}
        reads = [
            client.call_tool(a.session, "x", "contacts.lookup", {"name": "Bob Miller"})
            for _ in range(4)
        ]
        await asyncio.gather(*reads)
        results = await asyncio.gather(
            *[client.decide(b.session, tool_event("y", "notes.create", note)) for _ in range(8)],
            *[client.decide(a.session, tool_event("x", "notes.create", note)) for _ in range(8)],
        )
    # Provenance is the device's (issue #12): session b, on the same device, is as bound by what
    # a read there as a itself, and concurrency changes none of the decisions.
    assert all(
        r.decision == "deny" and any(e.source == "contacts" for e in r.verdict.evidence)
        for r in results
    )


@pytest.mark.parametrize("durability", ["process", "power"])
def test_sigkill_loses_no_acknowledged_audit_record(tmp_path: Path, durability: str) -> None:
    daemon = start_daemon(tmp_path / "state", "--virtual", "1", "--audit-durability", durability)
    acknowledged: list[str] = []

    async def drive() -> None:
        async with BridgeClient(daemon.url, daemon.token) as client:
            s = await client.create_session(agents=["a", "b"])
            await client.call_tool(s.session, "a", "contacts.lookup", {"name": "Alice Johnson"})
            events = [
                tool_event(
                    "b",
                    "calendar.create_event",
                    {"title": f"t{i}", "description": "call +1 415-555-0132" if i % 2 else "sync"},
                )
                for i in range(40)
            ]
            outs = await asyncio.gather(*(client.decide(s.session, e) for e in events))
            acknowledged.extend(o.event_id for o in outs)

    info = json.loads((daemon.state_dir / "daemon.json").read_text())
    try:
        asyncio.run(drive())
        os.kill(daemon.proc.pid, signal.SIGKILL)
        daemon.proc.wait(10)
    finally:
        daemon.stop()
        # A killed daemon cannot stop its farm's private adb server: this test started it, so
        # this test ends it.
        from emulator_setup.adb_server import find_adb

        subprocess.run(
            [find_adb(), "-P", str(info["adb_port"]), "kill-server"],
            capture_output=True,
            timeout=20,
            check=False,
        )
    assert daemon.proc.returncode == -signal.SIGKILL
    log = AuditLog.open(str(daemon.audit))
    try:
        stored = {r.event_id for r in log.query(limit=10000)}
        assert set(acknowledged) <= stored
        assert log.verify().ok
    finally:
        log.close()
