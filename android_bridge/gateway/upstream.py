"""One upstream MCP server: a connection kept open by a task of its own.

The task connects (stdio: starts the server with only its own credentials in its environment;
HTTP: sends only its own headers), reads the complete tool list, and reads it again whenever the
server says it changed — ``notifications/tools/list_changed`` on handshake-era connections, a
``subscriptions/listen`` event on 2026 ones. A connection that drops is re-established with
backoff; meanwhile calls fail at once (closed), never wait for a server that is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO

from android_bridge.gateway.config import UpstreamSpec, resolved_env, resolved_headers

log = logging.getLogger(__name__)

MAX_PAGES = 50
BACKOFF_S = (0.2, 0.5, 1.0, 2.0, 5.0, 10.0)


class UpstreamUnavailable(Exception):
    """The upstream could not be reached, dropped the connection, or did not answer in time."""


class UpstreamError(Exception):
    """The upstream answered the call with a protocol error."""


ToolsCallback = Callable[["UpstreamClient", list[Any]], Awaitable[None]]


class UpstreamClient:
    def __init__(
        self,
        spec: UpstreamSpec,
        on_tools: ToolsCallback,
        *,
        errlog: Path | None = None,
        connect_timeout: float = 20.0,
    ) -> None:
        self.spec = spec
        self.name = spec.name
        self._on_tools = on_tools
        self._errlog_path = errlog
        self._connect_timeout = connect_timeout
        self._client: Any = None
        self._task: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._refresh = asyncio.Event()
        self._lost = asyncio.Event()
        self._listed = asyncio.Event()
        self.connected = False
        self.last_error: str | None = None
        self.protocol: str | None = None
        self.connected_at: float | None = None

    # -- lifecycle ------------------------------------------------------------------------------

    async def start(self, *, wait: float | None = None) -> None:
        """Start the connection task; wait (bounded) for the first tool list."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"upstream-{self.name}")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._listed.wait(), wait or self._connect_timeout)

    async def close(self) -> None:
        self._stop.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        self.connected = False

    def _errlog(self) -> TextIO:
        if self._errlog_path is not None:
            self._errlog_path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd = os.open(self._errlog_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            return os.fdopen(fd, "a", encoding="utf-8")
        try:
            sys.stderr.fileno()
            return sys.stderr
        except (AttributeError, OSError, ValueError):
            return open(os.devnull, "w", encoding="utf-8")

    def _transport(self, stack: contextlib.AsyncExitStack, errlog: TextIO) -> Any:
        if self.spec.command is not None:
            from mcp import StdioServerParameters
            from mcp.client.stdio import stdio_client

            params = StdioServerParameters(
                command=self.spec.command[0],
                args=self.spec.command[1:],
                env=resolved_env(self.spec),
                cwd=self.spec.cwd,
            )
            return stdio_client(params, errlog=errlog)
        import httpx2
        from mcp.client.streamable_http import streamable_http_client

        assert self.spec.url is not None
        http = httpx2.AsyncClient(
            headers=resolved_headers(self.spec),
            timeout=httpx2.Timeout(self.spec.timeout_s, read=None),
        )
        stack.push_async_callback(http.aclose)
        return streamable_http_client(self.spec.url, http_client=http)

    async def _run(self) -> None:
        attempt = 0
        while not self._stop.is_set():
            try:
                await self._session()
                attempt = 0
            except asyncio.CancelledError:
                raise
            except BaseException as exc:  # an ExceptionGroup from anyio, an OSError, …
                self.last_error = _describe(exc)
                log.warning("upstream %s: %s", self.name, self.last_error)
            self.connected = False
            self._client = None
            if self._stop.is_set():
                return
            delay = BACKOFF_S[min(attempt, len(BACKOFF_S) - 1)]
            attempt += 1
            self._refresh.clear()
            # a call that finds the upstream down asks for a reconnect now
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._refresh.wait(), delay)

    async def _session(self) -> None:
        from mcp import Client

        errlog = self._errlog()
        async with contextlib.AsyncExitStack() as stack:
            if errlog is not sys.stderr:
                stack.callback(errlog.close)
            client = Client(
                self._transport(stack, errlog),
                mode=self.spec.protocol,
                message_handler=self._message,
                read_timeout_seconds=self.spec.timeout_s,
                cache=None,
            )
            await stack.enter_async_context(client)
            self._client = client
            self.protocol = client.protocol_version
            self._lost.clear()
            self._refresh.clear()
            await self._list()
            self.connected = True
            self.connected_at = time.time()
            self.last_error = None
            listen: asyncio.Task[None] | None = None
            caps = client.server_capabilities.tools
            if self.protocol.startswith("2026") and caps is not None and caps.list_changed:
                listen = asyncio.create_task(self._listen(client))
            try:
                while not self._stop.is_set():
                    waiters = [
                        asyncio.create_task(e.wait())
                        for e in (self._refresh, self._lost, self._stop)
                    ]
                    _, pending = await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
                    for p in pending:
                        p.cancel()
                    if self._lost.is_set():
                        raise UpstreamUnavailable(self.last_error or "the connection dropped")
                    if self._refresh.is_set():
                        self._refresh.clear()
                        await self._list()
            finally:
                if listen is not None:
                    listen.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await listen

    async def _list(self) -> None:
        client = self._client
        tools: list[Any] = []
        cursor: str | None = None
        for _ in range(MAX_PAGES):
            page = await client.list_tools(cursor=cursor)
            tools.extend(page.tools)
            cursor = page.next_cursor
            if not cursor:
                break
        await self._on_tools(self, tools)
        self._listed.set()

    async def _message(self, message: Any) -> None:
        """Runs on the session's reader: only flags work for the connection task."""
        import mcp.types as types

        root = getattr(message, "root", message)
        if isinstance(root, types.ToolListChangedNotification):
            self._refresh.set()
        elif isinstance(message, Exception):
            self.last_error = _describe(message)
            self._lost.set()

    async def _listen(self, client: Any) -> None:
        try:
            async with client.listen(tools_list_changed=True) as sub:
                async for _event in sub:
                    self._refresh.set()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the listen stream ending is not the connection ending
            log.debug("upstream %s: listen stream ended: %s", self.name, exc)

    # -- calls ----------------------------------------------------------------------------------

    async def call(self, tool: str, arguments: dict[str, Any]) -> Any:
        """Forward one call; the upstream's CallToolResult. Raises UpstreamUnavailable or
        UpstreamError; never retries (a retried write could run twice)."""
        client = self._client
        if client is None or not self.connected:
            self._refresh.set()  # reconnect now rather than after the backoff
            why = f": {self.last_error}" if self.last_error else ""
            raise UpstreamUnavailable(f"upstream {self.name!r} is not connected{why}")
        from mcp.shared.exceptions import MCPError

        try:
            return await asyncio.wait_for(
                client.call_tool(tool, arguments, read_timeout_seconds=self.spec.timeout_s),
                self.spec.timeout_s + 1,
            )
        except TimeoutError as exc:
            raise UpstreamUnavailable(
                f"upstream {self.name!r} did not answer within {self.spec.timeout_s:g} s"
            ) from exc
        except MCPError as exc:
            if _connection_error(exc):
                self.last_error = _describe(exc)
                self._lost.set()
                raise UpstreamUnavailable(f"upstream {self.name!r}: {self.last_error}") from exc
            raise UpstreamError(f"upstream {self.name!r} refused the call: {exc}") from exc
        except (OSError, EOFError, RuntimeError, Exception) as exc:
            self.last_error = _describe(exc)
            self._lost.set()
            raise UpstreamUnavailable(f"upstream {self.name!r}: {self.last_error}") from exc


def _connection_error(exc: Any) -> bool:
    from mcp_types import CONNECTION_CLOSED

    code = getattr(getattr(exc, "error", None), "code", None)
    if code is None:
        code = getattr(exc, "code", None)
    return bool(code == CONNECTION_CLOSED)


def _describe(exc: BaseException) -> str:
    inner: BaseException = exc
    while isinstance(inner, BaseExceptionGroup) and inner.exceptions:
        inner = inner.exceptions[0]
    text = str(inner) or type(inner).__name__
    return f"{type(inner).__name__}: {text}"[:500]
