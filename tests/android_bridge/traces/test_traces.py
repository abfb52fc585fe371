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
from host_pep.events import AgentEvent
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


ADDRESS = "12 Rue de Rivoli, 75001 Paris"


async def _address_trace(tmp_path: Path) -> Path:
    """Live: a contact lookup shows an address; writing it into Calendar is denied (T2, its
    provenance), a benign event is created, and a GUI tap and an ADB read happen as well."""
    from android_bridge.events.uixml import calendar_new_event

    pep = make_pep(tmp_path)
    recorder = TraceRecorder(tmp_path / "traces")
    executors = {
        "contacts.lookup": lambda a: {"name": "Zhang Wei", "address": ADDRESS},
        "calendar.create_event": lambda a: {"created": True},
    }
    mediator = PepMediator(pep, recorder=recorder, executors=executors)
    service = make_service(pep, mediator, recorder=recorder)
    async with running(service) as url, BridgeClient(url, TOKEN) as client:
        s = await client.create_session(agents=["reader", "writer"])
        await client.submit(s.session, tool_event("reader", "contacts.lookup", {"name": "Zhang"}))
        leak = await client.submit(
            s.session,
            tool_event("writer", "calendar.create_event", {"title": "Visit", "notes": ADDRESS}),
        )
        assert leak.decision == "deny" and leak.verdict.stage.value == "T2"
        ok = await client.submit(
            s.session, tool_event("writer", "calendar.create_event", {"title": "Standup"})
        )
        assert ok.executed
    # a GUI action as the Mediator records it: the agent's event plus the screen it dumped
    event = AgentEvent.parse(
        {"session": s.session, "agent": "writer", "channel": "gui", "action": "tap",
         "payload": {"selector": {"text": "Save"}},
         "context": {"screen_xml": calendar_new_event("Standup")}}
    )  # fmt: skip
    verdict = await pep.decide(event)
    recorder.record(event=event, verdict=verdict, screen_hash=None, screen_xml=None,
                    result={"clicked": True}, error=None, executed=True)  # fmt: skip
    recorder.close()
    return recorder.path


def _no_lookups(tmp_path: Path) -> Path:
    return _strict_policy(tmp_path)


async def test_a_stricter_policy_reports_counterfactual_rows_as_not_reached(
    tmp_path: Path,
) -> None:
    trace = await _address_trace(tmp_path)
    same = await replay_offline(trace, policy="default")
    assert same.changed == [] and same.summary.same == 4
    gui = same.decisions[-1]
    assert (gui.channel, gui.action) == ("gui", "tap")
    assert gui.target == "com.simplemobiletools.calendar.pro:id/save"  # never empty
    assert (gui.app, gui.operation) == ("calendar", "local_write")

    report = await replay_offline(trace, policy=str(_no_lookups(tmp_path)))
    rows = {r.seq: r for r in report.decisions}
    assert rows[1].change == "newly_denied" and rows[1].replayed_rule_ids == ["no-lookups"]
    # the address was never observed now, so the write is allowed: not a leak the new policy
    # lets through, but a state the run would not have reached
    leak = rows[2]
    assert (leak.recorded, leak.replayed, leak.change) == ("deny", "allow", "not_reached")
    assert leak.unobserved == "the new policy denied the read at seq 1"
    assert leak.unobserved_seqs == [1] and leak.decided_on_live_data == "deny"
    assert leak.target == "calendar.create_event" and leak.action == "tool_call"
    assert rows[3].change == "same"
    s = report.summary
    assert (s.newly_denied, s.newly_allowed, s.not_reached) == (1, 0, 1)


def test_replay_cli_markdown_and_terminal_say_it_in_full(tmp_path: Path, capsys: Any) -> None:
    import asyncio

    from host_pep.cli.main import main

    trace = asyncio.run(_address_trace(tmp_path))
    capsys.readouterr()
    out_md = tmp_path / "replay.md"
    code = main(
        ["replay", str(trace), "--policy", str(_no_lookups(tmp_path)), "--markdown", str(out_md)]
    )
    assert code == 1
    text = capsys.readouterr().out
    assert "1 newly denied, 0 newly allowed, 1 not reached" in text
    assert "NOT REACHED  deny → allow" in text
    assert "unobserved: the new policy denied the read at seq 1" in text
    md = out_md.read_text()
    header = next(line for line in md.splitlines() if line.startswith("| seq"))
    assert "| unobserved |" in header and "| target |" in header and "| action |" in header
    row = next(line for line in md.splitlines() if line.startswith("| 2 |"))
    assert "not reached" in row and "the new policy denied the read at seq 1" in row
    live = next(r for r in asyncio.run(replay_offline(trace)).decisions if r.seq == 2)
    assert live.recorded_reason in row  # the reason in full, not cut to a column
    capsys.readouterr()
    assert main(["replay", str(trace), "--policy", str(_no_lookups(tmp_path)), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["not_reached"] == 1
    assert data["changed"][1]["unobserved"] == "the new policy denied the read at seq 1"
