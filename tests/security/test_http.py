"""Hostile HTTP against the real daemon: bodies built to crash a parser, Host headers of a
rebinding page, oversized and smuggling headers, a slowloris client, a vanished device, and
binds the daemon must refuse. Nothing answers 5xx for bad input; the device is unchanged."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from tests.android_bridge.support import droidgate_bin
from tests.security.harness import CALENDAR, Sessions, Target, host_port, send_raw, tool

DEEP = "[" * 5000 + "]" * 5000
HUGE_INT = "7" * 5000


def _bodies(agent: str) -> list[tuple[str, bytes, str]]:
    """(what, body, field the 400 must name) for the event routes."""
    head = f'{{"agent":"{agent}","channel":"tool","action":"tool_call","target":"notes.create",'
    return [
        ("nested 5,000 deep", (head + f'"payload":{{"x":{DEEP}}}}}').encode(), "body"),
        ("an integer of 5,000 digits", (head + f'"payload":{{"x":{HUGE_INT}}}}}').encode(), "payload.x"),
        ("NaN", (head + '"payload":{"x":NaN}}').encode(), "payload.x"),
        ("Infinity", (head + '"payload":{"n":[1,-Infinity]}}').encode(), "payload.n.1"),
        ("a number that overflows", (head + '"payload":{"x":1e999}}').encode(), "payload.x"),
        ("ts = Infinity", (head + '"payload":{},"ts":Infinity}').encode(), "ts"),
    ]  # fmt: skip


async def test_parser_bombs_answer_400_naming_the_field(target: Target, sessions: Sessions) -> None:
    s = await sessions.open(["a"])
    before = target.device.snapshot()
    for route in ("events", "decide"):
        for what, body, field in _bodies("a"):
            out = await target.raw(
                "POST",
                f"/v1/sessions/{s.id}/{route}",
                token=s.tokens["a"],
                data=body,
                headers={"Content-Type": "application/json"},
            )
            assert out.status == 400, (route, what, out.status, out.body)
            assert out.body["error"]["field"] == field, (route, what, out.body)
    # the control plane's bodies too, with the operator's token
    for path, body in (
        ("/v1/rules", b'{"id":"r","decision":"deny","priority":' + HUGE_INT.encode() + b"}"),
        ("/v1/rules", b'{"id":"r","decision":"deny","match":' + DEEP.encode() + b"}"),
        ("/v1/sessions", b'{"agents":' + DEEP.encode() + b"}"),
        ("/v1/sessions", b'{"agents":[],"user_request":"x","session":NaN}'),
        (f"/v1/sessions/{s.id}/agents", b'{"agent":' + DEEP.encode() + b"}"),
    ):
        out = await target.raw(
            "POST",
            path,
            token=target.operator_token,
            data=body,
            headers={"Content-Type": "application/json"},
        )
        assert out.status == 400, (path, out.body)
        assert out.body["error"]["field"], out.body
    assert target.device.unchanged_since(before)


async def test_query_bombs_answer_400(target: Target) -> None:
    for query in (f"limit={HUGE_INT}", "since=nan", "since=-inf", f"since=1e{HUGE_INT}", "n=1e3"):
        path = "/v1/audit/tail" if query.startswith("n=") else "/v1/audit"
        out = await target.raw("GET", f"{path}?{query}", token=target.operator_token)
        assert out.status == 400 and out.body["error"]["field"], (query, out.body)


async def test_a_host_header_that_is_not_ours_is_421(target: Target, sessions: Sessions) -> None:
    """DNS rebinding: a page at evil.example re-pointed to 127.0.0.1 sends its own Host."""
    s = await sessions.open(["a"])
    for host in ("evil.example", "evil.example:8765", "127.0.0.1.evil.example", "[::2]"):
        for method, path, token in (
            ("GET", "/v1/health", None),
            ("GET", f"/v1/sessions/{s.id}/screen", s.tokens["a"]),
            ("GET", "/v1/rules", target.operator_token),
        ):
            out = await target.raw(method, path, token=token, headers={"Host": host})
            assert out.status == 421, (host, path, out.status)
            assert (
                out.body["error"]["code"] == "misdirected" and out.body["error"]["field"] == "Host"
            )
    for host in ("127.0.0.1", "localhost:1", "LOCALHOST", "[::1]:8765"):
        out = await target.raw("GET", "/v1/health", headers={"Host": host})
        assert out.status == 200, host


async def test_a_request_without_host_or_with_huge_headers_is_refused(target: Target) -> None:
    host, port = host_port(target.url)
    answer = await send_raw(host, port, b"GET /v1/health HTTP/1.0\r\n\r\n")
    assert answer.split(b" ", 2)[1] == b"400", answer[:200]
    big = b"X-Filler: " + b"a" * 70_000 + b"\r\n"
    answer = await send_raw(
        host, port, b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + big + b"\r\n"
    )
    status = answer.split(b" ", 2)[1] if answer else b"closed"
    assert status in (b"400", b"431", b"closed"), answer[:200]
    many = b"".join(b"X-H%d: v\r\n" % i for i in range(500))
    answer = await send_raw(
        host, port, b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + many + b"\r\n"
    )
    status = answer.split(b" ", 2)[1] if answer else b"closed"
    assert status in (b"400", b"431", b"closed"), answer[:200]


async def test_request_smuggling_does_not_reach_a_second_request(
    target: Target, sessions: Sessions
) -> None:
    """Content-Length and Transfer-Encoding together (CL.TE): a front proxy and the daemon
    could disagree on where the body ends, and the rest would be read as a second request —
    here an agent's refused rule install hidden as the operator's. The daemon refuses the
    whole message."""
    s = await sessions.open(["a"])
    governance_before = await target.governance()
    host, port = host_port(target.url)
    hidden = (
        b"POST /v1/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
        + target.operator_token.encode()
        + b'\r\nContent-Type: application/json\r\nContent-Length: 36\r\n\r\n{"id":"smuggled","decision":"allow"}'
    )
    body = b"0\r\n\r\n" + hidden
    request = (
        f"POST /v1/sessions/{s.id}/decide HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {s.tokens['a']}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nTransfer-Encoding: chunked\r\n\r\n"
    ).encode() + body
    answer = await send_raw(host, port, request)
    assert answer.split(b" ", 2)[1] == b"400", answer[:300]
    assert answer.count(b"HTTP/1.") == 1  # one answer: the smuggled request never ran
    governance = await target.governance()
    assert governance == governance_before
    assert "smuggled" not in str(governance["rules"])


async def test_slowloris_connections_are_closed_and_never_block_others(target: Target) -> None:
    """20 clients trickle a header byte every second; the daemon (idle timeout 3 s here) keeps
    answering others at once and closes them within the bound."""
    host, port = host_port(target.url)
    conns: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    for _ in range(20):
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        conns.append((reader, writer))
    start = time.monotonic()
    closed_at: list[float] = []

    async def trickle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            for _ in range(15):
                writer.write(b"a")
                await writer.drain()
                with contextlib.suppress(TimeoutError):
                    if await asyncio.wait_for(reader.read(1), 1.0) == b"":
                        break
        except ConnectionError:
            pass
        closed_at.append(time.monotonic() - start)
        writer.close()

    tasks = [asyncio.create_task(trickle(r, w)) for r, w in conns]
    for _ in range(3):  # meanwhile an honest client is served promptly
        t0 = time.monotonic()
        out = await target.raw("GET", "/v1/health")
        assert out.status == 200 and time.monotonic() - t0 < 1.0
        await asyncio.sleep(0.5)
    await asyncio.gather(*tasks)
    assert len(closed_at) == 20 and max(closed_at) < 3 + 2.5, closed_at


def test_binding_outside_loopback_needs_tls_or_an_explicit_insecure_bind(tmp_path: Path) -> None:
    proc = subprocess.run(
        [droidgate_bin(), "serve", "--virtual", "1", "--host", "0.0.0.0", "--port", "0",
         "--state-dir", str(tmp_path / "state")],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert (
        proc.returncode == 2 and b"--tls-cert" in proc.stderr and b"--insecure-bind" in proc.stderr
    )
    proc = subprocess.run(
        [droidgate_bin(), "serve", "--virtual", "1", "--tls-cert", str(tmp_path / "c.pem"),
         "--port", "0", "--state-dir", str(tmp_path / "state")],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 2 and b"--tls-key" in proc.stderr


def test_insecure_bind_is_allowed_but_warned() -> None:
    from android_bridge.daemon import DaemonConfig, check_bind

    cfg = DaemonConfig(host="0.0.0.0", insecure_bind=True)
    with _captured("android_bridge.daemon") as logs:
        assert check_bind(cfg) is None
    assert any("insecure-bind" in m and "clear" in m for m in logs)


@contextlib.contextmanager
def _captured(name: str) -> Any:
    import logging

    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record.getMessage())

    logger = logging.getLogger(name)
    handler = Keep(level=logging.WARNING)
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


async def test_https_serves_with_the_given_certificate(tmp_path: Path) -> None:
    """TLS on loopback (the same path a non-loopback bind takes): the client pins the
    daemon's certificate; plain HTTP to the TLS port gets nothing."""
    from android_bridge.api.client import BridgeClient
    from tests.security.harness import start_target, stop_target
    from tests.security.tls import self_signed

    cert, key = self_signed(tmp_path, "127.0.0.1")
    target = await asyncio.to_thread(
        start_target, tmp_path / "state", "--tls-cert", str(cert), "--tls-key", str(key)
    )
    try:
        assert target.url.startswith("https://")
        async with BridgeClient(target.url, target.operator_token, tls_ca=cert) as op:
            s = await op.create_session(agents=["a"])
            agent = op.with_token(s.agent_tokens["a"])
            assert (await agent.whoami()).agent == "a"
        host, port = host_port(target.url)
        answer = await send_raw(host, port, b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert b"HTTP/1.1 200" not in answer
    finally:
        await asyncio.to_thread(stop_target, target)


@pytest.mark.filterwarnings("ignore::ResourceWarning")
async def test_a_vanished_device_is_502_on_the_routes_that_read_it(fresh_target: Target) -> None:
    """The device disappears under the daemon (its adb server is gone). Reading the screen
    answers 502; an action is answered with its audited decision, executed false, and the
    error — never a 500, never "executed"."""
    from emulator_setup.adb_server import find_adb

    target = fresh_target
    async with target.operator() as op:
        s = await op.create_session(agents=["a"])
        await asyncio.to_thread(
            subprocess.run,
            [find_adb(), "-P", str(target.device.adb_port), "kill-server"],
            capture_output=True, timeout=30, check=False,
        )  # fmt: skip
        for path in (f"/v1/sessions/{s.session}/screen", f"/v1/sessions/{s.session}/screen.png"):
            out = await target.raw("GET", path, token=s.agent_tokens["a"])
            assert out.status == 502, (path, out.status, out.body)
            assert out.body["error"]["code"] == "device_unavailable"
        for event in (
            tool("a", "clock.set_alarm", {"hour": 5, "minutes": 0, "label": "gone"}),
            {"agent": "a", "channel": "gui", "action": "tap", "payload": {"x": 5, "y": 5}},
            {"agent": "a", "channel": "api", "action": "api_call",
             "payload": {"command": f"content query --uri {CALENDAR}"}},
        ):  # fmt: skip
            out = await target.raw(
                "POST", f"/v1/sessions/{s.session}/events", token=s.agent_tokens["a"], json=event
            )
            assert out.status in (200, 502), out
            if out.status == 200:
                assert out.body["executed"] is False and out.body["error"], out.body
