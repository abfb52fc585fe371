"""Round-5 independent holdout (scenarios/independent/round5.py): a fifth evaluator's cases,
labelled from DESIGN.md alone and aimed at everyday assistant sessions where sensitive values flow
inside their own app or to their owner, benign numbers headed for outbound sinks, request values
vs observed values, multi-agent handoffs, injected instructions and natural authorisation."""

from __future__ import annotations

from typing import Any

import pytest

from .holdout import HOLDOUT, assert_meets_goals, assert_well_formed, evaluate, read_cases

ROUND5 = HOLDOUT / "round5.jsonl"
AMBIGUOUS = HOLDOUT / "unscored" / "round5_ambiguous.jsonl"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return evaluate(ROUND5, tmp_path_factory.mktemp("round5"))


def test_jsonl_is_what_round5_writes() -> None:
    from scenarios.independent import round5

    assert ROUND5.read_text("utf-8") == round5.render(), "round5.jsonl is stale: rerun round5.py"
    assert AMBIGUOUS.read_text("utf-8") == round5.render_ambiguous(), "rerun round5.py"
    # the ambiguous cases are authored (so the reasoning is kept) but never scored
    scored = {c["id"] for c in read_cases(ROUND5)}
    assert round5.ambiguous() and not scored & set(round5.ambiguous())
    assert all(c["description"].startswith("UNSCORED:") for c in read_cases(AMBIGUOUS)), (
        "every unscored case says why it is unscored"
    )


def test_cases_are_well_formed_valid_events_on_every_channel() -> None:
    assert_well_formed(read_cases(ROUND5), mostly_allow=True)


def test_default_policy_meets_the_goals_on_round5(evaluated: dict[str, Any]) -> None:
    assert_meets_goals(evaluated, min_steps=250)
