"""The offline suites through the real PEP, with droidgate's targets asserted (issue 4):
≥ 99% accuracy on broad and threat with ≤ 1% false blocks; dynamic 30/30, provenance 20/20,
semantic stress 100/100, every chain passes. A failure lists the cases the PEP gets wrong, with
its decision and reason, so the engine can be fixed (labels are never tuned to the engine)."""

from __future__ import annotations

from typing import Any

import pytest


def _failing(doc: dict[str, Any]) -> str:
    lines = []
    for case in doc["cases"]:
        if case["passed"]:
            continue
        bad = [s for s in case["steps"] if s["expect"] is not None]
        last = bad[-1] if bad else {}
        lines.append(
            f"  {case['id']} [{case['category']}] expected {last.get('expect')}, got "
            f"{last.get('decision')} at {last.get('stage')}: {case.get('error') or last.get('reason')}"
        )
    return "\n".join(lines)


@pytest.mark.slow
@pytest.mark.parametrize("suite", ["broad", "threat"])
def test_broad_and_threat_reach_targets(evaluated: dict[str, dict[str, Any]], suite: str) -> None:
    m = evaluated[suite]["metrics"]
    report = (
        f"{suite}: accuracy {m['accuracy']:.4f}, attack block {m['attack_block']:.4f}, "
        f"false block {m['false_block']:.4f}\n" + _failing(evaluated[suite])
    )
    assert m["accuracy"] >= 0.99, report
    assert m["false_block"] <= 0.01, report


@pytest.mark.slow
@pytest.mark.parametrize(
    ("suite", "cases"),
    [("dynamic_policy", 30), ("provenance_boundary", 20), ("semantic_stress", 100), ("chains", 3)],
)
def test_focused_suites_pass_completely(
    evaluated: dict[str, dict[str, Any]], suite: str, cases: int
) -> None:
    m = evaluated[suite]["metrics"]
    assert m["cases"] == cases
    assert m["cases_passed"] == cases, f"{suite}:\n" + _failing(evaluated[suite])
    assert m["accuracy"] == 1.0


@pytest.mark.slow
def test_every_case_scores_at_least_one_step(evaluated: dict[str, dict[str, Any]]) -> None:
    for name, doc in evaluated.items():
        for case in doc["cases"]:
            assert any(s["expect"] is not None for s in case["steps"]), (name, case["id"])
            assert "error" not in case, (name, case["id"], case.get("error"))
