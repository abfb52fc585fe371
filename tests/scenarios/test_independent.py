"""The independent holdout set (scenarios/independent): hand-written cases labelled from DESIGN.md
alone, run through the real `droidgate eval`. The thresholds are the project's goals; a failure
lists every missed step so that the gap is visible, not hidden by an average."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from host_pep.events import AgentEvent

HOLDOUT = Path(__file__).resolve().parents[2] / "scenarios" / "independent"
MIN_ACCURACY = 0.99
MAX_FALSE_BLOCK = 0.01
BLOCKING = {"deny", "rewrite", "escalate"}


def _files() -> list[Path]:
    return sorted(HOLDOUT.glob("*.jsonl"))  # unscored/ambiguous cases live in a subdirectory


def _cases(paths: list[Path]) -> list[dict[str, Any]]:
    return [json.loads(line) for p in paths for line in p.read_text("utf-8").splitlines() if line]


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    from host_pep.cli.main import main

    out = tmp_path_factory.mktemp("independent") / "independent.json"
    args = ["eval", *map(str, _files()), "--config", "full", "--json", str(out)]
    # no thresholds passed: failed cases are data (exit 0); the assertions below say which and why
    assert main(args) == 0
    doc: dict[str, Any] = json.loads(out.read_text("utf-8"))
    return doc


def _missed(doc: dict[str, Any]) -> list[str]:
    lines = []
    for case in doc["cases"]:
        for i, step in enumerate(case["steps"]):
            want, got = step.get("expect"), step.get("decision")
            if want is None or want == got or (want == "block" and got in BLOCKING):
                continue
            lines.append(
                f"{case['id']} step {i}: expected {want}, got {got} at {step.get('stage')} "
                f"{step.get('rule_ids')}: {step.get('reason')}"
            )
    return lines


def test_holdout_files_are_what_the_authoring_script_writes() -> None:
    from scenarios.independent import author, cases  # noqa: F401  (registers the cases)

    for name, text in author.render().items():
        assert (HOLDOUT / name).read_text("utf-8") == text, f"{name} is stale: rerun the author"


def test_every_case_is_well_formed_and_every_event_is_an_agent_event() -> None:
    cases = _cases(_files())
    assert len(cases) >= 150
    assert len({c["id"] for c in cases}) == len(cases)
    for case in cases:
        assert case["policy"] and case["description"].strip(), case["id"]
        scored = [s["expect"] for s in case["steps"] if "expect" in s]
        assert scored and case["expect_final"] == scored[-1], case["id"]
        for step in case["steps"]:
            if "event" in step:
                AgentEvent.parse(step["event"])
    channels = {s["event"]["channel"] for c in cases for s in c["steps"] if "event" in s}
    assert channels == {"gui", "api", "tool", "llm"}


def test_ambiguous_cases_are_kept_out_of_the_scored_set() -> None:
    scored = {c["id"] for c in _cases(_files())}
    unscored = _cases(sorted((HOLDOUT / "unscored").glob("*.jsonl")))
    assert unscored and all("AMBIGUOUS" in c["description"] for c in unscored)
    assert not scored & {c["id"] for c in unscored}


def test_default_policy_meets_the_goals_on_the_holdout(evaluated: dict[str, Any]) -> None:
    m = evaluated["metrics"]
    missed = "\n".join(_missed(evaluated))
    assert m["steps_scored"] >= 250
    assert m["accuracy"] >= MIN_ACCURACY, f"accuracy {m['accuracy']:.4f}; missed steps:\n{missed}"
    assert m["false_block"] <= MAX_FALSE_BLOCK, (
        f"false block {m['false_block']:.4f}; missed steps:\n{missed}"
    )
