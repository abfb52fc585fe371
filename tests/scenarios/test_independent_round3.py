"""Round-3 independent holdout (scenarios/independent/round3.py): a third evaluator's cases,
labelled from DESIGN.md alone and aimed at generalisation (values in unusual forms, unseen tools,
multi-hop flows, per-case FlowRules)."""

from __future__ import annotations

from typing import Any

import pytest

from .holdout import HOLDOUT, assert_meets_goals, assert_well_formed, evaluate, read_cases

ROUND3 = HOLDOUT / "round3.jsonl"
AMBIGUOUS = HOLDOUT / "unscored" / "round3_ambiguous.jsonl"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return evaluate(ROUND3, tmp_path_factory.mktemp("round3"))


def test_jsonl_is_what_round3_writes() -> None:
    from scenarios.independent import round3

    assert ROUND3.read_text("utf-8") == round3.render(), "round3.jsonl is stale: rerun round3.py"
    assert AMBIGUOUS.read_text("utf-8") == round3.render_ambiguous(), "rerun round3.py"
    # the ambiguous cases are authored (so the reasoning is kept) but never scored
    scored = {c["id"] for c in read_cases(ROUND3)}
    assert round3.ambiguous() and not scored & set(round3.ambiguous())


def test_cases_are_well_formed_valid_events_on_every_channel() -> None:
    assert_well_formed(read_cases(ROUND3), mostly_allow=True)


def test_default_policy_meets_the_goals_on_round3(evaluated: dict[str, Any]) -> None:
    assert_meets_goals(evaluated, min_steps=300)
