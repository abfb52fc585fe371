"""The LLM planner against the real OpenAI-compatible stub server, through a real PEP."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from android_bridge.api.local import LocalBridge, ensure_agent
from android_bridge.events.uixml import contact_details
from android_bridge.planner import ChatClient, Planner
from android_bridge.planner.screen_text import screen_text
from host_pep.testing.openai_stub import OpenAIStub
from tests.android_bridge.support import PHONE, PepMediator, make_pep, make_service


@pytest.fixture
async def setup(tmp_path: Path) -> Any:
    pep = make_pep(tmp_path)
    mediator = PepMediator(pep)
    operator = LocalBridge(make_service(pep, mediator))
    session, token = await ensure_agent(
        operator, agent="planner", user_request="remind me to call Zhang Wei"
    )
    return operator.as_agent(token), session, mediator, pep


async def _run(setup: Any, script: list[Any], **kw: Any) -> tuple[Any, OpenAIStub]:
    bridge, session, _, _ = setup
    async with OpenAIStub(script) as stub:
        chat = ChatClient(stub.base_url, model="stub-model")
        try:
            result = await Planner(bridge, chat, session=session, agent="planner", **kw).run(
                "remind me to call Zhang Wei"
            )
        finally:
            await chat.close()
        return result, stub


async def test_planned_leak_is_denied_and_the_model_is_told_why(setup: Any) -> None:
    _, _, mediator, pep = setup
    result, stub = await _run(
        setup,
        [
            {"tool_calls": [{"name": "contacts_lookup", "arguments": {"name": "Zhang Wei"}}]},
            {
                "tool_calls": [
                    {
                        "name": "calendar_create_event",
                        "arguments": {"title": "Call", "notes": f"Call {PHONE}"},
                    }
                ]
            },
            "I could not put the number in the calendar.",
        ],
    )
    assert result.stopped == "answer" and result.final.startswith("I could not")
    assert [(s.tool, s.decision, s.executed) for s in result.steps] == [
        ("contacts_lookup", "allow", True),
        ("calendar_create_event", "deny", False),
    ]
    assert [e.target for e in mediator.executed] == ["contacts.lookup"]
    # every planned call was an llm-channel event, and audited as such
    records = pep.audit.query(limit=10)
    assert [r.channel for r in records] == ["llm", "llm"]
    first = stub.requests[0].json
    assert {t["function"]["name"] for t in first["tools"]} == {
        "contacts_lookup",
        "calendar_create_event",
        "notes_create",
    }
    assert first["tools"][0]["type"] == "function" and "parameters" in first["tools"][0]["function"]
    user = first["messages"][1]["content"]
    assert (
        "Foreground app: com.android.contacts" in user and "<node" not in user
    )  # compact, not XML
    denial = json.loads(stub.requests[2].json["messages"][-1]["content"])
    assert denial["status"] == "denied" and denial["reason"]
    assert PHONE not in json.dumps(denial) and "138****5678" in json.dumps(denial)  # masked


async def test_step_budget_stops_the_loop(setup: Any) -> None:
    call = {"tool_calls": [{"name": "contacts_lookup", "arguments": {"name": "Zhang Wei"}}]}
    result, stub = await _run(setup, [call, call, call, call], max_steps=2)
    assert result.stopped == "budget" and len(result.steps) == 2
    assert len(stub.requests) == 3


async def test_bad_arguments_and_unknown_tools_never_execute(setup: Any) -> None:
    _, _, mediator, _ = setup
    result, stub = await _run(
        setup,
        [
            {"tool_calls": [{"name": "contacts_lookup", "arguments": "{not json"}]},
            {"tool_calls": [{"name": "shell_exec", "arguments": {"cmd": "reboot"}}]},
            "ok",
        ],
    )
    assert result.steps[0].error and not result.steps[0].executed
    assert result.steps[1].tool == "shell_exec" and not result.steps[1].executed
    assert mediator.executed == []
    told = json.loads(stub.requests[1].json["messages"][-1]["content"])
    assert told["status"] == "error"


async def test_chat_endpoint_failure_stops_with_an_error(setup: Any) -> None:
    result, _ = await _run(setup, [{"status": 500, "body": {"error": "overloaded"}}])
    assert result.stopped == "error" and "500" in (result.error or "")


def test_screen_text_is_compact_and_hides_passwords() -> None:
    from android_bridge.events.uixml import CONTACTS, app_screen, field_

    text = screen_text(contact_details())
    assert text.splitlines()[0] == "Foreground app: com.android.contacts"
    assert "'138 1234 5678'" in text and "clock" not in text
    secret = app_screen(
        CONTACTS, field_(CONTACTS, "pw", "Password", "hunter2", top=300, password=True)
    )
    assert "hunter2" not in screen_text(secret) and "•••" in screen_text(secret)
