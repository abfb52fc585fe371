"""The examples under examples/ run as a reader would run them, and do what their docs say."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from android_bridge.api.client import BridgeClient
from tests.android_bridge.support import start_daemon

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.device
@pytest.mark.slow
async def test_first_mediated_agent_tutorial(tmp_path: Path) -> None:
    daemon = start_daemon(tmp_path / "state", "--virtual", "1")
    try:
        run = subprocess.run(
            [
                sys.executable,
                str(EXAMPLES / "first_agent.py"),
                "--state-dir",
                str(daemon.state_dir),
            ],
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert run.returncode == 0, run.stderr[-3000:]
        lines = run.stdout.splitlines()
        assert any(line.startswith("read     Alice's number on screen: +1 415") for line in lines)
        assert any(line.startswith("400      ") and "did you mean" in line for line in lines)
        refused = [line for line in lines if line.startswith("refused")]
        assert len(refused) == 1 and "at +1 415" in refused[0]
        assert any("-> deny at T2" in line and "contacts" in line for line in lines)
        assert lines[-1].startswith("ran      tap") and "Save" in lines[-1]
        # the calendar on the device: the event is there, the number is not
        async with BridgeClient(daemon.url, daemon.token) as bridge:
            s = await bridge.create_session(agents=["check"])
            rows = await bridge.submit(
                s.session,
                {
                    "agent": "check",
                    "channel": "api",
                    "action": "api_call",
                    "payload": {
                        "command": "content query --uri content://com.android.calendar/events"
                    },
                },
            )
        output = str(rows.result["output"])
        assert "title=Call Alice" in output and "number is in Contacts" in output
        assert "555-0132" not in output
    finally:
        assert daemon.stop() == 0


def test_langchain_tools_behind_the_pep() -> None:
    pytest.importorskip("langchain_core")
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "langchain_tools.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    out = run.stdout
    assert 'lookup_contact -> {"name": "Zhang Wei"' in out
    assert "post_to_slack -> droidgate did not let post_to_slack through: deny at T2" in out
    assert 'post_to_slack -> {"ok": true' in out
    assert "slack received: ['lunch at 12:30?']" in out
