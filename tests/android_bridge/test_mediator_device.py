"""End to end through the real adb server + uiautomator2 against the virtual device.

One farm per module (starting it costs ~1 s); each test that changes device state says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from android_bridge.device import DevicePool
from android_bridge.events.uixml import EMPTY_FALLBACK
from android_bridge.mediator import Mediator
from emulator_setup.farm import VirtualDeviceFarm
from host_pep.pep import PEP

pytestmark = [pytest.mark.device, pytest.mark.slow]

CONTACTS = "com.android.contacts"
CALENDAR = "com.simplemobiletools.calendar.pro"
PHONE = "+86 138 1234 5678"  # 王伟's number in the virtual device's default fixture


@pytest.fixture(scope="module")
def farm() -> Iterator[VirtualDeviceFarm]:
    with VirtualDeviceFarm(count=1) as f:
        yield f


class Recorder:
    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def record(self, **kw: Any) -> None:
        self.records.append(kw)


def gui(session: str, agent: str, action: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {"session": session, "agent": agent, "channel": "gui", "action": action,
            "payload": payload}  # fmt: skip


def api(session: str, agent: str, command: str) -> dict[str, Any]:
    return {"session": session, "agent": agent, "channel": "api", "action": "api_call",
            "payload": {"command": command}}  # fmt: skip


def mediator_for(farm: VirtualDeviceFarm, recorder: Recorder | None = None) -> Mediator:
    pool = DevicePool(farm.serials, adb_port=farm.adb_port)
    return Mediator(PEP.create(policy="default", audit=None), pool, recorder=recorder)


def test_phone_seen_on_contacts_is_blocked_in_calendar_benign_title_committed(
    farm: VirtualDeviceFarm,
) -> None:
    recorder = Recorder()
    m = mediator_for(farm, recorder)
    serial = farm.serials[0]
    m.bind_session("s1", serial)

    async def run() -> None:
        # reader: opens Contacts and the contact's details; the dumps observe the number
        out = await m.submit(gui("s1", "reader", "launch", {"package": CONTACTS}))
        assert out.executed, out
        out = await m.submit(gui("s1", "reader", "tap", {"selector": {"text": "王伟"}}))
        assert out.executed, out
        out = await m.submit(gui("s1", "reader", "key", {"key": "back"}))
        assert out.executed and out.verdict.decision.value == "allow", out
        # writer, another agent in the same session: opens a new Calendar event
        out = await m.submit(gui("s1", "writer", "launch", {"package": CALENDAR}))
        assert out.executed, out
        out = await m.submit(
            gui("s1", "writer", "tap", {"selector": {"resourceId": f"{CALENDAR}:id/calendar_fab"}})
        )
        assert out.executed, out
        leak = await m.submit(
            gui("s1", "writer", "text_input", {
                "text": f"Call Wang at {PHONE}",
                "selector": {"resourceId": f"{CALENDAR}:id/event_description"}})
        )  # fmt: skip
        assert leak.verdict.decision.value != "allow", leak
        assert any(e.source == "contacts" for e in leak.verdict.evidence), leak.verdict
        # another session on the same device: what the device showed is still its provenance
        # (ending or switching sessions does not launder a value, docs/security.md)
        m.bind_session("other", serial)
        elsewhere = await m.submit(
            gui("other", "writer", "text_input", {
                "text": f"Call Wang at {PHONE}",
                "selector": {"resourceId": f"{CALENDAR}:id/event_description"}})
        )  # fmt: skip
        assert not elsewhere.executed, elsewhere
        assert any(e.source == "contacts" for e in elsewhere.verdict.evidence), elsewhere.verdict
        title = await m.submit(
            gui("s1", "writer", "text_input", {
                "text": "Team sync", "selector": {"resourceId": f"{CALENDAR}:id/event_title"}})
        )  # fmt: skip
        assert title.executed and title.verdict.decision.value == "allow", title
        save = await m.submit(gui("s1", "writer", "tap", {"selector": {"text": "Save"}}))
        assert save.executed, save
        rows = await m.submit(
            api("s1", "writer", "content query --uri content://com.android.calendar/events")
        )
        assert rows.executed, rows
        output = rows.result["output"]
        assert "title=Team sync" in output
        assert "1234 5678" not in output

    asyncio.run(run())
    assert recorder.records and all("verdict" in r for r in recorder.records)
    assert any(r["screen_xml"] for r in recorder.records)
    assert {r["executed"] for r in recorder.records} == {True, False}  # the leak was not run


def test_stale_screen_hash_is_refused_without_tapping(farm: VirtualDeviceFarm) -> None:
    m = mediator_for(farm)

    async def run() -> None:
        await m.submit(gui("s2", "a", "launch", {"package": CONTACTS}))
        screen = await m.screen(session="s2")
        fresh = await m.submit(gui("s2", "a", "key", {"key": "back"}), screen_hash=screen.hash)
        assert not fresh.stale and fresh.executed
        stale = await m.submit(gui("s2", "a", "tap", {"x": 540, "y": 1200}), screen_hash="0" * 32)
        assert stale.stale and not stale.executed
        assert stale.verdict.decision.value == "deny" and "changed" in (stale.error or "")
        assert any("stale" in str(r) for r in m.pep.audit.tail(5))
        png = await screen.png()
        assert png.startswith(b"\x89PNG")

    asyncio.run(run())


class ForgetfulPEP(PEP):
    """Lets actions through but holds no completion of them: the Mediator must not complete a
    judged event itself (it could resolve another widget than the one judged)."""

    def completion(self, event: Any) -> None:
        return None


def test_a_tap_is_committed_only_on_the_widget_the_pep_judged(farm: VirtualDeviceFarm) -> None:
    pep = PEP.create(policy="default", audit=None)
    forgetful = ForgetfulPEP(
        bundle=pep.bundle,
        audit=pep.audit,
        adapters=pep.adapters,
        adjudicator=pep.adjudicator,
        stages=frozenset({"T1", "T2", "T3"}),
        rule_store=pep.rules.store,
    )
    m = Mediator(forgetful, DevicePool(farm.serials, adb_port=farm.adb_port))

    async def run() -> None:
        out = await m.submit(gui("s9", "a", "launch", {"package": CONTACTS}))
        assert out.executed, out
        before = await m.screen(session="s9")
        tap = await m.submit(gui("s9", "a", "tap", {"selector": {"text": "王伟"}}))
        assert tap.verdict.decision.value == "allow"
        assert not tap.executed and "no completion" in (tap.error or "")
        after = await m.screen(session="s9")
        assert after.hash == before.hash  # nothing was tapped
        await m.submit(gui("s9", "a", "key", {"key": "home"}))

    asyncio.run(run())


def test_tools_commit_through_providers_and_results_are_observed(farm: VirtualDeviceFarm) -> None:
    m = mediator_for(farm)

    async def run() -> None:
        look = await m.submit({"session": "s3", "agent": "a", "channel": "tool",
                               "action": "tool_call", "target": "contacts.lookup",
                               "payload": {"name": "王伟"}})  # fmt: skip
        assert look.executed, look
        assert look.result["contacts"][0]["phone"] == PHONE
        note = await m.submit({"session": "s3", "agent": "b", "channel": "tool",
                               "action": "tool_call", "target": "notes.create",
                               "payload": {"title": "Groceries", "body": "milk, eggs"}})  # fmt: skip
        assert note.executed and note.verdict.decision.value == "allow", note
        leak = await m.submit({"session": "s3", "agent": "b", "channel": "tool",
                               "action": "tool_call", "target": "notes.create",
                               "payload": {"title": "Wang", "body": f"his number {PHONE}"}})  # fmt: skip
        assert leak.verdict.decision.value != "allow", leak
        # Markor keeps notes as files: its notebook folder is what a reader sees
        rows = await m.submit(api("s3", "a", "ls /sdcard/Documents/Markor"))
        assert "Groceries.md" in rows.result["output"]
        assert "Wang" not in rows.result["output"]

    asyncio.run(run())


def test_empty_hierarchy_denies_gui_writes(farm: VirtualDeviceFarm) -> None:
    m = mediator_for(farm)
    state = farm.devices[0].state
    original = state.hierarchy_xml

    def empty(*_: Any, **__: Any) -> str:
        return EMPTY_FALLBACK

    farm.call(0, lambda dev: setattr(dev.state, "hierarchy_xml", empty))
    try:
        out = asyncio.run(m.submit(gui("s4", "a", "text_input", {"text": "hello"})))
    finally:
        farm.call(0, lambda dev: setattr(dev.state, "hierarchy_xml", original))
    assert out.verdict.decision.value == "deny" and not out.executed
    assert "screen" in (out.error or "")


def test_device_gone_means_not_committed(farm: VirtualDeviceFarm) -> None:
    m = mediator_for(farm)
    member = farm.members[0]
    farm._submit(member.device.stop())
    try:
        out = asyncio.run(m.submit(api("s5", "a", "ls /sdcard")))
    finally:
        farm.restart(0)
    assert not out.executed
    assert out.error and "not committed" in out.error


def test_screen_shown_to_a_session_is_provenance_and_rewrite_commits_the_cleaned_text(
    farm: VirtualDeviceFarm,
) -> None:
    m = mediator_for(farm)
    m.pep.rules.install(
        {"id": "strip-contacts-from-calendar", "decision": "rewrite", "priority": 100,
         "match": {"source": "contacts", "target": "calendar*"}}
    )  # fmt: skip

    async def run() -> None:
        await m.submit(gui("s6", "reader", "launch", {"package": CONTACTS}))
        await m.submit(gui("s6", "reader", "tap", {"selector": {"text": "王伟"}}))
        # the reader only *looks* (GET …/screen): what it was shown is observed into s6
        shown = await m.screen(session="s6")
        assert "1234 5678" in shown.xml
        await m.submit(gui("s6", "writer", "launch", {"package": CALENDAR}))
        await m.submit(
            gui("s6", "writer", "tap", {"selector": {"resourceId": f"{CALENDAR}:id/calendar_fab"}})
        )
        await m.submit(
            gui("s6", "writer", "text_input", {
                "text": "Rewritten sync", "selector": {"resourceId": f"{CALENDAR}:id/event_title"}})
        )  # fmt: skip
        typed = await m.submit(
            gui("s6", "writer", "text_input", {
                "text": f"Call Wang at {PHONE} today",
                "selector": {"resourceId": f"{CALENDAR}:id/event_description"}})
        )  # fmt: skip
        assert typed.verdict.decision.value == "rewrite", typed.verdict
        assert typed.executed and PHONE not in str(typed.verdict.rewritten)
        after = await m.screen(serial=farm.serials[0])
        assert "Call Wang at" in after.xml and "1234 5678" not in after.xml
        await m.submit(gui("s6", "writer", "tap", {"selector": {"text": "Save"}}))
        rows = await m.submit(
            api("s6", "writer", "content query --uri content://com.android.calendar/events")
        )
        assert "title=Rewritten sync" in rows.result["output"]
        assert "1234 5678" not in rows.result["output"]

    asyncio.run(run())


class SlowFor:
    """The real PEP, with one agent's decisions delayed (as a T4 escalation would be)."""

    def __init__(self, pep: PEP, agent: str, delay: float) -> None:
        self.pep, self.agent, self.delay = pep, agent, delay

    async def decide(self, event: Any) -> Any:
        if getattr(event, "agent", None) == self.agent:
            await asyncio.sleep(self.delay)
        return await self.pep.decide(event)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pep, name)


def test_a_pending_decision_does_not_freeze_the_device_nor_tap_a_changed_screen(
    farm: VirtualDeviceFarm,
) -> None:
    pep = SlowFor(PEP.create(policy="default", audit=None), "slow", 0.5)
    m = Mediator(pep, DevicePool(farm.serials, adb_port=farm.adb_port))  # type: ignore[arg-type]

    async def run() -> None:
        await m.submit(gui("s7", "a", "key", {"key": "home"}))
        order: list[str] = []

        async def slow_tap() -> Any:
            out = await m.submit(gui("s7", "slow", "tap", {"x": 540, "y": 1200}))
            order.append("slow")
            return out

        async def quick_launch() -> Any:
            await asyncio.sleep(0.1)  # after the slow tap's dump
            out = await m.submit(gui("s8", "quick", "launch", {"package": CONTACTS}))
            order.append("quick")
            return out

        slow, quick = await asyncio.gather(slow_tap(), quick_launch())
        assert order == ["quick", "slow"]
        assert quick.executed
        assert slow.stale and not slow.executed

    asyncio.run(run())
