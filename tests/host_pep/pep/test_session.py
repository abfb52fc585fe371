from host_pep.observations import Observation
from host_pep.observe import Observed
from host_pep.session import SessionStore


def obs(
    key: str, ts: float, *, source: str = "contacts", field: str = "phone", agent: str = "a"
) -> Observation:
    return Observation(
        key=key,
        kind="phone",
        masked="***",
        source_app=source,
        source_tool=None,
        field=field,
        event_id="e",
        agent=agent,
        trusted=True,
        free_text=False,
        sender=False,
        instructive=False,
        ts=ts,
    )


def test_lookup_by_key_and_isolation_between_sessions() -> None:
    store = SessionStore(clock=lambda: 10.0)
    store.record("s1", Observed([obs("phone:+8613812345678", 1.0)]))
    assert [o.source_app for o in store.get("s1").lookup("phone:+8613812345678")] == ["contacts"]
    assert store.get("s2").lookup("phone:+8613812345678") == []


def test_several_agents_share_a_session() -> None:
    store = SessionStore(clock=lambda: 10.0)
    store.record("s", Observed([obs("k1", 1.0, agent="reader")]))
    store.record("s", Observed([obs("k2", 1.0, agent="writer")]))
    state = store.get("s")
    assert state.agents == {"reader", "writer"}
    assert state.lookup("k1")[0].agent == "reader"


def test_count_bound_evicts_oldest_and_reports_it() -> None:
    store = SessionStore(max_observations=3, clock=lambda: 10.0)
    evictions = store.record("s", Observed([obs(f"k{i}", 10.0) for i in range(5)]))
    state = store.get("s")
    assert len(state) == 3
    assert state.lookup("k0") == [] and state.lookup("k1") == []
    assert state.lookup("k4")
    assert [(e.count, e.reason) for e in evictions] == [(1, "count"), (1, "count")]


def test_ttl_bound_expires_old_observations() -> None:
    now = [100.0]
    store = SessionStore(ttl_s=50.0, clock=lambda: now[0])
    store.record("s", Observed([obs("old", 10.0), obs("new", 90.0)]))
    state = store.get("s")
    assert state.lookup("old") == []
    assert state.lookup("new")
    now[0] = 200.0
    evictions = store.record("s", Observed([]))
    assert state.lookup("new") == []
    assert evictions and evictions[0].reason == "ttl"


def test_same_value_from_same_place_is_stored_once_but_other_sources_add() -> None:
    store = SessionStore(clock=lambda: 10.0)
    store.record("s", Observed([obs("k", 1.0), obs("k", 2.0)]))
    assert len(store.get("s")) == 1
    store.record("s", Observed([obs("k", 3.0, source="sms")]))
    assert {o.source_app for o in store.get("s").lookup("k")} == {"contacts", "sms"}


def test_per_key_bound_keeps_memory_per_value_small() -> None:
    store = SessionStore(per_key=2, clock=lambda: 10.0)
    store.record("s", Observed([obs("k", float(i), field=f"f{i}") for i in range(5)]))
    assert len(store.get("s").lookup("k")) == 2
    assert len(store.get("s")) == 2


def test_end_session_forgets_it() -> None:
    store = SessionStore(clock=lambda: 10.0)
    store.record("s", Observed([obs("k", 1.0)]))
    assert store.end("s") == 1
    assert store.peek("s") is None
