"""Console sessions: only the operator token opens one; the cookie is a random id whose digest
alone is kept; sessions end at logout, when idle, and at most MAX_SESSIONS are held."""

from __future__ import annotations

import time

import pytest

from android_bridge.api.credentials import AgentTokens, Credentials
from android_bridge.api.errors import ApiError
from android_bridge.console.auth import ConsoleSessions, Viewer, clean_name

OPERATOR = "o" * 43


def sessions(**kw: float) -> tuple[ConsoleSessions, AgentTokens]:
    agents = AgentTokens()
    return ConsoleSessions(Credentials(OPERATOR, agents), **kw), agents  # type: ignore[arg-type]


def test_only_the_operator_token_opens_a_console_session() -> None:
    console, agents = sessions()
    agent = agents.issue("s-1", "writer")
    with pytest.raises(ApiError) as err:
        console.login(agent)
    assert err.value.status == 403 and "role 'agent'" in err.value.message
    with pytest.raises(ApiError) as err:
        console.login("nope" * 12)
    assert err.value.status == 401
    cookie, viewer = console.login(OPERATOR, "  alice\x07 ")
    assert viewer.name == "alice" and viewer.via == "console" and len(viewer.csrf) >= 40
    assert cookie not in repr(console.__dict__)  # only its digest is kept
    again = console.from_cookie(cookie)
    assert again is not None and again.csrf == viewer.csrf
    assert console.from_cookie("forged") is None and console.from_cookie(None) is None


def test_csrf_is_required_from_console_sessions_only() -> None:
    console, _ = sessions()
    _, viewer = console.login(OPERATOR)
    assert not console.csrf_ok(viewer, None)
    assert not console.csrf_ok(viewer, "x" * 43)
    assert console.csrf_ok(viewer, viewer.csrf)
    assert console.csrf_ok(Viewer("operator", "terminal"), None)  # a bearer token: no cookie


def test_bearer_tokens_on_console_routes() -> None:
    console, agents = sessions()
    assert console.from_bearer(None) is None
    assert console.from_bearer(f"Bearer {OPERATOR}") == Viewer("operator", "terminal")
    with pytest.raises(ApiError) as err:
        console.from_bearer(f"Bearer {agents.issue('s-1', 'a')}")
    assert err.value.status == 403 and err.value.code == "operator_only"
    with pytest.raises(ApiError) as err:
        console.from_bearer("Bearer wrong")
    assert err.value.status == 401


def test_sessions_end_at_logout_when_idle_and_beyond_the_cap() -> None:
    console, _ = sessions(idle_s=0.05)
    cookie, viewer = console.login(OPERATOR)
    assert console.alive(viewer)
    console.logout(viewer)
    assert not console.alive(viewer) and console.from_cookie(cookie) is None

    cookie, _ = console.login(OPERATOR)
    time.sleep(0.08)
    assert console.from_cookie(cookie) is None  # idle too long

    console, _ = sessions()
    first, _ = console.login(OPERATOR)
    for _ in range(console.max_sessions):
        console.login(OPERATOR)
    assert console.from_cookie(first) is None  # the oldest went


def test_names_are_printable_and_short() -> None:
    assert clean_name("bob\n\x1b[31m") == "bob[31m"
    assert len(clean_name("x" * 500)) == 64
