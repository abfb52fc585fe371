"""The bridge API over aiohttp. Routes are declared once (``ROUTES``); the OpenAPI spec is built
from the same table, so the spec cannot drift from what the server serves.

Every route names the role it needs (``public``, ``agent``, ``operator``; see
``android_bridge.api.credentials``): the operator may use every route, an agent token only the
``agent`` routes and, on routes under ``/v1/sessions/{session}``, only for its own session. The
check is made from the table before a handler runs (before its body is even read). Requests
whose ``Host`` is not an allowed name are refused with 421 first (DNS rebinding: a web page
whose domain was re-pointed at 127.0.0.1 would otherwise reach the daemon from a browser).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web
from pydantic import BaseModel

from android_bridge.api.auth import bearer
from android_bridge.api.body import read_model
from android_bridge.api.credentials import (
    Credentials,
    Principal,
    require_operator,
    require_session,
)
from android_bridge.api.errors import ApiError, bad_request
from android_bridge.api.models import (
    ActionRequest,
    ActionResponse,
    AuditList,
    AuditVerify,
    CheckpointList,
    CreateSession,
    DecisionResponse,
    DeviceForgotten,
    DeviceInfo,
    EscalationAnswer,
    EscalationList,
    EscalationResolved,
    GatewayStatus,
    Health,
    JoinSession,
    RuleChange,
    RuleList,
    ScreenResponse,
    SessionCredentials,
    SessionInfo,
    SessionList,
    Status,
    ToolAccepted,
    ToolList,
    WhoAmI,
)
from android_bridge.api.service import BridgeService, first_error
from host_pep.rules import FlowRule

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 1024 * 1024
"""Agents never send screen XML (the daemon dumps it), so 1 MiB is far above any honest event."""
DEFAULT_REQUEST_TIMEOUT = 60.0

CONSOLE_PREFIX = "/console"
"""Paths of the operator's web console (``android_bridge.console``), mounted by ``make_app``."""
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
"""Host names a loopback-bound daemon answers to (plus ``--allowed-host`` ones)."""

SERVICE_KEY = web.AppKey("service", BridgeService)
CREDENTIALS_KEY = web.AppKey("credentials", Credentials)
TIMEOUT_KEY = web.AppKey("timeout", float)
SPEC_KEY = web.AppKey("openapi", dict)
HOSTS_KEY = web.AppKey("allowed_hosts", frozenset)
PRINCIPAL = web.RequestKey("principal", Principal)  # the authenticated caller

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Role = Literal["public", "agent", "operator"]


@dataclass(frozen=True)
class Query:
    name: str
    type: str  # "string" | "integer" | "number"
    description: str
    minimum: float | None = None
    maximum: float | None = None
    enum: tuple[str, ...] = ()


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    op_id: str
    summary: str
    handler: Handler
    body: type[BaseModel] | None = None
    response: type[BaseModel] | None = None
    status: int = 200
    role: Role = "operator"
    """Who may call it: anyone (``public``), an agent of the session or the operator
    (``agent``), the operator only (``operator``: everything that governs)."""
    query: tuple[Query, ...] = ()
    content_type: str = "application/json"
    errors: tuple[int, ...] = field(default=(400,))
    body_required: bool = True


def _service(request: web.Request) -> BridgeService:
    return request.app[SERVICE_KEY]


def _principal(request: web.Request) -> Principal:
    return request[PRINCIPAL]


def _ok(model: BaseModel, status: int = 200) -> web.Response:
    # The model's JSON as bytes, as pydantic writes it: ``model_dump_json`` decodes them into a
    # str that ``text=`` then encodes again (~0.8 us of a decision's answer). Same headers.
    return web.Response(
        status=status,
        body=model.__pydantic_serializer__.to_json(model),
        content_type="application/json",
        charset="utf-8",
    )


async def _body(request: web.Request, model: type[BaseModel]) -> Any:
    return read_model(await request.read(), model, first_error)


def _query(request: web.Request, spec: Query) -> Any:
    raw = request.query.get(spec.name)
    if raw is None:
        return None
    try:
        value: Any = (
            int(raw) if spec.type == "integer" else float(raw) if spec.type == "number" else raw
        )
    except ValueError:
        raise bad_request(
            f"must be {'an integer' if spec.type == 'integer' else 'a number'}", spec.name
        ) from None
    if spec.enum and value not in spec.enum:
        raise bad_request(f"must be one of {', '.join(spec.enum)}", spec.name)
    if isinstance(value, float) and not math.isfinite(value):
        raise bad_request("must be a finite number", spec.name)
    if spec.minimum is not None and value < spec.minimum:
        raise bad_request(f"must be at least {spec.minimum:g}", spec.name)
    if spec.maximum is not None and value > spec.maximum:
        raise bad_request(f"must be at most {spec.maximum:g}", spec.name)
    return value


# -- handlers --------------------------------------------------------------------------------
async def health(request: web.Request) -> web.Response:
    return _ok(Health(version=_service(request).version))


async def status(request: web.Request) -> web.Response:
    svc = _service(request)
    revision, _ = svc.rules()
    trace = getattr(svc.recorder, "path", None)
    return _ok(
        Status(
            version=svc.version,
            uptime_s=round(time.time() - svc.started, 3),
            devices=svc.devices(),
            sessions=len(svc.sessions()),
            ruleset_revision=revision,
            trace=str(trace) if trace else None,
        )
    )


async def openapi(request: web.Request) -> web.Response:
    return web.json_response(request.app[SPEC_KEY])


async def tools(request: web.Request) -> web.Response:
    return _ok(ToolList(tools=_service(request).tools))


async def whoami(request: web.Request) -> web.Response:
    p = _principal(request)
    return _ok(WhoAmI(role=p.role.value, session=p.session, agent=p.agent))


async def create_session(request: web.Request) -> web.Response:
    req = await _body(request, CreateSession)
    created = _service(request).create_session(req, _principal(request))
    await _service(request).read_request(created.session)
    return _ok(created, 201)


async def list_sessions(request: web.Request) -> web.Response:
    return _ok(SessionList(sessions=_service(request).sessions()))


async def get_session(request: web.Request) -> web.Response:
    return _ok(_service(request).session(request.match_info["session"], _principal(request)))


async def end_session(request: web.Request) -> web.Response:
    return _ok(_service(request).end_session(request.match_info["session"], _principal(request)))


async def join_session(request: web.Request) -> web.Response:
    req = await _body(request, JoinSession)
    return _ok(
        _service(request).join(request.match_info["session"], req.agent, _principal(request))
    )


async def leave_session(request: web.Request) -> web.Response:
    info = _service(request).leave(
        request.match_info["session"], request.match_info["agent"], _principal(request)
    )
    return _ok(info)


async def forget_device(request: web.Request) -> web.Response:
    serial = request.match_info["serial"]
    forgotten = _service(request).forget_device(serial, _principal(request))
    return _ok(DeviceForgotten(serial=serial, forgotten=forgotten))


async def submit_event(request: web.Request) -> web.Response:
    req = await _body(request, ActionRequest)
    svc = _service(request)
    return _ok(await svc.submit(request.match_info["session"], req, _principal(request)))


async def decide_event(request: web.Request) -> web.Response:
    req = await _body(request, ActionRequest)
    svc = _service(request)
    return _ok(await svc.decide(request.match_info["session"], req, _principal(request)))


async def get_screen(request: web.Request) -> web.Response:
    return _ok(await _service(request).screen(request.match_info["session"], _principal(request)))


async def get_device(request: web.Request) -> web.Response:
    return _ok(await _service(request).device(request.match_info["session"], _principal(request)))


async def get_screen_png(request: web.Request) -> web.Response:
    png = await _service(request).screen_png(request.match_info["session"], _principal(request))
    return web.Response(body=png, content_type="image/png")


async def gateway_status(request: web.Request) -> web.Response:
    return _ok(_service(request).gateway_status(_principal(request)))


async def accept_tool(request: web.Request) -> web.Response:
    return _ok(_service(request).accept_tool(request.match_info["tool"], _principal(request)))


async def list_escalations(request: web.Request) -> web.Response:
    return _ok(EscalationList(escalations=_service(request).escalations()))


async def _answer(request: web.Request, approve: bool) -> web.Response:
    eid = request.match_info["escalation_id"]
    raw = await request.read()
    answer = read_model(raw, EscalationAnswer, first_error) if raw.strip() else EscalationAnswer()
    said = _service(request).resolve_escalation(
        eid, approve=approve, reason=answer.reason, by=answer.by
    )
    return _ok(
        EscalationResolved(id=eid, decision="approved" if approve else "denied", reason=said)
    )


async def approve_escalation(request: web.Request) -> web.Response:
    return await _answer(request, True)


async def deny_escalation(request: web.Request) -> web.Response:
    return await _answer(request, False)


async def list_rules(request: web.Request) -> web.Response:
    revision, rules = _service(request).rules()
    return _ok(RuleList(revision=revision, rules=rules))


async def install_rule(request: web.Request) -> web.Response:
    raw = await _body(request, _RawObject)
    revision, rule_id = _service(request).install_rule(raw.model_dump())
    return _ok(RuleChange(revision=revision, rule_id=rule_id), 201)


async def remove_rule(request: web.Request) -> web.Response:
    rule_id = request.match_info["rule_id"]
    return _ok(RuleChange(revision=_service(request).remove_rule(rule_id), rule_id=rule_id))


_AUDIT_QUERY = (
    Query("session", "string", "only this session's records"),
    Query(
        "decision",
        "string",
        "only this decision",
        enum=("allow", "deny", "rewrite", "escalate"),
    ),
    Query("since", "number", "only records at or after this UNIX time", minimum=0),
    Query("limit", "integer", "at most this many records (default 100)", minimum=1, maximum=10000),
)


async def query_audit(request: web.Request) -> web.Response:
    session, decision, since, limit = (_query(request, q) for q in _AUDIT_QUERY)
    records = _service(request).audit_query(
        session=session, decision=decision, since=since, limit=limit or 100
    )
    return _ok(AuditList(records=records))


_TAIL_QUERY = (Query("n", "integer", "how many records (default 20)", minimum=1, maximum=10000),)


async def tail_audit(request: web.Request) -> web.Response:
    n = _query(request, _TAIL_QUERY[0]) or 20
    return _ok(AuditList(records=_service(request).audit_tail(n)))


async def verify_audit(request: web.Request) -> web.Response:
    return _ok(_service(request).audit_verify())


async def list_checkpoints(request: web.Request) -> web.Response:
    return _ok(CheckpointList(checkpoints=_service(request).audit_checkpoints(sign=False)))


async def sign_checkpoint(request: web.Request) -> web.Response:
    return _ok(CheckpointList(checkpoints=_service(request).audit_checkpoints(sign=True)))


class _RawObject(BaseModel):
    """Any JSON object: validated afterwards by the service (so FlowRule errors name the field)."""

    model_config = {"extra": "allow"}


ROUTES: tuple[Route, ...] = (
    Route(
        "GET",
        "/v1/health",
        "health",
        "Liveness and protocol version",
        health,
        response=Health,
        role="public",
        errors=(),
    ),
    Route(
        "GET",
        "/openapi.json",
        "openapi",
        "This OpenAPI document",
        openapi,
        role="public",
        errors=(),
    ),
    Route(
        "GET",
        "/v1/whoami",
        "whoAmI",
        "The role (and, for an agent token, the session and agent) of the presented token",
        whoami,
        response=WhoAmI,
        role="agent",
        errors=(),
    ),
    Route(
        "GET",
        "/v1/status",
        "status",
        "Devices, sessions, ruleset revision",
        status,
        response=Status,
        errors=(),
    ),
    Route(
        "GET",
        "/v1/tools",
        "listTools",
        "Typed tools with JSON schemas and hints",
        tools,
        response=ToolList,
        role="agent",
        errors=(),
    ),
    Route(
        "POST",
        "/v1/sessions",
        "createSession",
        "Create a session bound to a device; the answer holds each agent's token",
        create_session,
        CreateSession,
        SessionCredentials,
        201,
        errors=(400, 404, 409),
    ),
    Route(
        "GET",
        "/v1/sessions",
        "listSessions",
        "Open sessions",
        list_sessions,
        response=SessionList,
        errors=(),
    ),
    Route(
        "GET",
        "/v1/sessions/{session}",
        "getSession",
        "One session",
        get_session,
        response=SessionInfo,
        role="agent",
        errors=(404,),
    ),
    Route(
        "DELETE",
        "/v1/sessions/{session}",
        "endSession",
        "End a session (its agent tokens are revoked)",
        end_session,
        response=SessionInfo,
        errors=(404,),
    ),
    Route(
        "POST",
        "/v1/sessions/{session}/agents",
        "joinSession",
        "An agent joins the session; the answer holds its token (an earlier one is revoked)",
        join_session,
        JoinSession,
        SessionCredentials,
        errors=(400, 404, 409),
    ),
    Route(
        "DELETE",
        "/v1/sessions/{session}/agents/{agent}",
        "leaveSession",
        "An agent leaves the session; its token is revoked",
        leave_session,
        response=SessionInfo,
        errors=(404,),
    ),
    Route(
        "POST",
        "/v1/sessions/{session}/events",
        "submitEvent",
        "Submit an action on any channel: mediated, then executed only if allowed",
        submit_event,
        ActionRequest,
        ActionResponse,
        role="agent",
        errors=(400, 404, 409, 502),
    ),
    Route(
        "POST",
        "/v1/sessions/{session}/decide",
        "decideEvent",
        "Ask the PEP about an action without executing it",
        decide_event,
        ActionRequest,
        DecisionResponse,
        role="agent",
        errors=(400, 404, 409),
    ),
    Route(
        "GET",
        "/v1/sessions/{session}/screen",
        "getScreen",
        "The device's current screen XML (recorded as observed)",
        get_screen,
        response=ScreenResponse,
        role="agent",
        errors=(404, 502),
    ),
    Route(
        "GET",
        "/v1/sessions/{session}/device",
        "getDevice",
        "The session's device: display size, orientation, SDK, foreground app",
        get_device,
        response=DeviceInfo,
        role="agent",
        errors=(403, 404, 502),
    ),
    Route(
        "GET",
        "/v1/sessions/{session}/screen.png",
        "getScreenPng",
        "The device's current screenshot",
        get_screen_png,
        content_type="image/png",
        role="agent",
        errors=(404, 502),
    ),
    Route(
        "DELETE",
        "/v1/devices/{serial}/memory",
        "forgetDevice",
        "Forget what a device showed (after resetting or wiping it)",
        forget_device,
        response=DeviceForgotten,
        errors=(404,),
    ),
    Route(
        "GET",
        "/v1/gateway",
        "gatewayStatus",
        "Upstream MCP servers and their tools, with changed definitions flagged",
        gateway_status,
        response=GatewayStatus,
        errors=(403,),
    ),
    Route(
        "POST",
        "/v1/gateway/tools/{tool}/accept",
        "acceptTool",
        "Accept a changed upstream tool's new definition (its calls stop escalating)",
        accept_tool,
        response=ToolAccepted,
        errors=(403, 404, 409),
    ),
    Route(
        "GET",
        "/v1/escalations",
        "listEscalations",
        "Pending escalations",
        list_escalations,
        response=EscalationList,
        errors=(),
    ),
    Route(
        "POST",
        "/v1/escalations/{escalation_id}/approve",
        "approveEscalation",
        "Approve a pending escalation (optional body: the reason and who answers, both audited)",
        approve_escalation,
        EscalationAnswer,
        EscalationResolved,
        errors=(400, 404),
        body_required=False,
    ),
    Route(
        "POST",
        "/v1/escalations/{escalation_id}/deny",
        "denyEscalation",
        "Deny a pending escalation (optional body: the reason and who answers, both audited)",
        deny_escalation,
        EscalationAnswer,
        EscalationResolved,
        errors=(400, 404),
        body_required=False,
    ),
    Route(
        "GET",
        "/v1/rules",
        "listRules",
        "Installed FlowRules and the ruleset revision",
        list_rules,
        response=RuleList,
        errors=(),
    ),
    Route(
        "POST",
        "/v1/rules",
        "installRule",
        "Install (or replace) a FlowRule",
        install_rule,
        FlowRule,
        RuleChange,
        201,
        errors=(400, 409),
    ),
    Route(
        "DELETE",
        "/v1/rules/{rule_id}",
        "removeRule",
        "Remove a FlowRule",
        remove_rule,
        response=RuleChange,
        errors=(404,),
    ),
    Route(
        "GET",
        "/v1/audit",
        "queryAudit",
        "Query the audit log",
        query_audit,
        response=AuditList,
        query=_AUDIT_QUERY,
    ),
    Route(
        "GET",
        "/v1/audit/tail",
        "tailAudit",
        "The newest audit records",
        tail_audit,
        response=AuditList,
        query=_TAIL_QUERY,
    ),
    Route(
        "GET",
        "/v1/audit/verify",
        "verifyAudit",
        "Check the audit log's chain, MACs and signed checkpoints",
        verify_audit,
        response=AuditVerify,
        errors=(),
    ),
    Route(
        "GET",
        "/v1/audit/checkpoints",
        "listCheckpoints",
        "The audit log's signed checkpoints (export them, keep them elsewhere)",
        list_checkpoints,
        response=CheckpointList,
        errors=(),
    ),
    Route(
        "POST",
        "/v1/audit/checkpoints",
        "signCheckpoint",
        "Sign a checkpoint of the audit log's head now; answers the newest checkpoint",
        sign_checkpoint,
        response=CheckpointList,
        errors=(503,),
    ),
)

_PUBLIC = frozenset(r.path for r in ROUTES if r.role == "public")
_HOT_ROUTES = frozenset({"decideEvent", "submitEvent"})


def _error(status: int, code: str, message: str, field: str | None = None) -> web.Response:
    return web.json_response(ApiError(status, code, message, field).body(), status=status)


@web.middleware
async def _gate(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every request's way in: the ``Host`` check, then the bearer token (console and public
    paths aside), then the handler under the request timeout; what any of them raises becomes
    the API's error body. One middleware, not three: each one is another coroutine and call
    per request on the decide path."""
    try:
        refused = _refused_host(request)
        if refused is not None:
            return refused
        path = request.path
        if path == CONSOLE_PREFIX or path.startswith(_CONSOLE_SUBPATHS):
            # the operator's console checks its own credentials (a session cookie and a CSRF
            # token on writes, or the operator's bearer token) and bounds its own requests: its
            # live stream stays open for as long as the page does (android_bridge/console)
            return await handler(request)
        if path not in _PUBLIC:
            # Tokens come from the Authorization header only: never from the URL, where
            # proxies, browsers and access logs would keep them.
            principal = request.app[CREDENTIALS_KEY].resolve(
                bearer(request.headers.get("Authorization"))
            )
            if principal is None:
                resp = _error(
                    401, "unauthorized", "missing or wrong bearer token (Authorization: Bearer …)"
                )
                resp.headers["WWW-Authenticate"] = 'Bearer realm="droidgate"'
                return resp
            request[PRINCIPAL] = principal
        async with asyncio.timeout(request.app[TIMEOUT_KEY]):
            return await handler(request)
    except ApiError as exc:
        return web.json_response(exc.body(), status=exc.status)
    except web.HTTPRequestEntityTooLarge:
        return _error(413, "too_large", f"request body exceeds {MAX_BODY_BYTES} bytes", "body")
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status, "http_error")
        message = exc.reason if exc.status != 404 else f"no such path {request.path}"
        resp = _error(exc.status, code, message)
        if "Allow" in exc.headers:
            resp.headers["Allow"] = exc.headers["Allow"]
        return resp
    except TimeoutError:
        return _error(
            504,
            "timeout",
            f"request exceeded {request.app[TIMEOUT_KEY]:g}s; an action's outcome is unknown: check /v1/audit",
        )
    except Exception:
        log.exception("unhandled error on %s %s", request.method, request.path)
        return _error(500, "internal", "internal error; see the daemon log")


_CONSOLE_SUBPATHS = CONSOLE_PREFIX + "/"


def host_name(header: str) -> str:
    """The name part of a ``Host`` header, lower case: ``[::1]:8765`` -> ``::1``."""
    host = header.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def _refused_host(request: web.Request) -> web.Response | None:
    """The answer to a request whose ``Host`` this daemon does not answer to, else None."""
    header = request.headers.get("Host")
    if header is None:
        return _error(400, "invalid", "the request has no Host header", "Host")
    if host_name(header) not in request.app[HOSTS_KEY]:
        return _error(
            421,
            "misdirected",
            "this daemon does not answer to that Host (allow it with --allowed-host)",
            "Host",
        )
    return None


def _guarded(route: Route) -> Handler:
    """``route.handler`` behind its role: operator routes refuse agent tokens, and an agent
    token acts only in its own session, before anything of the request is read."""
    handler = route.handler
    if route.role == "public":
        return handler
    what = f"{route.method} {route.path}"
    scoped = "{session}" in route.path

    async def guarded(request: web.Request) -> web.StreamResponse:
        principal = _principal(request)
        if not principal.is_operator:
            if route.role == "operator":
                require_operator(principal, what)
            if scoped:
                require_session(principal, request.match_info["session"])
        return await handler(request)

    return guarded


async def _freeze_startup_heap(app: web.Application) -> None:
    """Move everything alive at startup (modules, policy, pydantic schemas) out of the collector.

    Why: a full (gen-2) collection walks every tracked object, and the startup heap is most of
    them; serving at ~1,000 decisions/s the collector stopped the event loop for 15-65 ms each
    time, which alone decided the p99. Frozen objects are never freed, so collect first.
    """
    del app
    gc.collect()
    gc.freeze()


def make_app(
    service: BridgeService,
    token: str,
    *,
    request_timeout: float = DEFAULT_REQUEST_TIMEOUT,
    max_body: int = MAX_BODY_BYTES,
    allowed_hosts: frozenset[str] | set[str] | None = None,
    console: Callable[[web.Application, Credentials], None] | None = None,
) -> web.Application:
    """The bridge API app. ``token`` is the operator's; agents' tokens are the service's.
    ``allowed_hosts``: names the ``Host`` header may carry (default: the loopback names).
    ``console`` mounts the operator's console under ``/console`` (``android_bridge.console``)."""
    from android_bridge.api.openapi import build_spec

    app = web.Application(middlewares=[_gate], client_max_size=max_body)
    app[SERVICE_KEY] = service
    app[CREDENTIALS_KEY] = Credentials(token, service.agent_tokens)
    app[TIMEOUT_KEY] = request_timeout
    app[HOSTS_KEY] = frozenset(
        host_name(h) for h in (LOOPBACK_NAMES if allowed_hosts is None else allowed_hosts)
    )
    app[SPEC_KEY] = build_spec(ROUTES, version=service.version)
    # aiohttp tries the routes sharing a path prefix in the order they were added; the action
    # routes carry nearly all the traffic, so they go first (the paths never overlap, so the
    # order changes nothing but the number of patterns tried per request).
    for route in sorted(ROUTES, key=lambda r: r.op_id not in _HOT_ROUTES):
        app.router.add_route(route.method, route.path, _guarded(route))
    if console is not None:
        console(app, app[CREDENTIALS_KEY])
    app.on_startup.append(_freeze_startup_heap)
    return app
