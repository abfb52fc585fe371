"""Rule 8: any error, timeout or unknown input on the enforcement path is an audited deny."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from host_pep.adjudication import AdjudicationRequest, AdjudicationResult, ApprovalQueue
from host_pep.exceptions import PolicyFileError
from host_pep.pep import PEP
from host_pep.pipeline.context import DecisionContext, Outcome
from host_pep.verdict import Decision, Stage
from tests.host_pep.pep.helpers import tool_event


def boom(ctx: DecisionContext) -> Outcome | None:
    raise RuntimeError("stage exploded")


@pytest.mark.parametrize("stage", ["T1", "T2", "T3"])
def test_an_exception_in_any_stage_denies_and_is_audited(stage: str) -> None:
    pep = PEP.create()
    pep.pipeline.stage_fns[stage] = boom
    verdict = pep.decide_sync(tool_event("get_weather", {"city": "Paris"}))
    assert verdict.decision is Decision.DENY
    assert verdict.stage is Stage(stage)
    assert verdict.error is not None and "stage exploded" in verdict.error
    record = pep.audit.tail(1)[0]
    assert record.decision is Decision.DENY and record.error and "stage exploded" in record.error


@pytest.mark.parametrize("stage", ["T1", "T2", "T3"])
def test_a_stage_overrunning_its_deadline_denies(stage: str) -> None:
    pep = PEP.create(overlay={"settings": {"deadlines_ms": {stage: 0.0}}})
    verdict = pep.decide_sync(tool_event("get_weather", {"city": "Paris"}))
    assert verdict.decision is Decision.DENY
    assert verdict.stage is Stage(stage)
    assert verdict.error and "StageTimeout" in verdict.error


class SlowAdjudicator:
    name = "slow"

    async def adjudicate(self, req: AdjudicationRequest, *, timeout: float) -> AdjudicationResult:
        await asyncio.sleep(timeout + 5)
        return AdjudicationResult(decision=Decision.ALLOW, reason="late", adjudicator=self.name)


class BrokenAdjudicator:
    name = "broken"

    async def adjudicate(self, req: AdjudicationRequest, *, timeout: float) -> AdjudicationResult:
        raise ConnectionError("endpoint down")


@pytest.mark.parametrize("adjudicator", [SlowAdjudicator(), BrokenAdjudicator()])
def test_t4_timeout_or_error_denies(adjudicator: object) -> None:
    pep = PEP.create(adjudicator=adjudicator, overlay={"settings": {"deadlines_ms": {"T4": 50.0}}})  # type: ignore[arg-type]
    verdict = pep.decide_sync(tool_event("frobnicate", {"x": "1"}))
    assert verdict.decision is Decision.DENY and verdict.stage is Stage.T4
    assert verdict.error


def test_no_adjudicator_means_escalations_deny() -> None:
    pep = PEP.create()
    verdict = pep.decide_sync(tool_event("frobnicate", {"x": "1"}))
    assert verdict.decision is Decision.DENY and verdict.stage is Stage.T4
    assert pep.escalations.pending() == []


async def test_approval_queue_can_clear_a_review() -> None:
    queue = ApprovalQueue()
    pep = PEP.create(adjudicator=queue)
    task = asyncio.create_task(
        pep.decide(tool_event("frobnicate", {"x": "1"}, request="frobnicate x"))
    )
    for _ in range(100):
        await asyncio.sleep(0.01)
        if pep.escalations.pending():
            break
    pending = pep.escalations.pending()
    assert len(pending) == 1
    pep.escalations.approve(pending[0].id, "checked by hand")
    verdict = await task
    assert verdict.decision is Decision.ALLOW and verdict.stage is Stage.T4


def test_invalid_events_are_denied_and_recorded() -> None:
    pep = PEP.create()
    for raw in (
        {"session": "s", "agent": "a", "channel": "pigeon", "action": "tap"},
        "{not json",
        {"session": "s"},
    ):
        verdict = pep.decide_sync(raw)  # type: ignore[arg-type]
        assert verdict.decision is Decision.DENY and verdict.stage is Stage.T0
        assert verdict.error and "EventValidationError" in verdict.error
    records = pep.audit.tail(10)
    assert len(records) == 3
    assert all(r.decision is Decision.DENY and r.summary == "rejected input" for r in records)


def test_a_channel_without_adapter_is_denied_with_a_clear_reason() -> None:
    pep = PEP.create(adapters=[])
    verdict = pep.decide_sync(tool_event("get_weather", {"city": "Paris"}))
    assert verdict.decision is Decision.DENY and verdict.stage is Stage.T0
    assert "no channel adapter completes tool events" in verdict.reason


def test_adapter_errors_deny() -> None:
    pep = PEP.create()
    verdict = pep.decide_sync(
        {"session": "s", "agent": "a", "channel": "tool", "action": "tap", "target": "x"}
    )
    assert verdict.decision is Decision.DENY and verdict.stage is Stage.T0
    assert verdict.error and "tool_call" in verdict.error


def test_corrupt_policy_file_refuses_to_build_a_pep(tmp_path: Path) -> None:
    bad = tmp_path / "policy.yaml"
    bad.write_text("apps: {contacts: {roles: [sauce]}}\n")
    with pytest.raises(PolicyFileError) as info:
        PEP.create(bad)
    assert "apps.contacts.roles.0" in str(info.value)


@pytest.mark.parametrize("where", ["directory", "missing_dir", "readonly"])
def test_unwritable_audit_store_turns_decisions_into_denies(tmp_path: Path, where: str) -> None:
    from host_pep.audit import AuditLog

    if where == "directory":
        audit = AuditLog.open(tmp_path)  # a directory is not a database
    elif where == "missing_dir":
        audit = AuditLog.open(tmp_path / "no" / "such" / "audit.db")
    else:
        db = tmp_path / "audit.db"
        PEP.create(audit=db).close()
        audit = AuditLog.open(db, readonly=True)
    pep = PEP.create(audit=audit)
    verdict = pep.decide_sync(tool_event("get_weather", {"city": "Paris"}))  # would be allowed
    assert verdict.decision is Decision.DENY
    assert verdict.error and "AuditUnavailable" in verdict.error
    assert "could not record" in verdict.reason


def test_unknown_stage_names_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown stages"):
        PEP.create(stages={"T9"})


def test_a_failure_outside_the_stages_still_denies() -> None:
    pep = PEP.create()

    def broken_index() -> object:
        raise RuntimeError("rule store unreadable")

    pep.rules.index = broken_index  # type: ignore[method-assign,assignment]
    verdict = pep.decide_sync(tool_event("get_weather", {"city": "Paris"}))
    assert (
        verdict.decision is Decision.DENY
        and verdict.error
        and "rule store unreadable" in verdict.error
    )


async def test_unwritable_audit_denies_on_the_async_path_too(tmp_path: Path) -> None:
    from host_pep.audit import AuditLog

    pep = PEP.create(audit=AuditLog.open(tmp_path))  # a directory is not a database
    verdict = await pep.decide(tool_event("get_weather", {"city": "Paris"}))
    assert verdict.decision is Decision.DENY
    assert verdict.error and "AuditUnavailable" in verdict.error
