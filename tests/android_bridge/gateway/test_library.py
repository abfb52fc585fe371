"""GatedTools (the library front end) and one answer for an unknown tool on every front end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from android_bridge.api.client import BridgeClient, BridgeError
from android_bridge.api.local import LocalBridge, ensure_agent
from android_bridge.gateway.arguments import ArgumentError
from android_bridge.gateway.library import GatedTools
from android_bridge.mcp.server import McpFrontend, UnknownToolError
from android_bridge.tools.directory import UnknownTool
from host_pep.pep import PEP
from tests.android_bridge.support import TOKEN, make_pep, make_service, running, tool_event

PHONE = "+86 138 1234 5678"


def _gate(**kw: Any) -> tuple[GatedTools, list[str]]:
    sent: list[str] = []
    tools = GatedTools(PEP.create(policy="default"), session="s", agent="crm", **kw)

    @tools.add
    def lookup_contact(name: str) -> dict[str, str]:
        """Find one of the user's contacts by name."""
        return {"name": name, "phone": PHONE}

    @tools.add(name="slack.post_message")
    async def post(channel: str, text: str = "") -> dict[str, bool]:
        sent.append(text)
        return {"ok": True}

    return tools, sent


async def test_calls_are_decided_before_the_function_runs() -> None:
    tools, sent = _gate()
    assert [t.name for t in tools.tools()] == ["lookup_contact", "slack_post_message"]
    schema = tools.tools()[0].input_schema
    assert schema["required"] == ["name"] and schema["additionalProperties"] is False
    assert tools.openai_tools()[0]["function"]["description"] == (
        "Find one of the user's contacts by name."
    )
    read = await tools.call("lookup_contact", {"name": "Zhang Wei"})
    assert read.executed and read.result["phone"] == PHONE
    leak = await tools.call("slack.post_message", {"channel": "#x", "text": f"Zhang: {PHONE}"})
    assert not leak.executed and leak.decision == "deny"
    assert "did not let slack_post_message through: deny at T2" in leak.message
    ok = await tools.call("slack_post_message", {"channel": "#x", "text": "lunch?"})
    assert ok.executed and sent == ["lunch?"]


def test_unknown_tools_and_bad_arguments_are_refused_before_any_decision() -> None:
    tools, _ = _gate()
    before = len(tools.pep.audit.tail(100))
    with pytest.raises(UnknownTool, match="no executor provides tool 'wire_money'"):
        tools.call_sync("wire_money", {"amount": 5})
    with pytest.raises(ArgumentError, match="unknown argument 'nmae'"):
        tools.call_sync("lookup_contact", {"nmae": "Zhang"})
    with pytest.raises(ArgumentError, match="'name' is a required property"):
        tools.call_sync("lookup_contact", {})
    assert len(tools.pep.audit.tail(100)) == before
    with pytest.raises(ValueError, match="already registered"):
        tools.add(lambda: None, name="lookup_contact")


async def test_one_answer_for_an_unknown_tool_on_every_front_end(tmp_path: Path) -> None:
    """Bridge (HTTP and in-process), MCP and the library say the same, before any decision."""
    expected = "no executor provides tool 'shell_exec'"
    pep = make_pep(tmp_path)
    service = make_service(pep)
    answers: list[str] = []
    async with running(service) as url, BridgeClient(url, TOKEN) as client:
        s = await client.create_session(agents=["a"])
        with pytest.raises(BridgeError) as http:
            await client.submit(s.session, tool_event("a", "shell_exec", {}))
        answers.append(http.value.message)
        with pytest.raises(BridgeError) as llm:
            await client.submit(s.session, tool_event("a", "shell_exec", {}, channel="llm"))
        answers.append(llm.value.message)
    session, token = await ensure_agent(LocalBridge(service), agent="m")
    local = LocalBridge(service).as_agent(token)
    with pytest.raises(BridgeError) as inproc:
        await local.call_tool(session, "m", "shell_exec", {})
    answers.append(inproc.value.message)
    with pytest.raises(UnknownToolError) as mcp:
        await McpFrontend(local, session=session, agent="m").call("shell_exec", {})
    answers.append(mcp.value.message)
    tools, _ = _gate()
    with pytest.raises(UnknownTool) as lib:
        await tools.call("shell_exec", {})
    answers.append(lib.value.message)
    assert all(a.startswith(expected) for a in answers) and len(set(answers)) == 1
    assert pep.audit.tail(10) == []  # none of them reached a decision
