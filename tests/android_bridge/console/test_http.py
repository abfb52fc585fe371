"""The console's routes over real HTTP, as an attacker or a script would send them: who gets in,
what every answer carries, what a write needs, how the stream resumes."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from android_bridge.console.web import Console
from tests.android_bridge.support import TOKEN, make_pep, make_service, running, tool_event


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[str, Any]]:
    pep = make_pep(tmp_path)
    service = make_service(pep)
    console = Console(service)
    async with running(service, console=console.mount) as url:
        yield url, service
    pep.close()


def _browser() -> aiohttp.ClientSession:
    """A client that keeps cookies for 127.0.0.1 (aiohttp's jar skips IP hosts by default)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def _login(http: aiohttp.ClientSession, url: str, name: str = "alice") -> str:
    async with http.post(
        url + "/console/login", data={"token": TOKEN, "name": name}, allow_redirects=False
    ) as resp:
        assert resp.status == 303 and resp.headers["Location"] == "/console/live"
        cookie = resp.headers["Set-Cookie"]
    for flag in ("HttpOnly", "SameSite=Strict", "Path=/console"):
        assert flag in cookie, cookie
    async with http.get(url + "/console/rules") as page:
        html = await page.text()
    found = re.search(r'name="csrf-token" content="([^"]+)"', html)
    assert found
    return found.group(1)


async def test_every_answer_carries_the_security_headers(served: tuple[str, Any]) -> None:
    url, _ = served
    async with aiohttp.ClientSession() as http:
        for path in ("/console/login", "/console/static/console.js", "/console/live"):
            async with http.get(url + path, allow_redirects=False) as resp:
                csp = resp.headers["Content-Security-Policy"]
                assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
                assert "'unsafe-inline'" not in csp
                assert resp.headers["X-Frame-Options"] == "DENY"
                assert resp.headers["X-Content-Type-Options"] == "nosniff"
        async with http.get(url + "/console/live", allow_redirects=False) as resp:
            assert resp.status == 303 and resp.headers["Location"].startswith("/console/login")
        for bad in ("..%2F..%2Fweb.py", ".hidden.js", "feed.py", "nothing.js"):
            async with http.get(url + "/console/static/" + bad) as resp:
                assert resp.status == 404


async def test_writes_need_the_csrf_token_and_the_same_origin(served: tuple[str, Any]) -> None:
    url, service = served
    rule = {"id": "allow-all", "decision": "allow"}
    async with _browser() as http:
        csrf = await _login(http, url)
        for data, headers in (
            (rule, {}),
            ({**rule, "csrf": "forged"}, {}),
            ({**rule, "csrf": csrf}, {"Origin": "http://evil.example"}),
            ({**rule, "csrf": csrf}, {"Sec-Fetch-Site": "cross-site"}),
        ):
            async with http.post(url + "/console/rules", data=data, headers=headers) as resp:
                assert resp.status == 403, (data, headers)
        assert service.rules()[1] == []
        async with http.post(
            url + "/console/rules", data={**rule, "csrf": csrf}, allow_redirects=False
        ) as resp:
            assert resp.status == 303
        assert [r["id"] for r in service.rules()[1]] == ["allow-all"]


async def test_the_operator_token_works_without_a_cookie_an_agent_token_never(
    served: tuple[str, Any],
) -> None:
    url, service = served
    from android_bridge.api.models import CreateSession

    agent = service.create_session(CreateSession(agents=["a"])).agent_tokens["a"]
    async with _browser() as http:
        for token, status in ((TOKEN, 200), (agent, 403), ("x" * 43, 401)):
            headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
            async with http.get(url + "/console/audit/verify.json", headers=headers) as resp:
                assert resp.status == status
        async with http.post(url + "/console/login", data={"token": agent}) as resp:
            assert resp.status == 403 and "Set-Cookie" not in resp.headers
        # the API's own routes do not take the console's cookie
        await _login(http, url)
        async with http.get(url + "/v1/rules") as resp:
            assert resp.status == 401


async def test_login_never_redirects_off_the_console(served: tuple[str, Any]) -> None:
    url, _ = served
    async with aiohttp.ClientSession() as http:
        for target in ("https://evil.example/", "//evil.example/x", "/console/../v1/rules"):
            async with http.post(
                url + "/console/login",
                data={"token": TOKEN, "next": target},
                allow_redirects=False,
            ) as resp:
                assert resp.headers["Location"] == "/console/live", target


async def test_the_stream_sends_the_kept_decisions_then_new_ones_and_resumes(
    served: tuple[str, Any],
) -> None:
    url, service = served
    from android_bridge.api.models import ActionRequest, CreateSession

    service.create_session(CreateSession(session="s-live", agents=["bot"]))
    lookup = ActionRequest.model_validate(
        tool_event("bot", "contacts.lookup", {"name": "Zhang Wei"})
    )
    await service.decide("s-live", lookup)
    headers = {"Authorization": f"Bearer {TOKEN}"}
    async with (
        aiohttp.ClientSession() as http,
        http.get(url + "/console/stream?session=s-live", headers=headers) as resp,
    ):
        assert resp.headers["Content-Type"].startswith("text/event-stream")
        seen: list[int] = []

        async def read() -> None:
            async for raw in resp.content:
                line = raw.decode().strip()
                if line.startswith("id: "):
                    seen.append(int(line[4:]))
                if len(seen) == 2:
                    return

        reader = asyncio.ensure_future(read())
        await asyncio.sleep(0.2)
        await service.decide("s-live", lookup)
        await asyncio.wait_for(reader, 5)
        assert seen[1] > seen[0]
    async with (
        aiohttp.ClientSession() as http,
        http.get(
            url + "/console/stream?session=s-live",
            headers={**headers, "Last-Event-ID": str(seen[0])},
        ) as resp,
    ):
        head = (await resp.content.readuntil(b"event: ready")).decode()
        assert f"id: {seen[1]}" in head and f"id: {seen[0]}\n" not in head
