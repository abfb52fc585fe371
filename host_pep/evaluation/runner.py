"""Running offline cases through a PEP configuration, one fresh PEP (and session) per case.

Configurations (the ablation table and the baselines):
  full                 T1-T4 with session memory (the product)
  T1, T1+T2, T1+T2+T3  internal ablations
  current_action_only  all stages but no session state: each decision sees only its own event
  no_pep               allow everything (the lower bound)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from host_pep.evaluation.cases import Case, Expect
from host_pep.events import AgentEvent
from host_pep.exceptions import DroidgateError
from host_pep.policy.load import resolve_policy
from host_pep.policy.model import PolicyBundle
from host_pep.verdict import Decision, Evidence

CONFIGS: dict[str, dict[str, Any]] = {
    "full": {"stages": ("T1", "T2", "T3", "T4"), "memory": True},
    "T1": {"stages": ("T1",), "memory": True},
    "T1+T2": {"stages": ("T1", "T2"), "memory": True},
    "T1+T2+T3": {"stages": ("T1", "T2", "T3"), "memory": True},
    "no_pep": {"stages": (), "memory": False},
    "current_action_only": {"stages": ("T1", "T2", "T3", "T4"), "memory": False},
}
CONFIG_ORDER = ["T1", "T1+T2", "T1+T2+T3", "full", "no_pep", "current_action_only"]


@dataclass(slots=True)
class StepResult:
    expect: Expect | None
    decision: Decision
    stage: str
    rule_ids: list[str]
    reason: str
    latency_ms: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    evidence: list[Evidence] = field(default_factory=list)
    """What decided it (masked): values, instruction spans, delegations, authorizations."""

    @property
    def scored(self) -> bool:
        return self.expect is not None

    @property
    def passed(self) -> bool:
        if self.expect is Expect.ESCALATE and self.stage == "T4":
            return True  # it was escalated; T4 (or its timeout, with no adjudicator) then decided
        return self.expect is not None and self.expect.accepts(self.decision)


@dataclass(slots=True)
class CaseResult:
    id: str
    category: str
    steps: list[StepResult]
    error: str | None = None

    @property
    def passed(self) -> bool:
        scored = [s for s in self.steps if s.scored]
        return self.error is None and bool(scored) and all(s.passed for s in scored)


class PolicyCache:
    """Bundles by the case's ``policy`` field, resolved once per run; and which semantic model
    setting every case's PEP uses ("auto", "off", "required")."""

    def __init__(self, base: str | None, semantic: str = "auto") -> None:
        self.base = base
        self.semantic = semantic
        self._cache: dict[str, PolicyBundle] = {}

    def get(self, policy: str | dict[str, Any] | None) -> PolicyBundle:
        key = json.dumps(policy, sort_keys=True)
        bundle = self._cache.get(key)
        if bundle is None:
            if policy is None or policy == "default":
                bundle = resolve_policy(self.base or "default")
            elif isinstance(policy, dict):
                bundle = resolve_policy(self.base or "default", policy)
            else:
                bundle = resolve_policy(policy)
            self._cache[key] = bundle
        return bundle


def _event_of(case: Case, raw: dict[str, Any]) -> dict[str, Any]:
    """Case-level context merged into the event's (the event's own keys win)."""
    event = dict(raw)
    if case.context:
        ctx = dict(case.context)
        own = event.get("context")
        if isinstance(own, dict):
            ctx.update(own)
        event["context"] = ctx
    return event


def run_case(case: Case, config: str, policies: PolicyCache) -> CaseResult:
    from host_pep.pep import PEP

    spec = CONFIGS[config]
    steps: list[StepResult] = []
    expects = [s.expect for s in case.steps]
    last_event = max((i for i, s in enumerate(case.steps) if s.event is not None), default=-1)
    if case.expect_final is not None and all(e is None for e in expects) and last_event >= 0:
        expects[last_event] = case.expect_final
    if config == "no_pep":
        for step, expect in zip(case.steps, expects, strict=True):
            if step.event is not None:
                steps.append(
                    StepResult(expect, Decision.ALLOW, "none", [], "no PEP: everything is allowed")
                )
        return CaseResult(case.id, case.category, steps)
    try:
        pep = PEP.create(
            policies.get(case.policy),
            stages=spec["stages"],
            memory=spec["memory"],
            semantic=policies.semantic,
        )
    except DroidgateError as exc:
        return CaseResult(case.id, case.category, [], error=f"policy: {exc}")
    request = case.context.get("user_request")
    if isinstance(request, str):
        pep.read_request(request)  # as a daemon does when the session opens
    try:
        for step, expect in zip(case.steps, expects, strict=True):
            if step.install_rule is not None:
                pep.rules.install(step.install_rule)
                continue
            if step.remove_rule is not None:
                pep.rules.remove(step.remove_rule)
                continue
            assert step.event is not None
            raw = _event_of(case, step.event)
            try:
                event: AgentEvent | dict[str, Any] = AgentEvent.parse(raw)
            except DroidgateError:
                event = raw  # the PEP reports the invalid event as a fail-closed deny
            verdict = pep.decide_sync(event)
            steps.append(
                StepResult(
                    expect,
                    verdict.decision,
                    verdict.stage.value,
                    list(verdict.rule_ids),
                    verdict.reason,
                    dict(verdict.latency_ms),
                    verdict.error,
                    list(verdict.evidence),
                )
            )
            if step.result is None or not isinstance(event, AgentEvent):
                continue
            if expect is None:
                pep.record_observed(event, step.result)  # history: it did happen
            elif verdict.decision.lets_through:
                pep.record_result_sync(event, verdict, step.result)
    except DroidgateError as exc:
        return CaseResult(case.id, case.category, steps, error=str(exc))
    finally:
        pep.close()
    return CaseResult(case.id, case.category, steps)


def run_config(
    cases: list[Case],
    config: str,
    policies: PolicyCache,
    progress: Callable[[], None] | None = None,
) -> tuple[list[CaseResult], float]:
    start = time.perf_counter()
    out = []
    for case in cases:
        out.append(run_case(case, config, policies))
        if progress is not None:
            progress()
    return out, time.perf_counter() - start
