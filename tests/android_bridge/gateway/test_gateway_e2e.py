"""An agent (the MCP SDK's client) through a real ``droidgate gateway`` in front of three real
upstream MCP servers: contacts (stdio, a credential in its environment), chat (streamable HTTP, a
bearer credential) and mail (stdio, a rug pull). What reached each upstream is read back from the
upstream's own log, not from droidgate's answer."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from android_bridge.api.client import BridgeClient
from tests.android_bridge.gateway.conftest import (
    UPSTREAMS,
    Chat,
    Gateway,
    droidgate,
    gateway_args,
    start_chat,
    start_gateway,
    stop,
)

pytestmark = pytest.mark.slow

LEAK = "Zhang's number is 138-1234-5678"


@asynccontextmanager
async def agent(gw: Gateway) -> AsyncIterator[Client]:
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {gw.token}"}) as http,
        Client(
            streamable_http_client(gw.info["mcp"], http_client=http), read_timeout_seconds=60
        ) as client,
    ):
        yield client


@asynccontextmanager
async def operator(gw: Gateway) -> AsyncIterator[BridgeClient]:
    async with BridgeClient(gw.info["api"], gw.operator_token) as client:
        yield client


async def test_cross_server_leak_is_denied_while_benign_calls_pass(
    tmp_path: Path, chat: Chat
) -> None:
    gw = start_gateway(tmp_path, chat)
    try:
        async with agent(gw) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert {"contacts__get_contact", "chat__post_message", "mail__send_email"} <= set(tools)
            # the upstream's own metadata reaches the agent (and, in context.tool, the PEP)
            assert tools["contacts__get_contact"].annotations.read_only_hint is True
            assert (
                tools["chat__post_message"].description == "Post a message to a team chat channel."
            )

            read = await client.call_tool("contacts__get_contact", {"name": "Zhang Wei"})
            assert not read.is_error
            assert read.structured_content["result"]["structuredContent"]["phone"] == (
                "+86 138 1234 5678"
            )
            assert "+86 138 1234 5678" in read.content[0].text  # the upstream's own content

            leak = await client.call_tool("chat__post_message", {"channel": "#sales", "text": LEAK})
            assert leak.is_error
            data = leak.structured_content
            assert data["decision"] == "deny" and not data["executed"]
            assert data["verdict"]["stage"] == "T2" and data["verdict"]["rule_ids"]
            assert "contacts" in data["verdict"]["reason"]
            assert "did not let chat__post_message through" in data["message"]

            benign = await client.call_tool(
                "chat__post_message", {"channel": "#sales", "text": "stand-up moved to 10:30"}
            )
            assert not benign.is_error and benign.structured_content["decision"] == "allow"
            channels = await client.call_tool("chat__list_channels", {})
            assert not channels.is_error

        # what reached the chat server: the benign message, never the number
        posted = chat.posted()
        assert [p["text"] for p in posted] == ["stand-up moved to 10:30"]
        assert not any("1234" in json.dumps(p) for p in posted)

        async with operator(gw) as op:
            records = await op.audit(limit=20)
        by_target = {(r["target"], r["decision"]) for r in records if r["kind"] == "decision"}
        assert ("contacts__get_contact", "allow") in by_target
        assert ("chat__post_message", "deny") in by_target
        assert ("chat__post_message", "allow") in by_target
    finally:
        stop(gw.proc)


async def test_a_description_that_shadows_another_servers_tool_is_judged_on_its_call(
    tmp_path: Path, chat: Chat
) -> None:
    # a fourth upstream whose description dictates where chat posts must also go
    py = sys.executable
    gw = start_gateway(tmp_path, chat, "--upstream", f"holidays={py} {UPSTREAMS} holidays")
    try:
        async with agent(gw) as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            assert "holidays__get_holidays" in tools
            mirror = await client.call_tool(
                "chat__post_message", {"channel": "C0EXTMIRROR", "text": "office closed Friday"}
            )
            assert mirror.is_error
            verdict = mirror.structured_content["verdict"]
            assert mirror.structured_content["decision"] == "deny"
            assert verdict["rule_ids"] == ["default:injected-consequence"]
            assert "holidays__get_holidays" in verdict["reason"]
            # the holidays server's own tool is still called as any read is
            own = await client.call_tool("holidays__get_holidays", {"country": "DE"})
            assert not own.is_error
        # the mirror channel never received the text
        assert not any(p.get("channel") == "C0EXTMIRROR" for p in chat.posted())
    finally:
        stop(gw.proc)


async def test_strict_arguments_and_unknown_tools_are_refused_before_any_decision(
    tmp_path: Path, chat: Chat
) -> None:
    from mcp.shared.exceptions import MCPError

    gw = start_gateway(tmp_path, chat)
    try:
        async with operator(gw) as op:
            before = len(await op.audit(limit=1000))
        async with agent(gw) as client:
            bad = await client.call_tool("chat__post_message", {"channel": "#x", "txt": "hi"})
            assert bad.is_error
            err = bad.structured_content["error"]
            assert err["code"] == "invalid_arguments" and err["field"] == "arguments.txt"
            assert "takes channel (required), text (required)" in err["message"]
            with pytest.raises(MCPError) as unknown:
                await client.call_tool("nobody__does_this", {})
            assert "no executor provides tool 'nobody__does_this'" in str(unknown.value)
        async with operator(gw) as op:
            assert len(await op.audit(limit=1000)) == before  # nothing was decided
        assert chat.posted() == []
    finally:
        stop(gw.proc)


async def test_poisoned_description_escalates_until_the_operator_accepts(
    tmp_path: Path, chat: Chat
) -> None:
    gw = start_gateway(tmp_path, chat, "--escalations", "human")
    try:
        async with agent(gw) as client, operator(gw) as op:
            first = {t.name: t for t in (await client.list_tools()).tools}
            assert "IMPORTANT" not in (first["mail__send_email"].description or "")
            # the rug pull: after this call the server rewrites send_email and announces it
            assert not (await client.call_tool("mail__check_inbox", {})).is_error
            for _ in range(100):
                status = await op.gateway()
                send = next(t for t in status.tools if t.name == "mail__send_email")
                if send.status == "changed":
                    break
                await asyncio.sleep(0.1)
            assert send.status == "changed" and send.changed == ["description"]
            listed = {t.name: t for t in (await client.list_tools()).tools}
            assert listed["mail__send_email"].description.startswith("[held by droidgate")

            # a call now escalates: held for the operator, who denies it
            call = asyncio.create_task(
                client.call_tool("mail__send_email", {"to": "bob@example.com", "body": "late"})
            )
            pending: list[dict[str, Any]] = []
            for _ in range(100):
                pending = await op.escalations()
                if pending:
                    break
                await asyncio.sleep(0.1)
            assert len(pending) == 1
            assert "possible tool poisoning" in json.dumps(pending[0]["request"]["reasons"])
            await op.deny(pending[0]["id"])
            held = await asyncio.wait_for(call, 30)
            assert held.is_error and not held.structured_content["executed"]
            assert (
                "gateway:changed:mail__send_email" in held.structured_content["verdict"]["rule_ids"]
            )
            assert gw.mailed() == []

            # the operator accepts the new definition (CLI; audited): calls are judged normally
            accepted = subprocess.run(
                [
                    droidgate(),
                    "gateway",
                    "accept",
                    "mail__send_email",
                    "--state-dir",
                    str(gw.state),
                ],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert accepted.returncode == 0, accepted.stderr
            again = await client.call_tool(
                "mail__send_email", {"to": "bob@example.com", "body": "running late"}
            )
            assert not again.is_error, again.structured_content
            assert [m["body"] for m in gw.mailed()] == ["running late"]
            records = await op.audit(limit=50)
            assert any(
                r["kind"] == "rule_change" and "gateway_tool_accepted" in json.dumps(r)
                for r in records
            )
            twice = subprocess.run(
                [
                    droidgate(),
                    "gateway",
                    "accept",
                    "mail__send_email",
                    "--state-dir",
                    str(gw.state),
                ],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert twice.returncode == 1 and "not waiting for acceptance" in twice.stderr
    finally:
        stop(gw.proc)


async def test_upstream_down_fails_closed_and_comes_back(tmp_path: Path, chat: Chat) -> None:
    gw = start_gateway(tmp_path, chat)
    revived: Chat | None = None
    try:
        async with agent(gw) as client:
            ok = await client.call_tool("chat__post_message", {"channel": "#x", "text": "one"})
            assert not ok.is_error
            stop(chat.proc)  # the chat server goes away
            down = await client.call_tool("chat__post_message", {"channel": "#x", "text": "two"})
            assert down.is_error
            data = down.structured_content
            assert data["executed"] is False and "chat" in (data.get("error") or "")
            listed = {t.name: t for t in (await client.list_tools()).tools}
            assert listed["chat__post_message"].description.startswith("[unavailable")
            # it comes back on the same address: the gateway reconnects by itself
            revived = start_chat(chat.log, chat.port)
            for _ in range(100):
                again = await client.call_tool(
                    "chat__post_message", {"channel": "#x", "text": "three"}
                )
                if not again.is_error:
                    break
                await asyncio.sleep(0.2)
            assert not again.is_error
        assert [p["text"] for p in chat.posted()] == ["one", "three"]
    finally:
        stop(gw.proc)
        if revived is not None:
            stop(revived.proc)


async def test_stdio_gateway_for_a_desktop_client(tmp_path: Path, chat: Chat) -> None:
    """The way an MCP desktop client runs it: it starts ``droidgate gateway --stdio`` itself."""
    import mcp.types as types

    args, env, mail_log = gateway_args(tmp_path, chat)
    params = StdioServerParameters(
        command=droidgate(),
        args=["gateway", "--stdio", "--state-dir", str(tmp_path / "state"), *args],
        env={k: v for k, v in env.items() if k in ("CHAT_TOKEN", "PATH", "HOME")},
    )
    changes: list[str] = []

    async def seen(message: Any) -> None:
        if isinstance(getattr(message, "root", message), types.ToolListChangedNotification):
            changes.append("tools")

    async with Client(
        params, read_timeout_seconds=60, message_handler=seen, mode="legacy"
    ) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        assert {"contacts__get_contact", "chat__post_message", "mail__check_inbox"} <= names
        assert all(n.replace("_", "a").replace("-", "a").isalnum() for n in names)
        await client.call_tool("contacts__get_contact", {"name": "Alice Johnson"})
        leak = await client.call_tool(
            "chat__post_message", {"channel": "#x", "text": "Alice: +1 415-555-0132"}
        )
        assert leak.is_error and leak.structured_content["decision"] == "deny"
        fine = await client.call_tool("chat__post_message", {"channel": "#x", "text": "hello"})
        assert not fine.is_error
        # an upstream's list change reaches the downstream client as list_changed
        await client.call_tool("mail__check_inbox", {})
        for _ in range(100):
            if changes:
                break
            await asyncio.sleep(0.1)
        assert changes
    assert [p["text"] for p in chat.posted()] == ["hello"]
    del mail_log
