"""The MCP server with the SDK's real client: over stdio (a spawned `droidgate mcp` connected to
a bridge API) and over streamable HTTP (in-process), all through a real PEP."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path

import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from android_bridge.api.local import LocalBridge, ensure_agent
from android_bridge.mcp.server import McpFrontend, build_server, serve_http
from tests.android_bridge.support import PHONE, TOKEN, PepMediator, make_pep, make_service, running


def _droidgate() -> str:
    return str(Path(sys.executable).with_name("droidgate"))


async def test_stdio_tools_hints_and_mediation(tmp_path: Path) -> None:
    pep = make_pep(tmp_path)
    mediator = PepMediator(pep)
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN)
    token_file.chmod(0o600)
    async with running(make_service(pep, mediator)) as url:
        args = [
            "mcp",
            "--stdio",
            "--connect",
            url,
            "--token-file",
            str(token_file),
            "--session",
            "shared",
            "--agent",
            "mcp-a",
        ]
        async with Client(
            StdioServerParameters(command=_droidgate(), args=args), read_timeout_seconds=30
        ) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert {
                "contacts_lookup",
                "gui_tap",
                "gui_long_press",
                "gui_double_tap",
                "gui_type",
                "gui_key",
                "gui_swipe",
                "gui_scroll_to",
                "launch_app",
                "stop_app",
                "open_url",
                "list_apps",
                "set_orientation",
                "get_screen",
                "list_devices",
            } <= set(tools)
            # every name is a valid function name for every major LLM API
            assert all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]{0,63}", n) for n in tools)
            assert tools["contacts_lookup"].annotations.read_only_hint is True
            assert tools["gui_tap"].annotations.destructive_hint is True
            assert tools["get_screen"].annotations.read_only_hint is True
            read = await client.call_tool("contacts_lookup", {"name": "Zhang Wei"})
            assert not read.is_error and read.structured_content["result"]["phone"] == PHONE
            # the dotted name is an alias of the same tool
            leak = await client.call_tool(
                "calendar.create_event", {"title": "Call", "notes": f"call {PHONE}"}
            )
            assert leak.is_error and leak.structured_content["decision"] == "deny"
            assert "did not let calendar.create_event through" in leak.structured_content["message"]
            with pytest.raises(MCPError) as unknown:
                await client.call_tool("shell.exec", {"cmd": "reboot"})
            assert "no executor provides tool 'shell.exec'" in str(unknown.value)
            bad = await client.call_tool("gui_tap", {})
            assert bad.is_error and "gui_tap needs" in bad.content[0].text
            extra = await client.call_tool("contacts_lookup", {"name": "Zhang Wei", "limit": 3})
            assert extra.is_error
            assert extra.structured_content["error"]["field"] == "arguments.limit"
            typo = await client.call_tool("get_screen", {"screenshots": True})
            assert typo.is_error and "unknown argument 'screenshots'" in typo.content[0].text
            screen = await client.call_tool("get_screen", {"screenshot": True, "format": "text"})
            assert not screen.is_error and "Foreground app" in screen.structured_content["screen"]
            assert screen.structured_content["elements"]
            assert screen.content[1].mime_type == "image/png"
            old = await client.call_tool("get_screen", {"image": True})
            assert old.content[1].mime_type == "image/png"
    assert [e.target for e in mediator.executed] == ["contacts.lookup"]
    assert {r.agent for r in pep.audit.query(limit=10)} == {"mcp-a"}


async def test_gui_tools_become_gui_events(tmp_path: Path) -> None:
    pep = make_pep(tmp_path)
    mediator = PepMediator(pep, executors={})
    operator = LocalBridge(make_service(pep, mediator))
    session, token = await ensure_agent(operator, agent="m")
    front = McpFrontend(operator.as_agent(token), session=session, agent="m")
    await front.call("gui_tap", {"text": "Edit"})
    await front.call(
        "gui_type", {"text": "hello", "resource_id": "com.x:id/notes", "screen_hash": "stale"}
    )
    await front.call("launch_app", {"package": "com.android.contacts"})
    records = pep.audit.query(limit=10)
    assert [(r.channel, r.action) for r in records] == [
        ("gui", "tap"),
        ("gui", "text_input"),
        ("gui", "launch"),
    ]


async def test_streamable_http_needs_the_token(tmp_path: Path) -> None:
    pep = make_pep(tmp_path)
    operator = LocalBridge(make_service(pep, PepMediator(pep)))
    session, token = await ensure_agent(operator, agent="h")
    server = build_server(McpFrontend(operator.as_agent(token), session=session, agent="h"))
    ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()
    task = asyncio.create_task(
        serve_http(server, port=0, token=token, on_ready=ready.set_result, stop=stop)
    )
    try:
        url = await asyncio.wait_for(ready, 10)
        async with httpx2.AsyncClient() as http:
            for headers in ({}, {"Authorization": f"Bearer {TOKEN}"}):  # none, the operator's
                resp = await http.post(
                    url,
                    json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                    headers=headers,
                )
                assert resp.status_code == 401 and resp.json()["error"]["code"] == "unauthorized"
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}) as http,
            Client(streamable_http_client(url, http_client=http)) as client,
        ):
            names = [t.name for t in (await client.list_tools()).tools]
            assert "contacts_lookup" in names
            out = await client.call_tool("contacts_lookup", {"name": "Zhang Wei"})
            assert json.loads(out.content[0].text)["decision"] == "allow"
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)


@pytest.mark.parametrize("argv", [["mcp"], ["mcp", "--stdio"]])
def test_mcp_cli_usage_errors(argv: list[str], tmp_path: Path) -> None:
    from host_pep.cli.main import main

    assert main([*argv, "--state-dir", str(tmp_path)]) == 2
