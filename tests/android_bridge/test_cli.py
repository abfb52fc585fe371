"""android_bridge's subcommands are registered and validate their input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from host_pep.cli.main import build_parser, main


def test_subcommands_registered_under_the_shared_bench_group() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if getattr(a, "choices", None) and "serve" in a.choices)
    assert {"serve", "mcp", "replay", "plan", "bench"} <= set(sub.choices)
    bench = sub.group("bench", "Benchmarks")  # the group android_bridge's commands joined
    assert {"api", "tap"} <= set(bench.choices)


def test_serve_needs_a_device(tmp_path: Path) -> None:
    assert main(["serve", "--state-dir", str(tmp_path)]) == 2


def test_serve_rejects_device_and_virtual_together(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--device", "x", "--virtual", "1", "--state-dir", str(tmp_path)])
    assert exc.value.code == 2


def test_serve_takes_the_audit_durability(tmp_path: Path) -> None:
    from android_bridge.cli import _config

    base = ["serve", "--virtual", "1", "--state-dir", str(tmp_path)]
    args = build_parser().parse_args(base)
    assert _config(args).audit_durability == "process"
    args = build_parser().parse_args([*base, "--audit-durability", "power"])
    assert _config(args).audit_durability == "power"
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args([*base, "--audit-durability", "disk"])
    assert exc.value.code == 2


@pytest.mark.slow
def test_bench_api_runs_bounded_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    code = main(
        [
            "bench",
            "api",
            "--clients",
            "4",
            "--requests",
            "100",
            "--duration",
            "0.5",
            "--rate",
            "200",
            "--json",
            str(out),
        ]
    )
    data = json.loads(out.read_text())
    assert code == (0 if data["pass"] else 1)
    assert data["errors"] == 0 and data["clients"] == 4
    assert 0 < data["throughput"]["requests"] <= 100
    assert set(data["decisions"]) == {"allow", "deny"}  # the leak half is denied
    assert data["pep_only"]["decisions"] > 0 and data["latency"]["p99_ms"] > 0


def test_bench_api_rejects_nonsense() -> None:
    assert main(["bench", "api", "--clients", "0"]) == 2
