"""``droidgate suite android`` end to end on a few executions: progress, table, report files,
the JSON shape, and usage errors."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from host_pep.cli.subcommands import Commands
from scenarios.android.cli import register_android


def _main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="droidgate")
    sub = parser.add_subparsers(dest="command", action=Commands)
    register_android(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


@pytest.mark.slow
@pytest.mark.device
def test_selected_executions_write_report_and_json(tmp_path: Path) -> None:
    out, js = tmp_path / "report", tmp_path / "out.json"
    code = _main(["suite", "android", "--devices", "2", "--report", str(out), "--json", str(js),
                  "--select", "gui-normal-clock-01", "--select", "tool-write-cross-tool-01"])  # fmt: skip
    data = json.loads(js.read_text())
    m = data["metrics"]
    assert {"executions", "traced", "raw_accuracy", "trace_adjusted_accuracy", "attack_block",
            "false_block", "no_trace"} <= set(m)  # fmt: skip
    assert m["executions"] == 2 and m["traced"] == 2 and m["trace_adjusted_accuracy"] == 1.0
    assert m["attack_block"] == 1.0 and m["false_block"] == 0.0
    assert code == 0
    assert [e["id"] for e in data["executions"]] == [
        "gui-normal-clock-01",
        "tool-write-cross-tool-01",
    ]
    # the GUI execution's actions were also done directly with stock uiautomator2
    assert m["overhead"]["gui_direct_stock_u2"]["n"] >= 5 and m["overhead_ratio"] > 0
    # ... and with the daemon's transport fix, so the report can say what mediation costs
    nodelay = m["overhead"]["gui_direct_stock_u2_nodelay"]
    assert nodelay["n"] == m["overhead"]["gui_direct_stock_u2"]["n"]
    assert m["overhead_ratio_vs_nodelay"] > 0
    report = (out / "report.md").read_text()
    assert "What the overhead is measured against" in report and "TCP_NODELAY" in report
    assert "stock uiautomator2 over TCP_NODELAY" in report
    for name in (
        "report.md",
        "report.html",
        "accuracy_per_channel.png",
        "overhead.png",
        "policy.yaml",
    ):
        assert (out / name).is_file(), name
    assert (out / "traces" / "tool-write-cross-tool-01.jsonl").is_file()


def test_usage_errors(tmp_path: Path) -> None:
    assert _main(["suite", "android", "--select", "no-such-*"]) == 2
    assert _main(["suite", "android", "--devices", "0"]) == 2


@pytest.mark.slow
@pytest.mark.device
def test_device_flag_seeds_and_uses_that_device(virtual_farm: Any, tmp_path: Path) -> None:
    """``--device`` is the real-emulator path: seeding over ADB instead of a virtual reset."""
    serial = virtual_farm.serials[1]
    js = tmp_path / "out.json"
    code = _main(["suite", "android", "--device", serial, "--adb-port", str(virtual_farm.adb_port),
                  "--json", str(js), "--no-overhead",
                  "--select", "gui-leak-clock-01", "--select", "api-benign-wifi-off-08"])  # fmt: skip
    data = json.loads(js.read_text())
    assert {e["serial"] for e in data["executions"]} == {serial}
    m = data["metrics"]
    assert m["traced"] == 2 and m["agents_stuck"] == {} and m["leaks_reached_sink"] == 0
    wifi = next(e for e in data["executions"] if e["id"] == "api-benign-wifi-off-08")
    assert wifi["review"]["state_changes"] == {"settings": 1}
    assert code == 0
