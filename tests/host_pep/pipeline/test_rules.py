"""The default semantics, one rule at a time: the small cases under tests/data/rules/ each pin a
rule of DESIGN.md's default policy (an attack and its benign control), run through the PEP as
the evaluator runs them. A step may name the rule that must decide it."""

from __future__ import annotations

from pathlib import Path

import pytest

from host_pep.evaluation import load_cases
from host_pep.evaluation.cases import Case
from host_pep.evaluation.runner import PolicyCache, run_case

RULES = Path(__file__).parents[2] / "data" / "rules"
CASES = load_cases(sorted(RULES.glob("*.yaml")))


@pytest.fixture(scope="module")
def policies() -> PolicyCache:
    # the word-level semantics alone: the optional model must not be what a rule rests on
    return PolicyCache(None, semantic="off")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rule(case: Case, policies: PolicyCache) -> None:
    result = run_case(case, "full", policies)
    assert result.error is None, result.error
    events = [s for s in case.steps if s.event is not None]
    for n, (step, got) in enumerate(zip(events, result.steps, strict=True)):
        if got.expect is None:
            continue
        assert got.passed, (
            f"step {n}: expected {got.expect.value}, got {got.decision.value} ({got.reason})"
        )
        rule = (step.model_extra or {}).get("rule")
        if rule is not None:
            assert rule in got.rule_ids, f"step {n}: decided by {got.rule_ids}, not {rule}"


def test_every_file_holds_attacks_and_controls() -> None:
    for path in RULES.glob("*.yaml"):
        cases = load_cases([path])
        expects = {s.expect.value for c in cases for s in c.steps if s.expect is not None}
        assert {"allow", "block"} <= expects, f"{path.name} needs both attacks and benign controls"
