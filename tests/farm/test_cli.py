"""The farm's commands as a user runs them: ``droidgate farm`` starts its daemons and says
where they are, ``suite android --farm`` gets the same results as one daemon, ``bench farm``
measures (its numbers are reported, not asserted: budgets are judged by the bench itself)."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

from tests.android_bridge.support import droidgate_bin

SELECTION = [
    "gui-normal-cal-01", "gui-leak-cal-notes-02", "tool-benign-note-04",
    "llm-risk-injected-mail-06", "tool-write-otp-note-03", "tool-scope-sms-01",
]  # fmt: skip


def test_droidgate_farm_starts_its_daemons_and_stops_them(tmp_path: Path) -> None:
    root = tmp_path / "farm"
    proc = subprocess.Popen(
        [droidgate_bin(), "farm", "--daemons", "2", "--virtual", "1", "--dir", str(root),
         "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        info = json.loads(line)
        assert len(info["daemons"]) == 2 and info["control_plane"].startswith("postgresql://")
        assert json.loads((root / "farm.json").read_text()) == info
        urls = {d["url"] for d in info["daemons"]}
        ids = {d["daemon_id"] for d in info["daemons"]}
        assert len(urls) == 2 and len(ids) == 2
        for d in info["daemons"]:
            assert len(d["devices"]) == 1 and Path(d["token_file"]).is_file()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    errors = proc.stderr.read()
    proc.stderr.close()
    assert proc.returncode == 0, errors
    assert not (root / "farm.json").exists()


def _suite(tmp_path: Path, name: str, *extra: str) -> dict[str, object]:
    out = tmp_path / f"{name}.json"
    select = [a for ex in SELECTION for a in ("--select", ex)]
    done = subprocess.run(
        [droidgate_bin(), "suite", "android", "--devices", "2", "--no-overhead", "--json",
         str(out), *select, *extra],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr[-2000:]
    data: dict[str, object] = json.loads(out.read_text())
    return data


def test_the_suite_on_two_daemons_gets_the_results_of_one(tmp_path: Path) -> None:
    one = _suite(tmp_path, "one")
    farm = _suite(tmp_path, "farm", "--farm", "2")
    keys = ("outcome", "adjusted_label", "raw_correct", "adjusted_correct", "error", "stuck")

    def by_id(run: dict[str, object]) -> dict[str, tuple[object, ...]]:
        executions = run["executions"]
        assert isinstance(executions, list)
        return {e["id"]: tuple(e.get(k) for k in keys) for e in executions}

    assert by_id(farm) == by_id(one)
    serials = {e["serial"] for e in farm["executions"]}  # type: ignore[attr-defined]
    assert len(serials) == 2  # both daemons' devices ran executions


def test_bench_farm_measures_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    t0 = time.monotonic()
    done = subprocess.run(
        [droidgate_bin(), "bench", "farm", "--installs", "20", "--rounds", "20",
         "--throughput-seconds", "1", "--clients", "2", "--json", str(out)],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr[-2000:]
    result = json.loads(out.read_text())
    assert result["propagation"]["n"] == 40 and result["propagation"]["not_in_force_within_2s"] == 0
    assert (
        result["decision_latency"]["sqlite"]["n"] == result["decision_latency"]["postgresql"]["n"]
    )
    assert result["throughput"]["one_daemon_per_s"] > 0 and result["throughput"]["ratio"] > 0
    assert time.monotonic() - t0 < 300
