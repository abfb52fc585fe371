"""The MCP server: the bridge's actions as MCP tools, over stdio or streamable HTTP.

Every call goes through a ``Bridge`` (in-process LocalBridge or a BridgeClient to a running
daemon), so MCP agents reach the same Mediator, PEP session state and audit as HTTP agents.
An MCP connection acts as one agent in one session, both fixed when the server starts.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import socket
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from android_bridge.api.client import BridgeError
from android_bridge.api.protocols import Bridge
from android_bridge.mcp.tools import McpTool, gui_event, mcp_tools

if TYPE_CHECKING:
    from mcp.server import Server


def _require_sdk() -> None:
    try:
        import mcp.server  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "the MCP server needs the 'mcp' extra: pip install 'droidgate[mcp]'"
        ) from exc


class McpFrontend:
    """Maps MCP tool calls to bridge submissions for one (session, agent)."""

    def __init__(self, bridge: Bridge, *, session: str, agent: str) -> None:
        self.bridge = bridge
        self.session = session
        self.agent = agent
        self._tools: dict[str, McpTool] | None = None

    async def tools(self) -> dict[str, McpTool]:
        if self._tools is None:
            self._tools = {t.name: t for t in mcp_tools(list(await self.bridge.tools()))}
        return self._tools

    async def call(
        self, name: str, args: dict[str, Any]
    ) -> tuple[bool, dict[str, Any], bytes | None]:
        """(is_error, structured result, optional PNG)."""
        tool = (await self.tools()).get(name)
        try:
            if tool is not None and tool.kind == "screen":
                return await self._screen(args)
            if tool is not None and tool.kind == "gui":
                event, screen_hash = gui_event(name, args, self.agent)
            else:
                # Typed tools, and names nobody registered: the PEP judges (and denies) those.
                event = {
                    "agent": self.agent,
                    "channel": "tool",
                    "action": "tool_call",
                    "target": name,
                    "payload": args,
                }
                screen_hash = None
            out = await self.bridge.submit(self.session, event, screen_hash=screen_hash)
        except (ValueError, ValidationError) as exc:
            return True, {"error": f"bad arguments: {exc}"}, None
        except BridgeError as exc:
            return True, {"error": exc.message, "code": exc.code, "field": exc.field}, None
        data = out.model_dump(mode="json")
        return not out.executed, data, None

    async def _screen(self, args: dict[str, Any]) -> tuple[bool, dict[str, Any], bytes | None]:
        fmt = args.get("format", "text")
        if fmt not in ("text", "xml"):
            return True, {"error": "format must be 'text' or 'xml'"}, None
        shot = await self.bridge.screen(self.session)
        if fmt == "xml":
            body = shot.xml
        else:
            from android_bridge.planner.screen_text import screen_text

            body = screen_text(shot.xml)
        png = await self.bridge.screen_png(self.session) if args.get("image") else None
        return False, {"hash": shot.hash, "package": shot.package, "screen": body}, png


def build_server(frontend: McpFrontend, *, name: str = "droidgate") -> Server[Any]:
    _require_sdk()
    import mcp.types as types
    from mcp.server import Server, ServerRequestContext

    async def list_tools(ctx: ServerRequestContext[Any], params: Any) -> types.ListToolsResult:
        tools = await frontend.tools()
        return types.ListToolsResult(
            tools=[
                types.Tool(
                    name=t.name,
                    description=t.description,
                    input_schema=t.input_schema,
                    annotations=types.ToolAnnotations(
                        read_only_hint=t.read_only, destructive_hint=t.destructive
                    ),
                )
                for t in tools.values()
            ]
        )

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        is_error, data, png = await frontend.call(params.name, dict(params.arguments or {}))
        content: list[Any] = [types.TextContent(text=json.dumps(data, default=str))]
        if png:
            content.append(
                types.ImageContent(data=base64.b64encode(png).decode(), mime_type="image/png")
            )
        return types.CallToolResult(content=content, structured_content=data, is_error=is_error)

    return Server(name, version=_version(), on_list_tools=list_tools, on_call_tool=call_tool)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("droidgate")
    except PackageNotFoundError:
        return "0"


async def serve_stdio(server: Server[Any]) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def _bearer_guard(app: Any, token: str) -> Callable[..., Awaitable[None]]:
    """ASGI wrapper: every HTTP request needs ``Authorization: Bearer <token>``."""
    from android_bridge.api.auth import check_bearer

    async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = {
                k.decode("latin-1").lower(): v.decode("latin-1")
                for k, v in scope.get("headers", [])
            }
            if not check_bearer(headers.get("authorization"), token):
                body = json.dumps(
                    {
                        "error": {
                            "code": "unauthorized",
                            "message": "missing or wrong bearer token",
                            "field": None,
                        }
                    }
                ).encode()
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"www-authenticate", b'Bearer realm="droidgate"'),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return guarded


async def serve_http(
    server: Server[Any],
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    token: str | None = None,
    on_ready: Callable[[str], None] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve streamable HTTP at ``http://host:port/mcp`` until ``stop`` is set (or SIGINT/SIGTERM)."""
    import uvicorn

    app: Any = server.streamable_http_app(streamable_http_path="/mcp", host=host)
    if token is not None:
        app = _bearer_guard(app, token)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.setblocking(False)
    userver = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    bound = sock.getsockname()[1]
    task = asyncio.create_task(userver.serve(sockets=[sock]))
    try:
        while not userver.started and not task.done():
            await asyncio.sleep(0.01)
        if on_ready is not None and userver.started:
            on_ready(f"http://{host}:{bound}/mcp")
        if stop is None:
            await task
        else:
            waiter = asyncio.create_task(stop.wait())
            await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
    finally:
        # uvicorn's own graceful path: stop accepting, finish in-flight requests, run lifespan exit
        userver.should_exit = True
        with contextlib.suppress(asyncio.CancelledError):
            await task
        sock.close()
