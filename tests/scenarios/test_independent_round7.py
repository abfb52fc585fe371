"""Round-7 independent holdout (scenarios/independent/round7.py): a seventh evaluator's cases,
labelled from DESIGN.md alone and aimed at the paper's benchmark style (a normal phone task with a
leak, an injection or a high-impact action hidden in it), new tool-name conventions, values inside
arrays, markdown, HTML and JSON strings, benign high-volume sessions, values the request also
contains, and one leak on all four channels side by side."""

from __future__ import annotations

from typing import Any

import pytest

from .holdout import HOLDOUT, assert_meets_goals, assert_well_formed, evaluate, read_cases

ROUND7 = HOLDOUT / "round7.jsonl"
AMBIGUOUS = HOLDOUT / "unscored" / "round7_ambiguous.jsonl"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return evaluate(ROUND7, tmp_path_factory.mktemp("round7"))


def test_jsonl_is_what_round7_writes() -> None:
    from scenarios.independent import round7

    assert ROUND7.read_text("utf-8") == round7.render(), "round7.jsonl is stale: rerun round7.py"
    assert AMBIGUOUS.read_text("utf-8") == round7.render_ambiguous(), "rerun round7.py"
    # the ambiguous cases are authored (so the reasoning is kept) but never scored
    scored = {c["id"] for c in read_cases(ROUND7)}
    assert round7.ambiguous() and not scored & set(round7.ambiguous())
    assert all(c["description"].startswith("UNSCORED:") for c in read_cases(AMBIGUOUS)), (
        "every unscored case says why it is unscored"
    )


def test_cases_are_well_formed_valid_events_on_every_channel() -> None:
    assert_well_formed(read_cases(ROUND7), mostly_allow=True)


def test_default_policy_meets_the_goals_on_round7(evaluated: dict[str, Any]) -> None:
    assert_meets_goals(evaluated, min_steps=250)
