"""The seams the bridge's front ends (HTTP API, MCP server, planner) depend on.

``MediatorLike`` is android_bridge.mediator.Mediator's public surface; ``PEPLike`` the part of
host_pep.pep.PEP the control-plane routes use. Typing against these keeps the front ends testable
with the real objects and independent of how either is built.
"""

from __future__ import annotations

from typing import Any, Protocol


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
    @property
    def rules(self) -> Any: ...

    @property
    def escalations(self) -> Any: ...

    @property
    def audit(self) -> Any: ...

    async def decide(self, event: Any) -> Any: ...

    def end_session(self, session: str) -> Any: ...


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
