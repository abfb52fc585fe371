"""End to end: `droidgate serve --virtual 1` as a subprocess, driven as real clients would — an
HTTP client (GUI and API channels), an MCP client over stdio (tool channel) and the LLM planner
against the OpenAI stub (llm channel) — all in one session, through one PEP. The operator opens
sessions with the daemon's token; every agent acts with its own agent token."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from android_bridge.api.client import BridgeClient, SessionAgents
from android_bridge.planner import ChatClient, Planner
from host_pep.testing.openai_stub import OpenAIStub
from tests.android_bridge.support import Daemon, droidgate_bin, start_daemon

pytestmark = [pytest.mark.device, pytest.mark.slow]

ALICE = "+1 415-555-0132"
CALENDAR = "com.simplemobiletools.calendar.pro"


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    state = tmp_path_factory.mktemp("daemon")
    d = start_daemon(state, "--virtual", "1", "--trace-dir", str(state / "traces"))
    try:
        yield d
    finally:
        assert d.stop() == 0, (state / "daemon.stderr").read_text()[-2000:]


def gui(agent: str, action: str, payload: dict[str, Any], target: str = "") -> dict[str, Any]:
    return {
        "agent": agent,
        "channel": "gui",
        "action": action,
        "target": target,
        "payload": payload,
    }


def api(agent: str, command: str) -> dict[str, Any]:
    return {"agent": agent, "channel": "api", "action": "api_call", "payload": {"command": command}}


async def _calendar_rows(client: SessionAgents, session: str) -> str:
    out = await client.submit(
        session, api("reader", "content query --uri content://com.android.calendar/events")
    )
    assert out.executed, out
    return str(out.result["output"])


async def test_number_read_on_screen_by_one_agent_is_blocked_in_another_agents_calendar(
    daemon: Daemon,
) -> None:
    async with BridgeClient(daemon.url, daemon.token) as operator:
        s = await operator.create_session(
            agents=["reader", "writer"], user_request="plan a call with Alice"
        )
        sid = s.session
        client = SessionAgents(operator, s.agent_tokens)
        # reader opens Alice's contact card: the number is now on a screen the session saw
        out = await client.submit(
            sid,
            gui("reader", "launch", {"package": "com.android.contacts"}, "com.android.contacts"),
        )
        assert out.executed, out
        out = await client.submit(
            sid, gui("reader", "tap", {"selector": {"text": "Alice Johnson"}})
        )
        assert out.executed, out
        shot = await client.screen(sid)
        assert "415" in shot.xml and shot.hash
        # writer, another agent in the same session, types it into Calendar's new-event form
        out = await client.submit(sid, gui("writer", "launch", {"package": CALENDAR}, CALENDAR))
        assert out.executed, out
        out = await client.submit(
            sid, gui("writer", "tap", {"selector": {"description": "New Event"}})
        )
        assert out.executed, out
        out = await client.submit(
            sid,
            gui(
                "writer",
                "text_input",
                {"text": "Weekly sync", "selector": {"resourceId": f"{CALENDAR}:id/event_title"}},
            ),
        )
        assert out.decision == "allow" and out.executed, out
        out = await client.submit(
            sid,
            gui(
                "writer",
                "text_input",
                {
                    "text": f"call {ALICE}",
                    "selector": {"resourceId": f"{CALENDAR}:id/event_description"},
                },
            ),
        )
        assert out.decision in ("deny", "rewrite", "escalate") and not out.executed, out
        assert any(e.source == "contacts" for e in out.verdict.evidence), out.verdict
        after = await client.screen(sid)
        assert "415-555-0132" not in after.xml and "4155550132" not in after.xml
        # the same value through the API channel (an ADB content insert) is blocked too
        out = await client.submit(
            sid,
            api(
                "writer",
                f"content insert --uri content://com.android.calendar/events --bind title:s:sync --bind description:s:'call {ALICE}'",
            ),
        )
        assert out.decision != "allow" and not out.executed, out
        assert "415" not in await _calendar_rows(client, sid)
        records = await operator.audit(session=sid, limit=100)
        assert {r["channel"] for r in records} >= {"gui", "api"}
        verified = await operator.audit_verify()
        assert verified.ok and verified.detail["keyed"]


async def test_mcp_and_llm_agents_share_the_session(daemon: Daemon) -> None:
    async with BridgeClient(daemon.url, daemon.token) as operator:
        s = await operator.create_session(
            agents=["reader"], user_request="set a 7:30 alarm and note Bob's call"
        )
        sid = s.session
        client = SessionAgents(operator, s.agent_tokens)
        looked = await client.call_tool(sid, "reader", "contacts.lookup", {"name": "Bob Miller"})
        assert looked.executed and "555-0199" in str(looked.result), looked
        # an MCP agent (tool channel) in the same session
        args = [
            "mcp",
            "--stdio",
            "--connect",
            daemon.url,
            "--token-file",
            str(daemon.token_file),
            "--session",
            sid,
            "--agent",
            "mcp-agent",
        ]
        async with Client(
            StdioServerParameters(command=droidgate_bin(), args=args), read_timeout_seconds=60
        ) as mcp:
            names = {t.name for t in (await mcp.list_tools()).tools}
            assert {"calendar_create_event", "gui_tap", "get_screen"} <= names
            # the dotted name still reaches the same tool (an alias)
            leak = await mcp.call_tool(
                "calendar.create_event", {"title": "Call Bob", "description": "dial (650) 555-0199"}
            )
            assert leak.is_error and leak.structured_content["decision"] != "allow"
            ok = await mcp.call_tool(
                "calendar.create_event", {"title": "Call Bob", "description": "about the offsite"}
            )
            assert not ok.is_error and ok.structured_content["executed"], ok.structured_content
        # an LLM planner (llm channel) in the same session, against the OpenAI stub
        planner_token = (await operator.join(sid, "planner")).agent_tokens["planner"]
        script = [
            {
                "tool_calls": [
                    {
                        "name": "clock_set_alarm",
                        "arguments": {"hour": 7, "minutes": 30, "label": "gym"},
                    }
                ]
            },
            {
                "tool_calls": [
                    {
                        "name": "notes_create",
                        "arguments": {"title": "Bob", "body": "Bob: 650-555-0199"},
                    }
                ]
            },
            "Alarm set; I was not allowed to copy Bob's number into a note.",
        ]
        async with OpenAIStub(script) as stub:
            chat = ChatClient(stub.base_url, model="stub")
            try:
                planner = operator.with_token(planner_token)
                result = await Planner(planner, chat, session=sid, agent="planner").run(
                    "set a 7:30 alarm and note Bob's call"
                )
            finally:
                await chat.close()
        assert result.stopped == "answer"
        assert [(st.tool, st.executed) for st in result.steps] == [
            ("clock_set_alarm", True),  # the names the model called: valid for every LLM API
            ("notes_create", False),
        ]
        # Clock has no public provider: its alarms are read on its screen, as on a phone.
        shown = await client.submit(
            sid, api("reader", "am start -a android.intent.action.SHOW_ALARMS")
        )
        assert shown.executed, shown
        assert "gym" in (await client.screen(sid)).xml
        channels = {r["channel"] for r in await operator.audit(session=sid, limit=100)}
        assert channels >= {"tool", "llm", "api"}


@pytest.mark.parametrize("credential", ["operator", "agent"])
def test_plan_cli_through_the_daemon(daemon: Daemon, credential: str, tmp_path: Path) -> None:
    import asyncio
    import json
    import subprocess

    if credential == "operator":  # it joins (creating a session for the task) by itself
        login = ["--token-file", str(daemon.token_file), "--agent", "cli-planner"]
    else:  # the operator opened the session and handed the planner its agent token

        async def issue() -> str:
            async with BridgeClient(daemon.url, daemon.token) as operator:
                s = await operator.create_session(
                    agents=["cli-planner"], user_request="log lunch with Oliver"
                )
                return s.agent_tokens["cli-planner"]

        token_file = tmp_path / "planner.token"
        token_file.write_text(asyncio.run(issue()))
        token_file.chmod(0o600)
        login = ["--agent-token-file", str(token_file)]

    script = [
        {"tool_calls": [{"name": "contacts_lookup", "arguments": {"name": "Oliver Smith"}}]},
        {
            "tool_calls": [
                {
                    "name": "expense_add",
                    "arguments": {
                        "title": "Lunch",
                        "amount": 12.5,
                        "notes": "with +44 20 7946 0958",
                    },
                }
            ]
        },
        "Logged the lunch without his number.",
    ]
    with OpenAIStub(script) as stub:
        proc = subprocess.run(
            [droidgate_bin(), "plan", "log lunch with Oliver", "--llm-url", stub.base_url, "--model", "stub",
             "--connect", daemon.url, *login, "--json"],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout)
    assert result["stopped"] == "answer"
    assert [(s["tool"], s["executed"]) for s in result["steps"]] == [
        ("contacts_lookup", True),
        ("expense_add", False),
    ]
    assert result["steps"][1]["decision"] == "deny", result["steps"][1]


async def test_action_planned_on_an_old_screen_is_refused_as_stale(daemon: Daemon) -> None:
    async with BridgeClient(daemon.url, daemon.token) as operator:
        s = await operator.create_session(agents=["slow", "fast"])
        client = SessionAgents(operator, s.agent_tokens)
        await client.submit(
            s.session,
            gui("fast", "launch", {"package": "com.android.contacts"}, "com.android.contacts"),
        )
        planned = await client.screen(s.session)
        await client.submit(s.session, gui("fast", "launch", {"package": CALENDAR}, CALENDAR))
        out = await client.submit(
            s.session,
            gui("slow", "tap", {"selector": {"text": "Alice Johnson"}}),
            screen_hash=planned.hash,
        )
        assert out.stale and not out.executed and out.screen_hash != planned.hash
        now = await client.screen(s.session)
        assert now.package == CALENDAR  # nothing was tapped on the calendar instead
        fresh = await client.submit(
            s.session, gui("slow", "key", {"key": "back"}), screen_hash=now.hash
        )
        assert not fresh.stale and fresh.executed


# Last: the trace then holds every run above (GUI, API, tool, llm, stale refusals).
async def test_trace_of_the_run_replays_offline_without_changes(daemon: Daemon) -> None:
    from android_bridge.traces.replay import replay_offline

    assert daemon.trace is not None and daemon.trace.is_file()
    report = await replay_offline(daemon.trace, policy="default")
    assert report.events > 0 and report.errors == []
    assert report.changed == [], [c.model_dump() for c in report.changed]


def test_trace_reexecutes_on_the_device_and_the_leak_stays_blocked(
    daemon: Daemon, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from host_pep.cli.main import main

    info = json.loads((daemon.state_dir / "daemon.json").read_text())
    assert daemon.trace is not None
    capsys.readouterr()
    code = main(
        [
            "replay",
            str(daemon.trace),
            "--execute",
            "--device",
            daemon.devices[0],
            "--adb-port",
            str(info["adb_port"]),
            "--json",
        ]
    )
    report = json.loads(capsys.readouterr().out)
    assert code in (0, 1) and report["mode"] == "execute" and report["events"] > 0
    leaks = [d for d in report["decisions"] if d["channel"] == "gui" and d["recorded"] == "deny"]
    assert leaks and all(d["replayed"] != "allow" for d in leaks)
