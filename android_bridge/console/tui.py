"""The terminal console: decisions as they are made and the escalations waiting, redrawn live
with rich; ``a``/``d`` answer the selected escalation.

It reads the same stream as the web console (``GET /console/stream``, with the operator's bearer
token: no cookie, no CSRF) and answers through the API (``POST /v1/escalations/{id}/approve``),
so its answers are audited as the terminal's, with the operator's name.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from android_bridge.api.client import BridgeClient, BridgeError, tls_context
from host_pep.cli.exits import ExitCode

KEEP = 200
SHOWN = 15
_STYLE = {"allow": "green", "deny": "bold red", "escalate": "yellow", "rewrite": "magenta"}


async def sse_events(
    http: aiohttp.ClientSession, url: str, headers: dict[str, str]
) -> AsyncIterator[tuple[str, str]]:
    """(event, data) pairs of a server-sent event stream, until it ends."""
    async with http.get(url, headers=headers) as resp:
        if resp.status != 200:
            raise BridgeError(resp.status, "stream", (await resp.text())[:200])
        event, data = "message", list[str]()
        async for raw in resp.content:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if not line:
                if data:
                    yield event, "\n".join(data)
                event, data = "message", []
            elif line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip())


@dataclass
class View:
    decisions: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=KEEP))
    pending: list[dict[str, Any]] = field(default_factory=list)
    selected: int = 0
    status: str = "connecting…"
    said: str = ""

    def current(self) -> dict[str, Any] | None:
        if not self.pending:
            return None
        self.selected = max(0, min(self.selected, len(self.pending) - 1))
        return self.pending[self.selected]

    def render(self) -> RenderableType:
        now = time.time()
        dec = Table(title="decisions (newest first)", expand=True, title_justify="left")
        for col in ("time", "session", "agent", "action", "target", "decision", "stage", "reason"):
            dec.add_column(col, overflow="fold")
        for r in list(self.decisions)[:SHOWN]:
            decision = str(r.get("decision") or "")
            dec.add_row(
                time.strftime("%H:%M:%S", time.localtime(float(r.get("ts", 0)))),
                str(r.get("session", "")),
                str(r.get("agent", "")),
                f"{r.get('channel', '')} {r.get('action', '')}",
                str(r.get("target", "")),
                Text(decision, style=_STYLE.get(decision, "")),
                str(r.get("stage", "")),
                str(r.get("reason", ""))[:120],
            )
        esc = Table(title="escalations waiting", expand=True, title_justify="left")
        for col in ("", "id", "left", "session", "agent", "action", "why"):
            esc.add_column(col, overflow="fold")
        current = self.current()
        for e in self.pending:
            req = e.get("request") or {}
            mark = "▶" if e is current else " "
            left = max(0, round(float(e.get("deadline", now)) - now))
            esc.add_row(
                mark,
                str(e.get("id", "")),
                f"{left} s",
                str(req.get("session", "")),
                str(req.get("agent", "")),
                str(req.get("summary", "")),
                "; ".join(req.get("reasons", [])),
                style="reverse" if e is current else "",
            )
        if not self.pending:
            esc.add_row("", "none", "", "", "", "", "")
        keys = Text(
            "↑/↓ select · a approve · d deny · q quit    "
            + self.status
            + (f"    {self.said}" if self.said else ""),
            style="dim",
        )
        return Group(esc, dec, keys)


class TerminalConsole:
    def __init__(
        self,
        url: str,
        token: str,
        *,
        reason: str = "",
        by: str = "",
        tls_ca: Path | None = None,
        session: str = "",
    ) -> None:
        self.url = url
        self.token = token
        self.reason = reason or "answered in the terminal console"
        self.by = by
        self.tls_ca = tls_ca
        self.session = session
        self.view = View()
        self.changed = asyncio.Event()
        self.quit = asyncio.Event()

    async def refresh_pending(self, client: BridgeClient) -> None:
        self.view.pending = list(await client.escalations())
        self.changed.set()

    async def follow(self, http: aiohttp.ClientSession, client: BridgeClient) -> None:
        query = f"?session={self.session}" if self.session else ""
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "text/event-stream"}
        while not self.quit.is_set():
            try:
                async for event, data in sse_events(
                    http, f"{self.url}/console/stream{query}", headers
                ):
                    if event == "decision":
                        self.view.decisions.appendleft(json.loads(data))
                    elif event in ("escalation", "escalation_resolved"):
                        await self.refresh_pending(client)
                    elif event == "ready":
                        self.view.status = "live"
                    self.changed.set()
            except (aiohttp.ClientError, BridgeError, OSError) as exc:
                self.view.status = f"reconnecting… ({type(exc).__name__})"
                self.changed.set()
            await asyncio.sleep(1.0)

    async def answer(self, client: BridgeClient, approve: bool) -> None:
        current = self.view.current()
        if current is None:
            self.view.said = "nothing to answer"
            return
        call = client.approve if approve else client.deny
        try:
            done = await call(str(current["id"]), reason=self.reason, by=self.by)
            self.view.said = f"{done.id} {done.decision}"
        except BridgeError as exc:
            self.view.said = f"{current['id']}: {exc.message}"
        await self.refresh_pending(client)

    async def on_key(self, key: str, client: BridgeClient) -> None:
        if key in ("q", "\x03", "\x04"):
            self.quit.set()
        elif key in ("a", "d"):
            await self.answer(client, key == "a")
        elif key in ("\x1b[A", "k"):
            self.view.selected -= 1
        elif key in ("\x1b[B", "j"):
            self.view.selected += 1
        self.changed.set()


def _keys(data: bytes) -> list[str]:
    text = data.decode("utf-8", "ignore")
    out, i = [], 0
    while i < len(text):
        if text.startswith("\x1b[", i) and i + 2 < len(text):
            out.append(text[i : i + 3])
            i += 3
        else:
            out.append(text[i])
            i += 1
    return out


async def run_terminal_console(
    url: str,
    token: str,
    *,
    reason: str = "",
    by: str = "",
    once: bool = False,
    tls_ca: Path | None = None,
    session: str = "",
) -> int:
    from rich.console import Console
    from rich.live import Live

    tui = TerminalConsole(url, token, reason=reason, by=by, tls_ca=tls_ca, session=session)
    console = Console()
    ssl = tls_context(tls_ca)
    connector = aiohttp.TCPConnector(ssl=ssl) if ssl is not None else None
    async with (
        BridgeClient(url, token, tls_ca=tls_ca) as client,
        aiohttp.ClientSession(
            connector=connector, timeout=aiohttp.ClientTimeout(total=None, sock_connect=10)
        ) as http,
    ):
        try:
            await tui.refresh_pending(client)
            if once:
                for r in await client.audit_tail(SHOWN):
                    if r.get("kind") == "decision":
                        tui.view.decisions.appendleft(r)
                tui.view.status = "snapshot"
                console.print(tui.view.render())
                return ExitCode.OK
        except BridgeError as exc:
            print(f"droidgate console: {exc}", file=sys.stderr)
            return ExitCode.RUNTIME
        follow = asyncio.create_task(tui.follow(http, client))
        loop = asyncio.get_running_loop()
        fd = sys.stdin.fileno() if sys.stdin.isatty() else None
        old: Any = None
        keys: asyncio.Queue[str] = asyncio.Queue()
        if fd is not None:
            import termios
            import tty

            old = termios.tcgetattr(fd)
            tty.setcbreak(fd)

            def readable() -> None:
                for key in _keys(os.read(fd, 64)):
                    keys.put_nowait(key)

            loop.add_reader(fd, readable)
        try:
            with Live(
                tui.view.render(), console=console, refresh_per_second=4, screen=False
            ) as live:
                while not tui.quit.is_set():
                    get_key = asyncio.ensure_future(keys.get())
                    changed = asyncio.ensure_future(tui.changed.wait())
                    done, _ = await asyncio.wait(
                        {get_key, changed}, timeout=1.0, return_when=asyncio.FIRST_COMPLETED
                    )
                    for task in (get_key, changed):
                        if task not in done:
                            task.cancel()
                    if get_key in done:
                        await tui.on_key(get_key.result(), client)
                    tui.changed.clear()
                    live.update(tui.view.render())
        finally:
            if fd is not None:
                import termios

                loop.remove_reader(fd)
                termios.tcsetattr(fd, termios.TCSADRAIN, old)
            follow.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await follow
    return ExitCode.OK
