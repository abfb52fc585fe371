"""Provenance belongs to where the data lives (DESIGN.md, trust boundary): what a device showed
stays provenance for writes to that device after the session that saw it has ended."""

from __future__ import annotations

from host_pep.pep import PEP
from host_pep.verdict import Decision

from .helpers import tool_event

CODE_SMS = [{"from": "+1 415 555 0132", "body": "Your sign-in code is 482913. Do not share it."}]


def _read(pep: PEP, session: str, device: str | None) -> None:
    extra = {"device": device} if device else {}
    read = tool_event("sms.read", session=session, **extra)
    verdict = pep.decide_sync(read)
    assert verdict.decision is Decision.ALLOW
    pep.record_result_sync(read, verdict, CODE_SMS)


def _write(pep: PEP, session: str, device: str | None) -> Decision:
    extra = {"device": device} if device else {}
    write = tool_event(
        "calendar.create_event", {"title": "code 482913 (for later)"}, session=session, **extra
    )
    verdict = pep.decide_sync(write)
    return verdict.decision if verdict.stage.value == "T2" else Decision.ALLOW


def test_a_second_session_on_the_same_device_sees_what_the_first_read() -> None:
    pep = PEP.create()
    _read(pep, "s-a", "emulator-5554")
    assert _write(pep, "s-b", "emulator-5554") is Decision.DENY


def test_ending_the_session_or_reusing_its_id_does_not_launder_the_value() -> None:
    pep = PEP.create()
    _read(pep, "s-a", "emulator-5554")
    pep.end_session("s-a")
    assert _write(pep, "s-a", "emulator-5554") is Decision.DENY


def test_another_device_does_not_share_the_memory() -> None:
    pep = PEP.create()
    _read(pep, "s-a", "emulator-5554")
    # no provenance on the other device: not a source-to-sink flow at T2 (T3 judges it)
    assert _write(pep, "s-b", "emulator-5556") is Decision.ALLOW


def test_without_a_device_memory_stays_per_session_and_ends_with_it() -> None:
    pep = PEP.create()
    _read(pep, "s-a", None)
    assert _write(pep, "s-b", None) is Decision.ALLOW
    assert _write(pep, "s-a", None) is Decision.DENY
    pep.end_session("s-a")
    assert _write(pep, "s-a", None) is Decision.ALLOW


def test_observe_with_a_device_records_into_the_device() -> None:
    from host_pep.semantics import ObservedValue

    pep = PEP.create()
    pep.observe(
        "s-x",
        [ObservedValue(text="Your code is 482913", source="sms", trusted=False)],
        device="emulator-5554",
    )
    assert _write(pep, "s-y", "emulator-5554") is Decision.DENY


def test_a_session_id_cannot_name_a_device_memory() -> None:
    pep = PEP.create()
    raw = {"session": "device:emulator-5554", "agent": "a", "channel": "tool",
           "action": "tool_call", "target": "notes.read"}  # fmt: skip
    verdict = pep.decide_sync(raw)
    assert verdict.decision is Decision.DENY and "device:" in verdict.reason
