"""Trace recording and offline replay with a real PEP."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest

from android_bridge.api.client import BridgeClient
from android_bridge.traces import TraceRecorder, read_trace
from android_bridge.traces.replay import replay_offline
from tests.android_bridge.support import (
    PHONE,
    TOKEN,
    PepMediator,
    make_pep,
    make_service,
    running,
    tool_event,
)


def test_recorder_appends_flushed_jsonl_and_stores_screens_by_content(tmp_path: Path) -> None:
    rec = TraceRecorder(tmp_path / "t")
    event = {
        "session": "s",
        "agent": "a",
        "channel": "gui",
        "action": "tap",
        "context": {"screen_xml": "<hierarchy/>"},
    }
    rec.record(
        event=event,
        verdict={"decision": "allow"},
        screen_hash="h1",
        screen_xml=None,
        result=None,
        error=None,
    )
    rec.record(
        event=event,
        verdict={"decision": "deny"},
        screen_hash="h1",
        screen_xml="<hierarchy/>",
        result=None,
        error="x",
    )
    # flushed per record: readable before close
    records = list(read_trace(rec.path))
    assert [r.seq for r in records] == [1, 2]
    assert records[0].screen == records[1].screen
    assert "screen_xml" not in records[0].event["context"]
    assert rec.screens.get(records[0].screen) == "<hierarchy/>"
    assert len(list((tmp_path / "t" / "screens").rglob("*.xml"))) == 1
    assert stat.S_IMODE(rec.path.stat().st_mode) == 0o600
    rec.close()


def test_torn_last_line_is_skipped_but_corruption_elsewhere_is_an_error(tmp_path: Path) -> None:
    rec = TraceRecorder(tmp_path)
    rec.record_session_end("s1")
    rec.record_session_end("s2")
    rec.close()
    text = rec.path.read_text()
    rec.path.write_text(text + '{"v": 1, "seq": 3, "ts"')
    assert [r.session for r in read_trace(rec.path)] == ["s1", "s2"]
    rec.path.write_text("garbage\n" + text)
    with pytest.raises(ValueError, match=":1:"):
        list(read_trace(rec.path))


def _strict_policy(tmp_path: Path) -> Path:
    """The default bundle plus one rule that forbids contact lookups."""
    from importlib import resources

    text = resources.files("host_pep.policies").joinpath("default.yaml").read_text("utf-8")
    assert "\nrules: []\n" in text
    rule = "rules:\n  - id: no-lookups\n    match: {target: 'contacts.*'}\n    decision: deny\n"
    path = tmp_path / "strict.yaml"
    path.write_text(text.replace("\nrules: []\n", "\n" + rule))
    return path


async def _live_trace(tmp_path: Path) -> Path:
    pep = make_pep(tmp_path)
    recorder = TraceRecorder(tmp_path / "traces")
    service = make_service(pep, PepMediator(pep, recorder=recorder), recorder=recorder)
    async with running(service) as url, BridgeClient(url, TOKEN) as client:
        s = await client.create_session(agents=["reader", "writer"])
        await client.submit(
            s.session, tool_event("reader", "contacts.lookup", {"name": "Zhang Wei"})
        )
        await client.submit(
            s.session,
            tool_event(
                "writer", "calendar.create_event", {"title": "Call", "notes": f"call {PHONE}"}
            ),
        )
        await client.submit(
            s.session,
            tool_event(
                "writer", "calendar.create_event", {"title": "Standup", "notes": "room 4012"}
            ),
        )
        await client.install_rule(
            {"id": "no-standups", "match": {"target": "calendar.*"}, "decision": "deny"}
        )
        await client.submit(
            s.session, tool_event("writer", "calendar.create_event", {"title": "Lunch"})
        )
    recorder.close()
    return recorder.path


async def test_replay_under_the_same_policy_changes_nothing(tmp_path: Path) -> None:
    trace = await _live_trace(tmp_path)
    kinds = [r.kind for r in read_trace(trace)]
    assert kinds == ["event", "event", "event", "rule_install", "event"]
    report = await replay_offline(trace, policy="default")
    assert report.events == 4 and report.changed == [] and report.errors == []
    # The leak is judged exactly as live: at T2, by the source-to-sink rule, because the
    # lookup's recorded result was fed back as provenance (without it T3 would judge it).
    leak = report.decisions[1]
    assert leak.replayed == "deny" and leak.replayed_rule_ids == leak.recorded_rule_ids
    assert leak.replayed_stage == "T2"


async def test_replay_rebuilds_provenance_from_recorded_results(tmp_path: Path) -> None:
    trace = await _live_trace(tmp_path)
    # Under a policy that forbids contact lookups, the lookup is denied, so its result is never
    # fed back; the leak two events later is then judged without that provenance.
    report = await replay_offline(trace, policy=str(_strict_policy(tmp_path)))
    first = report.changed[0]
    assert (first.seq, first.target, first.recorded, first.replayed) == (
        1,
        "contacts.lookup",
        "allow",
        "deny",
    )
    assert all(c.seq != 4 for c in report.changed)  # the recorded rule install still applies


def test_replay_cli_exit_codes_and_json(tmp_path: Path) -> None:
    import asyncio

    from host_pep.cli.main import main

    trace = asyncio.run(_live_trace(tmp_path))
    assert main(["replay", str(trace)]) == 0
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert main(["replay", str(trace), "--execute"]) == 2  # needs --device


def test_replay_cli_json_reports_changes(tmp_path: Path, capsys: Any) -> None:
    import asyncio

    from host_pep.cli.main import main

    trace = asyncio.run(_live_trace(tmp_path))
    capsys.readouterr()
    assert main(["replay", str(trace), "--policy", str(_strict_policy(tmp_path)), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["changed"][0]["replayed"] == "deny"
