"""Typed async client of the bridge API (what scenario scripts, the MCP proxy and tests use).

async with BridgeClient(url, operator_token) as operator:
    s = await operator.create_session(agents=["reader"], user_request="…")   # operator only
    reader = operator.with_token(s.agent_tokens["reader"])     # acts as "reader" in s only
    out = await reader.submit(s.session, {"agent": "reader", "channel": "tool",
                                          "action": "tool_call", "target": "contacts.lookup",
                                          "payload": {"name": "Zhang Wei"}})
    out.verdict.decision, out.executed, out.result
"""

from __future__ import annotations

import ssl
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import aiohttp
from pydantic import BaseModel

from android_bridge.api.auth import read_token as _read_token
from android_bridge.api.models import (
    ActionResponse,
    AuditList,
    AuditVerify,
    CheckpointList,
    DecisionResponse,
    DeviceForgotten,
    DeviceInfo,
    EscalationList,
    EscalationResolved,
    GatewayStatus,
    Health,
    RuleChange,
    RuleList,
    ScreenResponse,
    SessionCredentials,
    SessionInfo,
    SessionList,
    Status,
    ToolAccepted,
    ToolList,
    ToolSpec,
    WhoAmI,
)
from host_pep.audit.signed import SignedCheckpoint

M = TypeVar("M", bound=BaseModel)


class BridgeError(Exception):
    """An error answer of the bridge API (``status``, ``code``, ``message``, ``field``)."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(f"{status} {code}: {message}" + (f" (field {field})" if field else ""))
        self.status = status
        self.code = code
        self.message = message
        self.field = field


def read_token(path: str | Path) -> str:
    """A token file's token; the file must be this user's, 0600, and not a symlink."""
    return _read_token(path)


def tls_context(ca_file: str | Path | None) -> ssl.SSLContext | None:
    """Verification of a daemon serving HTTPS with its own certificate (``--tls-cert``)."""
    if ca_file is None:
        return None
    return ssl.create_default_context(cafile=str(ca_file))


class BridgeClient:
    """One token's view of the bridge API. ``with_token`` gives another token's view over the
    same connections (the operator creating sessions, each agent acting with its own token)."""

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        timeout: float = 60.0,
        tls_ca: str | Path | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._headers = {"Authorization": f"Bearer {token}"}
        self._timeout = aiohttp.ClientTimeout(total=timeout)
        self._ssl = tls_context(tls_ca)
        self._http: aiohttp.ClientSession | None = None
        self._parent: BridgeClient | None = None

    def with_token(self, token: str) -> BridgeClient:
        """The same daemon and connection pool, acting with ``token`` (closing it closes
        nothing: the pool belongs to this client)."""
        child = BridgeClient(self.base_url, token)
        child._timeout, child._ssl, child._parent = self._timeout, self._ssl, self
        return child

    async def __aenter__(self) -> BridgeClient:
        self._session()
        return self

    async def __aexit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    def _session(self) -> aiohttp.ClientSession:
        if self._parent is not None:
            return self._parent._session()
        if self._http is None:
            connector = aiohttp.TCPConnector(ssl=self._ssl) if self._ssl is not None else None
            self._http = aiohttp.ClientSession(timeout=self._timeout, connector=connector)
        return self._http

    async def _raw(
        self, method: str, path: str, *, json: Any = None, params: Any = None
    ) -> aiohttp.ClientResponse:
        resp = await self._session().request(
            method, self.base_url + path, json=json, params=params, headers=self._headers
        )
        if resp.status >= 400:
            try:
                err = (await resp.json()).get("error", {})
            except (aiohttp.ContentTypeError, ValueError):
                err = {"code": "http_error", "message": await resp.text()}
            resp.release()
            raise BridgeError(
                resp.status, err.get("code", "http_error"), err.get("message", ""), err.get("field")
            )
        return resp

    async def _call(self, model: type[M], method: str, path: str, **kw: Any) -> M:
        resp = await self._raw(method, path, **kw)
        async with resp:
            return model.model_validate(await resp.json())

    # -- service -------------------------------------------------------------------------
    async def health(self) -> Health:
        return await self._call(Health, "GET", "/v1/health")

    async def whoami(self) -> WhoAmI:
        return await self._call(WhoAmI, "GET", "/v1/whoami")

    async def status(self) -> Status:
        return await self._call(Status, "GET", "/v1/status")

    async def tools(self) -> list[ToolSpec]:
        return (await self._call(ToolList, "GET", "/v1/tools")).tools

    async def openapi(self) -> dict[str, Any]:
        resp = await self._raw("GET", "/openapi.json")
        async with resp:
            return dict(await resp.json())

    # -- sessions and actions -------------------------------------------------------------
    async def create_session(
        self,
        *,
        serial: str | None = None,
        agents: list[str] | None = None,
        user_request: str = "",
        session: str | None = None,
    ) -> SessionCredentials:
        """Operator only. The answer's ``agent_tokens`` hold each agent's token (once)."""
        body: dict[str, Any] = {"agents": agents or [], "user_request": user_request}
        if serial is not None:
            body["serial"] = serial
        if session is not None:
            body["session"] = session
        return await self._call(SessionCredentials, "POST", "/v1/sessions", json=body)

    async def sessions(self) -> list[SessionInfo]:
        return (await self._call(SessionList, "GET", "/v1/sessions")).sessions

    async def session(self, session: str) -> SessionInfo:
        return await self._call(SessionInfo, "GET", f"/v1/sessions/{session}")

    async def join(self, session: str, agent: str) -> SessionCredentials:
        """Operator only: ``agent`` joins; ``agent_tokens[agent]`` is its (new) token."""
        return await self._call(
            SessionCredentials, "POST", f"/v1/sessions/{session}/agents", json={"agent": agent}
        )

    async def forget_device(self, serial: str) -> DeviceForgotten:
        """Operator only: the PEP forgets what ``serial`` showed (after resetting it)."""
        return await self._call(DeviceForgotten, "DELETE", f"/v1/devices/{serial}/memory")

    async def leave(self, session: str, agent: str) -> SessionInfo:
        """Operator only: ``agent`` leaves and its token is revoked."""
        return await self._call(SessionInfo, "DELETE", f"/v1/sessions/{session}/agents/{agent}")

    async def end_session(self, session: str) -> SessionInfo:
        return await self._call(SessionInfo, "DELETE", f"/v1/sessions/{session}")

    async def submit(
        self, session: str, event: dict[str, Any], *, screen_hash: str | None = None
    ) -> ActionResponse:
        body = dict(event)
        if screen_hash is not None:
            body["screen_hash"] = screen_hash
        return await self._call(ActionResponse, "POST", f"/v1/sessions/{session}/events", json=body)

    async def decide(self, session: str, event: dict[str, Any]) -> DecisionResponse:
        return await self._call(
            DecisionResponse, "POST", f"/v1/sessions/{session}/decide", json=event
        )

    async def call_tool(
        self, session: str, agent: str, tool: str, args: dict[str, Any], *, channel: str = "tool"
    ) -> ActionResponse:
        return await self.submit(
            session,
            {
                "agent": agent,
                "channel": channel,
                "action": "tool_call",
                "target": tool,
                "payload": args,
            },
        )

    async def screen(self, session: str) -> ScreenResponse:
        return await self._call(ScreenResponse, "GET", f"/v1/sessions/{session}/screen")

    async def screen_png(self, session: str) -> bytes:
        resp = await self._raw("GET", f"/v1/sessions/{session}/screen.png")
        async with resp:
            return await resp.read()

    async def device(self, session: str) -> DeviceInfo:
        return await self._call(DeviceInfo, "GET", f"/v1/sessions/{session}/device")

    # -- the gateway (operator) ---------------------------------------------------------------
    async def gateway(self) -> GatewayStatus:
        return await self._call(GatewayStatus, "GET", "/v1/gateway")

    async def accept_tool(self, tool: str) -> ToolAccepted:
        return await self._call(ToolAccepted, "POST", f"/v1/gateway/tools/{tool}/accept")

    # -- control plane --------------------------------------------------------------------
    async def escalations(self) -> list[dict[str, Any]]:
        return (await self._call(EscalationList, "GET", "/v1/escalations")).escalations

    async def approve(
        self, escalation_id: str, *, reason: str = "", by: str = ""
    ) -> EscalationResolved:
        """Operator only; ``reason`` and ``by`` (who answers) go into the audit record."""
        return await self._call(
            EscalationResolved,
            "POST",
            f"/v1/escalations/{escalation_id}/approve",
            json=_answer(reason, by),
        )

    async def deny(
        self, escalation_id: str, *, reason: str = "", by: str = ""
    ) -> EscalationResolved:
        return await self._call(
            EscalationResolved,
            "POST",
            f"/v1/escalations/{escalation_id}/deny",
            json=_answer(reason, by),
        )

    async def rules(self) -> RuleList:
        return await self._call(RuleList, "GET", "/v1/rules")

    async def install_rule(self, rule: dict[str, Any] | BaseModel) -> RuleChange:
        body = rule.model_dump(mode="json") if isinstance(rule, BaseModel) else rule
        return await self._call(RuleChange, "POST", "/v1/rules", json=body)

    async def remove_rule(self, rule_id: str) -> RuleChange:
        return await self._call(RuleChange, "DELETE", f"/v1/rules/{rule_id}")

    async def audit(
        self,
        *,
        session: str | None = None,
        decision: str | None = None,
        since: float | None = None,
        limit: int = 100,
    ) -> list[dict[str, Any]]:
        params: dict[str, Any] = {"limit": limit}
        for key, value in (("session", session), ("decision", decision), ("since", since)):
            if value is not None:
                params[key] = value
        return (await self._call(AuditList, "GET", "/v1/audit", params=params)).records

    async def audit_tail(self, n: int = 20) -> list[dict[str, Any]]:
        return (await self._call(AuditList, "GET", "/v1/audit/tail", params={"n": n})).records

    async def audit_verify(self) -> AuditVerify:
        return await self._call(AuditVerify, "GET", "/v1/audit/verify")

    async def audit_checkpoints(self, *, sign: bool = False) -> list[SignedCheckpoint]:
        """The signed checkpoints; ``sign``: have the head signed now, get the newest."""
        return (
            await self._call(CheckpointList, "POST" if sign else "GET", "/v1/audit/checkpoints")
        ).checkpoints


def _answer(reason: str, by: str) -> dict[str, str] | None:
    """The body of an escalation answer (none when there is nothing to say)."""
    body = {k: v for k, v in (("reason", reason), ("by", by)) if v}
    return body or None


class SessionAgents:
    """The agents of one session, each acting with its own token: ``submit`` goes out with the
    token of the agent the event names. For scripts that drive several agents of a session (a
    scenario's reader and writer); ``screen`` and ``tools`` use the first agent's token."""

    def __init__(self, client: BridgeClient, tokens: Mapping[str, str]) -> None:
        if not tokens:
            raise ValueError("a session's agents need at least one agent token")
        self.clients = {agent: client.with_token(token) for agent, token in tokens.items()}
        self._first = next(iter(self.clients.values()))

    def agent(self, name: str) -> BridgeClient:
        try:
            return self.clients[name]
        except KeyError:
            raise BridgeError(
                403, "not_joined", f"no token for agent {name!r} in this session", "agent"
            ) from None

    async def tools(self) -> list[ToolSpec]:
        return await self._first.tools()

    async def submit(
        self, session: str, event: dict[str, Any], *, screen_hash: str | None = None
    ) -> ActionResponse:
        return await self.agent(str(event.get("agent", ""))).submit(
            session, event, screen_hash=screen_hash
        )

    async def decide(self, session: str, event: dict[str, Any]) -> DecisionResponse:
        return await self.agent(str(event.get("agent", ""))).decide(session, event)

    async def call_tool(
        self, session: str, agent: str, tool: str, args: dict[str, Any], *, channel: str = "tool"
    ) -> ActionResponse:
        return await self.agent(agent).call_tool(session, agent, tool, args, channel=channel)

    async def screen(self, session: str) -> ScreenResponse:
        return await self._first.screen(session)

    async def screen_png(self, session: str) -> bytes:
        return await self._first.screen_png(session)
