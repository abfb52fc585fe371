"""LocalBridge: the BridgeClient interface over an in-process BridgeService (no HTTP).

A LocalBridge acts as one principal, as a BridgeClient acts with one token: the operator by
default (whoever holds the service in-process holds the daemon), or, from ``as_agent``, one
agent of one session, with exactly an agent token's rights.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pydantic import ValidationError

from android_bridge.api.client import BridgeError
from android_bridge.api.credentials import OPERATOR, Principal
from android_bridge.api.errors import ApiError
from android_bridge.api.models import (
    ActionRequest,
    ActionResponse,
    CreateSession,
    DeviceInfo,
    ScreenResponse,
    SessionCredentials,
    SessionInfo,
    ToolSpec,
)
from android_bridge.api.service import BridgeService, first_error

T = TypeVar("T")


async def _guard(call: Callable[[], Awaitable[T]]) -> T:
    try:
        return await call()
    except ApiError as exc:
        raise BridgeError(exc.status, exc.code, exc.message, exc.field) from exc


class LocalBridge:
    def __init__(self, service: BridgeService, principal: Principal = OPERATOR) -> None:
        self.service = service
        self.principal = principal

    def as_agent(self, token: str) -> LocalBridge:
        """The same service with an agent token's rights (``BridgeClient.with_token``)."""
        principal = self.service.agent_tokens.resolve(token)
        if principal is None:
            raise BridgeError(401, "unauthorized", "unknown or revoked agent token")
        return LocalBridge(self.service, principal)

    async def tools(self) -> list[ToolSpec]:
        return list(self.service.tools)

    async def submit(
        self, session: str, event: dict[str, Any], *, screen_hash: str | None = None
    ) -> ActionResponse:
        body = dict(event)
        if screen_hash is not None:
            body["screen_hash"] = screen_hash
        try:
            req = ActionRequest.model_validate(body)
        except ValidationError as exc:
            where, msg = first_error(exc)
            raise BridgeError(400, "invalid", msg, where) from exc
        return await _guard(lambda: self.service.submit(session, req, self.principal))

    async def call_tool(
        self, session: str, agent: str, tool: str, args: dict[str, Any], *, channel: str = "tool"
    ) -> ActionResponse:
        event = {
            "agent": agent,
            "channel": channel,
            "action": "tool_call",
            "target": tool,
            "payload": args,
        }
        return await self.submit(session, event)

    async def device(self, session: str) -> DeviceInfo:
        return await _guard(lambda: self.service.device(session, self.principal))

    def on_tools_changed(self, listener: Callable[[], Awaitable[None] | None]) -> bool:
        """Call ``listener`` when the tool list changes (an upstream re-listed); False when the
        tool list cannot change (no gateway)."""
        gateway = self.service.gateway
        if gateway is None:
            return False
        gateway.on_change(listener)
        return True

    async def screen(self, session: str) -> ScreenResponse:
        return await _guard(lambda: self.service.screen(session, self.principal))

    async def screen_png(self, session: str) -> bytes:
        return await _guard(lambda: self.service.screen_png(session, self.principal))

    async def session(self, session: str) -> SessionInfo:
        return await _guard(lambda: _now(self.service.session(session, self.principal)))

    async def create_session(
        self,
        *,
        serial: str | None = None,
        agents: list[str] | None = None,
        user_request: str = "",
        session: str | None = None,
    ) -> SessionCredentials:
        req = CreateSession(
            serial=serial, agents=agents or [], user_request=user_request, session=session
        )
        created = await _guard(lambda: _now(self.service.create_session(req, self.principal)))
        await self.service.read_request(created.session)
        return created

    async def join(self, session: str, agent: str) -> SessionCredentials:
        return await _guard(lambda: _now(self.service.join(session, agent, self.principal)))

    async def end_session(self, session: str) -> SessionInfo:
        return await _guard(lambda: _now(self.service.end_session(session, self.principal)))


async def _now(value: T) -> T:
    return value


async def ensure_agent(
    operator: Any,
    *,
    agent: str,
    session: str | None = None,
    serial: str | None = None,
    user_request: str = "",
) -> tuple[str, str]:
    """(session id, agent token): with the operator's bridge, join ``session`` as ``agent``
    (creating the session, with ``user_request``, if it does not exist). The token is new; an
    earlier token of the same agent in that session stops working."""
    if session is not None:
        try:
            joined = await operator.join(session, agent)
            return str(joined.session), str(joined.agent_tokens[agent])
        except BridgeError as exc:
            if exc.status != 404 or exc.field != "session":
                raise
    info = await operator.create_session(
        serial=serial, agents=[agent], user_request=user_request, session=session
    )
    return str(info.session), str(info.agent_tokens[agent])
