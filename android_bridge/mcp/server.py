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
from android_bridge.gateway.arguments import ArgumentError
from android_bridge.mcp.tools import McpTool, bridge_call, mcp_tools, packages

if TYPE_CHECKING:
    from mcp.server import Server


def _require_sdk() -> None:
    try:
        import mcp.server  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "the MCP server needs the 'mcp' extra: pip install 'droidgate[mcp]'"
        ) from exc


class UnknownToolError(LookupError):
    """A call of a tool nobody provides; answered as a JSON-RPC error before any decision."""

    def __init__(self, name: str) -> None:
        from android_bridge.tools.directory import unknown_tool_message

        self.name = name
        self.message = unknown_tool_message(name)
        super().__init__(self.message)


def _error(code: str, message: str, field: str | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "field": field}}


class McpFrontend:
    """Maps MCP tool calls to bridge submissions for one (session, agent)."""

    def __init__(self, bridge: Bridge, *, session: str, agent: str) -> None:
        self.bridge = bridge
        self.session = session
        self.agent = agent

    async def listing(self) -> list[McpTool]:
        """The tools as listed now (an upstream may have re-listed since the last call)."""
        return mcp_tools(list(await self.bridge.tools()))

    async def tools(self) -> dict[str, McpTool]:
        """Name and alias -> tool."""
        out: dict[str, McpTool] = {}
        for tool in await self.listing():
            out.setdefault(tool.name, tool)
            for alias in tool.aliases:
                out.setdefault(alias, tool)
        return out

    def on_tools_changed(self, listener: Callable[[], Awaitable[None] | None]) -> bool:
        watch = getattr(self.bridge, "on_tools_changed", None)
        return bool(watch(listener)) if watch is not None else False

    async def call(
        self, name: str, args: dict[str, Any]
    ) -> tuple[bool, dict[str, Any], bytes | None]:
        """(is_error, structured result, optional PNG). Raises UnknownToolError."""
        tool = (await self.tools()).get(name)
        if tool is None:
            raise UnknownToolError(name)
        try:
            call = bridge_call(tool, args, self.agent)
        except ArgumentError as exc:
            return True, _error("invalid_arguments", exc.message, exc.field), None
        except (ValueError, ValidationError) as exc:
            return True, _error("invalid_arguments", f"bad arguments: {exc}", "arguments"), None
        try:
            if call.kind == "screen":
                return await self._screen(args)
            if call.kind == "device":
                info = await self.bridge.device(self.session)
                return False, {"devices": [info.model_dump(mode="json")]}, None
            assert call.event is not None
            out = await self.bridge.submit(self.session, call.event, screen_hash=call.screen_hash)
        except BridgeError as exc:
            if exc.code == "unknown_tool":
                raise UnknownToolError(name) from exc
            field = exc.field
            if field and field.startswith("payload") and call.kind == "tool":
                field = "arguments" + field.removeprefix("payload")  # the MCP caller's word
            return True, _error(exc.code, exc.message, field), None
        data = out.model_dump(mode="json")
        if not out.executed and out.decision not in ("allow", "rewrite"):
            verdict = out.verdict
            rules = ", ".join(verdict.rule_ids) or "no rule id"
            data["message"] = (
                f"droidgate did not let {name} through: {out.decision} at "
                f"{getattr(verdict.stage, 'value', verdict.stage)} ({rules}): {verdict.reason}"
            )
        elif not out.executed:
            data["message"] = f"{name} was allowed but not executed: {out.error}"
        if call.post == "packages" and out.executed and isinstance(out.result, dict):
            data["result"] = {
                "packages": packages(str(out.result.get("output", ""))),
                "exit_code": out.result.get("exit_code"),
            }
        upstream_error = isinstance(out.result, dict) and out.result.get("isError") is True
        return not out.executed or upstream_error, data, None

    async def _screen(self, args: dict[str, Any]) -> tuple[bool, dict[str, Any], bytes | None]:
        fmt = args.get("format", "elements")
        shot = await self.bridge.screen(self.session)
        data: dict[str, Any] = {
            "hash": shot.hash,
            "package": shot.package,
            "width": shot.width,
            "height": shot.height,
            "rotation": shot.rotation,
            "elements": shot.elements,
        }
        if fmt == "xml":
            data["xml"] = shot.xml
        elif fmt == "text":
            from android_bridge.planner.screen_text import screen_text

            data["screen"] = screen_text(shot.xml)
        want_png = bool(args.get("screenshot") or args.get("image"))
        png = await self.bridge.screen_png(self.session) if want_png else None
        return False, data, png


def _passthrough(types: Any, data: dict[str, Any]) -> list[Any] | None:
    """An upstream tool's own content (text, images, resources), as the upstream sent it; the
    structured result still carries droidgate's answer (decision, verdict, the raw result)."""
    result = data.get("result")
    if not (data.get("executed") and isinstance(result, dict) and "isError" in result):
        return None
    try:
        parsed = types.CallToolResult.model_validate({"content": result.get("content", [])})
    except Exception:
        return None
    return list(parsed.content) or None


def _annotations(t: McpTool) -> dict[str, Any]:
    ann = dict(t.annotations)
    ann.setdefault("readOnlyHint", t.read_only)
    ann.setdefault("destructiveHint", t.destructive)
    return {
        "read_only_hint": ann.get("readOnlyHint"),
        "destructive_hint": ann.get("destructiveHint"),
        "idempotent_hint": ann.get("idempotentHint"),
        "open_world_hint": ann.get("openWorldHint"),
        "title": ann.get("title"),
    }


def build_server(frontend: McpFrontend, *, name: str = "droidgate") -> Server[Any]:
    _require_sdk()
    import mcp.types as types
    from mcp.server import Server, ServerRequestContext
    from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler
    from mcp.shared.exceptions import MCPError
    from mcp.shared.subscriptions import ToolsListChanged
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    bus = InMemorySubscriptionBus()
    # the clients that have talked to this server, newest last (bounded: HTTP clients come and go)
    sessions: dict[int, Any] = {}

    def remember(session: Any) -> None:
        # a ServerSession is per request; the connection under it is the client
        conn = getattr(session, "_connection", None) or session
        if str(getattr(conn, "protocol_version", "")) in MODERN_PROTOCOL_VERSIONS:
            return  # 2026 clients hear of changes on their subscriptions/listen stream
        sessions.pop(id(conn), None)
        sessions[id(conn)] = conn
        while len(sessions) > 256:
            sessions.pop(next(iter(sessions)))

    async def tools_changed() -> None:
        """Tell connected clients to list again: a subscription event (2026 clients) and the
        list_changed notification (handshake-era clients)."""
        await bus.publish(ToolsListChanged())
        for key, session in list(sessions.items()):
            try:
                await session.send_tool_list_changed()
            except Exception:  # that client is gone
                sessions.pop(key, None)

    changing = frontend.on_tools_changed(tools_changed)

    async def list_tools(ctx: ServerRequestContext[Any], params: Any) -> types.ListToolsResult:
        remember(ctx.session)
        return types.ListToolsResult(
            tools=[
                types.Tool(
                    name=t.name,
                    description=t.description,
                    input_schema=t.input_schema,
                    annotations=types.ToolAnnotations(**_annotations(t)),
                )
                for t in await frontend.listing()
            ]
        )

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        remember(ctx.session)
        try:
            is_error, data, png = await frontend.call(params.name, dict(params.arguments or {}))
        except UnknownToolError as exc:
            raise MCPError(
                types.INVALID_PARAMS, exc.message, {"code": "unknown_tool", "tool": exc.name}
            ) from exc
        content: list[Any] = _passthrough(types, data) or [
            types.TextContent(text=json.dumps(data, default=str))
        ]
        if png:
            content.append(
                types.ImageContent(data=base64.b64encode(png).decode(), mime_type="image/png")
            )
        return types.CallToolResult(content=content, structured_content=data, is_error=is_error)

    server: Server[Any] = Server(
        name,
        version=_version(),
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_subscriptions_listen=ListenHandler(bus),
    )
    server.droidgate_tools_can_change = changing  # type: ignore[attr-defined]
    return server


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("droidgate")
    except PackageNotFoundError:
        return "0"


def _init_options(server: Server[Any]) -> Any:
    from mcp.server.lowlevel.server import NotificationOptions

    changing = bool(getattr(server, "droidgate_tools_can_change", False))
    return server.create_initialization_options(NotificationOptions(tools_changed=changing))


async def serve_stdio(server: Server[Any]) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, _init_options(server))


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
