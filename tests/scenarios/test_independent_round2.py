"""Round-2 independent holdout (scenarios/independent/round2.py): a second evaluator's cases,
labelled from DESIGN.md alone, most of them expected allow so that false blocks weigh."""

from __future__ import annotations

from typing import Any

import pytest

from .holdout import HOLDOUT, assert_meets_goals, assert_well_formed, evaluate, read_cases

ROUND2 = HOLDOUT / "round2.jsonl"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return evaluate(ROUND2, tmp_path_factory.mktemp("round2"))


def test_jsonl_is_what_round2_writes() -> None:
    from scenarios.independent import round2

    assert ROUND2.read_text("utf-8") == round2.render(), "round2.jsonl is stale: rerun round2.py"
    # the ambiguous cases are authored (so the reasoning is kept) but never scored
    scored = {c["id"] for c in read_cases(ROUND2)}
    assert round2.ambiguous() and not scored & set(round2.ambiguous())


def test_cases_are_well_formed_valid_events_on_every_channel() -> None:
    assert_well_formed(read_cases(ROUND2), mostly_allow=True)


def test_default_policy_meets_the_goals_on_round2(evaluated: dict[str, Any]) -> None:
    assert_meets_goals(evaluated, min_steps=300)
