"""Typed tools backed by ADB: schemas for agents and MCP, executors for the Mediator."""

from __future__ import annotations

from typing import Any

from android_bridge.tools.catalog import TOOLS
from android_bridge.tools.registry import Tool, ToolError
from host_pep.exceptions import EventValidationError

__all__ = ["TOOLS", "Tool", "ToolError", "all_tools", "execute_tool", "get_tool", "tool_specs"]

_BY_NAME = {t.name: t for t in TOOLS}


def all_tools() -> list[Tool]:
    return list(TOOLS)


def tool_specs() -> list[dict[str, Any]]:
    """Name, description, JSON schema and MCP hints of every tool."""
    return [
        {
            "name": t.name,
            "description": t.description,
            "input_schema": t.input_schema,
            "read_only": t.read_only,
            "destructive": t.destructive,
            "annotations": t.mcp_annotations(),
        }
        for t in TOOLS
    ]


def get_tool(name: str) -> Tool:
    tool = _BY_NAME.get(name)
    if tool is None:
        raise EventValidationError(
            f"unknown tool {name!r}; known: {', '.join(sorted(_BY_NAME))}", field="target"
        )
    return tool


async def execute_tool(name: str, payload: dict[str, Any], device: Any) -> Any:
    """Run a tool on a device (``DeviceAdapter``); raises ToolError / DeviceError on failure."""
    tool = get_tool(name)
    args = tool.validate(payload)
    outputs: list[str] = []
    for step in tool.commands(args):
        command = step if isinstance(step, str) else step(outputs)
        res = await device.shell(command)
        if res.exit_code != 0:
            raise ToolError(
                f"{name}: `{command.split()[0]}` exited {res.exit_code}: {res.output[:300]}"
            )
        outputs.append(res.output)
    return tool.parse(args, outputs)
