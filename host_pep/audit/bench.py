"""``python -m host_pep.audit.bench``: audit appends per second, one at a time vs group commit.

For each durability level (``process`` = synchronous=NORMAL, ``power`` = synchronous=FULL) a
fresh log in a temporary directory takes ``--records`` decisions of a real event and verdict
(half of them denies with masked evidence), stored the way the PEP stores them:

* ``sync``: one caller, ``append_decision`` after ``append_decision`` (a transaction each);
* ``grouped``: ``--concurrency`` asyncio tasks calling ``aappend_decision`` (a transaction per
  group).

It reports appends/s, the CPU time per record (process CPU / records, all threads, from the
event and verdict to the commit), records per transaction, the p50/p99 time until an append is
acknowledged, and checks the chain at the end. ``prepare`` is the caller's
share alone (draft, seal, serialize; no storage), also through ``AuditRecord.from_decision``.
A benchmark, not a test: numbers depend on the disk and the load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from host_pep.audit.log import AuditLog
from host_pep.audit.record import AuditRecord, decision_draft
from host_pep.audit.sqlite_store import SYNCHRONOUS
from host_pep.cli.exits import ExitCode
from host_pep.events import AgentEvent
from host_pep.semantics import ActionSemantics, Completion, FieldRole, Operation
from host_pep.verdict import Decision, Evidence, Stage, Verdict

DecisionInput = tuple[AgentEvent, Completion, Verdict]


def _decisions() -> list[DecisionInput]:
    """A clean allow and a leaking deny with evidence, as the pipeline produces them."""
    clean = AgentEvent.parse(
        {
            "session": "bench",
            "agent": "bench-agent",
            "channel": "tool",
            "action": "tool_call",
            "target": "calendar.create_event",
            "payload": {"title": "Standup", "notes": "room 4012"},
            "context": {"user_request": "put the standup on my calendar"},
        }
    )
    leak = AgentEvent.parse(
        {
            "session": "bench",
            "agent": "bench-agent",
            "channel": "tool",
            "action": "tool_call",
            "target": "calendar.create_event",
            "payload": {"title": "Call", "notes": "Call 138 1234 5678"},
            "context": {"user_request": "put the standup on my calendar"},
        }
    )
    semantics = ActionSemantics(
        app="calendar",
        operation=Operation.LOCAL_WRITE,
        fields={"title": FieldRole.CONTENT, "notes": FieldRole.CONTENT},
        text={"notes": "Call 138 1234 5678"},
    )
    latency = {"T0": 0.03, "T1": 0.006, "T2": 0.012, "T3": 0.001, "total": 0.06}
    allow = Verdict(
        event_id=clean.id,
        decision=Decision.ALLOW,
        stage=Stage.T3,
        reason="no policy objects to this action",
        latency_ms=latency,
    )
    deny = Verdict(
        event_id=leak.id,
        decision=Decision.DENY,
        stage=Stage.T2,
        rule_ids=["default:source-sink"],
        reason="a phone number from contacts may not flow into calendar",
        evidence=[Evidence(kind="phone", masked="138****5678", field="notes", source="contacts")],
        latency_ms=latency,
    )
    return [
        (clean, Completion(event=clean, semantics=semantics), allow),
        (leak, Completion(event=leak, semantics=semantics), deny),
    ]


def _cpu_prepare(n: int) -> dict[str, float]:
    """CPU microseconds per record for the caller's share: draft, seal, serialize."""
    decisions = _decisions()
    out: dict[str, float] = {}
    with AuditLog.open(None) as log:
        log.append_decision(*decisions[0])  # the salt is read once, not timed
        start = time.process_time()
        for i in range(n):
            log._prepare_draft(decision_draft(*decisions[i % len(decisions)]))
        out["decision_draft"] = (time.process_time() - start) / n * 1e6
        start = time.process_time()
        for i in range(n):
            log._prepare(AuditRecord.from_decision(*decisions[i % len(decisions)]))
        out["from_decision"] = (time.process_time() - start) / n * 1e6
    return {k: round(v, 1) for k, v in out.items()}


def _sync(log: AuditLog, n: int, latencies: list[float]) -> None:
    decisions = _decisions()
    for i in range(n):
        t = time.perf_counter()
        log.append_decision(*decisions[i % len(decisions)])
        latencies.append(time.perf_counter() - t)


async def _grouped(log: AuditLog, n: int, concurrency: int, latencies: list[float]) -> None:
    decisions = _decisions()
    counter = iter(range(n))

    async def client() -> None:
        for i in counter:
            t = time.perf_counter()
            await log.aappend_decision(*decisions[i % len(decisions)])
            latencies.append(time.perf_counter() - t)

    await asyncio.gather(*(client() for _ in range(concurrency)))


def _percentile_ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 3)


def _measure(durability: str, mode: str, n: int, concurrency: int) -> dict[str, Any]:
    latencies: list[float] = []
    with tempfile.TemporaryDirectory(prefix="droidgate-audit-bench-") as tmp:
        log = AuditLog.open(Path(tmp) / "audit.db", durability=durability)  # type: ignore[arg-type]
        try:
            log.append_decision(*_decisions()[0])  # salt and schema exist before timing
            wall, cpu = time.perf_counter(), time.process_time()
            if mode == "sync":
                _sync(log, n, latencies)
            else:
                asyncio.run(_grouped(log, n, concurrency, latencies))
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            stats = log.commit_stats
            result = log.verify()
        finally:
            log.close()
    return {
        "durability": durability,
        "synchronous": SYNCHRONOUS[durability],
        "mode": mode,
        "concurrency": 1 if mode == "sync" else concurrency,
        "records": n,
        "appends_per_s": round(n / wall, 1),
        "cpu_us_per_record": round(cpu / n * 1e6, 1),
        "records_per_commit": round((stats.records - 1) / max(1, stats.batches - 1), 1),
        "ack_p50_ms": _percentile_ms(latencies, 0.5),
        "ack_p99_ms": _percentile_ms(latencies, 0.99),
        "chain_ok": result.ok and result.checked == n + 1,
    }


def run(
    records: int = 2000, concurrency: int = 32, durabilities: tuple[str, ...] = ("process", "power")
) -> dict[str, Any]:
    runs: list[dict[str, Any]] = []
    for durability in durabilities:
        # fsync-bound sync appends are slow: fewer of them still give a stable rate
        sync_n = records if durability == "process" else max(50, records // 10)
        runs.append(_measure(durability, "sync", sync_n, 1))
        runs.append(_measure(durability, "grouped", records, concurrency))
    return {"prepare_cpu_us_per_record": _cpu_prepare(records), "runs": runs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m host_pep.audit.bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--records", type=int, default=2000, help="records per run (default 2000)")
    parser.add_argument("--concurrency", type=int, default=32, help="appending tasks (default 32)")
    parser.add_argument(
        "--durability", choices=("process", "power", "both"), default="both", help="default: both"
    )
    parser.add_argument(
        "--json", default=None, metavar="OUT", help="also write the results as JSON"
    )
    args = parser.parse_args(argv)
    if args.records < 1 or args.concurrency < 1:
        parser.error("--records and --concurrency must be at least 1")
    levels = ("process", "power") if args.durability == "both" else (args.durability,)
    doc = run(args.records, args.concurrency, levels)
    prep = doc["prepare_cpu_us_per_record"]
    print(
        f"prepare (caller's share, no storage): {prep['decision_draft']:.1f} us CPU per record"
        f" (through AuditRecord.from_decision: {prep['from_decision']:.1f} us)"
    )
    print(
        f"{'durability':<18}{'mode':<14}{'records':>8}{'appends/s':>11}{'CPU us/rec':>11}"
        f"{'rec/commit':>11}{'ack p50 ms':>11}{'p99 ms':>8}  chain"
    )
    for r in doc["runs"]:
        mode = r["mode"] if r["mode"] == "sync" else f"grouped x{r['concurrency']}"
        level = f"{r['durability']} ({r['synchronous']})"
        ok = "ok" if r["chain_ok"] else "BROKEN"
        print(
            f"{level:<18}{mode:<14}{r['records']:>8}{r['appends_per_s']:>11.0f}"
            f"{r['cpu_us_per_record']:>11.1f}{r['records_per_commit']:>11.1f}"
            f"{r['ack_p50_ms']:>11.2f}{r['ack_p99_ms']:>8.2f}  {ok}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return ExitCode.OK if all(r["chain_ok"] for r in doc["runs"]) else ExitCode.FAILED


if __name__ == "__main__":
    sys.exit(main())
