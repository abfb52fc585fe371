"""Ways to make one request mean something else: paths that climb out of the agent's session,
method overrides, a browser's cross-origin request, and JSON with duplicate keys that could give
the token check and the event two different agents."""

from __future__ import annotations

import json

from tests.security.harness import Sessions, Target, host_port, send_raw

RULE = json.dumps({"id": "sec-climb", "match": {}, "decision": "allow"}).encode()


async def test_paths_that_climb_out_of_the_session_reach_no_operator_route(
    target: Target, sessions: Sessions
) -> None:
    s = await sessions.open(["a"])
    token = s.tokens["a"]
    before = await target.governance()
    host, port = host_port(target.url)
    for path in (
        f"/v1/sessions/{s.id}/../../rules",
        f"/v1/sessions/{s.id}/%2e%2e/%2e%2e/rules",
        f"/v1/sessions/{s.id}/..%2f..%2frules",
        "/v1//rules",
        "/v1/rules/",
        "/V1/RULES",
        "/v1/%72ules",
        f"/v1/sessions/{s.id}/events/../../../rules",
    ):
        request = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(RULE)}\r\n"
            "Connection: close\r\n\r\n"
        ).encode() + RULE
        answer = await send_raw(host, port, request)
        status = answer.split(b" ", 2)[1]
        assert status in (b"400", b"403", b"404", b"405"), (path, answer[:300])
    after = await target.governance()
    assert after == before and "sec-climb" not in str(after["rules"])


async def test_a_method_override_header_is_not_honoured(target: Target, sessions: Sessions) -> None:
    s = await sessions.open(["a"])
    for header in ("X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override"):
        out = await target.raw(
            "GET", f"/v1/sessions/{s.id}", token=s.tokens["a"], headers={header: "DELETE"}
        )
        assert out.status == 200
    assert s.id in [x[0] for x in (await target.governance())["sessions"]]


async def test_a_browser_page_gets_no_cross_origin_access(target: Target) -> None:
    """No CORS headers: a page on another origin that learned the port cannot read answers
    (and its preflight for an Authorization header is not granted)."""
    out = await target.raw(
        "OPTIONS",
        "/v1/rules",
        headers={
            "Origin": "https://evil.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization,content-type",
        },
    )
    assert out.status in (401, 403, 405)
    assert not any(h.lower().startswith("access-control-") for h in out.headers)
    out = await target.raw("GET", "/v1/health", headers={"Origin": "https://evil.example"})
    assert not any(h.lower().startswith("access-control-") for h in out.headers)


async def test_duplicate_json_keys_cannot_split_the_agents_identity(
    target: Target, sessions: Sessions
) -> None:
    s = await sessions.open(["reader", "writer"])
    for order in (("reader", "writer"), ("writer", "reader")):
        body = (
            f'{{"agent":"{order[0]}","agent":"{order[1]}","channel":"tool",'
            '"action":"tool_call","target":"contacts.lookup","payload":{"name":"Bob Miller"}}'
        ).encode()
        out = await target.raw(
            "POST",
            f"/v1/sessions/{s.id}/decide",
            token=s.tokens["reader"],
            data=body,
            headers={"Content-Type": "application/json"},
        )
        if out.status == 200:  # then it was decided as the token's agent, and audited so
            async with target.operator() as op:
                records = await op.audit(session=s.id, limit=100)
            record = next(r for r in records if r["event_id"] == out.body["event_id"])
            assert record["agent"] == "reader", record
        else:
            assert out.status == 403 and out.body["error"]["code"] == "wrong_agent", out.body
