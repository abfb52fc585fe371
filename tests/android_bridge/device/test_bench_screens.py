"""``droidgate bench screens`` measures every screen of a corpus and the drawn reference sizes;
the numbers themselves are the bench's output, never asserted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from android_bridge.device.bench import SIZE_BUCKETS, _bucket, bench_screens
from android_bridge.screen_corpus import Corpus
from host_pep.cli.main import main

ROOT = Path(__file__).resolve().parents[2] / "data" / "screens"


def test_every_real_screen_and_the_reference_sizes_are_measured() -> None:
    result = bench_screens(str(ROOT), n=3)
    real = [r for r in result["screens"] if r["kind"] == "real"]
    assert sorted(r["screen"] for r in real) == sorted(s.id for s in Corpus.load(ROOT))
    reference = {r["screen"]: r["nodes"] for r in result["screens"] if r["kind"] == "reference"}
    assert set(reference) == {"drawn-1000-u2", "drawn-1000-adb", "drawn-2000-u2", "drawn-2000-adb"}
    assert reference["drawn-1000-adb"] >= 1000
    for row in result["screens"]:
        assert 0 < row["p50_ms"] <= row["p99_ms"]
    assert sum(b["screens"] for b in result["sizes"].values()) == len(real)
    assert result["largest_real_nodes"] == max(r["nodes"] for r in real)
    large = [r for r in result["screens"] if r["nodes"] >= 1000]
    assert result["within_budget"] == all(r["p50_ms"] <= result["budget_ms"] for r in large)


def test_sizes_are_buckets_that_cover_every_count() -> None:
    assert [_bucket(n) for n in (0, 99, 100, 999, 1000, 50_000)] == [
        "0-99", "0-99", "100-299", "300-999", "1000+", "1000+"
    ]  # fmt: skip
    assert SIZE_BUCKETS[0][0] == 0


def test_the_subcommand_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "screens.json"
    code = main(["bench", "screens", "--corpus", str(ROOT), "-n", "2", "--json", str(out)])
    assert code in (0, 1)  # the verdict depends on this machine's speed
    data = json.loads(out.read_text("utf-8"))
    assert data["n"] == 2 and data["budget_ms"] == 5.0
    assert "screens of >= 1,000 nodes" in capsys.readouterr().out


def test_a_missing_corpus_is_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot read the screen corpus"):
        bench_screens(str(tmp_path), n=2)
