"""The gateway through the bridge API (what ``droidgate serve --upstream …`` serves): HTTP agents
reach upstream tools by the same events as droidgate's own, in sessions without a device."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from android_bridge.api.client import BridgeClient, BridgeError
from android_bridge.daemon import DaemonConfig, open_core
from tests.android_bridge.gateway.conftest import CHAT_TOKEN, UPSTREAMS, Chat
from tests.android_bridge.support import TOKEN, running, tool_event

pytestmark = pytest.mark.slow


@pytest.fixture
async def api(
    tmp_path: Path, chat: Chat, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[BridgeClient, Any]]:
    monkeypatch.setenv("CHAT_TOKEN", CHAT_TOKEN)
    monkeypatch.setenv("CONTACTS_KEY_VALUE", "s3cret")
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    config = state / "gateway.yaml"  # the default place: no flag needed
    config.write_text(
        "upstreams:\n"
        "  chat:\n"
        f"    url: {chat.url}\n"
        "    headers: {Authorization: 'Bearer ${CHAT_TOKEN}'}\n"
        "  contacts:\n"
        f"    command: [{sys.executable}, {UPSTREAMS}, contacts]\n"
        "    env: {CONTACTS_KEY: '${CONTACTS_KEY_VALUE}'}\n"
    )
    config.chmod(0o600)
    async with (
        open_core(DaemonConfig(state_dir=state)) as core,
        running(core.service) as url,
        BridgeClient(url, TOKEN) as client,
    ):
        yield client, core


async def test_upstream_tools_over_the_bridge_api(
    api: tuple[BridgeClient, Any], chat: Chat
) -> None:
    client, core = api
    tools = {t.name: t for t in await client.tools()}
    assert tools["contacts__get_contact"].provider == "contacts"
    assert tools["chat__post_message"].annotations["openWorldHint"] is True
    s = await client.create_session(agents=["crm"], user_request="tell the team about lunch")
    assert s.serial == ""  # a gateway without devices: tools only

    read = await client.submit(
        s.session, tool_event("crm", "contacts__get_contact", {"name": "Zhang Wei"})
    )
    assert read.executed and read.result["structuredContent"]["phone"] == "+86 138 1234 5678"
    leak = await client.submit(
        s.session,
        tool_event("crm", "chat__post_message", {"channel": "#all", "text": "call 13812345678"}),
    )
    assert leak.decision == "deny" and not leak.executed
    ok = await client.submit(
        s.session,
        tool_event("crm", "chat__post_message", {"channel": "#all", "text": "lunch at 1"}),
    )
    assert ok.executed and ok.result["isError"] is False
    assert [p["text"] for p in chat.posted()] == ["lunch at 1"]

    records = core.pep.audit.query(limit=5)
    assert [(r.target, str(r.decision)) for r in records][:3] == [
        ("contacts__get_contact", "allow"),
        ("chat__post_message", "deny"),
        ("chat__post_message", "allow"),
    ]

    with pytest.raises(BridgeError) as err:
        await client.submit(s.session, tool_event("crm", "contacts.lookup", {"name": "x"}))
    assert err.value.code == "unknown_tool"  # no device here, so no droidgate typed tools

    status = await client.gateway()
    assert {u.name: u.connected for u in status.upstreams} == {"chat": True, "contacts": True}
    assert all(t.status == "ok" for t in status.tools)
    with pytest.raises(BridgeError) as err:
        await client.accept_tool("chat__post_message")
    assert err.value.status == 409
    with pytest.raises(BridgeError) as err:
        await client.accept_tool("nobody__x")
    assert err.value.status == 404
