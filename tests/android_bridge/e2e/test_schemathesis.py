"""schemathesis against a running `droidgate serve --virtual 1`: no 5xx, and responses conform
to /openapi.json (status codes, content types, bodies)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from android_bridge.api.client import BridgeClient
from tests.android_bridge.support import start_daemon

pytestmark = [pytest.mark.device, pytest.mark.slow]

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"


async def test_schemathesis_finds_no_server_error(tmp_path: Path) -> None:
    daemon = start_daemon(tmp_path / "state", "--virtual", "1")
    try:
        # A session the schema's request examples (agent "agent-1") can act in, so generated
        # actions reach the Mediator and the device instead of stopping at 404.
        async with BridgeClient(daemon.url, daemon.token) as client:
            await client.create_session(session="fuzz", agents=["agent-1"])
        config = tmp_path / "schemathesis.toml"
        config.write_text('[parameters]\nsession = "fuzz"\n')
        st = Path(sys.executable).with_name("st")
        proc = subprocess.run(
            [
                str(st), "--config-file", str(config), "run", f"{daemon.url}/openapi.json",
                "-H", f"Authorization: Bearer {daemon.token}",
                "--max-examples", "20", "--checks", CHECKS,
                "--phases", "examples,coverage,fuzzing", "--seed", "20261129",
                "--generation-database", "none", "--no-color", "--request-timeout", "30",
            ],
            capture_output=True, text=True, timeout=240, cwd=tmp_path, check=False,
        )  # fmt: skip
    finally:
        assert daemon.stop() == 0, (tmp_path / "state" / "daemon.stderr").read_text()[-2000:]
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "passed" in proc.stdout
