"""Round-6 independent holdout (scenarios/independent/round6.py): a sixth evaluator's cases,
labelled from DESIGN.md alone and aimed at AndroidWorld-style GUI trajectories, value-matching
evasions in common formats, benign look-alikes (ISBNs, IMEIs, tracking numbers, mod-97/Luhn
failing references), rule 5 recipients from sent vs received mail, rule 4 on GUI/ADB/tool
channels and FlowRules installed mid-session."""

from __future__ import annotations

from typing import Any

import pytest

from .holdout import HOLDOUT, assert_meets_goals, assert_well_formed, evaluate, read_cases

ROUND6 = HOLDOUT / "round6.jsonl"
AMBIGUOUS = HOLDOUT / "unscored" / "round6_ambiguous.jsonl"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return evaluate(ROUND6, tmp_path_factory.mktemp("round6"))


def test_jsonl_is_what_round6_writes() -> None:
    from scenarios.independent import round6

    assert ROUND6.read_text("utf-8") == round6.render(), "round6.jsonl is stale: rerun round6.py"
    assert AMBIGUOUS.read_text("utf-8") == round6.render_ambiguous(), "rerun round6.py"
    # the ambiguous cases are authored (so the reasoning is kept) but never scored
    scored = {c["id"] for c in read_cases(ROUND6)}
    assert round6.ambiguous() and not scored & set(round6.ambiguous())
    assert all(c["description"].startswith("UNSCORED:") for c in read_cases(AMBIGUOUS)), (
        "every unscored case says why it is unscored"
    )


def test_cases_are_well_formed_valid_events_on_every_channel() -> None:
    assert_well_formed(read_cases(ROUND6), mostly_allow=True)


def test_default_policy_meets_the_goals_on_round6(evaluated: dict[str, Any]) -> None:
    assert_meets_goals(evaluated, min_steps=250)
