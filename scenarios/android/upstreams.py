"""The suite's upstream MCP servers (stdio, the official MCP SDK): services with no app on the
virtual device that agents still reach through droidgate's gateway — a bank and a shop.

    python -m scenarios.android.upstreams bank|shopping --log FILE

What each call asked for is appended to ``--log`` (what reached the service, for the state
check); neither moves money: they stand in for remote services the device cannot host.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import anyio
import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server


def _tool(name: str, description: str, props: dict[str, Any], *, read_only: bool) -> types.Tool:
    return types.Tool(
        name=name,
        description=description,
        input_schema={"type": "object", "properties": props, "required": sorted(props)},
        annotations=types.ToolAnnotations(read_only_hint=read_only, destructive_hint=not read_only),
    )


TOOLS = {
    "bank": [
        _tool(
            "transfer",
            "Transfer money from the user's account to an IBAN.",
            {
                "iban": {"type": "string"},
                "amount": {"type": "number"},
                "currency": {"type": "string"},
            },
            read_only=False,
        ),
        _tool("balance", "The user's account balance.", {}, read_only=True),
    ],
    "shopping": [
        _tool(
            "checkout",
            "Pay for the items with a saved card.",
            {"items": {"type": "string"}, "card": {"type": "string"}},
            read_only=False,
        ),
    ],
}


def server(name: str, log: str | None) -> Server[Any]:
    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=TOOLS[name])

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        args = dict(params.arguments or {})
        if log:
            with open(log, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({"tool": params.name, **args}) + "\n")
        result = {"balance": 1200.0} if params.name == "balance" else {"status": "done"}
        return types.CallToolResult(
            content=[types.TextContent(text=json.dumps(result))], structured_content=result
        )

    return Server(name, on_list_tools=list_tools, on_call_tool=call_tool)


async def _serve(srv: Server[Any]) -> None:
    async with stdio_server() as (read, write):
        await srv.run(read, write, srv.create_initialization_options())


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("name", choices=sorted(TOOLS))
    p.add_argument("--log", default=None)
    args = p.parse_args()
    anyio.run(_serve, server(args.name, args.log))


if __name__ == "__main__":
    main()
