"""A rule the operator switched off is kept and revisioned but never matched; an escalation waits
for its answer as long as the rule that asked for it says (``deadline_s``), else the T4
deadline; the shortest wins when several rules ask."""

from __future__ import annotations

import asyncio
import time

import pytest
from pydantic import ValidationError

from host_pep.adjudication import ApprovalQueue
from host_pep.control.ruleset import RuleIndex
from host_pep.pep import PEP
from host_pep.rules import MAX_DEADLINE_S, FlowRule, RuleMode

ALARM = {
    "session": "s-1",
    "agent": "bot",
    "channel": "tool",
    "action": "tool_call",
    "target": "clock.set_alarm",
    "payload": {"hour": 7, "minutes": 0, "label": "gym"},
}


def _escalate(rid: str, **extra: object) -> dict[str, object]:
    return {"id": rid, "match": {"target": "clock.*"}, "decision": "escalate", **extra}


def test_a_disabled_rule_is_listed_but_never_matched() -> None:
    rules = [
        FlowRule.model_validate({**_escalate("off"), "mode": "disabled"}),
        FlowRule.model_validate({**_escalate("on")}),
    ]
    index = RuleIndex(rules)
    assert [c.rule.id for c in index.candidates(["clock.set_alarm"])] == ["on"]


def test_disabling_changes_the_next_decision_and_the_revision() -> None:
    pep = PEP.create(policy="default", semantic="off")
    rev = pep.rules.install(
        FlowRule.model_validate(
            {"id": "no-alarms", "match": {"target": "clock.*"}, "decision": "deny"}
        )
    )
    assert pep.decide_sync(ALARM).decision.value == "deny"
    assert pep.rules.set_mode("no-alarms", RuleMode.DISABLED) == rev + 1
    assert pep.decide_sync(ALARM).decision.value == "allow"
    assert [r.mode for r in pep.rules.list() if r.id == "no-alarms"] == [RuleMode.DISABLED]


def test_deadline_bounds() -> None:
    for bad in (0, -1, MAX_DEADLINE_S + 1):
        with pytest.raises(ValidationError):
            FlowRule.model_validate(_escalate("x", deadline_s=bad))


async def _wait_denied(pep: PEP) -> tuple[float, str]:
    start = time.monotonic()
    verdict = await pep.decide(dict(ALARM))
    assert verdict.decision.value == "deny"
    return time.monotonic() - start, verdict.reason


async def test_an_escalation_waits_as_long_as_its_rule_says_then_denies() -> None:
    pep = PEP.create(policy="default", adjudicator=ApprovalQueue(), semantic="off")
    pep.rules.install(FlowRule.model_validate(_escalate("ask-alarm", deadline_s=0.3)))
    waited, reason = await _wait_denied(pep)
    assert 0.25 <= waited < 5 and "timed out after 0.3s" in reason


async def test_the_shortest_deadline_of_the_rules_that_asked_holds() -> None:
    pep = PEP.create(policy="default", adjudicator=ApprovalQueue(), semantic="off")
    pep.rules.install(FlowRule.model_validate(_escalate("ask-slow", deadline_s=20)))
    pep.rules.install(FlowRule.model_validate(_escalate("ask-fast", deadline_s=0.2)))
    waited, reason = await _wait_denied(pep)
    assert waited < 5 and "timed out after 0.2s" in reason


async def test_without_a_rule_deadline_the_t4_deadline_holds_and_a_human_can_answer() -> None:
    queue = ApprovalQueue()
    pep = PEP.create(
        policy="default",
        overlay={
            "settings": {"deadlines_ms": {"T0": 2000, "T1": 250, "T2": 1000, "T3": 1000, "T4": 400}}
        },
        adjudicator=queue,
        semantic="off",
    )
    pep.rules.install(FlowRule.model_validate(_escalate("ask-alarm")))
    _, reason = await _wait_denied(pep)
    assert "timed out after 0.4s" in reason

    held = asyncio.ensure_future(pep.decide(dict(ALARM)))
    while not queue.pending():
        await asyncio.sleep(0.01)
    queue.approve(queue.pending()[0].id, "approved by 'alice' via console: asked for")
    verdict = await held
    assert verdict.decision.value == "allow" and "approved by 'alice'" in verdict.reason
