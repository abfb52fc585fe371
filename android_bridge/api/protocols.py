"""The seams the bridge's front ends (HTTP API, MCP server, planner) depend on.

``MediatorLike`` is android_bridge.mediator.Mediator's public surface; ``PEPLike`` the part of
host_pep.pep.PEP the bridge uses (the Mediator and the control-plane routes alike). Typing against
these keeps the front ends testable with the real objects and independent of how either is built.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from host_pep.audit import AuditLog
from host_pep.control.plane import ControlPlane
from host_pep.events import AgentEvent
from host_pep.semantics import Completion, ObservedValue
from host_pep.verdict import Verdict


class ScreenLike(Protocol):
    xml: str
    hash: str


class OutcomeLike(Protocol):
    verdict: Any
    executed: bool
    result: Any
    error: str | None
    screen_hash: str | None
    stale: bool


class MediatorLike(Protocol):
    async def submit(self, event: Any, *, screen_hash: str | None = None) -> Any: ...

    async def screen(self, serial: str | None = None, *, session: str | None = None) -> Any: ...

    def bind_session(self, session: str, serial: str) -> None: ...


class PEPLike(Protocol):
    """host_pep.pep.PEP as the bridge uses it. The Mediator asks it for a verdict, commits what
    it completed (``completion``), hands it the result and audits refusals through it; the
    control-plane routes read and change its rules, escalations and audit."""

    rules: ControlPlane
    audit: AuditLog

    @property
    def escalations(self) -> Any: ...

    def read_request(self, request: str) -> None: ...

    async def decide(
        self, event: AgentEvent | dict[str, Any], *, dry_run: bool = False
    ) -> Verdict: ...

    async def record_result(self, event: AgentEvent, verdict: Verdict, result: Any) -> int: ...

    def observe(
        self,
        session: str,
        values: Iterable[ObservedValue],
        *,
        event_id: str = "",
        agent: str = "",
        device: str | None = None,
    ) -> int: ...

    def completion(self, event: AgentEvent) -> Completion | None: ...

    def record_error(self, session: str, detail: dict[str, Any], *, agent: str = "") -> int: ...

    def end_session(self, session: str) -> int: ...


class Bridge(Protocol):
    """What the MCP server and the planner need: implemented by BridgeClient (over HTTP) and by
    LocalBridge (in-process, over a BridgeService). Errors are ``BridgeError``s either way."""

    async def tools(self) -> Any: ...

    async def submit(
        self, session: str, event: dict[str, Any], *, screen_hash: str | None = None
    ) -> Any: ...

    async def screen(self, session: str) -> Any: ...

    async def screen_png(self, session: str) -> bytes: ...

    async def device(self, session: str) -> Any: ...
