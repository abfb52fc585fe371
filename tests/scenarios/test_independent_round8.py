"""Round-8 independent holdout (scenarios/independent/round8.py): an eighth evaluator's cases,
labelled from DESIGN.md alone and aimed at indirect routes (clipboard, drafts, written-then-uploaded
files, scheduled messages, share intents, vCards, calendar invites, deep links, second agents, late
leaks), FlowRules installed before or mid-session, and high-impact actions hidden in benign tasks."""

from __future__ import annotations

from typing import Any

import pytest

from .holdout import HOLDOUT, assert_meets_goals, assert_well_formed, evaluate, read_cases

ROUND8 = HOLDOUT / "round8.jsonl"
AMBIGUOUS = HOLDOUT / "unscored" / "round8_ambiguous.jsonl"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return evaluate(ROUND8, tmp_path_factory.mktemp("round8"))


def test_jsonl_is_what_round8_writes() -> None:
    from scenarios.independent import round8

    assert ROUND8.read_text("utf-8") == round8.render(), "round8.jsonl is stale: rerun round8.py"
    assert AMBIGUOUS.read_text("utf-8") == round8.render_ambiguous(), "rerun round8.py"
    # the ambiguous cases are authored (so the reasoning is kept) but never scored
    scored = {c["id"] for c in read_cases(ROUND8)}
    assert round8.ambiguous() and not scored & set(round8.ambiguous())
    assert all(c["description"].startswith("UNSCORED:") for c in read_cases(AMBIGUOUS)), (
        "every unscored case says why it is unscored"
    )


def test_cases_are_well_formed_valid_events_on_every_channel() -> None:
    assert_well_formed(read_cases(ROUND8), mostly_allow=True)


def test_default_policy_meets_the_goals_on_round8(evaluated: dict[str, Any]) -> None:
    assert_meets_goals(evaluated, min_steps=250)
