"""The independent holdout rounds (tests/data/holdouts/roundN, see its README): hand-written
cases labelled from DESIGN.md alone, each round run through the real `droidgate eval` and held to
the project's goals with every missed step listed (so that a gap is visible, not averaged away)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from host_pep.evaluation import load_cases

HOLDOUTS = Path(__file__).resolve().parents[1] / "data" / "holdouts"
MIN_ACCURACY = 0.99
MAX_FALSE_BLOCK = 0.01
BLOCKING = {"deny", "rewrite", "escalate"}

# folder: (scored steps it holds at least, whether it was written to weigh false blocks)
ROUNDS = {
    "round1": (250, False),
    "round2": (300, True),
    "round3": (300, True),
    "round4": (300, True),
    "round5": (250, True),
    "round6": (250, True),
    "round7": (250, True),
    "round8": (250, True),
}


def read(path: Path) -> list[dict[str, Any]]:
    """The cases as written (compact screens unrendered)."""
    cases: list[dict[str, Any]] = yaml.load(path.read_text("utf-8"), Loader=yaml.CSafeLoader)
    return cases


@cache
def evaluate(folder: str, out_dir: Path) -> dict[str, Any]:
    """One round through `droidgate eval` (in-process, full PEP with session memory)."""
    from host_pep.cli.main import main

    out = out_dir / f"{folder}.json"
    cases = HOLDOUTS / folder / "cases.yaml"
    # no thresholds passed: failed cases are data (exit 0); the assertions say which and why
    assert main(["eval", str(cases), "--config", "full", "--json", str(out)]) == 0
    doc: dict[str, Any] = json.loads(out.read_text("utf-8"))
    return doc


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("holdouts")


def missed_steps(doc: dict[str, Any]) -> list[str]:
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


def test_every_round_folder_is_scored() -> None:
    assert sorted(p.parent.name for p in HOLDOUTS.glob("*/cases.yaml")) == sorted(ROUNDS)


@pytest.mark.parametrize("folder", ROUNDS)
def test_default_policy_meets_the_goals(folder: str, out_dir: Path) -> None:
    m = evaluate(folder, out_dir)["metrics"]
    missed = "\n".join(missed_steps(evaluate(folder, out_dir)))
    assert m["steps_scored"] >= ROUNDS[folder][0]
    assert m["accuracy"] >= MIN_ACCURACY, f"accuracy {m['accuracy']:.4f}; missed steps:\n{missed}"
    assert m["false_block"] <= MAX_FALSE_BLOCK, (
        f"false block {m['false_block']:.4f}; missed steps:\n{missed}"
    )


@pytest.mark.parametrize("folder", ROUNDS)
def test_cases_are_well_formed_valid_events_on_every_channel(folder: str) -> None:
    """Unique ids, a policy and description each, expect_final = the last scored step, every
    event (screens rendered) a valid AgentEvent, all four channels used."""
    from host_pep.events import AgentEvent

    cases = load_cases([HOLDOUTS / folder / "cases.yaml"])
    assert len(cases) >= 150
    assert len({c.id for c in cases}) == len(cases)
    expects = []
    for case in cases:
        assert case.policy and case.description.strip(), case.id
        scored = [s.expect for s in case.steps if s.expect is not None]
        assert scored and case.expect_final == scored[-1], case.id
        expects += scored
        for step in case.steps:
            if step.event is not None:
                AgentEvent.parse(step.event)
    channels = {s.event["channel"] for c in cases for s in c.steps if s.event is not None}
    assert channels == {"gui", "api", "tool", "llm"}
    if ROUNDS[folder][1]:  # a set meant to weigh false blocks
        assert expects.count("allow") > len(expects) / 2


def test_unscored_cases_say_why_and_are_never_scored() -> None:
    scored = {c["id"] for p in HOLDOUTS.glob("*/cases.yaml") for c in read(p)}
    unscored = [c for p in sorted(HOLDOUTS.glob("*/unscored.yaml")) for c in read(p)]
    assert {p.parent.name for p in HOLDOUTS.glob("*/unscored.yaml")} == set(ROUNDS)
    # each says so, and why (rounds 1 and 2 write "AMBIGUOUS", later rounds "UNSCORED")
    assert unscored and all(
        "AMBIGUOUS" in c["description"] or "UNSCORED" in c["description"] for c in unscored
    )
    assert not scored & {c["id"] for c in unscored}
    for path in HOLDOUTS.glob("*/unscored.yaml"):  # and they load like any case file
        assert load_cases([path])
