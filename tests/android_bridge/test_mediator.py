"""Mediator failure paths that need no device: every one leaves the action uncommitted."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from android_bridge.device import DevicePool
from android_bridge.mediator import MediationOutcome, Mediator
from host_pep.pep import PEP
from host_pep.verdict import Verdict

# Serials nobody listens on: a test that reached the device would fail with a device error.
POOL_SERIALS = ["127.0.0.1:1", "127.0.0.1:3"]


def pool() -> DevicePool:
    return DevicePool(POOL_SERIALS, adb_port=1)


def api(session: str = "s", command: str = "ls /sdcard") -> dict[str, Any]:
    return {"session": session, "agent": "a", "channel": "api", "action": "api_call",
            "payload": {"command": command}}  # fmt: skip


class RaisingPEP:
    """Stands in for a PEP whose decision path crashed (the real one never raises)."""

    async def decide(self, event: Any) -> Verdict:
        raise RuntimeError("policy engine exploded")

    async def record_result(self, *a: Any) -> int:
        raise AssertionError("nothing may be recorded for an undecided action")


class HangingPEP(RaisingPEP):
    async def decide(self, event: Any) -> Verdict:
        await asyncio.sleep(30)
        raise AssertionError("unreachable")


def run(m: Mediator, event: Any, **kw: Any) -> MediationOutcome:
    return asyncio.run(m.submit(event, **kw))


def test_pep_error_is_a_deny_and_nothing_runs() -> None:
    m = Mediator(RaisingPEP(), pool())
    m.bind_session("s", POOL_SERIALS[0])
    out = run(m, api())
    assert not out.executed
    assert out.verdict.decision.value == "deny"
    assert "exploded" in (out.verdict.error or "")


def test_pep_timeout_is_a_deny_and_nothing_runs() -> None:
    m = Mediator(HangingPEP(), pool(), decide_timeout=0.05)
    m.bind_session("s", POOL_SERIALS[0])
    out = run(m, api())
    assert not out.executed and out.verdict.decision.value == "deny"
    assert "StageTimeout" in (out.verdict.error or "")


def test_audit_failure_means_not_committed(tmp_path: Path) -> None:
    pep = PEP.create(policy="default", audit=str(tmp_path / "audit.db"))
    pep.audit.close()  # the store is gone: no decision can be acknowledged
    m = Mediator(pep, pool())
    m.bind_session("s", POOL_SERIALS[0])
    out = run(m, api())
    assert not out.executed and out.verdict.decision.value == "deny"
    assert out.verdict.error


def test_unbound_session_with_several_devices_is_not_committed() -> None:
    m = Mediator(PEP.create(policy="default", audit=None), pool())
    out = run(m, api(session="nobody"))
    assert not out.executed
    assert out.error and "bind" in out.error


def test_invalid_event_is_denied_by_the_pep_and_reported() -> None:
    m = Mediator(PEP.create(policy="default", audit=None), pool())
    out = run(m, {"session": "s", "agent": "a", "channel": "gui", "action": "teleport"})
    assert not out.executed and out.verdict.decision.value == "deny"
    assert out.error and "invalid event" in out.error


def test_unknown_command_is_denied_before_the_device() -> None:
    m = Mediator(PEP.create(policy="default", audit=None), pool())
    m.bind_session("s", POOL_SERIALS[1])
    out = run(m, api(command="frobnicate --all"))
    assert not out.executed and out.verdict.decision.value == "deny"


def test_hidden_shell_syntax_is_denied_before_the_device() -> None:
    m = Mediator(PEP.create(policy="default", audit=None), pool())
    m.bind_session("s", POOL_SERIALS[1])
    out = run(m, api(command="echo $(content query --uri content://sms/inbox)"))
    assert not out.executed and out.verdict.decision.value == "deny"


def test_allowed_action_on_an_unreachable_device_is_not_committed() -> None:
    m = Mediator(PEP.create(policy="default", audit=None), pool())
    m.bind_session("s", POOL_SERIALS[0])
    out = run(m, api(command="ls /sdcard"))
    assert out.verdict.decision.value == "allow"
    assert not out.executed and out.error and out.error.startswith("not committed")


def test_binding_an_unknown_serial_names_the_known_ones() -> None:
    m = Mediator(PEP.create(policy="default", audit=None), pool())
    try:
        m.bind_session("s", "emulator-9999")
    except Exception as exc:
        assert "127.0.0.1:1" in str(exc)
    else:
        raise AssertionError("binding an unknown serial must fail")


def test_a_screen_supplied_by_the_agent_is_never_judged_on() -> None:
    from android_bridge.events.uixml import calendar_new_event

    m = Mediator(PEP.create(policy="default", audit=None), pool())  # unbound: no device
    event = {"session": "nobody", "agent": "a", "channel": "gui", "action": "text_input",
             "payload": {"text": "hello"}, "context": {"screen_xml": calendar_new_event()}}  # fmt: skip
    out = run(m, event)
    # without the mediator's own dump a GUI write fails closed, whatever the agent sent
    assert out.verdict.decision.value == "deny" and not out.executed
