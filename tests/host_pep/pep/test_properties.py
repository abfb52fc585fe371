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
