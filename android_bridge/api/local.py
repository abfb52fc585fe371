"""LocalBridge: the BridgeClient interface over an in-process BridgeService (no HTTP)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pydantic import ValidationError

from android_bridge.api.client import BridgeError
from android_bridge.api.errors import ApiError
from android_bridge.api.models import (
    ActionRequest,
    ActionResponse,
    CreateSession,
    ScreenResponse,
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
    def __init__(self, service: BridgeService) -> None:
        self.service = service

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
        return await _guard(lambda: self.service.submit(session, req))

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

    async def screen(self, session: str) -> ScreenResponse:
        return await _guard(lambda: self.service.screen(session))

    async def screen_png(self, session: str) -> bytes:
        return await _guard(lambda: self.service.screen_png(session))

    async def create_session(
        self,
        *,
        serial: str | None = None,
        agents: list[str] | None = None,
        user_request: str = "",
        session: str | None = None,
    ) -> SessionInfo:
        req = CreateSession(
            serial=serial, agents=agents or [], user_request=user_request, session=session
        )
        return await _guard(lambda: _now(self.service.create_session(req)))

    async def join(self, session: str, agent: str) -> SessionInfo:
        return await _guard(lambda: _now(self.service.join(session, agent)))


async def _now(value: T) -> T:
    return value


async def ensure_session(
    bridge: Any,
    *,
    agent: str,
    session: str | None = None,
    serial: str | None = None,
    user_request: str = "",
) -> str:
    """Join ``session`` as ``agent`` (creating it if it does not exist); return its id."""
    if session is not None:
        try:
            await bridge.join(session, agent)
            return session
        except BridgeError as exc:
            if exc.status != 404:
                raise
    info = await bridge.create_session(
        serial=serial, agents=[agent], user_request=user_request, session=session
    )
    return str(info.session)
