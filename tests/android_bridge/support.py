"""Shared helpers for the bridge's front-end tests.

``PepMediator`` is the test double the front ends were built against before the real Mediator
landed: it has the Mediator's public surface and *does* go through a real ``host_pep`` PEP
(decide -> execute -> record_result -> trace), with executors that are plain functions instead
of device calls. End-to-end tests use the real Mediator and the virtual device instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web
from pydantic import BaseModel

from android_bridge.api.models import ToolSpec
from android_bridge.api.server import make_app
from android_bridge.api.service import BridgeService
from android_bridge.events.uixml import contact_details
from host_pep.events import AgentEvent

TOKEN = "t" * 43
PHONE = "138 1234 5678"
SERIAL = "virtual-test-1"


def make_pep(tmp_path: Path | None = None, **kw: Any) -> Any:
    from host_pep.pep import PEP

    audit = str(tmp_path / "audit.db") if tmp_path is not None else None
    return PEP.create(policy=kw.pop("policy", "default"), audit=audit, **kw)


class Outcome(BaseModel):
    verdict: Any
    executed: bool
    result: Any = None
    error: str | None = None
    screen_hash: str | None = None
    stale: bool = False


@dataclass
class Screen:
    xml: str
    hash: str
    package: str | None = None

    @property
    def png(self) -> bytes:
        return b"\x89PNG\r\n\x1a\n" + hashlib.sha256(self.xml.encode()).digest()


def _lookup(args: dict[str, Any]) -> Any:
    return {"name": args.get("name", "Zhang Wei"), "phone": PHONE, "email": "zhang.wei@example.com"}


DEFAULT_EXECUTORS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "contacts.lookup": _lookup,
    "calendar.create_event": lambda a: {"created": True, "id": 7},
    "notes.create": lambda a: {"created": True},
}

TOOLS = [
    ToolSpec(
        name="contacts.lookup",
        description="Look a contact up by name",
        input_schema={
            "type": "object",
            "properties": {"name": {"type": "string"}},
            "required": ["name"],
        },
        read_only=True,
        destructive=False,
    ),
    ToolSpec(
        name="calendar.create_event",
        description="Create a calendar event",
        input_schema={
            "type": "object",
            "properties": {"title": {"type": "string"}, "notes": {"type": "string"}},
            "required": ["title"],
        },
        read_only=False,
        destructive=False,
    ),
    ToolSpec(
        name="notes.create",
        description="Create a note",
        input_schema={
            "type": "object",
            "properties": {"title": {"type": "string"}, "body": {"type": "string"}},
            "required": ["title"],
        },
        read_only=False,
        destructive=False,
    ),
]


class PepMediator:
    def __init__(
        self,
        pep: Any,
        *,
        recorder: Any = None,
        executors: dict[str, Callable[[dict[str, Any]], Any]] | None = None,
        screen_xml: str | None = None,
    ) -> None:
        self.pep = pep
        self.recorder = recorder
        self.executors = dict(DEFAULT_EXECUTORS if executors is None else executors)
        self.sessions: dict[str, str] = {}
        self.screen_xml = screen_xml or contact_details()
        self.executed: list[AgentEvent] = []

    def bind_session(self, session: str, serial: str) -> None:
        self.sessions[session] = serial

    def _hash(self) -> str:
        return hashlib.sha256(self.screen_xml.encode()).hexdigest()[:16]

    async def screen(self, serial: str | None = None, *, session: str | None = None) -> Screen:
        m = re.search(r'package="([^"]+)"', self.screen_xml)
        return Screen(self.screen_xml, self._hash(), m.group(1) if m else None)

    async def submit(
        self, event: AgentEvent | dict[str, Any], *, screen_hash: str | None = None
    ) -> Outcome:
        ev = event if isinstance(event, AgentEvent) else AgentEvent.parse(event)
        if screen_hash is not None and screen_hash != self._hash():
            verdict = await self.pep.decide(ev)
            return Outcome(
                verdict=verdict,
                executed=False,
                stale=True,
                error="stale screen",
                screen_hash=self._hash(),
            )
        verdict = await self.pep.decide(ev)
        result, error, executed = None, None, False
        if verdict.decision.lets_through:
            payload = verdict.rewritten if verdict.rewritten is not None else ev.payload
            fn = self.executors.get(ev.target)
            if fn is None:
                error = f"no executor for {ev.target!r}"
            else:
                try:
                    result = fn(payload)
                    executed = True
                    await self.pep.record_result(ev, verdict, result)
                except Exception as exc:
                    error = f"{type(exc).__name__}: {exc}"
        if executed:
            self.executed.append(ev)
        if self.recorder is not None:
            self.recorder.record(
                event=ev,
                verdict=verdict,
                screen_hash=None,
                screen_xml=None,
                result=result,
                error=error,
            )
        return Outcome(verdict=verdict, executed=executed, result=result, error=error)


def make_service(
    pep: Any, mediator: Any = None, *, recorder: Any = None, tools: list[ToolSpec] | None = None
) -> BridgeService:
    mediator = mediator or PepMediator(pep, recorder=recorder)
    return BridgeService(
        pep,
        mediator,
        devices=[SERIAL],
        tools=TOOLS if tools is None else tools,
        recorder=recorder,
        version="test",
    )


@contextlib.asynccontextmanager
async def running(service: BridgeService, token: str = TOKEN, **kw: Any) -> AsyncIterator[str]:
    """Serve ``service`` on 127.0.0.1:<free port>; yield the base URL."""
    runner = web.AppRunner(make_app(service, token, **kw), access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


def tool_event(
    agent: str, target: str, payload: dict[str, Any], channel: str = "tool"
) -> dict[str, Any]:
    return {
        "agent": agent,
        "channel": channel,
        "action": "tool_call",
        "target": target,
        "payload": payload,
    }


# -- a real `droidgate serve` subprocess ------------------------------------------------------
def droidgate_bin() -> str:
    import sys

    return str(Path(sys.executable).with_name("droidgate"))


@dataclass
class Daemon:
    proc: Any
    url: str
    token: str
    token_file: Path
    devices: list[str]
    audit: Path
    trace: Path | None
    state_dir: Path

    def stop(self, timeout: float = 20.0) -> int:
        import signal
        import subprocess

        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        return int(self.proc.returncode)


def start_daemon(state_dir: Path, *extra: str, timeout: float = 180.0, verbose: int = 0) -> Daemon:
    """Start ``droidgate serve --json`` and wait for its ready line (stderr goes to a file;
    ``verbose`` adds ``-v`` flags: debug logging). A daemon compiles every language's patterns
    before it serves (~15 s of CPU): three starting at once on a busy two-core host took over
    a minute, so the wait is generous; a daemon that fails says so at once (its exit is seen)."""
    import json as _json
    import selectors
    import subprocess
    import time

    state_dir.mkdir(parents=True, exist_ok=True)
    with (state_dir / "daemon.stderr").open("wb") as errlog:
        proc = subprocess.Popen(
            [
                droidgate_bin(),
                *(["-" + "v" * verbose] if verbose else []),
                "serve",
                "--port",
                "0",
                "--json",
                "--state-dir",
                str(state_dir),
                # serve holds escalations for a human by default; a test that wants that says so
                *([] if "--escalations" in extra else ["--escalations", "deny"]),
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=errlog,
        )
    sel = selectors.DefaultSelector()
    assert proc.stdout is not None
    sel.register(proc.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    line = b""
    while time.monotonic() < deadline and not line.endswith(b"\n"):
        if proc.poll() is not None:
            break
        if sel.select(timeout=0.5):
            chunk = proc.stdout.readline()
            if not chunk:
                break
            line += chunk
    sel.close()
    if not line.endswith(b"\n"):
        proc.kill()
        proc.wait()
        proc.stdout.close()
        raise RuntimeError(
            f"droidgate serve did not start: {(state_dir / 'daemon.stderr').read_text()[-2000:]}"
        )
    info = _json.loads(line)
    token_file = Path(info["token_file"])
    return Daemon(
        proc=proc,
        url=info["url"],
        token=token_file.read_text().strip(),
        token_file=token_file,
        devices=info["devices"],
        audit=Path(info["audit"]),
        trace=Path(info["trace"]) if info.get("trace") else None,
        state_dir=state_dir,
    )
