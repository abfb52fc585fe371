"""Two and three daemons sharing one control plane on PostgreSQL, through their real HTTP APIs:
a rule installed on one is enforced by the others (and the device shows nothing), an
escalation raised on one is approved through another (and the device shows exactly its one
effect), a killed PostgreSQL and a killed daemon lose no acknowledged record (the killed one
forwards the rest of its chain when it starts again), and the farm's audit verifies across
daemons."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import psycopg

from host_pep.audit.keys import AuditKey
from host_pep.control.cluster import LocalCluster
from tests.android_bridge.support import droidgate_bin
from tests.security.harness import Target, start_target, tool

ALARMS = (
    "su 0 sqlite3 /data/user_de/0/com.google.android.deskclock/databases/alarms.db "
    "'SELECT label FROM alarm_templates'"
)


@contextlib.contextmanager
def farm(url: str, root: Path, n: int, *extra: str) -> Iterator[list[Target]]:
    key = root / "audit.key"
    AuditKey.load_or_create(key)
    targets: list[Target] = []
    try:
        for i in range(n):
            targets.append(
                start_target(
                    root / f"d{i}", "--control-plane", url, "--audit-key-file", str(key), *extra
                )
            )
        yield targets
    finally:
        for t in targets:
            t.daemon.stop()


def _alarm(agent: str, label: str) -> dict[str, object]:
    return tool(agent, "clock.set_alarm", {"hour": 6, "minutes": 0, "label": label})


def verify_farm(url: str, key: Path) -> dict[str, object]:
    out = subprocess.run(
        [droidgate_bin(), "audit", "verify", "--control-plane", url, "--key-file", str(key),
         "--json"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert out.returncode in (0, 1), out.stderr
    result: dict[str, object] = json.loads(out.stdout)
    return result


async def test_a_rule_installed_on_one_daemon_is_enforced_by_the_others(
    pg_url: str, tmp_path: Path
) -> None:
    with farm(pg_url, tmp_path, 3) as (d1, d2, d3):
        async with d1.operator() as op1, d2.operator() as op2, d3.operator() as op3:
            change = await op1.install_rule(
                {"id": "farm-no-alarms", "match": {"target": "clock.*"}, "decision": "deny"}
            )
            for op, target in ((op2, d2), (op3, d3)):
                for _ in range(200):  # in force within the propagation budget (100 ms p99)
                    if (await op.rules()).revision == change.revision:
                        break
                    await asyncio.sleep(0.01)
                assert (await op.rules()).revision == change.revision
                s = await op.create_session(agents=["bot"], user_request="wake me at 6")
                bot = op.with_token(s.agent_tokens["bot"])
                label = f"farm-rule-{target.daemon.url[-5:]}"
                out = await bot.submit(s.session, _alarm("bot", label))
                assert out.decision == "deny" and not out.executed
                assert out.verdict.rule_ids == ["farm-no-alarms"]
                assert out.verdict.ruleset_revision == change.revision
                assert label not in target.device.shell(ALARMS)
                await op.end_session(s.session)
            # removed on a third daemon: allowed again on the first
            gone = await op3.remove_rule("farm-no-alarms")
            for _ in range(200):
                if (await op1.rules()).revision == gone.revision:
                    break
                await asyncio.sleep(0.01)
            s = await op1.create_session(agents=["bot"], user_request="wake me at 6")
            out = await op1.with_token(s.agent_tokens["bot"]).submit(
                s.session, _alarm("bot", "farm-after-removal")
            )
            assert out.decision == "allow" and out.executed
            assert "farm-after-removal" in d1.device.shell(ALARMS)
    assert verify_farm(pg_url, tmp_path / "audit.key")["ok"] is True


async def test_an_escalation_raised_on_one_daemon_is_approved_on_another(
    pg_url: str, tmp_path: Path
) -> None:
    with farm(pg_url, tmp_path, 2, "--escalations", "human") as (d1, d2):
        async with d1.operator() as op1, d2.operator() as op2:
            await op2.install_rule(
                {"id": "farm-ask-alarm", "match": {"target": "clock.*"}, "decision": "escalate"}
            )
            s = await op1.create_session(agents=["bot"], user_request="wake me at 6")
            bot = op1.with_token(s.agent_tokens["bot"])
            for _ in range(200):
                if (await op1.rules()).revision >= 1:
                    break
                await asyncio.sleep(0.01)
            held = asyncio.create_task(bot.submit(s.session, _alarm("bot", "farm-escalated")))
            pending: list[dict[str, object]] = []
            for _ in range(250):
                pending = await op2.escalations()
                if pending:
                    break
                await asyncio.sleep(0.02)
            assert len(pending) == 1 and await op1.escalations() == pending
            assert not held.done()
            assert "farm-escalated" not in d1.device.shell(ALARMS)
            resolved = await op2.approve(str(pending[0]["id"]))
            assert resolved.decision == "approved"
            out = await asyncio.wait_for(held, 20)
            assert out.decision == "allow" and out.executed
            assert d1.device.shell(ALARMS).count("farm-escalated") == 1
            assert await op1.escalations() == [] and await op2.escalations() == []


async def test_killing_postgresql_and_a_daemon_mid_burst_loses_no_acknowledged_record(
    own_cluster: LocalCluster, tmp_path: Path
) -> None:
    url = own_cluster.create_database("farm")
    acknowledged: list[str] = []
    with farm(url, tmp_path, 2) as (d1, d2):
        async with d1.operator() as op1, d2.operator() as op2:
            sessions = []
            for op in (op1, op2):
                s = await op.create_session(agents=["bot"], user_request="plan my week")
                sessions.append((op.with_token(s.agent_tokens["bot"]), s.session))
            stop = asyncio.Event()

            async def burst(client: object, session: str, n: int) -> None:
                i = 0
                while not stop.is_set():
                    i += 1
                    event = {**tool("bot", "calendar.create_event", {"title": f"b{n}-{i}"}),
                             "id": f"burst-{n}-{i}"}  # fmt: skip
                    try:
                        out = await client.decide(session, event)  # type: ignore[attr-defined]
                    except Exception:
                        await asyncio.sleep(0.01)  # refused or the daemon is gone: not acked
                        continue
                    if "AuditUnavailable" not in (out.verdict.error or ""):
                        acknowledged.append(out.event_id)  # decided and recorded

            tasks = [
                asyncio.create_task(burst(c, sid, n))
                for n, (c, sid) in enumerate(sessions)
                for _ in range(3)
            ]
            while len(acknowledged) < 150:
                await asyncio.sleep(0.02)
            own_cluster.kill()
            os.kill(d2.daemon.proc.pid, signal.SIGKILL)
            at_kill = len(acknowledged)
            await asyncio.sleep(1.0)  # the burst goes on against d1, recorded in its own chain
            during_outage = len(acknowledged) - at_kill
            own_cluster.start()
            await asyncio.sleep(1.5)
            stop.set()
            await asyncio.gather(*tasks)
    # d2 was killed: start it again on its state directory; it forwards what it spooled
    with farm_restart(url, tmp_path / "d1", tmp_path / "audit.key"):
        stored = set()
        for _ in range(100):
            with psycopg.connect(url) as db:
                stored = {r[0] for r in db.execute("SELECT event_id FROM audit_rows")}
            if set(acknowledged) <= stored:
                break
            await asyncio.sleep(0.2)
    lost = sorted(set(acknowledged) - stored)
    assert not lost, f"{len(lost)} acknowledged decisions not in the farm's audit: {lost[:5]}"
    result = verify_farm(url, tmp_path / "audit.key")
    assert result["ok"] is True, result
    # the outage was real, and the surviving daemon went on deciding and recording meanwhile
    assert during_outage > 0
    logs = result["logs"]
    assert isinstance(logs, dict) and len(logs) == 2, logs


@contextlib.contextmanager
def farm_restart(url: str, state: Path, key: Path) -> Iterator[Target]:
    t = start_target(state, "--control-plane", url, "--audit-key-file", str(key))
    try:
        yield t
    finally:
        t.daemon.stop()
