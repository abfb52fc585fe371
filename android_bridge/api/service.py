"""BridgeService: sessions, action submission and the control plane, independent of transport.

The HTTP API, the MCP server and the planner all go through one BridgeService, so every action
from every front end reaches the same Mediator (and so the same PEP session state). The service
issues the agents' tokens with the sessions it creates (``android_bridge.api.credentials``) and
checks, for every action, that the caller may act in that session as that agent. It stamps what
an agent must not choose: the session (from the path), the user's request (the session's, set by
the operator), the device (the session's serial); the mediator adds the screen it dumps itself.
Nothing else an agent puts into an event's ``context`` reaches the PEP.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import ValidationError

from android_bridge.api.credentials import (
    OPERATOR,
    AgentTokens,
    Principal,
    require_agent,
    require_operator,
    require_session,
)
from android_bridge.api.errors import (
    ApiError,
    bad_request,
    conflict,
    device_unavailable,
    not_found,
)
from android_bridge.api.jsonable import to_jsonable, to_object
from android_bridge.api.models import (
    ActionRequest,
    ActionResponse,
    AuditVerify,
    CreateSession,
    DecisionResponse,
    DeviceInfo,
    GatewayStatus,
    GatewayTool,
    ScreenResponse,
    SessionCredentials,
    SessionInfo,
    ToolAccepted,
    ToolSpec,
    UpstreamInfo,
)
from android_bridge.api.payloads import check_gui_payload
from android_bridge.api.protocols import MediatorLike, PEPLike
from android_bridge.tools.directory import ArgumentError, ToolDirectory, UnknownTool
from host_pep.audit.signed import SignedCheckpoint
from host_pep.events import AgentEvent
from host_pep.exceptions import (
    AuditUnavailable,
    ControlPlaneError,
    ControlPlaneUnavailable,
    EventValidationError,
    PolicyError,
)
from host_pep.pep import DEVICE_SCOPE
from host_pep.rules import FlowRule, RuleMode

log = logging.getLogger(__name__)


class SessionRegistry(Protocol):
    """Where a farm records which daemon serves which session (host_pep.control.registry)."""

    def session_opened(self, session: str, serial: str) -> None: ...

    def session_ended(self, session: str) -> None: ...


MAX_SESSIONS = 1024
READ_AHEAD_WAIT_S = 1.0
"""How long creating a session waits for the PEP to read its request (``read_request``)."""
READ_AHEAD_MAX_CHARS = 2000
"""Requests longer than this are read on their first decision's need, not ahead."""
"""Open sessions per daemon: each holds PEP memory, so a client cannot open them without end."""


@dataclass
class _Session:
    id: str
    serial: str
    user_request: str
    agents: list[str] = field(default_factory=list)
    created: float = field(default_factory=time.time)

    def info(self) -> SessionInfo:
        return SessionInfo(
            session=self.id,
            serial=self.serial,
            agents=list(self.agents),
            user_request=self.user_request,
            created=self.created,
        )


def screen_response(serial: str, scr: Any) -> ScreenResponse:
    """A dumped screen as the API answers it: XML, hash, and the compact element list."""
    from android_bridge.events.elements import elements_json, size
    from android_bridge.events.screen import parse_screen

    parsed = parse_screen(scr.xml)
    width, height = size(parsed)
    return ScreenResponse(
        serial=serial,
        hash=getattr(scr, "hash", None),
        package=getattr(scr, "package", None),
        xml=scr.xml,
        elements=elements_json(parsed),
        width=width or None,
        height=height or None,
        rotation=parsed.rotation,
    )


def _unavailable(exc: ControlPlaneUnavailable) -> ApiError:
    """The farm's control plane is away: the request can be retried (503), nothing was done."""
    return ApiError(503, "control_plane_unavailable", str(exc))


def first_error(exc: ValidationError) -> tuple[str, str]:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())) or "body"
    return where, str(err.get("msg", "invalid"))


class BridgeService:
    def __init__(
        self,
        pep: PEPLike,
        mediator: MediatorLike,
        *,
        devices: Callable[[], Sequence[str]] | Sequence[str],
        tools: Sequence[ToolSpec] = (),
        recorder: Any = None,
        version: str = "0",
        gateway: Any = None,
        registry: SessionRegistry | None = None,
    ) -> None:
        self.pep = pep
        self.mediator = mediator
        self._devices = devices
        self.gateway = gateway
        self.directory = ToolDirectory(tools, gateway)
        self.recorder = recorder
        self.version = version
        self.started = time.time()
        self._sessions: dict[str, _Session] = {}
        self.registry = registry
        """A farm's registry of sessions (which daemon serves which), or None."""
        self._reading: asyncio.Future[None] | None = None
        """The session request being read ahead (``read_request``), if one is."""
        self.agent_tokens = AgentTokens()
        """Issued with sessions and joins, revoked when the session ends (only digests kept)."""
        self.answer_listeners: list[Callable[[str, bool, str], None]] = []
        """Told of every escalation answered (id, approved, the audited reason): the console."""

    @property
    def tools(self) -> list[ToolSpec]:
        """Every tool agents can call: droidgate's typed tools and the gateway's upstreams."""
        return self.directory.specs()

    # -- devices and sessions -------------------------------------------------------------
    def devices(self) -> list[str]:
        found = self._devices() if callable(self._devices) else self._devices
        return list(found)

    def sessions(self) -> list[SessionInfo]:
        return [s.info() for s in self._sessions.values()]

    def _session(self, session: str) -> _Session:
        found = self._sessions.get(session)
        if found is None:
            raise not_found(f"no session {session!r} (create it with POST /v1/sessions)", "session")
        return found

    def session(self, session: str, principal: Principal = OPERATOR) -> SessionInfo:
        require_session(principal, session)
        return self._session(session).info()

    def create_session(
        self, req: CreateSession, principal: Principal = OPERATOR
    ) -> SessionCredentials:
        """A session with its user request, and a token for each named agent (operator only)."""
        require_operator(principal, "creating a session")
        devices = self.devices()
        serial = req.serial
        if serial is None and not devices and self.gateway is not None:
            serial = ""  # a gateway without devices: sessions act through upstream tools only
        elif serial is None:
            if len(devices) != 1:
                raise conflict(
                    f"name the device: this daemon has {len(devices)} ({', '.join(devices) or 'none'})",
                    "serial",
                )
            serial = devices[0]
        elif serial not in devices:
            raise not_found(
                f"no device {serial!r}; known: {', '.join(devices) or 'none'}", "serial"
            )
        if len(self._sessions) >= MAX_SESSIONS:
            raise conflict(f"{MAX_SESSIONS} sessions are open; end one first", "session")
        sid = req.session or f"s-{secrets.token_hex(8)}"
        if sid.startswith(DEVICE_SCOPE):  # names a device's provenance memory in the PEP
            raise bad_request(f"a session id may not start with {DEVICE_SCOPE!r}", "session")
        if sid in self._sessions:
            raise conflict(f"session {sid!r} already exists", "session")
        agents: list[str] = []
        for i, agent in enumerate(req.agents):
            self._check_agent_name(agent, f"agents.{i}")
            if agent not in agents:
                agents.append(agent)
        if self.registry is not None:
            try:
                self.registry.session_opened(sid, serial or "")
            except ControlPlaneError as exc:
                raise conflict(str(exc), "session") from exc
            except ControlPlaneUnavailable as exc:
                raise _unavailable(exc) from exc
        if serial:
            self.mediator.bind_session(sid, serial)
        sess = _Session(id=sid, serial=serial, user_request=req.user_request, agents=agents)
        self._sessions[sid] = sess
        tokens = {agent: self.agent_tokens.issue(sid, agent) for agent in agents}
        return SessionCredentials(**sess.info().model_dump(), agent_tokens=tokens)

    async def read_request(self, session: str) -> None:
        """Have the PEP read the session's request now, off the event loop and before its
        first action (``PEP.read_request``). One read at a time, awaited for at most
        ``READ_AHEAD_WAIT_S``, and none of a request longer than a person writes: a client
        that opens many sessions (a fuzzer did) must not queue minutes of CPU nor wait on
        them. A read skipped or failed costs only time: the first decision that needs the
        reading makes it."""
        sess = self._sessions.get(session)
        request = sess.user_request if sess is not None else ""
        if not request or len(request) > READ_AHEAD_MAX_CHARS or self._reading is not None:
            return
        reading = asyncio.get_running_loop().run_in_executor(None, self.pep.read_request, request)
        self._reading = reading
        reading.add_done_callback(self._read)
        try:
            await asyncio.wait_for(asyncio.shield(reading), READ_AHEAD_WAIT_S)
        except Exception:
            return  # still reading (or failed: _read logs it); the session is open either way

    def _read(self, reading: asyncio.Future[None]) -> None:
        self._reading = None
        if not reading.cancelled() and reading.exception() is not None:
            log.warning("could not read a session's request ahead: %s", reading.exception())

    @staticmethod
    def _check_agent_name(agent: str, where: str) -> None:
        if not agent or len(agent) > 256 or not all(c.isalnum() or c in "._:@-" for c in agent):
            raise bad_request("an agent name is 1-256 characters of A-Z a-z 0-9 . _ : @ -", where)

    def join(self, session: str, agent: str, principal: Principal = OPERATOR) -> SessionCredentials:
        """``agent`` joins ``session`` (operator only); the answer holds its new token, and a
        token issued to the same agent before stops working (rotation)."""
        require_operator(principal, "joining an agent to a session")
        sess = self._session(session)
        self._check_agent_name(agent, "agent")
        if agent not in sess.agents:
            if len(sess.agents) >= 64:
                raise conflict("a session holds at most 64 agents", "agent")
            sess.agents.append(agent)
        token = self.agent_tokens.issue(sess.id, agent)
        return SessionCredentials(**sess.info().model_dump(), agent_tokens={agent: token})

    def leave(self, session: str, agent: str, principal: Principal = OPERATOR) -> SessionInfo:
        """``agent`` leaves ``session`` and its token is revoked (operator only)."""
        require_operator(principal, "removing an agent from a session")
        sess = self._session(session)
        if agent not in sess.agents:
            raise not_found(f"agent {agent!r} is not in session {sess.id!r}", "agent")
        sess.agents.remove(agent)
        self.agent_tokens.revoke_agent(sess.id, agent)
        return sess.info()

    def end_session(self, session: str, principal: Principal = OPERATOR) -> SessionInfo:
        """End ``session`` (operator only): its agents' tokens are revoked at once."""
        require_operator(principal, "ending a session")
        sess = self._session(session)
        del self._sessions[session]
        self.agent_tokens.revoke_session(session)
        self.pep.end_session(session)
        if self.registry is not None:
            try:
                self.registry.session_ended(session)
            except ControlPlaneUnavailable as exc:  # ended here all the same; the farm lags
                log.warning("farm registry: session %s ended but not recorded: %s", session, exc)
        if self.recorder is not None:
            self.recorder.record_session_end(session)
        return sess.info()

    def forget_device(self, serial: str, principal: Principal = OPERATOR) -> int:
        """Drop the PEP's memory of what ``serial`` showed (operator only): after the operator
        reset or wiped the device, its old screens are no provenance for what comes next. An
        agent that could do this could launder any value it read."""
        require_operator(principal, "forgetting what a device showed")
        if serial not in self.devices():
            raise not_found(f"no device {serial!r}", "serial")
        scope = f"{DEVICE_SCOPE}{serial}"  # where the PEP keeps a device's provenance memory
        forgotten = int(self.pep.end_session(scope) or 0)
        if self.recorder is not None:  # replay forgets at the same point
            self.recorder.record_session_end(scope)
        return forgotten

    # -- actions ----------------------------------------------------------------------------
    def build_event(
        self, session: str, req: ActionRequest, principal: Principal = OPERATOR
    ) -> AgentEvent:
        require_session(principal, session)
        require_agent(principal, req.agent)
        sess = self._session(session)
        if req.session is not None and req.session != sess.id:
            raise conflict(
                f"event names session {req.session!r} but the path names {sess.id!r}", "session"
            )
        if req.agent not in sess.agents:
            raise ApiError(
                403,
                "not_joined",
                f"agent {req.agent!r} has not joined session {sess.id!r} (POST /v1/sessions/{sess.id}/agents)",
                "agent",
            )
        # Fields read straight off the validated request (no model_dump: it deep-copied every
        # payload once more per action); AgentEvent.parse below still validates all of them.
        data: dict[str, Any] = {
            "session": sess.id,
            "agent": req.agent,
            "channel": req.channel,
            "action": req.action,
            "target": req.target,
            "payload": req.payload,
            "provenance": req.provenance,
        }
        if req.ts is not None:
            data["ts"] = req.ts
        if req.id is not None:
            data["id"] = req.id
        # The context is the enforcement side's, never the agent's word: the request is the
        # user's (through the operator), the device is the one the session is bound to (the PEP
        # keys what a device showed by it), the screen and its app are what the mediator dumps.
        # Whatever else an agent sends there (an "authorized_operations" list, a
        # "tool_description" that reclassifies a tool) is dropped, not merely the known keys:
        # a key the PEP starts to trust later must not become an agent's lever.
        context: dict[str, Any] = {"device": sess.serial} if sess.serial else {}
        if sess.user_request:
            context["user_request"] = sess.user_request
        self._check_action(req, data, context)
        data["context"] = context
        try:
            return AgentEvent.parse(data)
        except EventValidationError as exc:
            raise bad_request(str(exc), exc.field or "event") from exc

    def _check_action(
        self, req: ActionRequest, data: dict[str, Any], context: dict[str, Any]
    ) -> None:
        """Refuse a malformed action before anything is decided: a tool nobody provides,
        arguments outside the tool's schema, a GUI payload of no documented shape. A tool call
        gets its canonical target and what the PEP must know about the tool (context.tool)."""
        if req.channel in ("tool", "llm") and req.action == "tool_call":
            try:
                resolved = self.directory.check(req.target, req.payload)
            except UnknownTool as exc:
                raise bad_request(exc.message, "target", code="unknown_tool") from exc
            except ArgumentError as exc:
                field = "payload" + exc.field.removeprefix("arguments")
                raise bad_request(exc.message, field, code="invalid_arguments") from exc
            data["target"] = resolved.target
            if resolved.context:
                context["tool"] = resolved.context
                context["tool_description"] = resolved.context.get("description", "")
                telling = self.directory.telling(resolved.target)
                if telling:
                    context["tools"] = telling
        elif req.channel == "gui":
            try:
                check_gui_payload(str(req.action), req.payload)
            except ValueError as exc:
                raise bad_request(str(exc), getattr(exc, "field", "payload")) from exc

    async def submit(
        self, session: str, req: ActionRequest, principal: Principal = OPERATOR
    ) -> ActionResponse:
        event = self.build_event(session, req, principal)
        try:
            outcome = await self.mediator.submit(event, screen_hash=req.screen_hash)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the mediator should not raise; if it does, nothing is confirmed
            raise ApiError(
                502,
                "mediation_failed",
                f"the action was not confirmed: mediation failed ({type(exc).__name__}: {exc})",
            ) from exc
        verdict = outcome.verdict
        return ActionResponse(
            event_id=event.id,
            decision=str(getattr(verdict.decision, "value", verdict.decision)),
            verdict=verdict,
            executed=bool(outcome.executed),
            result=to_jsonable(outcome.result),
            error=outcome.error,
            screen_hash=outcome.screen_hash,
            stale=bool(getattr(outcome, "stale", False)),
        )

    async def decide(
        self, session: str, req: ActionRequest, principal: Principal = OPERATOR
    ) -> DecisionResponse:
        """Ask the PEP only; nothing is executed (a dry run, and the route the API bench uses)."""
        event = self.build_event(session, req, principal)
        verdict = await self.pep.decide(event, dry_run=True)
        return DecisionResponse(
            event_id=event.id,
            decision=str(getattr(verdict.decision, "value", verdict.decision)),
            verdict=verdict,
        )

    async def _dump(self, sess: _Session) -> Any:
        """The session's device's screen, observed into the session; 502 if the device is gone."""
        try:
            return await self.mediator.screen(sess.serial, session=sess.id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            raise device_unavailable(
                f"the screen of device {sess.serial!r} could not be read "
                f"({type(exc).__name__}: {exc})"
            ) from exc

    async def screen(self, session: str, principal: Principal = OPERATOR) -> ScreenResponse:
        require_session(principal, session)
        sess = self._session(session)
        scr = await self._dump(sess)
        if self.recorder is not None:
            self.recorder.record_screen(sess.id, scr.xml, getattr(scr, "hash", None))
        return screen_response(sess.serial, scr)

    async def screen_png(self, session: str, principal: Principal = OPERATOR) -> bytes:
        require_session(principal, session)
        sess = self._session(session)
        scr = await self._dump(sess)
        if self.recorder is not None:  # the dump behind the picture was observed too
            self.recorder.record_screen(sess.id, scr.xml, getattr(scr, "hash", None))
        try:
            png = scr.png
            if callable(png):
                png = png()
            if inspect.isawaitable(png):
                png = await png
            return bytes(png)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            raise device_unavailable(
                f"the screenshot of device {sess.serial!r} could not be taken "
                f"({type(exc).__name__}: {exc})"
            ) from exc

    async def device(self, session: str, principal: Principal = OPERATOR) -> DeviceInfo:
        """The session's device: display size and orientation, SDK, foreground app."""
        require_session(principal, session)
        sess = self._session(session)
        if not sess.serial:
            raise not_found(f"session {sess.id!r} has no device (a gateway session)", "session")
        info = getattr(self.mediator, "device_info", None)
        if info is None:
            raise ApiError(502, "mediation_failed", "this mediator cannot read device info")
        try:
            data = await info(sess.serial)
        except Exception as exc:
            raise ApiError(
                502, "device_failed", f"the device did not answer ({type(exc).__name__}: {exc})"
            ) from exc
        return DeviceInfo.model_validate({"serial": sess.serial, **data})

    # -- the gateway (operator) ---------------------------------------------------------------
    def gateway_status(self, principal: Principal = OPERATOR) -> GatewayStatus:
        require_operator(principal, "the gateway's status")
        if self.gateway is None:
            return GatewayStatus(upstreams=[], tools=[])
        return GatewayStatus(
            upstreams=[UpstreamInfo.model_validate(u) for u in self.gateway.upstreams()],
            tools=[
                GatewayTool(
                    **self.directory.resolve(t.name).spec.model_dump(),  # type: ignore[union-attr]
                    changed=list(t.changed),
                )
                for t in self.gateway.tools()
                if self.directory.resolve(t.name) is not None
            ],
        )

    def accept_tool(self, name: str, principal: Principal = OPERATOR) -> ToolAccepted:
        """The operator accepts a changed upstream tool's new definition (audited)."""
        from android_bridge.gateway.gate import NotAccepted

        require_operator(principal, "accepting a changed tool")
        if self.gateway is None:
            raise not_found("this daemon has no upstream MCP servers (--upstream)", "tool")
        try:
            self.gateway.accept(name)
        except NotAccepted as exc:
            if self.gateway.get(name) is None:
                raise not_found(str(exc), "tool") from exc
            raise conflict(str(exc), "tool") from exc
        return ToolAccepted(tool=name)

    # -- control plane ----------------------------------------------------------------------
    def rules(self) -> tuple[int, list[dict[str, Any]]]:
        return int(self.pep.rules.revision), [to_object(r) for r in self.pep.rules.list()]

    def install_rule(self, body: Any) -> tuple[int, str]:
        try:
            # strict: a FlowRule from the wire must be exactly typed (no "priority": false)
            rule = FlowRule.model_validate_json(json.dumps(body), strict=True)
        except ValidationError as exc:
            where, msg = first_error(exc)
            raise bad_request(msg, where) from exc
        try:
            revision = int(self.pep.rules.install(rule))
        except ControlPlaneUnavailable as exc:
            raise _unavailable(exc) from exc
        except PolicyError as exc:
            raise bad_request(str(exc), getattr(exc, "field", None) or "rule") from exc
        except ControlPlaneError as exc:
            raise conflict(str(exc), "id") from exc
        if self.recorder is not None:
            self.recorder.record_rule_install(rule)
        return revision, rule.id

    def remove_rule(self, rule_id: str) -> int:
        try:
            revision = int(self.pep.rules.remove(rule_id))
        except ControlPlaneUnavailable as exc:
            raise _unavailable(exc) from exc
        except (ControlPlaneError, KeyError) as exc:
            raise not_found(f"no rule {rule_id!r}", "rule_id") from exc
        if self.recorder is not None:
            self.recorder.record_rule_remove(rule_id)
        return revision

    def escalations(self) -> list[dict[str, Any]]:
        try:
            return [to_object(e) for e in self.pep.escalations.pending()]
        except ControlPlaneUnavailable as exc:
            raise _unavailable(exc) from exc

    def resolve_escalation(
        self, escalation_id: str, approve: bool, *, reason: str = "", by: str = "", via: str = "API"
    ) -> str:
        """Approve or deny a pending escalation; returns the reason the decision's audit record
        carries: who answered, through what, and why."""
        who = f"{by.strip()!r}" if by.strip() else "the operator"
        said = f"{'approved' if approve else 'denied'} by {who} via {via}"
        if reason.strip():
            said += f": {reason.strip()}"
        try:
            if approve:
                self.pep.escalations.approve(escalation_id, said)
            else:
                self.pep.escalations.deny(escalation_id, said)
        except ControlPlaneUnavailable as exc:
            raise _unavailable(exc) from exc
        except (ControlPlaneError, KeyError) as exc:
            raise not_found(f"no pending escalation {escalation_id!r}", "id") from exc
        for listener in self.answer_listeners:
            listener(escalation_id, approve, said)
        return said

    def set_rule_mode(self, rule_id: str, mode: str) -> int:
        """Enforce, shadow (``monitor``) or disable an installed rule; a new revision."""
        try:
            parsed = RuleMode(mode)
        except ValueError as exc:
            modes = ", ".join(m.value for m in RuleMode)
            raise bad_request(f"must be one of {modes}", "mode") from exc
        try:
            revision = int(self.pep.rules.set_mode(rule_id, parsed))
        except (ControlPlaneError, KeyError) as exc:
            raise not_found(f"no installed rule {rule_id!r}", "rule_id") from exc
        if self.recorder is not None:  # replay sees the rule as it is now
            changed = next((r for r in self.pep.rules.list() if r.id == rule_id), None)
            if changed is not None:
                self.recorder.record_rule_install(changed)
        return revision

    def audit_query(
        self, *, session: str | None, decision: str | None, since: float | None, limit: int
    ) -> list[dict[str, Any]]:
        try:
            records = self.pep.audit.query(
                session=session, decision=decision, since=since, limit=limit
            )
        except ValueError as exc:
            raise bad_request(str(exc), "query") from exc
        return [to_object(r) for r in records]

    def audit_tail(self, n: int) -> list[dict[str, Any]]:
        return [to_object(r) for r in self.pep.audit.tail(n)]

    def audit_checkpoints(self, *, sign: bool) -> list[SignedCheckpoint]:
        """Every signed checkpoint, or (``sign``) one of the head as it is now."""
        audit = self.pep.audit
        if not sign:
            return list(audit.checkpoints())
        try:
            newest = audit.checkpoint()
        except AuditUnavailable as exc:
            raise ApiError(503, "audit_unavailable", str(exc), "audit") from exc
        return [newest] if newest is not None else []

    def audit_verify(self) -> AuditVerify:
        result = self.pep.audit.verify()
        if isinstance(result, bool):
            return AuditVerify(ok=result)
        detail = to_object(result)
        ok = detail.get("ok", detail.get("valid", bool(result)))
        return AuditVerify(ok=bool(ok), detail=detail)
