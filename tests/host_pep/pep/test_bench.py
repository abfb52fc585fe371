from pathlib import Path

import pytest

from host_pep.bench import AUDIT_MODES, run, run_audit
from host_pep.cli.main import main


def test_bench_document_shape() -> None:
    doc = run(iterations=200, warmup=20, sizes=(10, 1000))
    assert [r["observations"] for r in doc["runs"]] == [10, 1000]
    for r in doc["runs"]:
        assert r["decisions_per_s"] > 0
        for stage in ("T1", "T2", "T1+T2", "total"):
            assert set(r["stages"][stage]) == {"p50_ms", "p99_ms"}
            assert 0 <= r["stages"][stage]["p50_ms"] <= r["stages"][stage]["p99_ms"]
    assert doc["ratio_p99_100k_to_10"] > 0
    assert set(doc["budget"]) == {"t1_t2_p99_ms", "ratio", "met"}


def test_bench_audit_document_shape() -> None:
    """With and without the audit record: every configuration reports, the chain holds."""
    doc = run_audit(decisions=120, repeats=1, callers=4, observations=10)
    assert doc["chain_ok"] is True
    assert [doc["one_caller"]["callers"], doc["concurrent"]["callers"]] == [1, 4]
    for row in (doc["one_caller"], doc["concurrent"]):
        for mode in AUDIT_MODES:
            assert set(row[mode]) == {"decisions_per_s", "cpu_us_per_decision", "per_cpu_second"}
            assert row[mode]["decisions_per_s"] > 0
        assert row["ratio_sqlite_to_none"] > 0
    assert set(doc["budget"]) == {"per_cpu_second", "met_one_caller", "met_concurrent"}


def test_bench_cli_rejects_tiny_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "pep", "--iterations", "5", "--json", str(tmp_path / "b.json")]) == 2
    assert "--iterations" in capsys.readouterr().err
    assert not (tmp_path / "b.json").exists()
    argv = ["bench", "pep", "--audit-decisions", "5", "--json", str(tmp_path / "b.json")]
    assert main(argv) == 2
    assert "--audit-decisions" in capsys.readouterr().err
    assert not (tmp_path / "b.json").exists()


def test_bench_semantic_document_shape(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    assert main(["bench", "semantic", "--iterations", "100", "--json", str(out)]) == 0
    import json

    doc = json.loads(out.read_text("utf-8"))
    assert doc["load_s"] > 0
    for label in ("lexicons", "model"):
        for path in ("mix_warm_ms", "model_path_cold_ms"):
            v = doc[label][path]
            assert 0 <= v["p50_ms"] <= v["p99_ms"]
    assert set(doc["budget"]) == {"decision_p99_ms", "load_s", "met"}


def test_bench_request_document_shape() -> None:
    from host_pep.bench import run_request

    doc = run_request(lengths=(300, 1200), repeats=1)
    assert doc["lengths"] == [300, 1200]
    assert set(doc["shapes"]) == {"prose", "one verb", "digits"}
    for shape in doc["shapes"].values():
        assert set(shape["ms_per_1000_chars"]) == {"300", "1200"}
        assert all(v > 0 for v in shape["ms_per_1000_chars"].values())
        assert shape["growth"] > 0
    assert set(doc["budget"]) == {"growth", "met"}
