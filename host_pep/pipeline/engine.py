"""The staged pipeline: T1 -> T2 -> T3 run synchronously (they are microseconds), T4 is awaited.

Every stage runs under its deadline; an exception or an overrun is a fail-closed deny with
``error`` set. T1 may attach a review requirement and T3 may be unsure: either sends the action
to T4 unless a later stage already decided. A rewrite cuts the violating values out of content
fields and re-checks the cleaned action through T1-T3; only a clean re-check lets it through.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from host_pep.adjudication.base import AdjudicationRequest, Adjudicator, adjudicate_safely
from host_pep.control.plane import ControlPlane
from host_pep.pipeline.context import KEY_ROLES, DecisionContext, Outcome, to_evidence
from host_pep.pipeline.t1 import run_t1
from host_pep.pipeline.t2 import run_t2
from host_pep.pipeline.t3 import DeterministicBackend, SemanticBackend, run_t3
from host_pep.semantics import ChannelAdapter
from host_pep.verdict import Decision, Evidence, Stage

StageFn = Callable[[DecisionContext], "Outcome | None"]
ALL_STAGES = ("T1", "T2", "T3", "T4")
# The synchronous stages with their Stage members: ``Stage(name)`` is an Enum call (a Python-level
# lookup) per stage of every decision.
_SYNC_STAGES = (("T1", Stage.T1), ("T2", Stage.T2), ("T3", Stage.T3))


@dataclass(slots=True)
class Evaluation:
    """Result of the synchronous part: a terminal outcome, or 'needs T4', or allow."""

    outcome: Outcome | None
    latency: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    needs_t4: bool = False
    last_stage: Stage = Stage.T1
    rewritten: dict[str, Any] | None = None
    revision: int = 0


def _strip_values(
    payload: Any, targets: dict[str, list[str]], everywhere: list[str], path: str = ""
) -> Any:
    """Cut values out of string leaves: ``targets`` by payload path (a tool's content field),
    ``everywhere`` from every leaf (a GUI text whose field is a widget, not a payload key)."""
    if isinstance(payload, dict):
        return {
            k: _strip_values(v, targets, everywhere, f"{path}.{k}" if path else str(k))
            for k, v in payload.items()
        }
    if isinstance(payload, list):
        return [
            _strip_values(v, targets, everywhere, f"{path}[{i}]") for i, v in enumerate(payload)
        ]
    if isinstance(payload, str):
        text = payload
        for raw in sorted([*targets.get(path, ()), *everywhere], key=len, reverse=True):
            if raw:
                text = text.replace(raw, "")
        return " ".join(text.split()) if text != payload else payload
    return payload


def _leaf_paths(payload: Any, path: str = "") -> set[str]:
    if isinstance(payload, dict):
        return {
            p for k, v in payload.items() for p in _leaf_paths(v, f"{path}.{k}" if path else str(k))
        }
    if isinstance(payload, list):
        return {p for i, v in enumerate(payload) for p in _leaf_paths(v, f"{path}[{i}]")}
    return {path}


class Pipeline:
    def __init__(
        self,
        *,
        plane: ControlPlane,
        stages: frozenset[str],
        deadlines_ms: dict[str, float],
        backend: SemanticBackend | None = None,
        adjudicator: Adjudicator,
    ) -> None:
        self.plane = plane
        self.enabled = stages
        self.deadlines_ms = dict(deadlines_ms)
        self.backend: SemanticBackend = backend or DeterministicBackend()
        self.adjudicator = adjudicator
        self.stage_fns: dict[str, StageFn] = {
            "T1": self._t1,
            "T2": run_t2,
            "T3": lambda ctx: run_t3(ctx, self.backend),
        }

    def _t1(self, ctx: DecisionContext) -> Outcome | None:
        index, _ = self.plane.index()
        return run_t1(ctx, index)

    def deadline(self, stage: str) -> float:
        return self.deadlines_ms.get(stage, 1000.0)

    # -- the synchronous stages ---------------------------------------------------------------

    def evaluate(
        self,
        ctx: DecisionContext,
        *,
        adapter: ChannelAdapter | None = None,
        allow_rewrite: bool = True,
    ) -> Evaluation:
        _, revision = self.plane.index()
        ev = Evaluation(outcome=None, revision=revision)
        for name, stage in _SYNC_STAGES:
            if name not in self.enabled:
                continue
            fn = self.stage_fns[name]
            start = time.perf_counter()
            try:
                outcome = fn(ctx)
            except Exception as exc:
                ev.latency[name] = (time.perf_counter() - start) * 1000
                ev.outcome = Outcome(
                    Decision.DENY, stage, f"{name} failed, so the action is denied (fail closed)"
                )
                ev.error = f"{type(exc).__name__}: {exc}"
                return ev
            elapsed = (time.perf_counter() - start) * 1000
            ev.latency[name] = elapsed
            ev.last_stage = stage
            limit = self.deadlines_ms.get(name, 1000.0)  # ``deadline(name)``, inlined
            if elapsed > limit:
                ev.outcome = Outcome(
                    Decision.DENY,
                    stage,
                    f"{name} overran its {limit:g} ms deadline, so the action is denied (fail closed)",
                )
                ev.error = f"StageTimeout: {name} took {elapsed:.3f} ms"
                return ev
            if outcome is None:
                continue
            if outcome.decision is Decision.ESCALATE:
                ctx.review.append(outcome.reason)
                ctx.review_rules.extend(outcome.rule_ids)
                ctx.evidence.extend(outcome.evidence)
                continue
            if outcome.decision is Decision.REWRITE:
                return self._rewrite(ctx, outcome, ev, adapter, allow_rewrite)
            ev.outcome = outcome
            return ev
        if ctx.review or ctx.t3_unsure:
            if "T4" in self.enabled:
                ev.needs_t4 = True
            else:
                ev.outcome = Outcome(
                    Decision.DENY,
                    ev.last_stage,
                    "needs review but no adjudication stage is enabled: "
                    + "; ".join(ctx.review + ctx.t3_unsure),
                    rule_ids=list(ctx.review_rules),
                    evidence=list(ctx.evidence),
                )
        return ev

    def _rewrite(
        self,
        ctx: DecisionContext,
        outcome: Outcome,
        ev: Evaluation,
        adapter: ChannelAdapter | None,
        allow_rewrite: bool,
    ) -> Evaluation:
        raws = [h.found.raw for h in outcome.remove if h.found.raw]
        in_key_argument = any(h.role in KEY_ROLES for h in outcome.remove)
        if not allow_rewrite or adapter is None or not raws or in_key_argument:
            ev.outcome = Outcome(
                Decision.DENY,
                outcome.stage,
                outcome.reason + " (no rewrite possible)",
                rule_ids=outcome.rule_ids,
                evidence=outcome.evidence,
            )
            return ev
        paths = _leaf_paths(ctx.event.payload)
        targets: dict[str, list[str]] = {}
        everywhere: list[str] = []
        for hit in outcome.remove:
            if not hit.found.raw:
                continue
            if hit.field in paths:
                targets.setdefault(hit.field, []).append(hit.found.raw)
            else:
                everywhere.append(hit.found.raw)
        cleaned_payload = _strip_values(ctx.event.payload, targets, everywhere)
        cleaned_event = ctx.event.model_copy(update={"payload": cleaned_payload})
        completion = adapter.complete(cleaned_event)
        again = DecisionContext(
            event=cleaned_event,
            completion=completion,
            policy=ctx.policy,
            state=ctx.state,
            semantic=ctx.semantic,
        )
        recheck = self.evaluate(again, adapter=adapter, allow_rewrite=False)
        for name, ms in recheck.latency.items():
            ev.latency[name] = ev.latency.get(name, 0.0) + ms
        if recheck.outcome is None and not recheck.needs_t4:
            ev.outcome = Outcome(
                Decision.REWRITE,
                outcome.stage,
                outcome.reason + "; the values were removed and the cleaned action re-checked",
                rule_ids=outcome.rule_ids,
                evidence=outcome.evidence,
            )
            ev.rewritten = cleaned_payload
            return ev
        ev.outcome = Outcome(
            Decision.DENY,
            outcome.stage,
            outcome.reason
            + "; the cleaned action still fails: "
            + (recheck.outcome.reason if recheck.outcome else "it needs review"),
            rule_ids=outcome.rule_ids + (recheck.outcome.rule_ids if recheck.outcome else []),
            evidence=outcome.evidence,
        )
        ev.error = recheck.error
        return ev

    # -- T4 ------------------------------------------------------------------------------------

    def review_deadline(self, ctx: DecisionContext) -> float:
        """Seconds T4 may take: the shortest ``deadline_s`` of the FlowRules that asked for
        review, else the T4 deadline."""
        asked = set(ctx.review_rules)
        own = [r.deadline_s for r in self.plane.list() if r.id in asked and r.deadline_s]
        return min(own) if own else self.deadline("T4") / 1000.0

    async def adjudicate(self, ctx: DecisionContext, ev: Evaluation) -> Evaluation:
        timeout = self.review_deadline(ctx)
        start = time.perf_counter()
        reasons = ctx.review + ctx.t3_unsure
        try:
            req = AdjudicationRequest.for_completion(
                ctx.completion,
                reasons=reasons,
                evidence=to_evidence(ctx.evidence),
                mandatory_review=bool(ctx.review),
            )
            result = await adjudicate_safely(self.adjudicator, req, timeout=timeout)
        except Exception as exc:
            ev.latency["T4"] = (time.perf_counter() - start) * 1000
            ev.outcome = Outcome(
                Decision.DENY, Stage.T4, "T4 failed, so the action is denied (fail closed)"
            )
            ev.error = f"{type(exc).__name__}: {exc}"
            return ev
        ev.latency["T4"] = (time.perf_counter() - start) * 1000
        ev.last_stage = Stage.T4
        decision = result.decision
        reason = f"{result.adjudicator}: {result.reason}"
        if decision is Decision.REWRITE:
            decision = Decision.DENY
            reason += " (asked for a rewrite; the PEP cannot tell what to remove, so it denies)"
        rule_ids = [*list(ctx.review_rules), f"adjudicator:{result.adjudicator}"]
        ev.outcome = Outcome(
            decision, Stage.T4, reason, rule_ids=rule_ids, evidence=list(ctx.evidence)
        )
        ev.error = result.error
        return ev


def evidence_list(outcome: Outcome | None, ctx: DecisionContext) -> list[Evidence]:
    if outcome is not None and outcome.evidence:
        return to_evidence(outcome.evidence)
    return to_evidence(ctx.evidence)
