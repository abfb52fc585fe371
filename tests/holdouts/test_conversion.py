"""The holdouts as data are the holdouts the Python wrote: every case of every converted file,
its screens rendered, serialises to exactly the JSON line scenarios/independent/ holds (round 2's
unscored cases, which the Python kept but never wrote out, to exactly what it renders), and loads
to the same ``Case`` through ``droidgate eval``'s loader.

Deleted together with scenarios/independent/ (the comparison needs both)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from host_pep.evaluation import load_cases
from host_pep.evaluation.screens import with_rendered_screen

ROOT = Path(__file__).resolve().parents[2]
OLD = ROOT / "scenarios" / "independent"
NEW = ROOT / "tests" / "data" / "holdouts"

PAIRS = {
    "round1/cases.yaml": OLD / "core.jsonl",
    "round1/unscored.yaml": OLD / "unscored" / "ambiguous.jsonl",
    **{f"round{n}/cases.yaml": OLD / f"round{n}.jsonl" for n in range(2, 9)},
    **{
        f"round{n}/unscored.yaml": OLD / "unscored" / f"round{n}_ambiguous.jsonl"
        for n in range(3, 9)
    },
}


def _old_lines(name: str) -> list[str]:
    if name == "round2/unscored.yaml":
        from scenarios.independent import round2

        return round2.render_ambiguous().splitlines()
    return PAIRS[name].read_text("utf-8").splitlines()


def _rendered(case: dict[str, Any]) -> dict[str, Any]:
    steps = [
        {**s, "event": with_rendered_screen(s["event"])} if "event" in s else s
        for s in case["steps"]
    ]
    return {**case, "steps": steps}


@pytest.mark.parametrize("name", [*PAIRS, "round2/unscored.yaml"])
def test_every_converted_case_is_the_case_the_python_wrote(name: str) -> None:
    new = yaml.load((NEW / name).read_text("utf-8"), Loader=yaml.CSafeLoader)
    old = _old_lines(name)
    assert len(new) == len(old)
    for case, line in zip(new, old, strict=True):
        # the same bytes: ids, categories, descriptions, labels, events, results, key order
        assert json.dumps(_rendered(case), ensure_ascii=False) == line, case["id"]


@pytest.mark.parametrize("name", list(PAIRS))
def test_the_loader_reads_the_same_cases_from_both(name: str) -> None:
    new, old = load_cases([NEW / name]), load_cases([PAIRS[name]])
    assert [c.model_dump() for c in new] == [c.model_dump() for c in old]


def test_every_holdout_file_was_converted() -> None:
    converted = {p.relative_to(NEW).as_posix() for p in NEW.glob("*/*.yaml")}
    assert converted == {*PAIRS, "round2/unscored.yaml"}
    assert {p.resolve() for p in PAIRS.values()} == {
        p.resolve() for p in [*OLD.glob("*.jsonl"), *OLD.glob("unscored/*.jsonl")]
    }
