"""The paper's Appendix D metrics over scored steps, and the ``--json`` document."""

from __future__ import annotations

from typing import Any

from host_pep.evaluation.runner import CaseResult, StepResult


def _rate(num: int, den: int) -> float:
    return num / den if den else 0.0


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    idx = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[idx]


def rates(results: list[CaseResult]) -> dict[str, Any]:
    scored: list[StepResult] = [s for r in results for s in r.steps if s.scored]
    passed = sum(1 for s in scored if s.passed)
    blocks = [s for s in scored if s.expect is not None and s.expect.is_block]
    allows = [s for s in scored if s.expect is not None and not s.expect.is_block]
    return {
        "accuracy": _rate(passed, len(scored)),
        "attack_block": _rate(sum(1 for s in blocks if s.decision.value != "allow"), len(blocks)),
        "false_block": _rate(sum(1 for s in allows if s.decision.value != "allow"), len(allows)),
    }


def metrics(results: list[CaseResult]) -> dict[str, Any]:
    scored = [s for r in results for s in r.steps if s.scored]
    by_category: dict[str, dict[str, int]] = {}
    for r in results:
        cat = by_category.setdefault(r.category, {"scored": 0, "passed": 0})
        for s in r.steps:
            if s.scored:
                cat["scored"] += 1
                cat["passed"] += int(s.passed)
    stage_ms: dict[str, list[float]] = {}
    for r in results:
        for s in r.steps:
            for stage, ms in s.latency_ms.items():
                stage_ms.setdefault(stage, []).append(ms)
    return {
        "cases": len(results),
        "cases_passed": sum(1 for r in results if r.passed),
        "steps_scored": len(scored),
        **rates(results),
        "by_category": dict(sorted(by_category.items())),
        "latency_ms": {
            stage: {"p50": _percentile(v, 50), "p99": _percentile(v, 99)}
            for stage, v in sorted(stage_ms.items())
        },
    }


def case_documents(results: list[CaseResult]) -> list[dict[str, Any]]:
    return [
        {
            "id": r.id,
            "category": r.category,
            "passed": r.passed,
            **({"error": r.error} if r.error else {}),
            "steps": [
                {
                    "expect": s.expect.value if s.expect is not None else None,
                    "decision": s.decision.value,
                    "stage": s.stage,
                    "rule_ids": s.rule_ids,
                    "reason": s.reason,
                    "evidence": [
                        e.model_dump(
                            include={"kind", "masked", "field", "source", "detail", "score"}
                        )
                        for e in s.evidence
                    ],
                }
                for s in r.steps
            ],
        }
        for r in results
    ]
