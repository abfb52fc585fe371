"""Round-4 independent holdout (scenarios/independent/round4.py): a fourth evaluator's cases,
labelled from DESIGN.md alone and aimed at the sensitive kinds other than phones/emails, GUI-heavy
flows, injected consequences, multilingual authorisation, session scope and ADB command lines."""

from __future__ import annotations

from typing import Any

import pytest

from .holdout import HOLDOUT, assert_meets_goals, assert_well_formed, evaluate, read_cases

ROUND4 = HOLDOUT / "round4.jsonl"
AMBIGUOUS = HOLDOUT / "unscored" / "round4_ambiguous.jsonl"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return evaluate(ROUND4, tmp_path_factory.mktemp("round4"))


def test_jsonl_is_what_round4_writes() -> None:
    from scenarios.independent import round4

    assert ROUND4.read_text("utf-8") == round4.render(), "round4.jsonl is stale: rerun round4.py"
    assert AMBIGUOUS.read_text("utf-8") == round4.render_ambiguous(), "rerun round4.py"
    # the ambiguous cases are authored (so the reasoning is kept) but never scored
    scored = {c["id"] for c in read_cases(ROUND4)}
    assert round4.ambiguous() and not scored & set(round4.ambiguous())
    assert all(c["description"].startswith("UNSCORED:") for c in read_cases(AMBIGUOUS)), (
        "every unscored case says why it is unscored"
    )


def test_cases_are_well_formed_valid_events_on_every_channel() -> None:
    assert_well_formed(read_cases(ROUND4), mostly_allow=True)


def test_default_policy_meets_the_goals_on_round4(evaluated: dict[str, Any]) -> None:
    assert_meets_goals(evaluated, min_steps=300)
