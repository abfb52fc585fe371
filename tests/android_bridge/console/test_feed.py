"""The live feed: what consoles are sent is each audit row as committed (masked as stored), the
kept backlog, filters, and the end of every stream when the daemon stops."""

from __future__ import annotations

import asyncio
from pathlib import Path

from android_bridge.console.feed import DecisionFeed, FeedFilter
from host_pep.audit.store import RowFilter
from host_pep.pep import PEP
from host_pep.semantics import ObservedValue

PHONE = "138 1234 5678"


def _pep(tmp_path: Path) -> PEP:
    pep = PEP.create(policy="default", audit=tmp_path / "audit.db", semantic="off")
    pep.observe("s-1", [ObservedValue(text=f"Zhang Wei {PHONE}", source="contacts")], agent="r")
    return pep


def _leak(session: str = "s-1") -> dict[str, object]:
    return {
        "session": session,
        "agent": "writer",
        "channel": "tool",
        "action": "tool_call",
        "target": "calendar.create_event",
        "payload": {"title": "Call", "notes": f"call {PHONE}"},
    }


async def test_subscribers_get_each_decision_as_committed_and_filtered(tmp_path: Path) -> None:
    pep = _pep(tmp_path)
    feed = DecisionFeed(keep=50)
    feed.bind(asyncio.get_running_loop())
    pep.audit.add_listener(feed.on_commit)
    denies = feed.subscribe(FeedFilter(decision="deny"))
    everything = feed.subscribe(FeedFilter())
    await pep.decide(_leak())
    await asyncio.to_thread(pep.decide_sync, _leak("s-2"))  # committed on another thread
    await asyncio.wait_for(denies.wake.wait(), 5)
    await asyncio.sleep(0.05)
    got = denies.take()
    assert {i.session for i in got} == {"s-1", "s-2"} and all(i.decision == "deny" for i in got)
    frame = got[0].frame.decode()
    assert frame.startswith(f"id: {got[0].seq}\nevent: decision\ndata: {{")
    # masked as stored; not a bare "1234": ids and hashes in the frame are random hex, and one in
    # a few hundred holds those four digits
    assert PHONE not in frame and PHONE.replace(" ", "") not in frame and "12345678" not in frame
    assert len(everything.take()) >= 2
    pep.close()


async def test_a_reloaded_page_starts_from_the_kept_records(tmp_path: Path) -> None:
    pep = _pep(tmp_path)
    for i in range(8):
        await pep.decide(_leak(f"s-{i}"))
    feed = DecisionFeed(keep=5)
    feed.seed(pep.audit.store.select(RowFilter(limit=5)))
    kept = feed.backlog(FeedFilter())
    assert len(kept) == 5 and [i.seq for i in kept] == sorted(i.seq for i in kept)
    after = feed.backlog(FeedFilter(), after=kept[2].seq)
    assert [i.seq for i in after] == [i.seq for i in kept[3:]]  # a reconnect's Last-Event-ID
    assert feed.backlog(FeedFilter(session="s-7"))[0].session == "s-7"
    pep.close()


async def test_escalation_events_and_closing() -> None:
    feed = DecisionFeed()
    feed.bind(asyncio.get_running_loop())
    sub = feed.subscribe(FeedFilter(decision="deny"))
    feed.publish("escalation", "s-1", {"id": "e1", "summary": "pay 30 EUR"})
    (item,) = sub.take()
    assert item.seq == 0 and item.frame.startswith(b"event: escalation\ndata: {")
    feed.close()
    assert sub.closed and sub.wake.is_set()
    assert feed.subscribe(FeedFilter()).closed  # a stream opened while stopping ends at once
