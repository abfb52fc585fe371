"""Every GUI holdout decides the same on a real background as on its drawn screen.

Each case whose steps carry compact screens is run twice through the evaluation runner (full
pipeline, semantic model off): once as written, once with ``background: corpus:<id>`` on every
screen, the corpus screens taken in turn, so every real screen is the background of some cases.
The real windows add real noise (other apps' strings observed, more widgets, a focused field in
another window); the verdicts must not move.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from android_bridge.screen_corpus import load_corpus
from host_pep.evaluation.cases import Case, load_cases
from host_pep.evaluation.runner import PolicyCache, run_case

HOLDOUTS = Path(__file__).resolve().parents[1] / "data" / "holdouts"


def _gui_cases() -> list[dict[str, Any]]:
    out = []
    for path in sorted(HOLDOUTS.rglob("*.yaml")):
        # libyaml's loader, as the case loader uses: the pure-Python one took ~3 minutes here
        data = yaml.load(path.read_text("utf-8"), Loader=yaml.CSafeLoader)
        for case in data["cases"] if isinstance(data, dict) else data:
            if any(
                "screen" in ((s.get("event") or {}).get("context") or {}) for s in case["steps"]
            ):
                out.append(case)
    return out


def _with_background(case: dict[str, Any], background: str) -> dict[str, Any]:
    case = copy.deepcopy(case)
    for step in case["steps"]:
        context = (step.get("event") or {}).get("context") or {}
        if "screen" in context:
            context["screen"]["background"] = f"corpus:{background}"
    return case


def _load(cases: list[dict[str, Any]], path: Path) -> list[Case]:
    path.write_text(yaml.dump(cases, Dumper=yaml.CSafeDumper, allow_unicode=True), "utf-8")
    return load_cases([path])


def test_gui_holdouts_decide_the_same_on_real_backgrounds(tmp_path: Path) -> None:
    raw = _gui_cases()
    corpus = load_corpus()
    backgrounds = [s.id for s in corpus]
    assert len(raw) > 100 and backgrounds
    chosen = [backgrounds[i % len(backgrounds)] for i in range(len(raw))]
    drawn = _load(raw, tmp_path / "drawn.yaml")
    real = _load(
        [_with_background(c, b) for c, b in zip(raw, chosen, strict=True)], tmp_path / "real.yaml"
    )
    policies = PolicyCache(None, semantic="off")
    moved = []
    for case, noisy_case, background in zip(drawn, real, chosen, strict=True):
        package = corpus.screen(background).package
        for step in noisy_case.steps:
            context = (step.event or {}).get("context", {})
            assert "screen_xml" not in context or f'package="{package}"' in context["screen_xml"]
        before = run_case(case, "full", policies)
        after = run_case(noisy_case, "full", policies)
        was = [(s.decision, s.stage) for s in before.steps]
        now = [(s.decision, s.stage) for s in after.steps]
        if was != now or before.error != after.error:
            moved.append((case.id, background, was, now, [s.reason for s in after.steps]))
    assert not moved, moved


@pytest.mark.parametrize("background", ["corpus:nope", "not-a-reference"])
def test_a_case_naming_a_missing_background_is_a_case_file_error(
    tmp_path: Path, background: str
) -> None:
    from host_pep.evaluation.cases import CaseFileError

    raw = _gui_cases()[0]
    case = copy.deepcopy(raw)
    for step in case["steps"]:
        context = (step.get("event") or {}).get("context") or {}
        if "screen" in context:
            context["screen"]["background"] = background
    with pytest.raises(CaseFileError, match=r"context\.screen"):
        _load([case], tmp_path / "case.yaml")
