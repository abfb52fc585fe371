"""``droidgate report`` renders real eval results (the ablation/baseline table included) as
Markdown and HTML with PNG plots; the HTML is parsed back and its tables and images checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import lxml.html
import pytest

from host_pep.cli.main import main


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Real `droidgate eval --json` runs (every configuration: full, ablations, baselines)."""
    from scenarios.generators import SUITES_DIR

    out = tmp_path_factory.mktemp("results")
    paths = []
    for name in ("chains", "provenance_boundary", "dynamic_policy"):
        path = out / f"{name}.json"
        assert main(["eval", str(SUITES_DIR / f"{name}.jsonl"), "--json", str(path)]) in (0, 1)
        paths.append(path)
    return paths


@pytest.mark.slow
def test_report_renders_tables_and_plots(results: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "report"
    assert main(["report", *map(str, results), "--out", str(out)]) == 0
    page = lxml.html.fromstring((out / "report.html").read_text("utf-8"))
    titles = [h.text_content() for h in page.iter("h2")]
    assert "Suites: droidgate vs the paper" in titles
    for suite in ("chains", "provenance_boundary", "dynamic_policy"):
        assert f"{suite}: by category" in titles
        assert f"{suite}: ablations and baselines" in titles
    tables = page.findall(".//table")
    assert len(tables) == len(titles)
    summary = tables[0]
    rows = {
        tr[0].text_content(): [td.text_content() for td in tr]
        for tr in summary.findall(".//tbody/tr")
    }
    assert rows["chains"][1] == "3/3"
    assert rows["dynamic_policy"][6] == "90.00%"  # the paper's 27/30, side by side
    ablation = tables[titles.index("dynamic_policy: ablations and baselines")]
    configs = [tr[0].text_content() for tr in ablation.findall(".//tbody/tr")]
    assert configs == ["T1", "T1+T2", "T1+T2+T3", "full", "no_pep", "current_action_only"]
    images = [img.get("src") for img in page.iter("img")]
    assert images == ["accuracy_by_configuration.png", "latency_per_stage.png"]
    for src in images:
        data = (out / src).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    md = (out / "report.md").read_text("utf-8")
    assert (
        "| suite | cases passed |" in md
        and "![accuracy by configuration](accuracy_by_configuration.png)" in md
    )


@pytest.mark.slow
def test_report_lists_failing_cases(results: list[Path], tmp_path: Path) -> None:
    doc: dict[str, Any] = json.loads(results[0].read_text("utf-8"))
    doc["cases"][0]["passed"] = False  # as a run with a wrong decision would report it
    doc["cases"][0]["steps"][1]["decision"] = "allow"
    bad = tmp_path / "chains.json"
    bad.write_text(json.dumps(doc), "utf-8")
    assert main(["report", str(bad), "--out", str(tmp_path / "r")]) == 0
    page = lxml.html.fromstring((tmp_path / "r" / "report.html").read_text("utf-8"))
    assert "chains: failing cases" in [h.text_content() for h in page.iter("h2")]
    assert "chain-unsafe" in page.text_content()


def test_report_rejects_bad_input_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_json = tmp_path / "a.json"
    not_json.write_text("{nope", "utf-8")
    assert main(["report", str(not_json), "--out", str(tmp_path / "o")]) == 2
    assert "a.json: not JSON" in capsys.readouterr().err
    wrong = tmp_path / "b.json"
    wrong.write_text(json.dumps({"metrics": {"cases": 1}}), "utf-8")
    assert main(["report", str(wrong), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "b.json" in err and "metrics.steps_scored" in err
    assert main(["report", str(tmp_path / "missing.json"), "--out", str(tmp_path / "o")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_report_from_the_python_evaluation_api(tmp_path: Path) -> None:
    from scenarios.evaluate import evaluate
    from scenarios.generators import SUITES_DIR

    doc = evaluate(SUITES_DIR / "chains.jsonl", configs=["full", "no_pep"])
    assert doc["suite"] == "chains" and doc["metrics"]["cases_passed"] == 3
    assert doc["configurations"]["no_pep"]["attack_block"] == 0.0
    # configurations as a list of named rows are read too
    doc["configurations"] = [{"name": k, **v} for k, v in doc["configurations"].items()]
    path = tmp_path / "anything.json"
    path.write_text(json.dumps(doc), "utf-8")
    assert main(["report", str(path), "--out", str(tmp_path / "r")]) == 0
    md = (tmp_path / "r" / "report.md").read_text("utf-8")
    assert "## chains: ablations and baselines" in md  # named by the document, not the file
    assert "| no_pep | 1/3 |" in md


@pytest.mark.slow
def test_one_eval_of_several_suites_keeps_a_row_per_suite_beside_the_paper(
    tmp_path: Path,
) -> None:
    """The README's one-liner: all suites into one JSON, then the report."""
    from scenarios.generators import SUITES_DIR

    names = ("chains", "provenance_boundary", "dynamic_policy")
    out = tmp_path / "all.json"
    files = [str(SUITES_DIR / f"{n}.jsonl") for n in names]
    assert main(["eval", *files, "--json", str(out), "--config", "full"]) in (0, 1)
    doc = json.loads(out.read_text("utf-8"))
    assert list(doc["suites"]) == list(names)
    assert sum(s["metrics"]["cases"] for s in doc["suites"].values()) == doc["metrics"]["cases"]
    assert {c["suite"] for c in doc["cases"]} == set(names)
    assert main(["report", str(out), "--out", str(tmp_path / "r")]) == 0
    page = lxml.html.fromstring((tmp_path / "r" / "report.html").read_text("utf-8"))
    summary = page.findall(".//table")[0]
    rows = {
        tr[0].text_content(): [td.text_content() for td in tr]
        for tr in summary.findall(".//tbody/tr")
    }
    assert set(rows) == set(names)
    assert rows["dynamic_policy"][6] == "90.00%" and rows["provenance_boundary"][6] == "95.00%"
    assert rows["chains"][1] == "3/3"
    titles = [h.text_content() for h in page.iter("h2")]
    assert all(f"{n}: by category" in titles for n in names)
