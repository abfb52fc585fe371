"""``droidgate bench device`` runs end to end and writes its JSON (no timing assertions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from host_pep.cli.main import main

pytestmark = [pytest.mark.device, pytest.mark.slow]


def test_bench_device_json(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    rc = main(
        [
            "bench",
            "device",
            "--iterations",
            "5",
            "--devices",
            "2",
            "--calls",
            "1",
            "--json",
            str(out),
        ]
    )
    data = json.loads(out.read_text())
    assert rc == (0 if data["ok"] else 1)
    assert data["nodes"] >= 400
    methods = {row["method"] for row in data["handling"]}
    assert {"deviceInfo", "dumpWindowHierarchy", "objInfo", "click", "exist"} <= methods
    assert all(row["n"] >= 5 and row["median_ms"] > 0 for row in data["handling"])
    conc = data["concurrency"]
    assert conc["devices"] == 2 and conc["errors"] == [] and conc["calls"] == 4
