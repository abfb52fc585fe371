"""Escalations held for a human (`--escalations human`): the agent whose action waits cannot see,
approve or deny it; an approval is used once (replaying it, or approving after a deny, finds
nothing), and the device shows exactly one effect."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from android_bridge.api.client import BridgeError
from tests.security.harness import Target, tool

# Clock has no provider: its alarms are read from its private database as root
ALARMS = (
    "su 0 sqlite3 /data/user_de/0/com.google.android.deskclock/databases/alarms.db "
    "'SELECT label FROM alarm_templates'"
)
ASK = {"id": "sec-ask-alarm", "match": {"target": "clock.*"}, "decision": "escalate"}


async def _pending(op: Any) -> list[dict[str, Any]]:
    for _ in range(250):
        found = await op.escalations()
        if found:
            return list(found)
        await asyncio.sleep(0.02)
    raise AssertionError("no escalation appeared")


@pytest.mark.parametrize("verdict", ["approve", "deny"])
async def test_an_escalation_is_the_operators_and_is_used_once(
    human_target: Target, verdict: str
) -> None:
    target = human_target
    label = f"sec-esc-{verdict}"
    async with target.operator() as op:
        await op.install_rule(ASK)
        try:
            s = await op.create_session(agents=["bot"], user_request="wake me at 6")
            bot = op.with_token(s.agent_tokens["bot"])
            held = asyncio.create_task(
                bot.submit(
                    s.session,
                    tool("bot", "clock.set_alarm", {"hour": 6, "minutes": 0, "label": label}),
                )
            )
            pending = await _pending(op)
            eid = pending[0]["id"]
            for call in (bot.escalations(), bot.approve(eid), bot.deny(eid)):
                with pytest.raises(BridgeError) as err:
                    await call
                assert err.value.status == 403 and err.value.code == "operator_only"
            assert not held.done()
            assert label not in target.device.shell(ALARMS)  # nothing before the human says so

            resolved = await (op.approve(eid) if verdict == "approve" else op.deny(eid))
            assert resolved.decision == ("approved" if verdict == "approve" else "denied")
            out = await asyncio.wait_for(held, 20)
            assert out.executed is (verdict == "approve")

            # replaying the operator's approval (or approving after a deny) finds nothing
            for replay in (op.approve(eid), op.deny(eid)):
                with pytest.raises(BridgeError) as err:
                    await replay
                assert err.value.status == 404
            rows = target.device.shell(ALARMS)
            assert rows.count(label) == (1 if verdict == "approve" else 0), rows
            assert await op.escalations() == []
            await op.end_session(s.session)
        finally:
            await op.remove_rule(ASK["id"])
