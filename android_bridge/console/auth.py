"""Who may use the console: the operator, by a login that trades the operator token for a session
cookie, or by presenting the operator token itself (the terminal console, scripts).

* **Login** (``POST /console/login``, the token in the form body, never in a URL): the operator
  token opens a console session; an agent token is refused with 403 and no cookie; anything
  else 401. The cookie is ``HttpOnly`` (page scripts cannot read it), ``SameSite=Strict`` (a
  request another site starts carries no cookie), ``Path=/console``, and ``Secure`` when the
  daemon serves HTTPS. The daemon keeps only the SHA-256 digest of a session id.
* **CSRF**: each console session has its own random token, put into every page (a hidden form
  field, and a ``<meta>`` for scripts). Every write (every POST) made with the cookie must
  carry it (form field ``csrf`` or header ``X-CSRF-Token``), compared in constant time, and must
  not come from another origin (``Origin`` / ``Sec-Fetch-Site``), or it is refused with 403.
  Pages on 127.0.0.1 at another port are *same-site* for the browser, so ``SameSite`` alone
  would not stop them: the token does.
* **Bearer**: ``Authorization: Bearer <operator token>`` works on every console route without a
  cookie and so without CSRF (a browser never adds that header by itself); an agent token there
  is 403, as on the API's operator routes.

Sessions end at logout, after ``idle_s`` without a request, or ``max_age_s`` after login.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field

from android_bridge.api.auth import bearer
from android_bridge.api.credentials import Credentials
from android_bridge.api.errors import ApiError

COOKIE = "droidgate_console"
CSRF_FIELD = "csrf"
CSRF_HEADER = "X-CSRF-Token"
MAX_SESSIONS = 64
IDLE_S = 8 * 3600.0
MAX_AGE_S = 24 * 3600.0
MAX_NAME = 64


@dataclass(slots=True)
class Viewer:
    """Who is looking: a console session (with its CSRF token) or a bearer of the operator token."""

    name: str
    via: str
    """"console" (a browser session) or "terminal" (the operator token presented directly)."""
    csrf: str = ""
    session_digest: bytes = b""


@dataclass(slots=True)
class _Login:
    name: str
    csrf: str
    created: float = field(default_factory=time.time)
    seen: float = field(default_factory=time.time)


def _digest(value: str) -> bytes:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).digest()


def clean_name(raw: str) -> str:
    """A display name for the audit ("approved by 'alice' via console"): printable, short."""
    name = "".join(c for c in raw.strip() if c.isprintable())[:MAX_NAME]
    return name


class ConsoleSessions:
    def __init__(
        self,
        credentials: Credentials,
        *,
        idle_s: float = IDLE_S,
        max_age_s: float = MAX_AGE_S,
        max_sessions: int = MAX_SESSIONS,
    ) -> None:
        self.credentials = credentials
        self.idle_s = idle_s
        self.max_age_s = max_age_s
        self.max_sessions = max_sessions
        self._logins: dict[bytes, _Login] = {}

    def login(self, token: str, name: str = "") -> tuple[str, Viewer]:
        """A new console session for the operator token; the cookie value and its viewer."""
        principal = self.credentials.resolve(token.strip())
        if principal is None:
            raise ApiError(401, "unauthorized", "that is not a valid token", "token")
        if not principal.is_operator:
            raise ApiError(
                403,
                "operator_only",
                f"the console is for role 'operator'; this token has role 'agent' "
                f"({principal.describe()}), which may only act in its own session",
                "token",
            )
        self._expire(time.time())
        while len(self._logins) >= self.max_sessions:  # the oldest console session goes
            oldest = min(self._logins, key=lambda d: self._logins[d].seen)
            del self._logins[oldest]
        sid = secrets.token_urlsafe(32)
        login = _Login(name=clean_name(name) or "operator", csrf=secrets.token_urlsafe(32))
        digest = _digest(sid)
        self._logins[digest] = login
        return sid, Viewer(login.name, "console", login.csrf, digest)

    def logout(self, viewer: Viewer) -> None:
        self._logins.pop(viewer.session_digest, None)

    def alive(self, viewer: Viewer) -> bool:
        """Whether a viewer's console session still holds (a stream ends when it does not)."""
        return not viewer.session_digest or viewer.session_digest in self._logins

    def _expire(self, now: float) -> None:
        for digest, login in list(self._logins.items()):
            if now - login.seen > self.idle_s or now - login.created > self.max_age_s:
                del self._logins[digest]

    def from_cookie(self, cookie: str | None) -> Viewer | None:
        if not cookie:
            return None
        digest = _digest(cookie)
        login = self._logins.get(digest)
        if login is None:
            return None
        now = time.time()
        if now - login.seen > self.idle_s or now - login.created > self.max_age_s:
            del self._logins[digest]
            return None
        login.seen = now
        return Viewer(login.name, "console", login.csrf, digest)

    def from_bearer(self, header: str | None) -> Viewer | None:
        """The operator token presented directly; None without the header; raises for an agent
        token (403) or a wrong one (401)."""
        if header is None:
            return None
        principal = self.credentials.resolve(bearer(header))
        if principal is None:
            raise ApiError(401, "unauthorized", "missing or wrong bearer token")
        if not principal.is_operator:
            raise ApiError(
                403,
                "operator_only",
                f"the console is for role 'operator'; the presented token has role 'agent' "
                f"({principal.describe()})",
                "Authorization",
            )
        return Viewer("operator", "terminal")

    @staticmethod
    def csrf_ok(viewer: Viewer, presented: str | None) -> bool:
        if viewer.via != "console":
            return True  # a bearer token is never sent by a browser on its own
        if not presented:
            return False
        return hmac.compare_digest(presented.encode(), viewer.csrf.encode())
