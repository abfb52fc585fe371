"""How `droidgate mcp` gets its credential: an agent token, obtained with the operator's token at
start-up or handed to it, never the operator's; over streamable HTTP, MCP clients present that
agent token and are told which file holds it. A real `droidgate mcp` process, a real bridge API."""

from __future__ import annotations

import asyncio
import selectors
import signal
import stat
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from android_bridge.api.client import BridgeClient
from tests.android_bridge.support import TOKEN, PepMediator, make_pep, make_service, running


def _droidgate() -> str:
    return str(Path(sys.executable).with_name("droidgate"))


@pytest.fixture
async def bridge(tmp_path: Path) -> AsyncIterator[tuple[str, Path]]:
    pep = make_pep(tmp_path)
    async with running(make_service(pep, PepMediator(pep))) as url:
        operator_file = tmp_path / "operator.token"
        operator_file.write_text(TOKEN + "\n")
        operator_file.chmod(0o600)
        yield url, operator_file


def _start(args: list[str]) -> tuple[subprocess.Popen[bytes], str, str]:
    """Start `droidgate mcp --http 0 …`; (process, its URL line, its stderr so far)."""
    proc = subprocess.Popen(
        [_droidgate(), "mcp", "--http", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    sel.register(proc.stderr, selectors.EVENT_READ)
    out, err = b"", b""
    deadline = time.monotonic() + 30
    while b"\n" not in out and time.monotonic() < deadline and proc.poll() is None:
        for key, _ in sel.select(0.2):
            chunk = key.fileobj.readline()  # type: ignore[union-attr]
            if key.fileobj is proc.stdout:
                out += chunk
            else:
                err += chunk
    sel.close()
    return proc, out.decode(), err.decode()


def _stop(proc: subprocess.Popen[bytes]) -> str:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    rest = proc.stderr.read().decode() if proc.stderr else ""
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()
    return rest


async def _tools_with(url: str, token: str) -> list[str]:
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        return [t.name for t in (await client.list_tools()).tools]


async def _status(url: str, token: str) -> int:
    async with httpx2.AsyncClient() as http:
        resp = await http.post(
            url,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Authorization": f"Bearer {token}"},
        )
        return int(resp.status_code)


async def test_http_mcp_joins_with_the_operator_token_and_serves_the_agents(
    bridge: tuple[str, Path], tmp_path: Path
) -> None:
    url, operator_file = bridge
    state = tmp_path / "state"
    proc, ready, err = await asyncio.to_thread(
        _start,
        ["--connect", url, "--token-file", str(operator_file), "--session", "mcp-s",
         "--agent", "claude", "--state-dir", str(state)],
    )  # fmt: skip
    try:
        assert "on http://" in ready, (ready, err)
        mcp_url = ready.split(" on ", 1)[1].split()[0]
        token_file = state / "agents" / "mcp-s.claude.token"
        assert str(token_file) in err and str(operator_file) not in err
        assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
        agent_token = token_file.read_text().strip()
        async with BridgeClient(url, agent_token) as me:
            who = await me.whoami()
        assert (who.role, who.session, who.agent) == ("agent", "mcp-s", "claude")
        assert "contacts_lookup" in await _tools_with(mcp_url, agent_token)
        assert await _status(mcp_url, TOKEN) == 401  # the operator's token is not an MCP login
    finally:
        _stop(proc)


async def test_http_mcp_with_an_agent_token_file_names_that_file(
    bridge: tuple[str, Path], tmp_path: Path
) -> None:
    url, _ = bridge
    async with BridgeClient(url, TOKEN) as operator:
        s = await operator.create_session(session="handed", agents=["bot"])
    given = tmp_path / "bot.token"
    given.write_text(s.agent_tokens["bot"] + "\n")
    given.chmod(0o600)
    proc, ready, err = await asyncio.to_thread(
        _start,
        ["--connect", url, "--agent-token-file", str(given), "--state-dir", str(tmp_path / "st")],
    )
    try:
        assert "session handed  agent bot" in ready, (ready, err)
        assert str(given) in err
        mcp_url = ready.split(" on ", 1)[1].split()[0]
        assert "contacts_lookup" in await _tools_with(mcp_url, s.agent_tokens["bot"])
    finally:
        _stop(proc)


@pytest.mark.parametrize(
    "extra",
    [
        ["--session", "other"],  # the token is not of that session
        ["--agent", "someone-else"],  # nor that agent's
    ],
)
async def test_an_agent_token_file_must_match_the_session_and_agent_asked_for(
    bridge: tuple[str, Path], tmp_path: Path, extra: list[str]
) -> None:
    url, _ = bridge
    async with BridgeClient(url, TOKEN) as operator:
        s = await operator.create_session(session="mine", agents=["bot"])
    given = tmp_path / "bot.token"
    given.write_text(s.agent_tokens["bot"])
    given.chmod(0o600)
    proc = await asyncio.to_thread(
        subprocess.run,
        [_droidgate(), "mcp", "--stdio", "--connect", url, "--agent-token-file", str(given),
         *extra],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr


async def test_the_operator_token_is_not_an_agent_token(
    bridge: tuple[str, Path], tmp_path: Path
) -> None:
    url, operator_file = bridge
    proc = await asyncio.to_thread(
        subprocess.run,
        [_droidgate(), "mcp", "--stdio", "--connect", url, "--agent-token-file",
         str(operator_file)],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 2 and b"operator" in proc.stderr


def test_a_token_file_others_can_read_is_refused(tmp_path: Path) -> None:
    loose = tmp_path / "token"
    loose.write_text(TOKEN)
    loose.chmod(0o644)
    proc = subprocess.run(
        [_droidgate(), "mcp", "--stdio", "--connect", "http://127.0.0.1:9", "--token-file",
         str(loose)],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 3 and b"chmod 600" in proc.stderr


def test_http_mcp_outside_loopback_needs_insecure_bind(tmp_path: Path) -> None:
    from host_pep.cli.main import main

    argv = ["mcp", "--http", "0", "--host", "0.0.0.0", "--virtual", "1"]
    assert main([*argv, "--state-dir", str(tmp_path)]) == 2
