"""Property tests: the session index and the rule index agree with brute force."""

from __future__ import annotations

import fnmatch

from hypothesis import given, settings
from hypothesis import strategies as st

from host_pep.control.ruleset import RuleIndex
from host_pep.observations import Observation
from host_pep.rules import FlowRule
from host_pep.session import SessionState

KEYS = st.sampled_from([f"phone:+1415555{i:04d}" for i in range(8)])
SOURCES = st.sampled_from(["contacts", "sms", "mail", "browser"])


def obs(key: str, source: str, ts: float) -> Observation:
    return Observation(
        key=key,
        kind="phone",
        masked="*",
        source_app=source,
        source_tool=None,
        field="f",
        event_id=f"e{ts}",
        agent="a",
        trusted=True,
        free_text=False,
        sender=False,
        instructive=False,
        ts=ts,
    )


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(KEYS, SOURCES), max_size=60),
    st.integers(min_value=1, max_value=20),
    st.integers(min_value=1, max_value=4),
)
def test_session_index_matches_the_retained_observations(
    adds: list[tuple[str, str]], bound: int, per_key: int
) -> None:
    state = SessionState("s", max_observations=bound, ttl_s=1e9, per_key=per_key)
    for i, (key, source) in enumerate(adds):
        state.add(obs(key, source, float(i)))
    assert len(state.order) <= bound
    retained = list(state.order)
    for key in {k for k, _ in adds}:
        indexed = state.lookup(key)
        assert len(indexed) <= per_key
        assert sorted(id(o) for o in indexed) == sorted(id(o) for o in retained if o.key == key)
    assert sum(state.kinds.values()) == len(retained)


GLOBS = st.sampled_from(
    ["calendar.*", "mail.send", "*", "cal*", "com.android.*", "notes", None, "*.delete"]
)
ALIASES = st.lists(
    st.sampled_from(
        [
            "calendar.create_event",
            "calendar",
            "mail.send",
            "notes.create",
            "com.android.calendar",
            "x.delete",
        ]
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=150, deadline=None)
@given(st.lists(GLOBS, max_size=8), ALIASES)
def test_rule_index_never_misses_a_matching_rule(
    targets: list[str | None], aliases: list[str]
) -> None:
    rules = [
        FlowRule.model_validate({"id": f"r{i}", "match": {"target": t}, "decision": "deny"})
        for i, t in enumerate(targets)
    ]
    index = RuleIndex(rules)
    candidates = {c.rule.id for c in index.candidates(aliases)}
    for rule in rules:
        glob = rule.match.target
        if glob is None or any(fnmatch.fnmatchcase(a.lower(), glob.lower()) for a in aliases):
            assert rule.id in candidates


_PEP_FOR_FRAGMENTS: list[object] = []


def _fragment_pep() -> object:
    from host_pep.pep import PEP
    from host_pep.semantics import ObservedValue

    if not _PEP_FOR_FRAGMENTS:
        pep = PEP.create()
        pep.observe(
            "s", [ObservedValue(text="+86 138 1234 5678", source="contacts", field="phone")]
        )
        _PEP_FOR_FRAGMENTS.append(pep)
    return _PEP_FOR_FRAGMENTS[0]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10), st.integers(min_value=3, max_value=10))
def test_fragments_of_an_observed_number_never_leak_by_provenance(start: int, length: int) -> None:
    from host_pep.events import AgentEvent
    from host_pep.verdict import Decision

    digits = "13812345678"
    fragment = digits[start : start + length]
    if len(fragment) == len(digits):
        return
    pep = _fragment_pep()
    event = AgentEvent.parse(
        {
            "session": "s",
            "agent": "a",
            "channel": "tool",
            "action": "tool_call",
            "target": "calendar.create_event",
            "payload": {"notes": f"room {fragment}"},
        }
    )
    verdict = pep.decide_sync(event)  # type: ignore[attr-defined]
    assert not (
        verdict.decision is Decision.DENY and "source-to-sink" in " ".join(verdict.rule_ids)
    )
