"""The PEP facade's contract (docs/contracts.md §1) beyond the default semantics."""

from __future__ import annotations

from typing import Any

import numpy as np

from host_pep.pep import PEP
from host_pep.pipeline.t3 import EmbeddingBackend
from host_pep.semantics import ObservedValue
from host_pep.verdict import Decision, Stage
from tests.host_pep.pep.helpers import tool_event


async def test_async_decide_and_record_result() -> None:
    pep = PEP.create()
    event = tool_event("contacts.lookup", {"query": "Zhang"})
    verdict = await pep.decide(event)
    assert verdict.decision is Decision.ALLOW
    assert await pep.record_result(event, verdict, {"phone": "13812345678"}) > 0
    leak = await pep.decide(tool_event("notes.create", {"body": "13812345678"}))
    assert leak.decision is Decision.DENY


def test_results_of_blocked_actions_are_not_observed() -> None:
    pep = PEP.create()
    event = tool_event("contacts.delete", {"name": "Zhang"})
    verdict = pep.decide_sync(event)
    assert verdict.decision is Decision.DENY
    assert pep.record_result_sync(event, verdict, {"phone": "13812345678"}) == 0
    assert pep.sessions.peek("s-1") is None or len(pep.sessions.get("s-1")) == 0


def test_only_actions_let_through_keep_their_completion_until_their_result() -> None:
    # Why it matters: every completion kept is walked by the garbage collector on the serving
    # path; a denied action never has a result, and a result needs its completion once.
    pep = PEP.create()
    denied = tool_event("contacts.delete", {"name": "Zhang"})
    assert pep.decide_sync(denied).decision is Decision.DENY
    assert len(pep._completions) == 0
    read = tool_event("contacts.lookup", {"query": "Zhang"})
    verdict = pep.decide_sync(read)
    assert len(pep._completions) == 1
    assert pep.record_result_sync(read, verdict, {"phone": "13812345678"}) > 0
    assert len(pep._completions) == 0
    # a result whose completion was not kept is still observed (it is completed again)
    again = tool_event("contacts.lookup", {"query": "Li"})
    verdict = pep.decide_sync(again)
    pep._completions.clear()
    assert pep.record_result_sync(again, verdict, {"phone": "13912345678"}) > 0


async def test_evictions_noticed_on_the_event_loop_are_audited_without_waiting() -> None:
    import asyncio

    pep = PEP.create(overlay={"settings": {"session": {"max_observations": 2}}})
    for i in range(5):  # screen observations arrive with GUI events; here through observe()
        pep.observe("s", [ObservedValue(text=f"+1 415 555 01{i:02d}", source="contacts")])

    def evicted() -> int:
        records = pep.audit.query(session="s")
        return sum(r.detail.get("count", 0) for r in records if r.kind.value == "eviction")

    # the posted records commit on the writer thread, each in its own turn: wait for all of
    # them, not the first (on a busy host the first lands well before the last)
    for _ in range(500):
        if evicted() >= 3:
            break
        await asyncio.sleep(0.01)
    assert evicted() >= 3
    assert pep.audit.verify().ok


def test_observe_feeds_enforcement_side_values_and_end_session_forgets() -> None:
    pep = PEP.create()
    n = pep.observe(
        "s-1",
        [ObservedValue(text="Zhang Wei +86 138 1234 5678", source="com.android.contacts")],
        event_id="screen-1",
        agent="gui",
    )
    assert n > 0
    verdict = pep.decide_sync(tool_event("calendar.create_event", {"notes": "13812345678"}))
    assert verdict.decision is Decision.DENY
    assert verdict.evidence[0].source_event == "screen-1"
    assert pep.end_session("s-1") == n
    assert (
        pep.decide_sync(tool_event("calendar.create_event", {"notes": "13812345678"})).stage
        is Stage.T3
    )


def test_evictions_are_audited() -> None:
    pep = PEP.create(overlay={"settings": {"session": {"max_observations": 2}}})
    pep.observe(
        "s", [ObservedValue(text=f"+1 415 555 01{i:02d}", source="contacts") for i in range(5)]
    )
    evictions = pep.audit.query(session="s")
    kinds = [r.kind.value for r in evictions]
    assert "eviction" in kinds
    assert sum(r.detail.get("count", 0) for r in evictions if r.kind.value == "eviction") >= 3


def test_claimed_provenance_is_audited_not_used() -> None:
    pep = PEP.create()
    event = tool_event("calendar.create_event", {"notes": "agenda"})
    event.provenance = {"claimed_source": "contacts"}
    assert pep.decide_sync(event).decision is Decision.ALLOW
    record = pep.audit.tail(1)[0]
    assert record.claimed_provenance == {"claimed_source": "contacts"}
    assert pep.audit.verify().ok


def test_rule_changes_are_audited_and_persisted(tmp_path: Any) -> None:
    db = tmp_path / "rules.db"
    pep = PEP.create(rules=db)
    rev = pep.rules.install({"id": "r1", "match": {"target": "mail.*"}, "decision": "deny"})
    assert [r.kind.value for r in pep.audit.tail(5)] == ["rule_change"]
    again = PEP.create(rules=db)
    assert again.rules.revision == rev and [r.id for r in again.rules.list()] == ["r1"]
    assert (
        again.decide_sync(tool_event("mail.send", {"to": "a@b.org", "body": "x"})).decision
        is Decision.DENY
    )


def _bag_of_words(texts: list[str]) -> Any:
    vocab = [
        "phone",
        "call",
        "email",
        "code",
        "password",
        "address",
        "order",
        "booking",
        "room",
        "tracking",
        "invoice",
        "number",
        "reference",
    ]
    return np.array([[t.lower().count(w) + 0.01 for w in vocab] for t in texts])


def test_embedding_backend_behind_the_interface() -> None:
    pep = PEP.create(backend=EmbeddingBackend(_bag_of_words, margin=0.01))
    order = pep.decide_sync(
        tool_event("notes.create", {"body": "booking reference tracking 13812345678"})
    )
    phone = pep.decide_sync(tool_event("notes.create", {"body": "call my phone 13812345678"}))
    assert order.decision is Decision.ALLOW
    assert phone.decision is Decision.DENY and phone.stage is Stage.T3


async def test_t4_llm_adjudicator_over_a_real_http_endpoint() -> None:
    from host_pep.adjudication import LLMAdjudicator
    from host_pep.testing.openai_stub import OpenAIStub

    script = [
        '{"decision": "allow", "reason": "the old contact is what the user meant"}',
        '{"decision": "deny", "reason": "not requested"}',
    ]
    async with OpenAIStub(script) as stub:
        pep = PEP.create(adjudicator=LLMAdjudicator(stub.base_url, "stub-model"))
        # a delete whose object the request names only vaguely -> review -> T4
        first = await pep.decide(
            tool_event(
                "contacts.delete", {"name": "Zhang 13812345678"}, request="delete the old meeting"
            )
        )
        second = await pep.decide(tool_event("frobnicate", {"x": "1"}))
        sent = stub.requests[0].json["messages"]
    assert first.decision is Decision.ALLOW and first.stage is Stage.T4
    assert second.decision is Decision.DENY and second.stage is Stage.T4
    assert "13812345678" not in str(sent)
