"""The farm's commands as a user runs them: ``droidgate farm`` starts its daemons and says
where they are, ``suite android --farm`` gets the same results as one daemon, ``bench farm``
measures (its numbers are reported, not asserted: budgets are judged by the bench itself)."""

from __future__ import annotations

import json
import shlex
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.android_bridge.support import droidgate_bin

SELECTION = [
    "gui-normal-cal-01", "gui-leak-cal-notes-02", "tool-benign-note-04",
    "llm-risk-injected-mail-06", "tool-write-otp-note-03", "tool-scope-sms-01",
    # services reached through the gateway (the suite's upstream MCP servers), by tool and MCP
    "tool-risk-injected-transfer-08", "mcp-risk-pay-10",
]  # fmt: skip
KEYS = ("outcome", "adjusted_label", "raw_correct", "adjusted_correct", "error", "stuck")


def _start_farm(root: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [droidgate_bin(), "farm", "--daemons", "2", "--virtual", "1", "--dir", str(root),
         "--json", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def _stop_farm(proc: subprocess.Popen[str]) -> str:
    """Interrupt the farm as a user does (Ctrl-C); its stderr."""
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
    return errors


def test_droidgate_farm_starts_its_daemons_and_stops_them(tmp_path: Path) -> None:
    root = tmp_path / "farm"
    proc = _start_farm(root)
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
        errors = _stop_farm(proc)
    assert proc.returncode == 0, errors
    assert not (root / "farm.json").exists()


def _suite(tmp_path: Path, name: str, *extra: str) -> dict[str, object]:
    out = tmp_path / f"{name}.json"
    select = [a for ex in SELECTION for a in ("--select", ex)]
    done = subprocess.run(
        [droidgate_bin(), "suite", "android", "--devices", "2", "--no-overhead", "--json",
         str(out), "--report", str(tmp_path / name), *select, *extra],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr[-2000:]
    data: dict[str, object] = json.loads(out.read_text())
    return data


def _by_id(run: dict[str, object]) -> dict[str, tuple[object, ...]]:
    executions = run["executions"]
    assert isinstance(executions, list)
    return {e["id"]: tuple(e.get(k) for k in KEYS) for e in executions}


@pytest.fixture(scope="module")
def one_daemon(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[object, ...]]:
    """The selection's results on one daemon (what every farm run must reproduce)."""
    one = _by_id(_suite(tmp_path_factory.mktemp("one"), "one"))
    assert len(one) == len(SELECTION)
    return one


def test_the_suite_on_two_daemons_gets_the_results_of_one(
    tmp_path: Path, one_daemon: dict[str, tuple[object, ...]]
) -> None:
    farm = _suite(tmp_path, "farm", "--farm", "2")
    assert _by_id(farm) == one_daemon
    serials = {e["serial"] for e in farm["executions"]}  # type: ignore[attr-defined]
    assert len(serials) == 2  # both daemons' devices ran executions


def test_the_suite_on_a_running_droidgate_farm_gets_the_results_of_one(
    tmp_path: Path, one_daemon: dict[str, tuple[object, ...]]
) -> None:
    # as docs/farm.md says: write the suite's policy, start the farm it prints, run on it
    written = subprocess.run(
        [droidgate_bin(), "suite", "android", "--write-policy", str(tmp_path / "policy.yaml")],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    hint = written.stderr.strip().splitlines()[-1]
    command = shlex.split(hint.partition(": ")[2])
    assert command[:2] == ["droidgate", "farm"] and "--upstream" in command
    root = tmp_path / "farm"
    proc = _start_farm(root, *command[2:])
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
        assert sorted(info["upstreams"]) == ["bank", "shopping"]
        farm = _suite(tmp_path, "on-farm", "--farm", str(root))
    finally:
        errors = _stop_farm(proc)
    assert proc.returncode == 0, errors
    assert _by_id(farm) == one_daemon


def test_a_farm_without_the_suites_services_is_refused_with_the_command_to_start(
    tmp_path: Path,
) -> None:
    root = tmp_path / "farm"
    policy = tmp_path / "policy.yaml"
    subprocess.run(
        [droidgate_bin(), "suite", "android", "--write-policy", str(policy)],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    proc = _start_farm(root, "--policy", str(policy))  # the suite's policy, no upstreams
    try:
        assert proc.stdout is not None
        json.loads(proc.stdout.readline())
        done = subprocess.run(
            [droidgate_bin(), "suite", "android", "--farm", str(root), "--select",
             "tool-benign-note-04", "--json", str(tmp_path / "out.json")],
            capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
    finally:
        _stop_farm(proc)
    assert done.returncode not in (0, 1)
    assert "upstream services (bank, shopping)" in done.stderr
    assert "--upstream" in done.stderr and not (tmp_path / "out.json").exists()


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
