"""Operator and agent tokens over real HTTP, a real PEP and the PEP-backed test mediator: what each
role may do, session and agent scope, rotation and revocation. (tests/security/ repeats the
attacks against a real daemon on the virtual device and checks the device afterwards.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from android_bridge.api.client import BridgeClient, BridgeError, SessionAgents
from android_bridge.api.credentials import AGENT_TOKEN_PREFIX
from android_bridge.api.local import LocalBridge, ensure_agent
from android_bridge.api.server import ROUTES
from tests.android_bridge.support import (
    PHONE,
    SERIAL,
    TOKEN,
    PepMediator,
    make_pep,
    make_service,
    running,
    tool_event,
)


@pytest.fixture
async def api(tmp_path: Path):
    pep = make_pep(tmp_path)
    mediator = PepMediator(pep)
    service = make_service(pep, mediator)
    async with running(service) as url, BridgeClient(url, TOKEN) as operator:
        yield url, operator, service, mediator


async def _raw(url: str, method: str, path: str, token: str | None, **kw: Any) -> tuple[int, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with (
        aiohttp.ClientSession() as http,
        http.request(method, url + path, headers=headers, **kw) as resp,
    ):
        text = await resp.text()
        try:
            return resp.status, json.loads(text)
        except ValueError:
            return resp.status, text


def _path(route_path: str, session: str) -> str:
    return (
        route_path.replace("{session}", session)
        .replace("{agent}", "reader")
        .replace("{rule_id}", "r-1")
        .replace("{escalation_id}", "e-1")
        .replace("{serial}", "any-device")
        .replace("{tool}", "mail__send_email")
    )


async def test_creating_a_session_issues_one_token_per_agent(api: Any) -> None:
    _, operator, service, _ = api
    s = await operator.create_session(agents=["reader", "writer"], user_request="plan my week")
    assert set(s.agent_tokens) == {"reader", "writer"}
    tokens = list(s.agent_tokens.values())
    assert len(set(tokens)) == 2 and all(t.startswith(AGENT_TOKEN_PREFIX) for t in tokens)
    me = await operator.with_token(s.agent_tokens["writer"]).whoami()
    assert (me.role, me.session, me.agent) == ("agent", s.session, "writer")
    assert (await operator.whoami()).role == "operator"
    # only digests are kept: nothing the daemon holds is the token itself
    held = repr(vars(service.agent_tokens))
    assert not any(t in held or t[len(AGENT_TOKEN_PREFIX) :] in held for t in tokens)
    # the session as anyone else sees it carries no token
    listed = await operator.session(s.session)
    assert "agent_tokens" not in listed.model_dump()


async def test_every_operator_route_refuses_an_agent_token_naming_the_role(api: Any) -> None:
    url, operator, _, _ = api
    s = await operator.create_session(agents=["reader"], user_request="the user's words")
    token = s.agent_tokens["reader"]
    operator_routes = [r for r in ROUTES if r.role == "operator"]
    assert {r.op_id for r in operator_routes} >= {
        "createSession", "listSessions", "endSession", "joinSession", "leaveSession",
        "listEscalations", "approveEscalation", "denyEscalation", "listRules", "installRule",
        "removeRule", "queryAudit", "tailAudit", "verifyAudit", "status", "forgetDevice",
        "gatewayStatus", "acceptTool",
    }  # fmt: skip
    for route in operator_routes:
        body = {"id": "allow-all", "decision": "allow"} if route.body is not None else None
        status, out = await _raw(url, route.method, _path(route.path, s.session), token, json=body)
        assert status == 403, (route.op_id, out)
        assert out["error"]["code"] == "operator_only", (route.op_id, out)
        assert "role 'operator'" in out["error"]["message"]
        assert "role 'agent'" in out["error"]["message"]
    # and nothing changed
    assert [x.session for x in await operator.sessions()] == [s.session]
    assert (await operator.session(s.session)).user_request == "the user's words"
    assert "allow-all" not in [r["id"] for r in (await operator.rules()).rules]


async def test_an_agent_acts_in_its_own_session_as_itself_only(api: Any) -> None:
    _, operator, _, mediator = api
    a = await operator.create_session(agents=["reader", "writer"])
    b = await operator.create_session(agents=["reader"])
    reader = operator.with_token(a.agent_tokens["reader"])
    out = await reader.submit(a.session, tool_event("reader", "contacts.lookup", {"name": "Z"}))
    assert out.executed
    note = tool_event("reader", "notes.create", {"title": "x"})
    assert (await reader.decide(a.session, note)).event_id
    assert (await reader.screen(a.session)).xml
    assert (await reader.screen_png(a.session)).startswith(b"\x89PNG")
    assert (await reader.session(a.session)).session == a.session
    assert [t.name for t in await reader.tools()]
    for call in (
        reader.submit(b.session, tool_event("reader", "contacts.lookup", {})),
        reader.decide(b.session, tool_event("reader", "contacts.lookup", {})),
        reader.screen(b.session),
        reader.screen_png(b.session),
        reader.session(b.session),
        reader.session("no-such-session"),  # 403, not 404: no probing for other sessions
    ):
        with pytest.raises(BridgeError) as err:
            await call
        assert (err.value.status, err.value.code, err.value.field) == (
            403,
            "wrong_session",
            "session",
        )
    with pytest.raises(BridgeError) as err:
        await reader.submit(a.session, tool_event("writer", "notes.create", {"title": "x"}))
    assert (err.value.status, err.value.code, err.value.field) == (403, "wrong_agent", "agent")
    assert [e.target for e in mediator.executed] == ["contacts.lookup"]


async def test_ending_the_session_revokes_its_tokens_also_for_a_recreated_id(api: Any) -> None:
    url, operator, _, _ = api
    s = await operator.create_session(session="same-id", agents=["reader"])
    old = s.agent_tokens["reader"]
    await operator.end_session("same-id")
    again = await operator.create_session(session="same-id", agents=["reader"])
    for path in ("/v1/whoami", "/v1/sessions/same-id", "/v1/sessions/same-id/screen"):
        status, out = await _raw(url, "GET", path, old)
        assert status == 401 and out["error"]["code"] == "unauthorized", path
    status, _ = await _raw(url, "GET", "/v1/sessions/same-id", again.agent_tokens["reader"])
    assert status == 200


async def test_joining_again_rotates_and_leaving_revokes(api: Any) -> None:
    url, operator, _, _ = api
    s = await operator.create_session(agents=["reader"])
    first = s.agent_tokens["reader"]
    second = (await operator.join(s.session, "reader")).agent_tokens["reader"]
    assert second != first
    assert (await _raw(url, "GET", "/v1/whoami", first))[0] == 401
    assert (await _raw(url, "GET", "/v1/whoami", second))[0] == 200
    left = await operator.leave(s.session, "reader")
    assert left.agents == []
    assert (await _raw(url, "GET", "/v1/whoami", second))[0] == 401
    with pytest.raises(BridgeError) as err:
        await operator.leave(s.session, "reader")
    assert err.value.status == 404 and err.value.field == "agent"


async def test_tokens_are_read_from_the_header_only(api: Any) -> None:
    url, operator, _, _ = api
    s = await operator.create_session(agents=["reader"])
    token = s.agent_tokens["reader"]
    for query in (f"?access_token={token}", f"?token={token}", f"?Authorization=Bearer%20{token}"):
        status, _ = await _raw(url, "GET", f"/v1/sessions/{s.session}{query}", None)
        assert status == 401, query
        status, _ = await _raw(url, "GET", f"/v1/status{query}", None)
        assert status == 401, query


async def test_session_agents_send_each_event_with_its_agents_token(api: Any) -> None:
    _, operator, _, _ = api
    s = await operator.create_session(agents=["reader", "writer"], user_request="plan")
    agents = SessionAgents(operator, s.agent_tokens)
    read = await agents.call_tool(s.session, "reader", "contacts.lookup", {"name": "Zhang Wei"})
    assert read.executed
    leak = await agents.submit(
        s.session, tool_event("writer", "calendar.create_event", {"title": "c", "notes": PHONE})
    )
    assert leak.decision == "deny"
    with pytest.raises(BridgeError) as err:
        await agents.submit(s.session, tool_event("stranger", "contacts.lookup", {}))
    assert err.value.status == 403


async def test_local_bridge_as_agent_has_an_agent_tokens_rights(tmp_path: Path) -> None:
    pep = make_pep(tmp_path)
    operator = LocalBridge(make_service(pep, PepMediator(pep)))
    session, token = await ensure_agent(operator, agent="m", user_request="the user's words")
    agent = operator.as_agent(token)
    assert (await agent.session(session)).serial == SERIAL
    for call in (
        agent.create_session(agents=["x"], user_request="delete all my contacts"),
        agent.join(session, "x"),
        agent.end_session(session),
    ):
        with pytest.raises(BridgeError) as err:
            await call
        assert err.value.status == 403 and err.value.code == "operator_only"
    # ensure_agent on an existing session joins (and rotates the agent's token)
    same, newer = await ensure_agent(operator, agent="m", session=session)
    assert same == session and newer != token
    with pytest.raises(BridgeError) as err:
        operator.as_agent(token)
    assert err.value.status == 401


def test_openapi_marks_each_route_with_its_role() -> None:
    from android_bridge.api.openapi import build_spec

    spec = build_spec(ROUTES, version="t")
    schemes = spec["components"]["securitySchemes"]
    assert set(schemes) == {"operatorToken", "agentToken"}
    agent_ops = {
        op["operationId"]
        for item in spec["paths"].values()
        for op in item.values()
        if op["x-droidgate-role"] == "agent"
    }
    assert agent_ops == {
        "whoAmI", "listTools", "getSession", "submitEvent", "decideEvent", "getScreen",
        "getScreenPng", "getDevice",
    }  # fmt: skip


async def test_a_session_id_may_not_name_a_devices_memory(api: Any) -> None:
    _, operator, _, _ = api
    with pytest.raises(BridgeError) as err:
        await operator.create_session(session="device:emulator-5554", agents=["a"])
    assert (err.value.status, err.value.field) == (400, "session")


async def test_only_the_operator_makes_the_pep_forget_a_device(api: Any) -> None:
    """Forgetting what a device showed launders every value it showed: the operator's act
    (after resetting the device), never an agent's."""
    _, operator, _, _ = api
    s = await operator.create_session(agents=["reader", "writer"])
    agents = SessionAgents(operator, s.agent_tokens)
    await agents.call_tool(s.session, "reader", "contacts.lookup", {"name": "Zhang Wei"})
    leak = tool_event("writer", "calendar.create_event", {"title": "t", "notes": f"call {PHONE}"})
    with pytest.raises(BridgeError) as err:
        await agents.agent("writer").forget_device(SERIAL)
    assert err.value.status == 403
    assert (await agents.submit(s.session, leak)).decision == "deny"
    forgotten = await operator.forget_device(SERIAL)
    assert forgotten.forgotten >= 1
    after = await agents.submit(s.session, leak)
    assert not any(e.source == "contacts" for e in after.verdict.evidence)
    with pytest.raises(BridgeError) as err:
        await operator.forget_device("no-such-device")
    assert err.value.status == 404
