"""Round-1 independent holdout (scenarios/independent/cases.py -> core.jsonl): hand-written cases
labelled from DESIGN.md alone, run through the real `droidgate eval` against the project's goals.
Rounds 2 and 3 have their own modules; the unscored (ambiguous) cases of every round are checked
here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .holdout import HOLDOUT, assert_meets_goals, assert_well_formed, evaluate, read_cases

CORE = HOLDOUT / "core.jsonl"


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return evaluate(CORE, tmp_path_factory.mktemp("round1"))


def test_holdout_files_are_what_the_authoring_script_writes() -> None:
    from scenarios.independent import author, cases  # noqa: F401  (registers the cases)

    for name, text in author.render().items():
        assert (HOLDOUT / name).read_text("utf-8") == text, f"{name} is stale: rerun the author"


def test_every_case_is_well_formed_and_every_event_is_an_agent_event() -> None:
    assert_well_formed(read_cases(CORE), mostly_allow=False)


def test_ambiguous_cases_of_every_round_are_kept_out_of_the_scored_sets() -> None:
    scored = {c["id"] for c in read_cases(*sorted(HOLDOUT.glob("*.jsonl")))}
    unscored_files: list[Path] = sorted((HOLDOUT / "unscored").glob("*.jsonl"))
    unscored = read_cases(*unscored_files)
    # each says so, and why (round 1 and 2 write "AMBIGUOUS", round 3 "UNSCORED")
    assert unscored and all(
        "AMBIGUOUS" in c["description"] or "UNSCORED" in c["description"] for c in unscored
    )
    assert not scored & {c["id"] for c in unscored}


def test_default_policy_meets_the_goals_on_round1(evaluated: dict[str, Any]) -> None:
    assert_meets_goals(evaluated, min_steps=250)
