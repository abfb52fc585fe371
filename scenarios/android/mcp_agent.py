"""Tool calls through MCP: the bridge's MCP server (streamable HTTP, bearer token) in front of
the daemon's HTTP API, driven by the MCP SDK's own client — the way an MCP agent connects.
``token`` is the agent's own (from the session's creation): the MCP server acts with it, and MCP
clients present it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from typing import Any

from scenarios.android.agents import ToolCaller


@contextlib.asynccontextmanager
async def mcp_tool_caller(
    url: str, token: str, session: str, agent: str
) -> AsyncIterator[ToolCaller]:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    from android_bridge.api.client import BridgeClient
    from android_bridge.mcp.server import McpFrontend, build_server, serve_http

    async with BridgeClient(url, token) as bridge:
        server = build_server(McpFrontend(bridge, session=session, agent=agent))
        ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        stop = asyncio.Event()
        task = asyncio.create_task(
            serve_http(server, port=0, token=token, on_ready=ready.set_result, stop=stop)
        )
        try:
            mcp_url = await asyncio.wait_for(ready, 20)
            async with (
                httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}) as http,
                Client(
                    streamable_http_client(mcp_url, http_client=http), read_timeout_seconds=60
                ) as client,
            ):

                async def call(
                    acting: str, name: str, args: dict[str, Any]
                ) -> tuple[dict[str, Any], float]:
                    del acting  # an MCP connection is one agent
                    start = time.perf_counter()
                    out = await client.call_tool(name, args)
                    rtt = (time.perf_counter() - start) * 1000
                    data = out.structured_content
                    if data is None:
                        try:
                            data = json.loads(out.content[0].text)  # type: ignore[union-attr]
                        except (IndexError, AttributeError, ValueError):
                            data = {"decision": "error", "error": "no structured MCP result"}
                    return dict(data), rtt

                yield call
        finally:
            stop.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 10)
