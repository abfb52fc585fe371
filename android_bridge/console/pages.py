"""The console's pages: live decisions, escalations, sessions, rules, audit, devices, and login.

Each page is rendered on the server from what the daemon holds (the bridge service, the PEP's
rule store and audit log, the escalation desk); a little JavaScript (``static/console.js``) adds
the live stream, filters, pause, countdowns and desktop notifications. Every form works without
it. Writes go through the bridge service, so they validate, answer and are audited exactly as
the API's (a FlowRule's error names the field; an approval says who gave it).
"""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from aiohttp import web

from android_bridge.api.errors import ApiError, bad_request, not_found
from android_bridge.api.server import CONSOLE_PREFIX as PREFIX
from android_bridge.console.auth import COOKIE, Viewer
from android_bridge.console.feed import FeedFilter
from android_bridge.console.history import compare, replay
from android_bridge.console.screens import wireframe

if TYPE_CHECKING:  # the pages are mounted by the Console (web.py), which imports them
    from android_bridge.console.web import Console

DECISIONS = ("allow", "deny", "rewrite", "escalate")
STAGES = ("T0", "T1", "T2", "T3", "T4")
MODES = ("enforce", "monitor", "disabled")
MATCH_FIELDS = ("source", "target", "kind", "action", "channel", "agent")
AUDIT_LIMIT = 200
EXPORT_LIMIT = 100_000


def _redirect(to: str) -> web.HTTPSeeOther:
    return web.HTTPSeeOther(to)


def _text(form: Mapping[str, Any], key: str, limit: int = 2000) -> str:
    value = form.get(key, "")
    return value.strip()[:limit] if isinstance(value, str) else ""


# -- login -------------------------------------------------------------------------------------
def _next(raw: str | None) -> str:
    """Where to go after logging in: a console path only (never another site)."""
    if raw and raw.startswith(PREFIX + "/") and not any(b in raw for b in ("//", "\\", "..")):
        return raw
    return PREFIX + "/live"


async def login_form(console: Console, request: web.Request) -> web.StreamResponse:
    return console.render(
        request, "login.html", None, next=_next(request.query.get("next")), error=None
    )


async def login(console: Console, request: web.Request) -> web.StreamResponse:
    form = await request.post()
    token = _text(form, "token", 4096)
    name = _text(form, "name", 200)
    target = _next(_text(form, "next", 500))
    assert console.sessions is not None
    try:
        sid, _viewer = console.sessions.login(token, name)
    except ApiError as err:
        return console.render(
            request, "login.html", None, status=err.status, next=target, error=err
        )
    resp = web.HTTPSeeOther(target)
    resp.set_cookie(
        COOKIE,
        sid,
        path=PREFIX,
        httponly=True,
        samesite="Strict",
        secure=console.options.secure_cookie,
        max_age=int(console.sessions.max_age_s),
    )
    raise resp


async def logout(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    del request
    assert console.sessions is not None
    console.sessions.logout(viewer)
    resp = web.HTTPSeeOther(PREFIX + "/login")
    resp.del_cookie(COOKIE, path=PREFIX)
    raise resp


# -- live decisions ------------------------------------------------------------------------------
async def live(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    return console.render(
        request,
        "live.html",
        viewer,
        decisions=DECISIONS,
        stages=STAGES,
        keep=console.feed._ring.maxlen,
        filters={k: request.query.get(k, "") for k in ("session", "agent", "decision", "stage")},
    )


# -- escalations ----------------------------------------------------------------------------------
async def escalations(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    template = "escalations_list.html" if request.query.get("fragment") else "escalations.html"
    return console.render(
        request,
        template,
        viewer,
        pending=console.desk.pending(),
        answered=list(console.desk.answered),
        deadline_s=console.options.deadline_s,
        now=time.time(),
    )


async def escalation_screen(
    console: Console, request: web.Request, viewer: Viewer
) -> web.StreamResponse:
    del viewer
    held = console.desk.get(request.match_info["escalation_id"])
    if held is None or held.screen_png is None:
        raise not_found("no screenshot for this escalation (answered, or not a GUI action)")
    return web.Response(body=held.screen_png, content_type="image/png")


async def _answer(console: Console, request: web.Request, viewer: Viewer, approve: bool) -> Any:
    eid = request.match_info["escalation_id"]
    form = await request.post()
    reason = _text(form, "reason", 1000)
    if not approve and not reason:
        reason = ""
    console.service.resolve_escalation(eid, approve, reason=reason, by=viewer.name, via=viewer.via)
    raise _redirect(PREFIX + "/escalations")


async def approve(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    return await _answer(console, request, viewer, True)  # type: ignore[no-any-return]


async def deny(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    return await _answer(console, request, viewer, False)  # type: ignore[no-any-return]


# -- sessions --------------------------------------------------------------------------------------
def _audit(console: Console) -> Any:
    audit = getattr(console.service.pep, "audit", None)
    if audit is None:
        raise ApiError(503, "audit_unavailable", "this daemon has no audit log")
    return audit


async def sessions(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    open_now = {s.session: s for s in console.service.sessions()}
    seen: dict[str, float] = {}
    for item in reversed(console.feed.backlog(_ALL)):
        if item.session and item.session not in open_now and not item.session.startswith("device:"):
            seen.setdefault(item.session, 0.0)
    return console.render(
        request,
        "sessions.html",
        viewer,
        open_sessions=list(open_now.values()),
        ended=list(seen)[:50],
    )


SHOWN_OBSERVATIONS = 100
"""Per memory (the session's, its device's): the newest values a page lists."""


def _observed(console: Console, scope: str) -> list[dict[str, Any]]:
    """Values the PEP remembers in ``scope``, masked, newest first; plain identifiers (labels,
    widget texts the value detectors keep for rule 5) are left out as noise."""
    store = getattr(console.service.pep, "sessions", None)
    state = store.peek(scope) if store is not None else None
    if state is None:
        return []
    out: list[dict[str, Any]] = []
    seen: set[tuple[str, str, str]] = set()
    for obs in reversed(list(state.order)):
        if obs.kind == "identifier" or (obs.masked, obs.kind, obs.field) in seen:
            continue  # one value seen again in the same place is one row
        seen.add((obs.masked, obs.kind, obs.field))
        if len(out) == SHOWN_OBSERVATIONS:
            break
        out.append(
            {
                "kind": obs.kind,
                "masked": obs.masked,
                "source": obs.source_app or obs.source_tool or "",
                "field": obs.field,
                "agent": obs.agent,
                "trusted": obs.trusted,
                "ts": obs.ts,
            }
        )
    return out


SHOWN_STEPS = 20


def _trace(console: Console, session: str) -> list[dict[str, Any]]:
    recorder = console.service.recorder
    path = getattr(recorder, "path", None)
    if path is None:
        return []
    from android_bridge.traces.recorder import read_trace

    steps: list[dict[str, Any]] = []
    try:
        for rec in read_trace(path):
            if rec.kind != "event" or rec.event is None or rec.event.get("session") != session:
                continue
            frame = None
            if rec.screen:
                try:
                    frame = wireframe(recorder.screens.get(rec.screen))
                except (OSError, ValueError):
                    frame = None
            verdict = rec.verdict or {}
            steps.append(
                {
                    "seq": rec.seq,
                    "ts": rec.ts,
                    "agent": rec.event.get("agent", ""),
                    "action": rec.event.get("action", ""),
                    "target": rec.event.get("target", ""),
                    "decision": verdict.get("decision", ""),
                    "executed": rec.executed,
                    "screen": frame,
                }
            )
    except OSError:
        return steps
    return steps[-SHOWN_STEPS:]


async def session(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    sid = request.match_info["session"]
    info = next((s for s in console.service.sessions() if s.session == sid), None)
    records = [r.model_dump(mode="json") for r in _audit(console).query(session=sid, limit=500)]
    if info is None and not records:
        raise not_found(f"no session {sid!r}, open or in the audit", "session")
    observed = _observed(console, sid)
    device_observed = _observed(console, f"device:{info.serial}") if info is not None else []
    steps = await asyncio.to_thread(_trace, console, sid)
    return console.render(
        request,
        "session.html",
        viewer,
        sid=sid,
        info=info,
        records=[r for r in records if r.get("kind") == "decision"],
        observed=observed,
        device_observed=device_observed,
        steps=steps,
    )


# -- rules -------------------------------------------------------------------------------------------
def _rule_state(console: Console) -> dict[str, Any]:
    revision, rules = console.service.rules()
    pep = console.service.pep
    installed_ids = {r.id for r in pep.rules.store.list()} if hasattr(pep.rules, "store") else set()
    bundle = [r for r in rules if r.get("id") not in installed_ids]
    installed = [r for r in rules if r.get("id") in installed_ids]
    changes = _audit(console).query(kind="rule_change", limit=10_000)
    history = replay([c.model_dump(mode="json") for c in changes], installed)
    return {
        "revision": revision,
        "bundle": bundle,
        "installed": installed,
        "history": history,
    }


def _diff(state: dict[str, Any], query: Mapping[str, str]) -> dict[str, Any] | None:
    history = state["history"]
    known = history.known()
    if not query.get("from") and not query.get("to"):
        if len(known) < 2:
            return None
        old_rev, new_rev = known[-2], known[-1]
    else:
        try:
            old_rev = int(query.get("from", "0"))
            new_rev = int(query.get("to", str(known[-1])))
        except ValueError as exc:
            raise bad_request("a revision is a whole number", "from") from exc
    old, new = history.at(old_rev), history.at(new_rev)
    if old is None or new is None:
        missing = old_rev if old is None else new_rev
        raise not_found(f"revision {missing} is older than the audit log", "from")
    changes, text = compare(old, new)
    return {"from": old_rev, "to": new_rev, "changes": changes, "text": text}


async def rules(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    return await _rules_page(console, request, viewer, form={}, error=None)


async def _rules_page(
    console: Console,
    request: web.Request,
    viewer: Viewer,
    *,
    form: dict[str, str],
    error: ApiError | None,
    status: int = 200,
) -> web.Response:
    state = _rule_state(console)
    diff_error = None
    try:
        diff = _diff(state, request.query)
    except ApiError as err:
        diff, diff_error = None, err
    return console.render(
        request,
        "rules.html",
        viewer,
        status=status,
        decisions=DECISIONS,
        modes=MODES,
        match_fields=MATCH_FIELDS,
        form=form,
        error=error,
        diff=diff,
        diff_error=diff_error,
        **state,
    )


def _rule_from_form(form: dict[str, str]) -> dict[str, Any]:
    """The FlowRule a form describes, as JSON the API would take (numbers parsed here, all
    the rest validated by the same code as ``POST /v1/rules``)."""
    rule: dict[str, Any] = {"id": form.get("id", ""), "decision": form.get("decision", "")}
    match = {f: form[f"match.{f}"] for f in MATCH_FIELDS if form.get(f"match.{f}")}
    if match:
        rule["match"] = match
    if form.get("reason"):
        rule["reason"] = form["reason"]
    if form.get("priority"):
        try:
            rule["priority"] = int(form["priority"])
        except ValueError as exc:
            raise bad_request("must be a whole number", "priority") from exc
    if form.get("mode"):
        rule["mode"] = form["mode"]
    if form.get("deadline_s"):
        try:
            rule["deadline_s"] = float(form["deadline_s"])
        except ValueError as exc:
            raise bad_request("must be a number of seconds", "deadline_s") from exc
    return rule


async def install_rule(
    console: Console, request: web.Request, viewer: Viewer
) -> web.StreamResponse:
    posted = await request.post()
    fields = ["id", "decision", "reason", "priority", "mode", "deadline_s"]
    fields += [f"match.{f}" for f in MATCH_FIELDS]
    form = {k: _text(posted, k, 1000) for k in fields}
    try:
        console.service.install_rule(_rule_from_form(form))
    except ApiError as err:
        return await _rules_page(console, request, viewer, form=form, error=err, status=err.status)
    raise _redirect(PREFIX + "/rules")


async def rule_mode(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    del viewer
    form = await request.post()
    console.service.set_rule_mode(request.match_info["rule_id"], _text(form, "mode", 32))
    raise _redirect(PREFIX + "/rules")


async def delete_rule(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    del viewer
    console.service.remove_rule(request.match_info["rule_id"])
    raise _redirect(PREFIX + "/rules")


# -- audit -------------------------------------------------------------------------------------------
def _when(raw: str, field: str) -> float | None:
    """A time from the form: a ``datetime-local`` value (local time) or UNIX seconds."""
    if not raw:
        return None
    try:
        return float(raw)
    except ValueError:
        pass
    try:
        return datetime.fromisoformat(raw).timestamp()
    except ValueError as exc:
        raise bad_request(
            "must be a date and time (YYYY-MM-DDTHH:MM) or UNIX seconds", field
        ) from exc


def _audit_query(
    console: Console, query: Mapping[str, str], limit: int
) -> tuple[dict[str, str], list[Any]]:
    params = {
        k: query.get(k, "").strip() for k in ("session", "agent", "decision", "since", "until")
    }
    if params["decision"] and params["decision"] not in DECISIONS:
        raise bad_request(f"must be one of {', '.join(DECISIONS)}", "decision")
    try:
        limit = max(1, min(limit, int(query.get("limit", limit))))
    except ValueError as exc:
        raise bad_request("must be a whole number", "limit") from exc
    records = _audit(console).query(
        session=params["session"] or None,
        agent=params["agent"] or None,
        decision=params["decision"] or None,
        since=_when(params["since"], "since"),
        until=_when(params["until"], "until"),
        limit=limit,
        kind="decision",
    )
    return params, records


async def audit(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    try:
        params, records = _audit_query(console, request.query, AUDIT_LIMIT)
        error = None
    except ApiError as err:
        params = {
            k: request.query.get(k, "") for k in ("session", "agent", "decision", "since", "until")
        }
        records, error = [], err
    export = "&".join(f"{k}={v}" for k, v in params.items() if v)
    return console.render(
        request,
        "audit.html",
        viewer,
        params=params,
        records=[r.model_dump(mode="json") for r in reversed(records)],
        decisions=DECISIONS,
        error=error,
        export_query=export,
    )


async def audit_export(
    console: Console, request: web.Request, viewer: Viewer
) -> web.StreamResponse:
    del viewer
    _params, records = _audit_query(console, request.query, EXPORT_LIMIT)
    out = io.StringIO()
    for record in records:
        out.write(record.model_dump_json() + "\n")
    resp = web.Response(text=out.getvalue(), content_type="application/jsonl")
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    resp.headers["Content-Disposition"] = f'attachment; filename="droidgate-audit-{stamp}.jsonl"'
    return resp


async def audit_verify(
    console: Console, request: web.Request, viewer: Viewer
) -> web.StreamResponse:
    del request, viewer
    result = await asyncio.to_thread(console.service.audit_verify)
    return web.json_response(json.loads(result.model_dump_json()))


# -- devices -----------------------------------------------------------------------------------------
async def _device_state(console: Console, serial: str) -> dict[str, Any]:
    bound = [s.session for s in console.service.sessions() if s.serial == serial]
    devices = getattr(console.service.mediator, "devices", None)
    state: dict[str, Any] = {"serial": serial, "sessions": bound, "online": False, "package": ""}
    if devices is None:
        state["error"] = "no device pool"
        return state
    try:
        device = devices.get(serial)
        state["package"] = await asyncio.wait_for(device.current_package(), 10)
        state["online"] = True
    except Exception as exc:
        state["error"] = f"{type(exc).__name__}: {exc}"
    return state


async def devices(console: Console, request: web.Request, viewer: Viewer) -> web.StreamResponse:
    states = [await _device_state(console, s) for s in console.service.devices()]
    return console.render(request, "devices.html", viewer, devices=states, now=time.time())


async def device_screen(
    console: Console, request: web.Request, viewer: Viewer
) -> web.StreamResponse:
    """A fresh screenshot (not observed into any session: the operator looking is no agent)."""
    del viewer
    serial = request.match_info["serial"]
    if serial not in console.service.devices():
        raise not_found(f"no device {serial!r}", "serial")
    try:
        device = getattr(console.service.mediator, "devices").get(serial)  # noqa: B009
        png = await asyncio.wait_for(device.screenshot_png(), 15)
    except Exception as exc:
        raise ApiError(
            502, "device_unavailable", f"no screenshot of {serial}: {exc}", "device"
        ) from exc
    return web.Response(body=bytes(png), content_type="image/png")


_ALL = FeedFilter()

ROUTES: tuple[tuple[str, str, Any], ...] = (
    ("POST", "/logout", logout),
    ("GET", "/live", live),
    ("GET", "/escalations", escalations),
    ("GET", "/escalations/{escalation_id}/screen.png", escalation_screen),
    ("POST", "/escalations/{escalation_id}/approve", approve),
    ("POST", "/escalations/{escalation_id}/deny", deny),
    ("GET", "/sessions", sessions),
    ("GET", "/sessions/{session}", session),
    ("GET", "/rules", rules),
    ("POST", "/rules", install_rule),
    ("POST", "/rules/{rule_id}/mode", rule_mode),
    ("POST", "/rules/{rule_id}/delete", delete_rule),
    ("GET", "/audit", audit),
    ("GET", "/audit/export.jsonl", audit_export),
    ("GET", "/audit/verify.json", audit_verify),
    ("GET", "/devices", devices),
    ("GET", "/devices/{serial}/screen.png", device_screen),
)
