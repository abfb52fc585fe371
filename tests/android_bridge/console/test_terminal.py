"""The terminal side against a real daemon: `droidgate escalations list|approve|deny` and the
live `droidgate console`, driven through a pseudo-terminal with the keys an operator types."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
from typing import Any

from android_bridge.api.client import BridgeClient
from tests.android_bridge.support import droidgate_bin
from tests.security.harness import Target, tool

ASK = {"id": "term-ask-alarm", "match": {"target": "clock.*"}, "decision": "escalate"}


def _conn(daemon: Target) -> list[str]:
    return ["--connect", daemon.url, "--token-file", str(daemon.daemon.token_file)]


async def _run(*args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        droidgate_bin(),
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "COLUMNS": "220"},  # rich folds long ids in narrow tables
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    return int(proc.returncode or 0), out.decode(), err.decode()


async def _held(op: BridgeClient, label: str) -> tuple[str, asyncio.Future[Any]]:
    s = await op.create_session(agents=["bot"], user_request="set my alarms")
    bot = op.with_token(s.agent_tokens["bot"])
    held = asyncio.ensure_future(
        bot.submit(
            s.session, tool("bot", "clock.set_alarm", {"hour": 5, "minutes": 0, "label": label})
        )
    )
    for _ in range(250):
        if await op.escalations():
            return s.session, held
        await asyncio.sleep(0.02)
    raise AssertionError("no escalation appeared")


async def test_escalations_list_approve_and_deny_from_the_command_line(daemon: Target) -> None:
    async with daemon.operator() as op:
        await op.install_rule(ASK)
        try:
            code, out, _ = await _run("escalations", "list", "--json", *_conn(daemon))
            assert code == 0 and json.loads(out) == []
            session, held = await _held(op, "term-approved")
            code, out, _ = await _run("escalations", "list", "--json", *_conn(daemon))
            (row,) = json.loads(out)
            assert row["session"] == session and 0 < row["seconds_left"] <= 60
            code, out, _ = await _run(
                "escalations", "approve", row["id"], "--reason", "asked for", "--by", "carol",
                "--json", *_conn(daemon),
            )  # fmt: skip
            answer = json.loads(out)
            assert code == 0 and answer["decision"] == "approved"
            assert answer["reason"] == "approved by 'carol' via API: asked for"
            result = await asyncio.wait_for(held, 20)
            assert result.executed and "approved by 'carol'" in result.verdict.reason
            code, _, err = await _run("escalations", "approve", row["id"], *_conn(daemon))
            assert code == 1 and "no pending escalation" in err  # used once

            _, held = await _held(op, "term-denied")
            code, out, _ = await _run("escalations", "list", *_conn(daemon))
            (eid,) = re.findall(r"\b[0-9a-f]{12}\b", out)
            code, out, _ = await _run("escalations", "deny", eid, "--reason", "no", *_conn(daemon))
            assert code == 0 and "denied" in out
            assert not (await asyncio.wait_for(held, 20)).executed
        finally:
            await op.remove_rule(ASK["id"])


async def test_the_terminal_console_shows_escalations_and_answers_with_a_key(
    daemon: Target,
) -> None:
    async with daemon.operator() as op:
        await op.install_rule(ASK)
        master, slave = os.openpty()
        proc = None
        try:
            session, held = await _held(op, "term-key")
            code, out, _ = await _run("console", "--once", *_conn(daemon))
            assert code == 0 and "escalations waiting" in out and session in out
            eid = (await op.escalations())[0]["id"]

            env = {**os.environ, "COLUMNS": "160", "LINES": "50", "TERM": "xterm"}
            proc = await asyncio.create_subprocess_exec(
                droidgate_bin(), "console", "--reason", "from the keyboard", "--by", "dora",
                *_conn(daemon), stdin=slave, stdout=slave, stderr=slave, env=env,
            )  # fmt: skip
            screen = ""
            loop = asyncio.get_running_loop()
            for _ in range(200):
                chunk = await loop.run_in_executor(None, os.read, master, 65536)
                screen += chunk.decode("utf-8", "replace")
                if eid in screen and "live" in screen:
                    break
            assert eid in screen, screen[-2000:]
            os.write(master, b"a")
            result = await asyncio.wait_for(held, 20)
            assert result.executed and "approved by 'dora' via API: from the keyboard" in (
                result.verdict.reason
            )
            os.write(master, b"q")
            assert await asyncio.wait_for(proc.wait(), 20) == 0
        finally:
            if proc is not None and proc.returncode is None:
                proc.kill()
                await proc.wait()
            for fd in (master, slave):
                with contextlib.suppress(OSError):
                    os.close(fd)
            await op.remove_rule(ASK["id"])
