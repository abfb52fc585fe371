"""Stolen, replayed, misplaced and planted tokens: a token of session A on session B, a token in a
URL, a token after its session ended (and after the id was re-created), timing, a symlinked
token file, and tokens in what the daemon writes down."""

from __future__ import annotations

import hmac
import subprocess
from pathlib import Path

import pytest

from android_bridge.api.credentials import AGENT_TOKEN_PREFIX, AgentTokens, Credentials
from tests.android_bridge.support import droidgate_bin
from tests.security.harness import CALENDAR, Sessions, Target, api, tool


async def test_a_token_of_session_a_is_refused_on_session_b(
    target: Target, sessions: Sessions
) -> None:
    a = await sessions.open(["reader"], user_request="plan a call with Alice")
    b = await sessions.open(["writer"], user_request="add my dentist appointment")
    before = target.device.snapshot()
    stolen = a.tokens["reader"]
    marker = "sec-cross"
    insert = api("writer", f"content insert --uri {CALENDAR} --bind title:s:{marker}")
    for method, path, body in (
        ("POST", f"/v1/sessions/{b.id}/events", insert),
        ("POST", f"/v1/sessions/{b.id}/decide", insert),
        ("GET", f"/v1/sessions/{b.id}/screen", None),
        ("GET", f"/v1/sessions/{b.id}", None),
        ("POST", f"/v1/sessions/{b.id}/events", {**insert, "agent": "reader"}),
    ):
        out = await target.raw(method, path, token=stolen, json=body)
        assert out.status == 403 and out.body["error"]["code"] == "wrong_session", (path, out)
    assert marker not in target.device.rows(CALENDAR)
    assert target.device.unchanged_since(before)


async def test_a_token_in_the_url_is_never_read(target: Target, sessions: Sessions) -> None:
    s = await sessions.open(["reader"])
    for token in (s.tokens["reader"], target.operator_token):
        for query in (f"access_token={token}", f"token={token}", f"bearer={token}"):
            for path in (f"/v1/sessions/{s.id}/screen", "/v1/rules", "/v1/whoami"):
                out = await target.raw("GET", f"{path}?{query}")
                assert out.status == 401, (path, query)
                assert token not in str(out.body)


async def test_a_revoked_token_acts_nowhere_not_even_in_a_recreated_session(
    target: Target, sessions: Sessions
) -> None:
    s = await sessions.open(["writer"], user_request="note the offsite", session="sec-reborn")
    old = s.tokens["writer"]
    async with target.operator() as op:
        await op.end_session(s.id)
        await op.create_session(session="sec-reborn", agents=["writer"], user_request="x")
    marker = "sec-revoked"
    out = await target.raw(
        "POST",
        "/v1/sessions/sec-reborn/events",
        token=old,
        json=api("writer", f"content insert --uri {CALENDAR} --bind title:s:{marker}"),
    )
    assert out.status == 401 and out.body["error"]["code"] == "unauthorized"
    assert marker not in target.device.rows(CALENDAR)
    async with target.operator() as op:
        await op.end_session("sec-reborn")


async def test_a_left_or_rotated_agent_token_stops_working(
    target: Target, sessions: Sessions
) -> None:
    s = await sessions.open(["a", "b"])
    async with target.operator() as op:
        rotated = (await op.join(s.id, "a")).agent_tokens["a"]
        await op.leave(s.id, "b")
    for token in (s.tokens["a"], s.tokens["b"]):
        out = await target.raw("GET", f"/v1/sessions/{s.id}", token=token)
        assert out.status == 401
    assert (await target.raw("GET", f"/v1/sessions/{s.id}", token=rotated)).status == 200


def test_token_checks_do_not_compare_secrets_byte_by_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    """Timing: the operator token is compared with hmac.compare_digest, agent tokens are found
    by their SHA-256 digest (a guess that shares a prefix with a real token shares nothing with
    its digest). Measured through HTTP the difference would drown in noise; the mechanism is
    what can be checked."""
    compared: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    agents = AgentTokens()
    token = agents.issue("s", "a")
    creds = Credentials("o" * 43, agents)
    near = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert creds.resolve(near) is None
    assert creds.resolve(token) is not None and creds.resolve("o" * 43) is not None
    assert all(isinstance(a, bytes) and isinstance(b, bytes) for a, b in compared)
    assert compared, "every comparison of a secret goes through compare_digest"
    stored = repr(vars(agents))
    assert token not in stored and token[len(AGENT_TOKEN_PREFIX) :] not in stored


def test_a_symlinked_token_file_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    planted = tmp_path / "attacker-known-token"
    planted.write_text("k" * 43 + "\n")
    planted.chmod(0o600)
    (state / "token").symlink_to(planted)
    proc = subprocess.run(
        [droidgate_bin(), "serve", "--virtual", "1", "--port", "0", "--state-dir", str(state)],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode != 0 and b"symlink" in proc.stderr, proc.stderr[-2000:]
    assert planted.read_text() == "k" * 43 + "\n"


def test_a_dangling_symlink_is_not_written_through(tmp_path: Path) -> None:
    from android_bridge.api.auth import load_or_create_token

    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    where = tmp_path / "where-the-attacker-reads"
    (state / "token").symlink_to(where)
    with pytest.raises(PermissionError):
        load_or_create_token(state)
    assert not where.exists()


async def test_tokens_never_reach_the_log_the_trace_or_the_audit(
    target: Target, sessions: Sessions
) -> None:
    """The suite's daemon logs at debug level; after agents acted (and failed), no token is in
    anything it wrote."""
    s = await sessions.open(["reader", "writer"], user_request="plan")
    await s.agent("reader").call_tool(s.id, "reader", "contacts.lookup", {"name": "Bob Miller"})
    await target.raw("GET", "/v1/rules", token=s.tokens["writer"])  # refused, and logged?
    await target.raw("GET", f"/v1/x?access_token={s.tokens['writer']}")
    await s.agent("writer").submit(
        s.id, tool("writer", "notes.create", {"title": "t", "body": "b"})
    )
    state = target.daemon.state_dir
    secrets = [*s.tokens.values(), target.operator_token]
    written = [
        p
        for p in state.rglob("*")
        if p.is_file() and p.name not in ("token",) and not p.name.endswith(".key")
    ]
    assert any(p.name == "daemon.stderr" for p in written)
    for path in written:
        data = path.read_bytes()
        for secret in secrets:
            assert secret.encode() not in data, path
