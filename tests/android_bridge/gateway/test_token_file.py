"""``--token-file`` is honoured everywhere: the daemon serves the operator token in it, and an
MCP server given F joins its agent with it and tells its clients the agent token's file."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from android_bridge.api.client import BridgeClient, BridgeError
from tests.android_bridge.gateway.conftest import UPSTREAMS, _read_line, droidgate, stop

pytestmark = pytest.mark.slow


async def test_serve_and_mcp_use_the_given_token_file(tmp_path: Path) -> None:
    token_file = tmp_path / "elsewhere" / "my.token"
    token_file.parent.mkdir()
    serve = subprocess.Popen(
        [droidgate(), "serve", "--port", "0", "--json", "--state-dir", str(tmp_path / "state"),
         "--token-file", str(token_file),
         "--upstream", f"mail={sys.executable} {UPSTREAMS} mail"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    mcp: subprocess.Popen[str] | None = None
    try:
        info = json.loads(_read_line(serve, 90, "droidgate serve"))
        assert info["token_file"] == str(token_file)
        assert token_file.stat().st_mode & 0o777 == 0o600  # created private
        token = token_file.read_text().strip()
        assert not (tmp_path / "state" / "token").exists()  # the default was not used
        async with BridgeClient(info["url"], token) as client:
            assert [t.name for t in await client.tools()] == [
                "mail__check_inbox",
                "mail__send_email",
            ]
        async with BridgeClient(info["url"], "x" * 43) as wrong:
            with pytest.raises(BridgeError) as err:
                await wrong.tools()
            assert err.value.status == 401

        # an MCP server joins its agent with the operator's token F, then acts (and has its
        # HTTP clients authenticate) with that agent's own token, in a file it names
        clients = tmp_path / "clients" / "m.token"
        mcp = subprocess.Popen(
            [droidgate(), "mcp", "--http", "0", "--connect", info["url"],
             "--token-file", str(token_file), "--agent", "m",
             "--client-token-file", str(clients)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert "droidgate MCP (streamable HTTP) on" in _read_line(mcp, 60, "droidgate mcp")
        deadline = time.monotonic() + 10
        said = ""
        assert mcp.stderr is not None
        while time.monotonic() < deadline and "authenticate" not in said:
            said = mcp.stderr.readline()
        assert f"token in {clients}" in said and str(token_file) not in said
        assert clients.read_text().strip() != token  # an agent token, never the operator's
    finally:
        if mcp is not None:
            stop(mcp)
        stop(serve)
