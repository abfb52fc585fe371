"""Builders for realistic events in the tool/llm channels."""

from __future__ import annotations

from typing import Any

from host_pep.events import AgentEvent


def tool_event(
    target: str,
    payload: dict[str, Any] | None = None,
    *,
    request: str = "",
    session: str = "s-1",
    agent: str = "assistant",
    channel: str = "tool",
    **context: Any,
) -> AgentEvent:
    return AgentEvent.parse(
        {
            "session": session,
            "agent": agent,
            "channel": channel,
            "action": "tool_call",
            "target": target,
            "payload": payload or {},
            "context": {"user_request": request, **context},
        }
    )
