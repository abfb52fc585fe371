"""The MCP tool surface: every typed tool plus the GUI actions, and how a call becomes an event.

Kept free of the ``mcp`` SDK so the mapping is testable (and importable) without the extra.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from android_bridge.api.models import ToolSpec


class McpTool(BaseModel):
    name: str
    description: str
    input_schema: dict[str, Any]
    read_only: bool
    destructive: bool
    kind: str = "typed"
    """``typed`` (a tool-channel call), ``gui`` (a GUI event) or ``screen`` (read the screen)."""


_HASH = {
    "type": "string",
    "description": "hash of the screen you planned on; a changed screen refuses the action as stale",
}
_SELECTOR = {
    "text": {"type": "string", "description": "exact visible text of the widget"},
    "resource_id": {"type": "string", "description": "resource-id, e.g. com.app:id/save"},
    "description": {"type": "string", "description": "content-desc of the widget"},
}

GUI_TOOLS: tuple[McpTool, ...] = (
    McpTool(
        name="gui_tap",
        description="Tap the screen at (x, y) or on the widget a selector names (text, resource_id or description).",
        input_schema={
            "type": "object",
            "properties": {
                "x": {"type": "integer", "minimum": 0},
                "y": {"type": "integer", "minimum": 0},
                **_SELECTOR,
                "screen_hash": _HASH,
            },
            "additionalProperties": False,
        },
        read_only=False,
        destructive=True,
        kind="gui",
    ),
    McpTool(
        name="gui_type",
        description="Type text into the focused field, or into the field a selector names.",
        input_schema={
            "type": "object",
            "properties": {"text": {"type": "string"}, **_SELECTOR, "screen_hash": _HASH},
            "required": ["text"],
            "additionalProperties": False,
        },
        read_only=False,
        destructive=True,
        kind="gui",
    ),
    McpTool(
        name="gui_key",
        description="Press a key: back, home, enter, recent, delete, …",
        input_schema={
            "type": "object",
            "properties": {"key": {"type": "string", "minLength": 1}, "screen_hash": _HASH},
            "required": ["key"],
            "additionalProperties": False,
        },
        read_only=False,
        destructive=False,
        kind="gui",
    ),
    McpTool(
        name="launch_app",
        description="Start an app by its Android package name.",
        input_schema={
            "type": "object",
            "properties": {"package": {"type": "string", "minLength": 1}},
            "required": ["package"],
            "additionalProperties": False,
        },
        read_only=False,
        destructive=False,
        kind="gui",
    ),
    McpTool(
        name="get_screen",
        description="Read the current screen: a compact widget list (or the raw XML) and its hash; optionally a screenshot.",
        input_schema={
            "type": "object",
            "properties": {
                "format": {"type": "string", "enum": ["text", "xml"], "default": "text"},
                "image": {"type": "boolean", "default": False},
            },
            "additionalProperties": False,
        },
        read_only=True,
        destructive=False,
        kind="screen",
    ),
)


def mcp_tools(typed: list[ToolSpec]) -> list[McpTool]:
    gui_names = {t.name for t in GUI_TOOLS}
    out = [
        McpTool(
            name=t.name,
            description=t.description or t.name,
            input_schema=t.input_schema or {"type": "object"},
            read_only=t.read_only,
            destructive=t.destructive,
        )
        for t in typed
        if t.name not in gui_names
    ]
    return out + list(GUI_TOOLS)


class GuiCall(BaseModel):
    """A GUI tool call's arguments, before they become an AgentEvent payload."""

    x: int | None = Field(default=None, ge=0)
    y: int | None = Field(default=None, ge=0)
    text: str | None = None
    resource_id: str | None = None
    description: str | None = None
    key: str | None = None
    package: str | None = None
    screen_hash: str | None = None


def _selector(call: GuiCall, *, with_text: bool) -> dict[str, str]:
    sel: dict[str, str] = {}
    if with_text and call.text is not None:
        sel["text"] = call.text
    if call.resource_id:
        sel["resourceId"] = call.resource_id
    if call.description:
        sel["description"] = call.description
    return sel


def gui_event(tool: str, args: dict[str, Any], agent: str) -> tuple[dict[str, Any], str | None]:
    """(event, screen_hash) for a GUI tool; raises ValueError naming a bad argument."""
    call = GuiCall.model_validate(args)
    payload: dict[str, Any]
    if tool == "gui_tap":
        action = "tap"
        sel = _selector(call, with_text=True)
        if call.x is not None and call.y is not None:
            payload = {"x": call.x, "y": call.y}
        elif sel:
            payload = {"selector": sel}
        else:
            raise ValueError("gui_tap needs x and y, or text, resource_id or description")
    elif tool == "gui_type":
        action = "text_input"
        if call.text is None:
            raise ValueError("gui_type needs text")
        payload = {"text": call.text}
        sel = _selector(call, with_text=False)
        if sel:
            payload["selector"] = sel
    elif tool == "gui_key":
        action = "key"
        if not call.key:
            raise ValueError("gui_key needs key")
        payload = {"key": call.key}
    elif tool == "launch_app":
        action = "launch"
        if not call.package:
            raise ValueError("launch_app needs package")
        payload = {"package": call.package}
    else:
        raise ValueError(f"unknown GUI tool {tool!r}")
    event: dict[str, Any] = {"agent": agent, "channel": "gui", "action": action, "payload": payload}
    if action == "launch":
        event["target"] = call.package
    return event, call.screen_hash
