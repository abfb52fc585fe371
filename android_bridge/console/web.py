"""The console's web side: routes under ``/console``, their guard, page rendering, the stream.

Every route goes through ``Console.guard``: who is asking (a console session's cookie, or the
operator's bearer token; ``auth.py``), CSRF and origin on writes, a deadline (except the live
stream), security headers on every answer (a strict Content-Security-Policy: scripts and styles
only from ``/console/static``, nothing inline; no framing; no caching; no referrer), and errors
rendered as a page (or JSON for scripts) that names the problem.

The bridge API's own middleware leaves ``/console`` to this guard (``server.py``), after its
``Host`` check, which applies here too (DNS rebinding).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import PurePosixPath
from typing import Any

from aiohttp import web
from jinja2 import Environment, PackageLoader, select_autoescape

from android_bridge.api.credentials import Credentials
from android_bridge.api.errors import ApiError
from android_bridge.api.server import CONSOLE_PREFIX
from android_bridge.api.service import BridgeService
from android_bridge.console import pages
from android_bridge.console.auth import COOKIE, CSRF_FIELD, CSRF_HEADER, ConsoleSessions, Viewer
from android_bridge.console.desk import EscalationDesk
from android_bridge.console.feed import DecisionFeed, FeedFilter

log = logging.getLogger(__name__)

PREFIX = CONSOLE_PREFIX
PAGE_TIMEOUT_S = 30.0
FLUSH_S = 0.025
"""A console's stream writes at most this often (everything that arrived meanwhile at once)."""
HEARTBEAT_S = 15.0

_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
_HEADERS = {
    "Content-Security-Policy": _CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",  # "no-referrer" would make a form POST's Origin "null"
    "Cache-Control": "no-store",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
_STATIC_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}

Page = Callable[["Console", web.Request, Viewer], Awaitable[web.StreamResponse]]


@dataclass
class ConsoleOptions:
    escalations: str = "deny"
    """The daemon's T4 mode (deny | human | llm): the escalations page says what it means."""
    deadline_s: float = 30.0
    secure_cookie: bool = False
    """Set the cookie's ``Secure`` flag (the daemon serves HTTPS)."""
    flush_s: float = FLUSH_S
    heartbeat_s: float = HEARTBEAT_S


def _fmt_time(ts: Any) -> str:
    try:
        return datetime.fromtimestamp(float(ts), UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    except (TypeError, ValueError, OverflowError, OSError):
        return ""


class Console:
    """The operator's console of one daemon (one ``BridgeService``)."""

    def __init__(
        self,
        service: BridgeService,
        *,
        feed: DecisionFeed | None = None,
        desk: EscalationDesk | None = None,
        options: ConsoleOptions | None = None,
    ) -> None:
        self.service = service
        self.feed = feed or DecisionFeed()
        self.desk = desk or EscalationDesk()
        self.options = options or ConsoleOptions()
        self.sessions: ConsoleSessions | None = None
        self._remove_listener: Callable[[], None] | None = None
        self.env = Environment(
            loader=PackageLoader("android_bridge.console", "templates"),
            autoescape=select_autoescape(default=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters["time"] = _fmt_time
        service.answer_listeners.append(self.desk.answer)

    # -- mounting ------------------------------------------------------------------------------
    def mount(self, app: web.Application, credentials: Credentials) -> None:
        """Add the console's routes to the bridge app (``make_app(console=console.mount)``)."""
        self.sessions = ConsoleSessions(credentials)
        add = app.router.add_route
        add("GET", PREFIX, self._redirect_home)
        add("GET", PREFIX + "/", self._redirect_home)
        add("GET", PREFIX + "/login", self.public(pages.login_form))
        add("POST", PREFIX + "/login", self.public(pages.login))
        add("GET", PREFIX + "/static/{name}", self.public(self._static))
        for method, path, page in pages.ROUTES:
            add(method, PREFIX + path, self.guard(page, write=method != "GET"))
        add("GET", PREFIX + "/stream", self.guard(self._stream, stream=True))
        app.on_startup.append(self._startup)
        app.on_shutdown.append(self._shutdown)

    async def _startup(self, app: web.Application) -> None:
        del app
        self.feed.bind(asyncio.get_running_loop())
        audit = getattr(self.service.pep, "audit", None)
        if audit is None:
            return
        store = getattr(audit, "store", None)
        if store is not None:
            from host_pep.audit.store import RowFilter

            try:
                self.feed.seed(store.select(RowFilter(limit=self.feed._ring.maxlen or 500)))
            except Exception as exc:  # an unreadable log: the console starts empty
                log.warning("console: could not read the audit's last records: %s", exc)
        add_listener = getattr(audit, "add_listener", None)
        if add_listener is not None:
            self._remove_listener = add_listener(self.feed.on_commit)

    async def _shutdown(self, app: web.Application) -> None:
        del app
        self.desk.deny_all("the daemon is stopping; nobody can answer this escalation")
        self.feed.close()
        if self._remove_listener is not None:
            self._remove_listener()
            self._remove_listener = None
        await self.desk.aclose()

    # -- rendering -----------------------------------------------------------------------------
    def render(
        self,
        request: web.Request,
        template: str,
        viewer: Viewer | None,
        status: int = 200,
        **ctx: Any,
    ) -> web.Response:
        page = self.env.get_template(template).render(
            viewer=viewer,
            csrf=viewer.csrf if viewer is not None else "",
            csrf_field=CSRF_FIELD,
            path=request.path,
            escalations_mode=self.options.escalations,
            pending_count=len(self.desk.pending()) if viewer is not None else 0,
            **ctx,
        )
        resp = web.Response(text=page, status=status, content_type="text/html", charset="utf-8")
        resp.headers.update(_HEADERS)
        return resp

    def _error(self, request: web.Request, viewer: Viewer | None, err: ApiError) -> web.Response:
        wants_json = "text/html" not in request.headers.get("Accept", "") or request.path.endswith(
            (".json", ".jsonl")
        )
        if wants_json:
            resp = web.json_response(err.body(), status=err.status)
            resp.headers.update(_HEADERS)
            return resp
        return self.render(request, "error.html", viewer, status=err.status, error=err)

    # -- the guard -----------------------------------------------------------------------------
    def public(self, page: Callable[[Console, web.Request], Awaitable[web.StreamResponse]]) -> Any:
        async def handler(request: web.Request) -> web.StreamResponse:
            try:
                async with asyncio.timeout(PAGE_TIMEOUT_S):
                    resp = await page(self, request)
            except ApiError as err:
                return self._error(request, None, err)
            resp.headers.update(_HEADERS)
            return resp

        return handler

    def viewer(self, request: web.Request) -> Viewer | None:
        """Who asks: raises 401/403 for a wrong or agent bearer token; None without any."""
        assert self.sessions is not None
        by_token = self.sessions.from_bearer(request.headers.get("Authorization"))
        if by_token is not None:
            return by_token
        return self.sessions.from_cookie(request.cookies.get(COOKIE))

    def guard(self, page: Page, *, write: bool = False, stream: bool = False) -> Any:
        async def handler(request: web.Request) -> web.StreamResponse:
            viewer: Viewer | None = None
            try:
                viewer = self.viewer(request)
                if viewer is None:
                    if request.method == "GET" and not stream:
                        raise web.HTTPSeeOther(f"{PREFIX}/login?next={request.path}")
                    raise ApiError(401, "unauthorized", "log in to the console first", "cookie")
                if write:
                    await self._check_write(request, viewer)
                if stream:
                    return await page(self, request, viewer)
                async with asyncio.timeout(PAGE_TIMEOUT_S):
                    resp = await page(self, request, viewer)
            except ApiError as err:
                return self._error(request, viewer, err)
            except web.HTTPException as exc:
                exc.headers.update(_HEADERS)
                raise
            resp.headers.update(_HEADERS)
            return resp

        return handler

    async def _check_write(self, request: web.Request, viewer: Viewer) -> None:
        if viewer.via != "console":
            return
        # Another origin's page may not write, whatever it carries (the browser tells).
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"{request.scheme}://{request.host}":
            raise ApiError(403, "cross_origin", "a write from another origin is refused", "Origin")
        if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            raise ApiError(
                403, "cross_site", "a write started by another site is refused", "Sec-Fetch-Site"
            )
        presented = request.headers.get(CSRF_HEADER)
        if presented is None and request.content_type in (
            "application/x-www-form-urlencoded",
            "multipart/form-data",
        ):
            form = await request.post()
            value = form.get(CSRF_FIELD)
            presented = value if isinstance(value, str) else None
        assert self.sessions is not None
        if not self.sessions.csrf_ok(viewer, presented):
            raise ApiError(
                403,
                "csrf",
                "missing or wrong CSRF token: reload the page and try again",
                CSRF_FIELD,
            )

    # -- fixed routes ----------------------------------------------------------------------------
    async def _redirect_home(self, request: web.Request) -> web.StreamResponse:
        del request
        raise web.HTTPSeeOther(f"{PREFIX}/live")

    async def _static(self, _console: Console, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        suffix = PurePosixPath(name).suffix
        if "/" in name or name.startswith(".") or suffix not in _STATIC_TYPES:
            raise ApiError(404, "not_found", f"no static file {name!r}")
        res = resources.files("android_bridge.console").joinpath("static", name)
        if not res.is_file():
            raise ApiError(404, "not_found", f"no static file {name!r}")
        resp = web.Response(body=res.read_bytes(), content_type=_STATIC_TYPES[suffix])
        resp.headers.update(_HEADERS)
        resp.headers["Cache-Control"] = "no-cache"
        return resp

    async def _stream(
        self, _console: Console, request: web.Request, viewer: Viewer
    ) -> web.StreamResponse:
        """Server-sent events: the kept records first (those after ``Last-Event-ID`` on a
        reconnect), then each record as it is committed and each escalation as it arrives."""
        flt = FeedFilter.from_query(request.query)
        only_escalations = request.query.get("only") == "escalations"
        try:
            after = int(request.headers.get("Last-Event-ID") or request.query.get("after") or 0)
        except ValueError:
            after = 0
        resp = web.StreamResponse(
            headers={
                **_HEADERS,
                "Content-Type": "text/event-stream; charset=utf-8",
                "X-Accel-Buffering": "no",
            }
        )
        await resp.prepare(request)
        sub = self.feed.subscribe(flt)
        assert self.sessions is not None
        try:
            start = b"retry: 2000\n\n"
            if not only_escalations:
                start += b"".join(i.frame for i in self.feed.backlog(flt, after=after))
            await resp.write(start + b"event: ready\ndata: {}\n\n")
            last = time.monotonic()
            while not sub.closed and self.sessions.alive(viewer):
                try:
                    async with asyncio.timeout(self.options.heartbeat_s):  # no task per wait
                        await sub.wake.wait()
                except TimeoutError:
                    await resp.write(b": ping\n\n")
                    continue
                wait = self.options.flush_s - (time.monotonic() - last)
                if wait > 0:
                    await asyncio.sleep(wait)  # let what arrives in the meantime join this write
                items = sub.take()
                if only_escalations:
                    items = [i for i in items if i.seq == 0]
                if sub.dropped:
                    note = f'event: dropped\ndata: {{"count": {sub.dropped}}}\n\n'.encode()
                    sub.dropped = 0
                else:
                    note = b""
                if items or note:
                    await resp.write(note + b"".join(i.frame for i in items))
                last = time.monotonic()
        except ConnectionResetError:  # the page went away
            pass
        finally:
            self.feed.unsubscribe(sub)
        return resp
