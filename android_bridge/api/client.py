"""Typed async client of the bridge API (what scenario scripts, the MCP proxy and tests use).

async with BridgeClient(url, token) as bridge:
    s = await bridge.create_session(agents=["reader"], user_request="…")
    out = await bridge.submit(s.session, {"agent": "reader", "channel": "tool",
                                          "action": "tool_call", "target": "contacts.lookup",
                                          "payload": {"name": "Zhang Wei"}})
    out.verdict.decision, out.executed, out.result
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import aiohttp
from pydantic import BaseModel

from android_bridge.api.models import (
    ActionResponse,
    AuditList,
    AuditVerify,
    DecisionResponse,
    EscalationList,
    EscalationResolved,
    Health,
    RuleChange,
    RuleList,
    ScreenResponse,
    SessionInfo,
    SessionList,
    Status,
    ToolList,
    ToolSpec,
)

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
    return Path(path).read_text(encoding="utf-8").strip()


class BridgeClient:
    def __init__(self, base_url: str, token: str, *, timeout: float = 60.0) -> None:
        self.base_url = base_url.rstrip("/")
        self._headers = {"Authorization": f"Bearer {token}"}
        self._timeout = aiohttp.ClientTimeout(total=timeout)
        self._http: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> BridgeClient:
        self._http = aiohttp.ClientSession(headers=self._headers, timeout=self._timeout)
        return self

    async def __aexit__(
        self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    async def _raw(
        self, method: str, path: str, *, json: Any = None, params: Any = None
    ) -> aiohttp.ClientResponse:
        if self._http is None:
            self._http = aiohttp.ClientSession(headers=self._headers, timeout=self._timeout)
        resp = await self._http.request(method, self.base_url + path, json=json, params=params)
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
    ) -> SessionInfo:
        body: dict[str, Any] = {"agents": agents or [], "user_request": user_request}
        if serial is not None:
            body["serial"] = serial
        if session is not None:
            body["session"] = session
        return await self._call(SessionInfo, "POST", "/v1/sessions", json=body)

    async def sessions(self) -> list[SessionInfo]:
        return (await self._call(SessionList, "GET", "/v1/sessions")).sessions

    async def join(self, session: str, agent: str) -> SessionInfo:
        return await self._call(
            SessionInfo, "POST", f"/v1/sessions/{session}/agents", json={"agent": agent}
        )

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

    # -- control plane --------------------------------------------------------------------
    async def escalations(self) -> list[dict[str, Any]]:
        return (await self._call(EscalationList, "GET", "/v1/escalations")).escalations

    async def approve(self, escalation_id: str) -> EscalationResolved:
        return await self._call(
            EscalationResolved, "POST", f"/v1/escalations/{escalation_id}/approve"
        )

    async def deny(self, escalation_id: str) -> EscalationResolved:
        return await self._call(EscalationResolved, "POST", f"/v1/escalations/{escalation_id}/deny")

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
