"""What the independent holdout tests share: reading a round's cases, running them through the
real `droidgate eval`, and checking them against the project's goals with every missed step
listed (so that a gap is visible, not averaged away)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from host_pep.events import AgentEvent

HOLDOUT = Path(__file__).resolve().parents[2] / "scenarios" / "independent"
MIN_ACCURACY = 0.99
MAX_FALSE_BLOCK = 0.01
BLOCKING = {"deny", "rewrite", "escalate"}


def read_cases(*paths: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for p in paths for line in p.read_text("utf-8").splitlines() if line]


def evaluate(path: Path, out_dir: Path) -> dict[str, Any]:
    """One round through `droidgate eval` (in-process, full PEP with session memory)."""
    from host_pep.cli.main import main

    out = out_dir / f"{path.stem}.json"
    # no thresholds passed: failed cases are data (exit 0); the assertions say which and why
    assert main(["eval", str(path), "--config", "full", "--json", str(out)]) == 0
    doc: dict[str, Any] = json.loads(out.read_text("utf-8"))
    return doc


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


def assert_meets_goals(doc: dict[str, Any], *, min_steps: int) -> None:
    m = doc["metrics"]
    missed = "\n".join(missed_steps(doc))
    assert m["steps_scored"] >= min_steps
    assert m["accuracy"] >= MIN_ACCURACY, f"accuracy {m['accuracy']:.4f}; missed steps:\n{missed}"
    assert m["false_block"] <= MAX_FALSE_BLOCK, (
        f"false block {m['false_block']:.4f}; missed steps:\n{missed}"
    )


def assert_well_formed(cases: list[dict[str, Any]], *, mostly_allow: bool) -> None:
    """Unique ids, a policy and description each, expect_final = the last scored step, every
    event a valid AgentEvent, all four channels used."""
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
    if mostly_allow:  # a set meant to weigh false blocks
        expects = [s["expect"] for c in cases for s in c["steps"] if "expect" in s]
        assert expects.count("allow") > len(expects) / 2
