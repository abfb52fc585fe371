"""The attack suite's harness: a real `droidgate serve --virtual 1`, its device through the real
adb, the operator's client, and agent clients per session.

Everything an attack test needs to say "and nothing changed":

* ``Target.device``: the daemon's virtual device, read the way an evaluator would (``adb shell
  content query``, ``settings``, ``pm``), never through the daemon;
* ``Target.governance()``: what the operator governs (rules and revision, sessions and their
  user requests, pending escalations), to compare before and after an attack;
* ``Target.raw()``: one request exactly as given (any token, any header, any bytes);
* ``Sessions.open()``: a session opened by the operator, with an agent client per agent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from android_bridge.api.client import BridgeClient, SessionAgents
from android_bridge.api.models import SessionCredentials
from scenarios.android.device_state import Changes, Snapshot, diff, snapshot
from tests.android_bridge.support import Daemon, start_daemon

CALENDAR = "content://com.android.calendar/events"
SMS_INBOX = "content://sms/inbox"
SMS_SENT = "content://sms/sent"
CONTACTS = "content://com.android.contacts/contacts"


@dataclass
class DaemonDevice:
    """The daemon's device through the real adb CLI on the daemon's private adb server."""

    serial: str
    adb_port: int

    def shell(self, command: str) -> str:
        from emulator_setup.adb_server import find_adb

        proc = subprocess.run(
            [find_adb(), "-P", str(self.adb_port), "-s", self.serial, "shell", command],
            capture_output=True,
            timeout=30,
            check=False,
        )
        if proc.returncode != 0 and proc.stderr.startswith(b"error:"):
            raise RuntimeError(f"adb shell {command!r}: {proc.stderr.decode().strip()}")
        return proc.stdout.decode("utf-8", "replace")

    def rows(self, uri: str) -> str:
        """``content query`` output of ``uri`` (what a value check greps)."""
        return self.shell(f"content query --uri {uri}")

    def snapshot(self) -> Snapshot:
        return snapshot(self.shell)

    def changes_since(self, before: Snapshot) -> Changes:
        return diff(before, self.snapshot())

    def unchanged_since(self, before: Snapshot) -> bool:
        changes = self.changes_since(before)
        return not changes.counts()


@dataclass
class Raw:
    status: int
    body: Any
    headers: dict[str, str]


@dataclass
class Target:
    """One running daemon under attack."""

    daemon: Daemon
    device: DaemonDevice
    trace: Path | None = None

    @property
    def url(self) -> str:
        return self.daemon.url

    @property
    def operator_token(self) -> str:
        return self.daemon.token

    def operator(self) -> BridgeClient:
        return BridgeClient(self.url, self.operator_token, timeout=90)

    async def raw(
        self,
        method: str,
        path: str,
        *,
        token: str | None = None,
        headers: dict[str, str] | None = None,
        **kw: Any,
    ) -> Raw:
        """One request as given; ``token`` goes into ``Authorization: Bearer``."""
        hdrs = dict(headers or {})
        if token is not None:
            hdrs["Authorization"] = f"Bearer {token}"
        async with (
            aiohttp.ClientSession() as http,
            http.request(method, self.url + path, headers=hdrs, **kw) as resp,
        ):
            text = await resp.text()
            try:
                body: Any = json.loads(text)
            except ValueError:
                body = text
            return Raw(resp.status, body, dict(resp.headers))

    async def governance(self) -> dict[str, Any]:
        """What the operator governs, as the operator sees it."""
        async with self.operator() as op:
            rules = await op.rules()
            sessions = sorted(
                (s.session, s.serial, tuple(s.agents), s.user_request) for s in await op.sessions()
            )
            escalations = await op.escalations()
        return {
            "revision": rules.revision,
            "rules": sorted(json.dumps(r, sort_keys=True) for r in rules.rules),
            "sessions": sessions,
            "escalations": sorted(json.dumps(e, sort_keys=True) for e in escalations),
        }

    def trace_records(self) -> list[dict[str, Any]]:
        if self.trace is None or not self.trace.exists():
            return []
        return [json.loads(line) for line in self.trace.read_text().splitlines() if line.strip()]


def start_target(state: Path, *extra: str, verbose: int = 0) -> Target:
    daemon = start_daemon(
        state, "--virtual", "1", "--trace-dir", str(state / "traces"), *extra, verbose=verbose
    )
    info = json.loads((state / "daemon.json").read_text())
    device = DaemonDevice(serial=daemon.devices[0], adb_port=int(info["adb_port"]))
    return Target(daemon, device, daemon.trace)


def stop_target(target: Target) -> int:
    return target.daemon.stop()


@dataclass
class AgentSession:
    """A session the operator opened, with one client per agent (its own token)."""

    info: SessionCredentials
    agents: SessionAgents
    tokens: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.info.session

    def agent(self, name: str) -> BridgeClient:
        return self.agents.agent(name)


class Sessions:
    """Opens sessions as the operator; ends what is still open when the test ends."""

    def __init__(self, target: Target, operator: BridgeClient) -> None:
        self.target = target
        self.operator = operator
        self._opened: list[str] = []

    async def open(
        self, agents: list[str], user_request: str = "", session: str | None = None
    ) -> AgentSession:
        info = await self.operator.create_session(
            agents=agents, user_request=user_request, session=session
        )
        self._opened.append(info.session)
        return AgentSession(
            info, SessionAgents(self.operator, info.agent_tokens), info.agent_tokens
        )

    async def close(self) -> None:
        open_now = {s.session for s in await self.operator.sessions()}
        for sid in self._opened:
            if sid in open_now:
                with contextlib.suppress(Exception):
                    await self.operator.end_session(sid)


@contextlib.asynccontextmanager
async def sessions(target: Target) -> AsyncIterator[Sessions]:
    async with target.operator() as op:
        opened = Sessions(target, op)
        try:
            yield opened
        finally:
            await opened.close()


def api(agent: str, command: str) -> dict[str, Any]:
    return {"agent": agent, "channel": "api", "action": "api_call", "payload": {"command": command}}


def tool(agent: str, target: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {
        "agent": agent,
        "channel": "tool",
        "action": "tool_call",
        "target": target,
        "payload": payload,
    }


def gui(agent: str, action: str, payload: dict[str, Any], target: str = "") -> dict[str, Any]:
    return {
        "agent": agent,
        "channel": "gui",
        "action": action,
        "target": target,
        "payload": payload,
    }


async def send_raw(host: str, port: int, data: bytes, *, read_timeout: float = 5.0) -> bytes:
    """Write ``data`` on a fresh TCP connection, read until the server closes or goes quiet."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(data)
        await writer.drain()
        out = b""
        with contextlib.suppress(TimeoutError, ConnectionError):
            while True:
                chunk = await asyncio.wait_for(reader.read(65536), read_timeout)
                if not chunk:
                    break
                out += chunk
        return out
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


def host_port(url: str) -> tuple[str, int]:
    hostport = url.split("://", 1)[1]
    host, port = hostport.rsplit(":", 1)
    return host, int(port)
