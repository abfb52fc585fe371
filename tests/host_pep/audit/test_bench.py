"""``python -m host_pep.audit.bench`` runs end to end (its numbers are not asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from host_pep.audit.bench import main


def test_bench_reports_both_modes_with_an_intact_chain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    argv = ["--records", "30", "--concurrency", "8", "--durability", "process", "--json", str(out)]
    assert main(argv) == 0
    doc = json.loads(out.read_text())
    assert [(r["mode"], r["durability"]) for r in doc["runs"]] == [
        ("sync", "process"),
        ("grouped", "process"),
    ]
    assert all(r["chain_ok"] and r["appends_per_s"] > 0 for r in doc["runs"])
    assert all(v > 0 for v in doc["prepare_cpu_us_per_record"].values())
    printed = capsys.readouterr().out
    assert "grouped x8" in printed and "appends/s" in printed


def test_bench_rejects_bad_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--records", "0"])
    assert info.value.code == 2
    assert "--records" in capsys.readouterr().err
