"""LocalBridge: the BridgeClient interface over an in-process BridgeService (no HTTP)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pydantic import ValidationError

from android_bridge.api.client import BridgeError
from android_bridge.api.errors import ApiError
from android_bridge.api.models import ActionRequest, ActionResponse, ScreenResponse, ToolSpec
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
