"""The webhook: each escalation (and, asked for, each deny) arrives at a real HTTP receiver as
signed JSON, failed deliveries are retried with backoff, and a receiver that hangs holds up no
decision. End to end: `droidgate serve --webhook-url` posts the escalation an agent caused."""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from android_bridge.console.webhook import (
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    WebhookNotifier,
    verify,
)
from host_pep.audit.secret import Secret
from host_pep.pep import PEP
from host_pep.semantics import ObservedValue
from tests.security.harness import start_target, stop_target, tool

SECRET = "s3cret-for-the-webhook-tests"


@dataclass
class Receiver:
    url: str = ""
    got: list[tuple[float, dict[str, str], bytes]] = field(default_factory=list)
    fail: list[int] = field(default_factory=list)
    """Statuses to answer first, one per request; then 200."""
    hold: asyncio.Event | None = None

    async def handle(self, request: web.Request) -> web.Response:
        body = await request.read()
        if self.hold is not None:
            await self.hold.wait()
        self.got.append((time.monotonic(), dict(request.headers), body))
        return web.Response(status=self.fail.pop(0) if self.fail else 200)


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    rec = Receiver()
    app = web.Application()
    app.router.add_post("/hook", rec.handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    rec.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}/hook"  # type: ignore[union-attr]
    try:
        yield rec
    finally:
        if rec.hold is not None:
            rec.hold.set()
        await runner.cleanup()


async def _until(check: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.02)


def _checked(headers: dict[str, str], body: bytes) -> dict[str, Any]:
    assert verify(SECRET.encode(), headers[TIMESTAMP_HEADER], body, headers[SIGNATURE_HEADER])
    assert not verify(b"another secret", headers[TIMESTAMP_HEADER], body, headers[SIGNATURE_HEADER])
    assert not verify(
        SECRET.encode(), headers[TIMESTAMP_HEADER], body + b" ", headers[SIGNATURE_HEADER]
    )
    return dict(json.loads(body))


async def test_an_escalation_arrives_signed_and_a_failed_delivery_is_retried(
    receiver: Receiver,
) -> None:
    receiver.fail = [503, 500]
    notifier = WebhookNotifier(receiver.url, Secret(SECRET), backoff_s=0.1)
    await notifier.start()
    try:
        notifier.escalation({"id": "e1", "summary": "pay 30 EUR", "session": "s-1"})
        # the third request reaches the receiver before the notifier has read its 200 and
        # counted the delivery: wait for both (a busy host lands in between)
        await _until(lambda: len(receiver.got) == 3 and notifier.stats.delivered == 1)
        times = [t for t, _, _ in receiver.got]
        assert times[1] - times[0] >= 0.07 and times[2] - times[1] >= 0.14  # backoff doubles
        sent = _checked(receiver.got[-1][1], receiver.got[-1][2])
        assert sent["type"] == "escalation" and sent["data"]["id"] == "e1"
        assert notifier.stats.delivered == 1 and notifier.stats.retries == 2
    finally:
        await notifier.aclose()


async def test_a_refusal_is_final_and_a_full_queue_drops_the_oldest(receiver: Receiver) -> None:
    receiver.fail = [400]
    notifier = WebhookNotifier(receiver.url, Secret(SECRET), backoff_s=0.05)
    await notifier.start()
    try:
        notifier.escalation({"id": "refused"})
        await _until(lambda: notifier.stats.failed == 1)
        assert len(receiver.got) == 1  # not retried
    finally:
        await notifier.aclose()
    small = WebhookNotifier(receiver.url, Secret(SECRET), max_queued=2)
    for i in range(4):  # not started: nothing is sent, the queue keeps the newest two
        small.escalation({"id": f"e{i}"})
    assert small.stats.dropped == 2


async def test_a_hanging_receiver_holds_up_no_decision(receiver: Receiver, tmp_path: Path) -> None:
    receiver.hold = asyncio.Event()
    pep = PEP.create(policy="default", audit=tmp_path / "audit.db", semantic="off")
    pep.observe("s-1", [ObservedValue(text="Zhang 138 1234 5678", source="contacts")], agent="r")
    notifier = WebhookNotifier(receiver.url, Secret(SECRET), denies=True, timeout_s=30)
    await notifier.start()
    pep.audit.add_listener(notifier.on_commit)
    leak = tool("writer", "calendar.create_event", {"title": "x", "notes": "call 138 1234 5678"})
    allow = tool("writer", "contacts.lookup", {"name": "Zhang"})
    try:
        verdicts = [await pep.decide({**e, "session": "s-1"}) for e in (leak, allow, leak)]
        assert [v.decision.value for v in verdicts] == ["deny", "allow", "deny"]
        assert len(pep.audit.query(session="s-1", limit=10)) == 3  # decided and recorded
        assert receiver.got == []  # while the receiver still hangs
        receiver.hold.set()
        await _until(lambda: len(receiver.got) == 2)
        sent = [_checked(h, b) for _, h, b in receiver.got]
        assert [s["type"] for s in sent] == ["deny", "deny"]  # denies only, allows are not sent
        text = json.dumps(sent)
        assert "12345678" not in text and "1234 5678" not in text  # masked as audited
        assert all(s["data"]["reason"] for s in sent)
    finally:
        await notifier.aclose()
        pep.close()


@pytest.mark.device
@pytest.mark.slow
async def test_serve_posts_the_escalation_an_agent_causes(
    receiver: Receiver, tmp_path: Path
) -> None:
    secret_file = tmp_path / "hook.secret"
    secret_file.write_text(SECRET)
    os.chmod(secret_file, 0o600)
    target = await asyncio.to_thread(
        start_target,
        tmp_path / "state",
        "--escalations",
        "human",
        "--escalation-deadline",
        "20",
        "--webhook-url",
        receiver.url,
        "--webhook-secret-file",
        str(secret_file),
    )
    try:
        async with target.operator() as op:
            await op.install_rule(
                {"id": "ask-alarm", "match": {"target": "clock.*"}, "decision": "escalate"}
            )
            s = await op.create_session(agents=["bot"], user_request="wake me at 7")
            bot = op.with_token(s.agent_tokens["bot"])
            held = asyncio.ensure_future(
                bot.submit(
                    s.session,
                    tool("bot", "clock.set_alarm", {"hour": 7, "minutes": 0, "label": "hook"}),
                )
            )
            await _until(lambda: len(receiver.got) == 1, 20)
            sent = _checked(receiver.got[0][1], receiver.got[0][2])
            assert sent["type"] == "escalation" and sent["data"]["session"] == s.session
            assert 0 < sent["data"]["deadline"] - time.time() <= 20
            (pending,) = await op.escalations()
            assert pending["id"] == sent["data"]["id"]
            await op.deny(pending["id"], reason="not via the webhook test")
            out = await asyncio.wait_for(held, 20)
            assert out.decision == "deny" and not out.executed
    finally:
        assert await asyncio.to_thread(stop_target, target) == 0
