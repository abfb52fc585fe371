"""``droidgate eval --explain``: each scored step says what decided it -- the instruction span a
deny carried out, the delegation or the authorization an allow rests on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from host_pep.cli.main import main

RULES = Path(__file__).parents[2] / "data" / "rules"


def _explained(tmp_path: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> str:
    out = tmp_path / "eval.json"
    code = main(
        [
            "eval",
            str(RULES / "rule5-carried-out.yaml"),
            str(RULES / "rule4-authorization.yaml"),
            "--config",
            "full",
            "--semantic",
            "off",
            "--json",
            str(out),
            *flags,
        ]
    )
    assert code == 0
    return capsys.readouterr().out


def test_explain_all_names_spans_delegations_and_authorizations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = " ".join(_explained(tmp_path, capsys, "--explain", "all").split())
    # a deny: the span it carried out, with its cue and source
    assert "names-tool-escalate-ticket" in text
    assert "instruction" in text and "names the tool set_ticket_priority" in text
    # an allow: the source the request named, and what in the request authorized it
    assert "delegated: data in a source the request names" in text
    assert "authorization" in text and "the user request asks for" in text


def test_explain_defaults_to_the_steps_that_miss(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _explained(tmp_path, capsys, "--explain")
    assert "WRONG" not in text and "step 0: ok" not in text  # every rule case passes


def test_the_json_report_carries_the_evidence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _explained(tmp_path, capsys)
    doc = json.loads((tmp_path / "eval.json").read_text("utf-8"))
    kinds = {e["kind"] for c in doc["cases"] for s in c["steps"] for e in s["evidence"]}
    assert {"instruction", "authorization"} <= kinds
    # masked only: no clear value of the cases appears in the evidence
    flat = json.dumps([s["evidence"] for c in doc["cases"] for s in c["steps"]])
    assert "GB33BUKB20201555555555" not in flat
