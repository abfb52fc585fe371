"""The console in a real browser (Debian's Chromium, headless, through Playwright) against a real
`droidgate serve --virtual 1 --escalations human`: an operator logs in, watches a leak denied
live while the Android suite's cross-app script runs, answers escalations from the page and sees
the device change (or not), installs a FlowRule from the form and sees the next decision change;
an agent token, a missing CSRF token and another site's form are refused. Each page's
screenshot goes to the report directory (``report_dir``)."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from android_bridge.api.client import BridgeClient, SessionAgents
from scenarios.android.agents import ScriptedAgent
from scenarios.android.load import load_executions
from tests.security.harness import Target, tool

ALARMS = (
    "su 0 sqlite3 /data/user_de/0/com.google.android.deskclock/databases/alarms.db "
    "'SELECT label FROM alarm_templates'"
)
LIVE_ROWS = "#decisions tbody tr"


async def login(
    browser: Any,
    daemon: Target,
    *,
    name: str = "alice",
    viewport: tuple[int, int] = (1280, 900),
    **context: Any,
) -> tuple[Any, Any]:
    ctx = await browser.new_context(
        viewport={"width": viewport[0], "height": viewport[1]}, **context
    )
    page = await ctx.new_page()
    await page.goto(daemon.url + "/console/")
    await page.fill("#token", daemon.operator_token)
    await page.fill("#name", name)
    await page.click("form button[type=submit]")
    await page.wait_for_url("**/console/live")
    return ctx, page


async def shot(page: Any, report_dir: Path, name: str) -> Path:
    path = report_dir / f"{name}.png"
    await page.screenshot(path=str(path), full_page=True)
    return path


async def until(page: Any, script: str, timeout: float = 15.0) -> None:
    """Wait until ``script`` is true in the page. (Not ``page.wait_for_function``: it evaluates
    its predicate as a string inside the page, which the console's CSP forbids, as it should.)"""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await page.evaluate(script):
        if loop.time() > end:
            raise AssertionError(f"not true within {timeout:g} s: {script}")
        await asyncio.sleep(0.05)


async def live_ready(page: Any) -> None:
    await until(page, "document.getElementById('stream-status').textContent === 'live'")


@pytest.fixture
async def operator(daemon: Target) -> AsyncIterator[BridgeClient]:
    async with daemon.operator() as op:
        yield op


async def test_login_trades_the_operator_token_for_a_strict_httponly_cookie(
    browser: Any, daemon: Target, report_dir: Path, operator: BridgeClient
) -> None:
    ctx = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await ctx.new_page()
    await page.goto(daemon.url + "/console/rules")
    assert "/console/login" in page.url  # nothing without logging in
    await shot(page, report_dir, "login")

    s = await operator.create_session(agents=["spy"], user_request="console login test")
    for token, status, words in (
        ("not-a-token-" + "x" * 40, 401, "not a valid token"),
        (s.agent_tokens["spy"], 403, "role 'agent'"),
    ):
        await page.fill("#token", token)
        async with page.expect_response("**/console/login") as answer:
            await page.click("form button[type=submit]")
        assert (await answer.value).status == status
        assert words in await page.inner_text("#login-error")
        assert await ctx.cookies() == []  # no cookie for a wrong or an agent token
    await operator.end_session(s.session)

    await page.fill("#token", daemon.operator_token)
    await page.fill("#name", "alice")
    await page.click("form button[type=submit]")
    await page.wait_for_url("**/console/rules")  # back where the login started
    (cookie,) = await ctx.cookies()
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/console"
    assert await page.evaluate("document.cookie") == ""  # page scripts cannot read it
    assert daemon.operator_token not in json.dumps(cookie)
    await ctx.close()


async def test_a_leak_is_denied_live_while_the_cross_app_script_runs(
    browser: Any, daemon: Target, report_dir: Path, operator: BridgeClient
) -> None:
    ctx, page = await login(browser, daemon)
    await live_ready(page)
    # the Android suite's first GUI cross-app leak: a contact's number typed into another app
    script = next(
        e for e in load_executions() if e.category == "cross_app_leak" and e.family == "gui"
    )
    serial = daemon.device.serial
    await operator.forget_device(serial)
    info = await operator.create_session(
        serial=serial, agents=list(script.agents), user_request=script.request
    )
    agent = ScriptedAgent(
        SessionAgents(operator, info.agent_tokens),
        info.session,
        agent=script.agents[0],
        request=script.request,
    )
    run = asyncio.create_task(agent.run(script.steps))
    deny_row = f"{LIVE_ROWS}[data-session='{info.session}'][data-decision='deny']"
    await page.wait_for_selector(deny_row, timeout=60_000)  # shown while the script runs
    stopped = await asyncio.wait_for(run, 60)
    assert stopped is not None and "deny" in stopped  # the script itself was stopped there
    denied = [r for r in agent.records if r.decision == "deny"]
    assert denied and not any(r.executed for r in denied)
    text = await page.inner_text(deny_row)
    secret = agent.memory.get("phone") or agent.memory.get("email") or ""
    assert secret and secret not in await page.content()  # masked, as in the audit
    assert re.search(r"\*{3,}", text), text  # the masked evidence is on the row
    allowed = await page.locator(
        f"{LIVE_ROWS}[data-session='{info.session}'][data-decision='allow']"
    ).count()
    assert allowed >= 2  # the launch and the reads went through, and were shown too
    latencies = await page.evaluate("window.droidgateLatencies")
    (report_dir / "live-latency.json").write_text(json.dumps({"seconds": latencies}))
    await shot(page, report_dir, "live")

    # filter: only this session's denies
    await page.fill("#f-session", info.session)
    await page.select_option("#f-decision", "deny")
    await page.click("#filters button[type=submit]")
    await live_ready(page)
    await page.wait_for_selector(deny_row)
    decisions = await page.eval_on_selector_all(LIVE_ROWS, "rs => rs.map(r => r.dataset.decision)")
    assert set(decisions) == {"deny"}

    # pause: decisions wait, then show when resumed
    await page.fill("#f-session", "")
    await page.select_option("#f-decision", "")
    await page.click("#filters button[type=submit]")
    await live_ready(page)
    before = await page.locator(LIVE_ROWS).count()
    await page.click("#pause")
    s = await operator.create_session(agents=["bot"], user_request="look up Zhang Wei")
    bot = operator.with_token(s.agent_tokens["bot"])
    await bot.decide(s.session, tool("bot", "contacts.lookup", {"name": "Zhang Wei"}))
    await until(page, "document.getElementById('pause').textContent.includes('1 new')")
    assert await page.locator(LIVE_ROWS).count() == before
    await page.click("#pause")
    await page.wait_for_selector(f"{LIVE_ROWS}[data-session='{s.session}']")

    # a reload starts from the kept decisions
    await page.reload()
    await live_ready(page)
    await page.wait_for_selector(deny_row)
    await operator.end_session(s.session)
    await operator.end_session(info.session)
    await ctx.close()


async def _notifications(ctx: Any) -> None:
    await ctx.grant_permissions(["notifications"])
    # record what the page shows as desktop notifications (headless Chromium draws none)
    await ctx.add_init_script(
        "window.__shown = []; const N = window.Notification;"
        "window.Notification = function (title, opts) { window.__shown.push([title, opts && opts.body]);"
        " return new N(title, opts); };"
        "window.Notification.permission = 'granted';"
        "window.Notification.requestPermission = () => Promise.resolve('granted');"
    )


async def test_an_escalation_approved_from_the_page_executes_on_the_device(
    browser: Any, daemon: Target, report_dir: Path, operator: BridgeClient
) -> None:
    rule = {"id": "console-ask-alarm", "match": {"target": "clock.*"}, "decision": "escalate"}
    await operator.install_rule(rule)
    ctx, page = await login(browser, daemon, name="alice")
    await _notifications(ctx)
    try:
        await page.goto(daemon.url + "/console/escalations")
        # the desktop notification comes from the live stream: an escalation raised before the
        # page is connected appears in the list but is (rightly) not announced as new
        await until(page, "document.body.dataset.stream === 'live'")
        s = await operator.create_session(agents=["bot"], user_request="wake me at 6:30")
        bot = operator.with_token(s.agent_tokens["bot"])
        label = "console-approved-alarm"
        held = asyncio.create_task(
            bot.submit(
                s.session,
                tool("bot", "clock.set_alarm", {"hour": 6, "minutes": 30, "label": label}),
            )
        )
        card = page.locator("article.escalation")
        await card.wait_for(timeout=20_000)  # the list follows the queue, no reload
        assert "clock.set_alarm" in await card.inner_text() or "clock" in await card.inner_text()
        await until(page, "window.__shown.length > 0")  # a desktop notification
        shown = await page.evaluate("window.__shown")
        assert shown[0][0] == "droidgate: approval needed" and s.session in shown[0][1]
        left = int((await card.locator(".countdown").inner_text()).split()[0])
        assert 0 < left <= 60  # the deadline counts down (the daemon's: 60 s)
        assert label not in daemon.device.shell(ALARMS)  # nothing before the operator says so
        await shot(page, report_dir, "escalations")

        await card.locator("textarea").fill("the user asked for this alarm")
        await card.locator("button.approve").click()
        out = await asyncio.wait_for(held, 20)
        assert out.decision == "allow" and out.executed
        assert daemon.device.shell(ALARMS).count(label) == 1  # executed on the device, once
        await page.wait_for_selector("table.answered td.d-approved")
        audited = await operator.audit(session=s.session, decision="allow")
        assert any(
            "approved by 'alice' via console: the user asked for this alarm" in r["reason"]
            for r in audited
        ), audited
        await operator.end_session(s.session)
    finally:
        await operator.remove_rule(rule["id"])
        await ctx.close()


async def test_a_gui_escalation_shows_its_screen_with_the_target_outlined_and_can_be_denied(
    browser: Any, daemon: Target, report_dir: Path, operator: BridgeClient
) -> None:
    rule = {
        "id": "console-ask-contact-tap",
        "match": {"channel": "gui", "action": "tap", "target": "*contacts*"},
        "decision": "escalate",
        "reason": "opening a contact needs the operator",
        "deadline_s": 45,
    }
    await operator.install_rule(rule)
    ctx, page = await login(browser, daemon, name="bob")
    try:
        await page.goto(daemon.url + "/console/escalations")
        s = await operator.create_session(
            serial=daemon.device.serial, agents=["gui"], user_request="show Alice Johnson"
        )
        agent = ScriptedAgent(
            SessionAgents(operator, s.agent_tokens), s.session, agent="gui", request=""
        )
        steps = [{"launch": "com.android.contacts"}, {"tap": {"text": "Alice Johnson"}}]
        run = asyncio.create_task(agent.run(steps))
        card = page.locator("article.escalation")
        await card.wait_for(timeout=30_000)
        outline = card.locator("svg rect.target")
        await outline.wait_for(timeout=20_000)  # the screenshot arrives, the target outlined
        box = [float(await outline.get_attribute(a) or 0) for a in ("x", "y", "width", "height")]
        assert box[2] > 0 and box[3] > 0
        natural = await card.locator("svg image").evaluate("i => i.href.baseVal")
        cookies = {c["name"]: c["value"] for c in await ctx.cookies()}
        async with (
            aiohttp.ClientSession(cookies=cookies) as http,
            http.get(daemon.url + natural) as png,
        ):
            assert png.status == 200 and (await png.read()).startswith(b"\x89PNG")
        left = int((await card.locator(".countdown").inner_text()).split()[0])
        assert 0 < left <= 45  # the rule's own deadline, not the daemon's 60 s
        await shot(page, report_dir, "escalation-gui")

        await card.locator("textarea").fill("not now")
        await card.locator("button.deny").click()
        stopped = await asyncio.wait_for(run, 30)
        assert stopped is not None and "deny" in stopped
        tap = agent.records[-1]
        assert tap.op == "tap" and tap.decision == "deny" and not tap.executed
        await operator.end_session(s.session)
    finally:
        await operator.remove_rule(rule["id"])
        await ctx.close()


async def test_a_flowrule_installed_from_the_form_changes_the_next_decision(
    browser: Any, daemon: Target, report_dir: Path, operator: BridgeClient
) -> None:
    s = await operator.create_session(agents=["writer"], user_request="keep my notes")
    writer = operator.with_token(s.agent_tokens["writer"])
    note = tool("writer", "notes.create", {"title": "Groceries", "body": "milk, eggs"})
    assert (await writer.decide(s.session, note)).decision == "allow"

    ctx, page = await login(browser, daemon)
    try:
        await page.goto(daemon.url + "/console/rules")
        form = page.locator("#rule-form")
        await form.locator("#r-id").fill("console-no-notes")
        await form.locator("#r-match-target").fill("notes.*")
        await form.locator("#r-decision").select_option("deny")
        await form.locator("#r-priority").fill("high")  # not a number: refused, naming it
        await form.locator("#r-reason").fill("notes are read-only today")
        await form.locator("button[type=submit]").click()
        assert "priority" in await page.inner_text("#form-error")
        assert await page.get_attribute("#r-priority", "aria-invalid") == "true"
        assert await page.input_value("#r-match-target") == "notes.*"  # the form keeps it
        await page.fill("#r-priority", "5")
        await page.select_option("#r-mode", "enforce")
        await page.click("#rule-form button[type=submit]")
        await page.wait_for_selector("#rule-console-no-notes")

        verdict = await writer.decide(s.session, note)
        assert verdict.decision == "deny" and "console-no-notes" in verdict.verdict.rule_ids

        # shadow mode: recorded, not enforced; disabled: not even recorded
        await page.click("button[aria-label='Shadow rule console-no-notes']")
        verdict = await writer.decide(s.session, note)
        assert verdict.decision == "allow" and verdict.verdict.shadow
        await page.click("button[aria-label='Disable rule console-no-notes']")
        verdict = await writer.decide(s.session, note)
        assert verdict.decision == "allow" and not verdict.verdict.shadow

        # the revisions and the diff between the first and the last
        await page.select_option("#d-from", "0")
        await page.click("#diff-form button[type=submit]")
        diff = await page.inner_text("#diff")
        assert "console-no-notes added" in diff and '"decision": "deny"' in diff
        await shot(page, report_dir, "rules")

        await page.click("button[aria-label='Delete rule console-no-notes']")
        await page.wait_for_selector("#rule-console-no-notes", state="detached")
        assert all(r["id"] != "console-no-notes" for r in (await operator.rules()).rules)
    finally:
        await operator.end_session(s.session)
        await ctx.close()


async def test_agent_tokens_a_missing_csrf_token_and_another_sites_form_are_refused(
    browser: Any, daemon: Target, operator: BridgeClient
) -> None:
    s = await operator.create_session(agents=["spy"], user_request="console csrf test")
    spy = s.agent_tokens["spy"]
    before = await daemon.governance()
    # an agent token, presented as a bearer, on pages, the stream and a write
    for method, path in (
        ("GET", "/console/live"),
        ("GET", "/console/stream"),
        ("POST", "/console/rules"),
    ):
        got = await daemon.raw(method, path, token=spy, data={"id": "x", "decision": "allow"})
        assert got.status == 403 and got.body["error"]["code"] == "operator_only", got

    ctx, page = await login(browser, daemon)
    try:
        # a write with the cookie but without the CSRF token
        status = await page.evaluate(
            """async () => (await fetch('/console/rules', {method: 'POST',
                 headers: {'Content-Type': 'application/x-www-form-urlencoded'},
                 body: 'id=csrf-allow-all&decision=allow'})).status"""
        )
        assert status == 403
        status = await page.evaluate(
            """async () => (await fetch('/console/rules', {method: 'POST',
                 headers: {'Content-Type': 'application/x-www-form-urlencoded'},
                 body: 'id=csrf-allow-all&decision=allow&csrf=forged'})).status"""
        )
        assert status == 403

        # another site's page (127.0.0.1 at another port is the same *site*: the cookie goes)
        evil = web.Application()
        action = daemon.url + "/console/rules"

        async def page_of_evil(request: web.Request) -> web.Response:
            del request
            return web.Response(
                content_type="text/html",
                text=f"""<form id=f method=post action="{action}">
                <input name=id value=csrf-allow-all><input name=decision value=allow></form>
                <script>document.getElementById('f').submit()</script>""",
            )

        evil.router.add_get("/", page_of_evil)
        runner = web.AppRunner(evil, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        try:
            attacker = await ctx.new_page()
            async with attacker.expect_response(action) as answer:
                await attacker.goto(f"http://127.0.0.1:{port}/")
            assert (await answer.value).status == 403
        finally:
            await runner.cleanup()

        # logging out ends the session: the old cookie opens nothing
        cookies = {c["name"]: c["value"] for c in await ctx.cookies()}
        await page.click("header form button[type=submit]")
        await page.wait_for_url("**/console/login")
        async with (
            aiohttp.ClientSession(cookies=cookies) as http,
            http.get(daemon.url + "/console/stream") as resp,
        ):
            assert resp.status == 401
    finally:
        await ctx.close()
    await operator.end_session(s.session)
    after = await daemon.governance()
    assert after["rules"] == before["rules"] and after["revision"] == before["revision"]


async def test_audit_sessions_and_devices_pages(
    browser: Any, daemon: Target, report_dir: Path, operator: BridgeClient
) -> None:
    serial = daemon.device.serial
    s = await operator.create_session(
        serial=serial, agents=["reader", "writer"], user_request="plan a call with Zhang Wei"
    )
    agents = SessionAgents(operator, s.agent_tokens)
    reader = ScriptedAgent(agents, s.session, agent="reader", request="")
    steps = [
        {"key": "home"},
        {"launch": "com.android.contacts"},
        {"tap": {"text": "Alice Johnson"}},
        {"screen": True},  # the agent looks at her details: her number is observed
    ]
    assert await reader.run(steps) is None  # GUI steps: the trace keeps the screens judged
    await agents.submit(
        s.session,
        tool(
            "writer",
            "calendar.create_event",
            {"title": "Call", "description": "call +1 415-555-0132"},
        ),
    )
    ctx, page = await login(browser, daemon)
    try:
        await page.goto(daemon.url + "/console/audit")
        await page.wait_for_selector("#verify.ok", timeout=20_000)
        assert "verified" in await page.inner_text("#verify")
        await page.fill("#a-session", s.session)
        await page.click("#audit-form button[type=submit]")
        rows = await page.locator("#audit-records tbody tr").count()
        assert rows >= 2
        async with page.expect_download() as dl:
            await page.click("text=Export JSONL")
        exported = Path(await (await dl.value).path()).read_text().splitlines()
        records = [json.loads(line) for line in exported]
        assert records and all(r["session"] == s.session for r in records)
        await shot(page, report_dir, "audit")

        await page.goto(daemon.url + f"/console/sessions/{s.session}")
        text = await page.inner_text("main")
        assert "plan a call with Zhang Wei" in text and "reader" in text
        assert "+1 415***0132" in text and "415-555-0132" not in await page.content()
        assert await page.locator("svg.wire").count() >= 2  # the screens the taps were judged on
        await shot(page, report_dir, "session")
        await page.goto(daemon.url + "/console/sessions")
        assert s.session in await page.inner_text("main")
        await shot(page, report_dir, "sessions")

        await page.goto(daemon.url + "/console/devices")
        await until(
            page,
            "Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)",
            20,
        )
        assert "online" in await page.inner_text("main") and serial in await page.inner_text("main")
        await shot(page, report_dir, "devices")
    finally:
        await operator.end_session(s.session)
        await ctx.close()


async def test_every_page_is_usable_on_a_phone_and_labels_its_controls(
    browser: Any, daemon: Target, report_dir: Path
) -> None:
    ctx, page = await login(browser, daemon, viewport=(390, 844), is_mobile=True, has_touch=True)
    try:
        for name in ("live", "escalations", "sessions", "rules", "audit", "devices"):
            await page.goto(f"{daemon.url}/console/{name}")
            await page.wait_for_load_state("networkidle") if name != "live" else await live_ready(
                page
            )
            overflow = await page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 1, f"{name} scrolls sideways on a phone ({overflow}px)"
            unlabeled = await page.evaluate(
                """() => Array.from(document.querySelectorAll('input, select, textarea, button'))
                  .filter(e => e.type !== 'hidden' && !e.hidden)
                  .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')
                               && !(e.tagName === 'BUTTON' && e.textContent.trim()))
                  .map(e => e.outerHTML)"""
            )
            assert unlabeled == [], f"{name}: controls without a label: {unlabeled}"
            if name in ("live", "escalations"):
                await shot(page, report_dir, f"phone-{name}")
        # keyboard: the first Tab reaches the skip link, which leads to the content
        await page.keyboard.press("Tab")
        assert await page.evaluate("document.activeElement.className") == "skip"
    finally:
        await ctx.close()
