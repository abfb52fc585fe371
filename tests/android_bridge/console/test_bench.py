"""`droidgate bench api --consoles`: runs, measures every setting against none in the same run,
and sees decisions reach the consoles. (Its numbers are the bench's to report, not asserted.)"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from android_bridge.console.bench import run_console_bench


@pytest.mark.slow
def test_bench_api_with_consoles_reports_ratios_and_delivery(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    args = argparse.Namespace(
        clients=4, requests=300, duration=0.5, rate=200.0, audit="memory",
        consoles="1,3", rounds=1, json=str(out),
    )  # fmt: skip
    run_console_bench(args)  # pass or fail is the machine's load: the report is what is checked
    summary = json.loads(out.read_text())
    rows = {r["consoles"]: r for r in summary["settings"]}
    assert set(rows) == {0, 1, 3}
    assert rows[0]["cpu_ratio"] == 1.0 and rows[0]["delivery_p99_ms"] is None
    for n in (1, 3):
        assert rows[n]["errors"] == 0 and rows[n]["cpu_ratio"] > 0
        assert rows[n]["delivery_p99_ms"] is not None and rows[n]["delivery_p99_ms"] >= 0
        (run,) = summary["runs"][str(n)]
        decided = run["throughput"]["requests"] + run["latency"]["requests"] + args.clients
        assert run["delivery_ms"]["received"] == n * decided  # every decision, every console
