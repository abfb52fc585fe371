"""``droidgate bench api --consoles 1,10``: what the console's live stream costs the daemon.

One server (``android_bridge.api.bench``'s, with the console mounted) is driven by the API bench's
load (decide route: closed loop for throughput, open loop at ``--rate`` for latency) with 0
consoles and with each N of ``--consoles`` following ``GET /console/stream``, the settings
alternated ``--rounds`` times so that drift on a shared machine hits them all alike. Reported per
setting, as ratios against no console in the same run:

* server CPU per decision (all threads: HTTP, PEP, audit, and the stream);
* decisions per second (closed loop) and p99 latency (open loop);
* how long a decision takes to reach a console: record time (``ts``, stamped when the decision
  is made) to the moment a console reads it, for the oldest decision of each write (the worst
  of it), p50/p99/max over every console.

Budgets (issue 15): one console adds <= 5% CPU per decision; p99 delivery <= 200 ms; 10 consoles
do not slow decisions (throughput and p99 within 10% of none). Reported, not asserted by tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

BUDGET_CPU_RATIO_ONE = 1.05
BUDGET_DELIVERY_P99_MS = 200.0
BUDGET_SLOWDOWN_TEN = 1.10
_TS = re.compile(rb'[{,]"ts":([0-9.eE+-]+)')
_DECISION = b"event: decision\n"


class _Follower:
    """One console: a raw keep-alive connection reading the stream (cheap: it shares the
    machine with the server under test), noting when each decision arrives."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.delays_ms: list[float] = []
        """Per write: the delay of its oldest decision (record time to arrival)."""
        self.received = 0
        self.measuring = False
        self.task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, host: str, port: int, operator: str) -> _Follower:
        reader, writer = await asyncio.open_connection(host, port, limit=1 << 22)
        # no backlog (after: a seq beyond any): only what is decided from now on
        writer.write(
            f"GET /console/stream?after={1 << 62} HTTP/1.1\r\nHost: {host}:{port}\r\n"
            f"Authorization: Bearer {operator}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        follower = cls(reader, writer)
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            raise RuntimeError(f"the console stream refused: {head[:80]!r}")
        await reader.readuntil(b"event: ready")
        follower.task = asyncio.ensure_future(follower._read())
        return follower

    async def _read(self) -> None:
        # Per read, not per line: the console shares the 2 cores with the server it measures.
        # Each server write carries everything that arrived since the last; its first record is
        # the oldest, so its delay is that write's worst and is the one noted.
        tail = b""
        while True:
            chunk = await self.reader.read(1 << 20)
            if not chunk:
                return
            now = time.time()
            data = tail + chunk
            count = data.count(_DECISION) - tail.count(_DECISION)
            tail = data[-len(_DECISION) :]
            if not self.measuring:
                continue
            self.received += count
            m = _TS.search(chunk)
            if m is not None and count:
                self.delays_ms.append((now - float(m.group(1))) * 1000)

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.writer.close()


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _phase(
    url: str, token: str, operator: str, consoles: int, args: argparse.Namespace
) -> dict[str, Any]:
    from android_bridge.api.bench import _drive

    host, port = url.removeprefix("http://").rsplit(":", 1)
    followers = [await _Follower.open(host, int(port), operator) for _ in range(consoles)]
    try:
        for f in followers:
            f.measuring = True
        result = await _drive(url, token, args)
        await asyncio.sleep(0.3)  # the last decisions reach the consoles
    finally:
        for f in followers:
            f.close()
    delays = [d for f in followers for d in f.delays_ms]
    result["consoles"] = consoles
    result["delivery_ms"] = (
        {
            "received": sum(f.received for f in followers),
            "writes": len(delays),
            "p50": round(_pct(delays, 0.5), 2),
            "p99": round(_pct(delays, 0.99), 2),
            "max": round(max(delays), 2),
        }
        if delays
        else None
    )
    return result


def run_console_bench(args: argparse.Namespace) -> int:
    from android_bridge.api.bench import _server_main

    if args.clients < 1 or args.requests < 1 or args.duration <= 0 or args.rate <= 0:
        raise ValueError("--clients, --requests, --duration and --rate must be positive")

    try:
        counts = sorted({int(n) for n in str(args.consoles).split(",") if n.strip()})
    except ValueError as exc:
        raise ValueError("--consoles takes numbers, e.g. 1,10") from exc
    if not counts or counts[0] < 1 or counts[-1] > 100 or args.rounds < 1:
        raise ValueError("--consoles N: 1 to 100 consoles; --rounds >= 1")
    settings = [0, *counts]
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe()
    runs: dict[int, list[dict[str, Any]]] = {n: [] for n in settings}
    with tempfile.TemporaryDirectory(prefix="droidgate-bench-") as tmp:
        proc = ctx.Process(
            target=_server_main,
            args=(tmp, args.audit, min(300, args.requests), child, True),
            daemon=True,
        )
        proc.start()
        try:
            if not parent.poll(60):
                raise RuntimeError("the bench server did not start within 60 s")
            port, token, _baseline, operator = parent.recv()
            url = f"http://127.0.0.1:{port}"
            for _ in range(args.rounds):
                for n in settings:
                    parent.send("cpu")
                    cpu0 = parent.recv()
                    client0 = time.process_time()
                    result = asyncio.run(_phase(url, token, operator, n, args))
                    # the load generator and the consoles share the machine with the server
                    result["client_cpu_s"] = time.process_time() - client0
                    parent.send("cpu")
                    served = (
                        result["throughput"]["requests"]
                        + result["latency"]["requests"]
                        + args.clients
                    )
                    result["server_cpu_us_per_request"] = (parent.recv() - cpu0) / served * 1e6
                    runs[n].append(result)
        finally:
            if proc.is_alive():
                parent.send("stop")
                proc.join(10)
            if proc.is_alive():
                proc.kill()
                proc.join()
    summary = _summarize(runs)
    _report(summary)
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return 0 if summary["pass"] else 1


def _median(runs: list[dict[str, Any]], *path: str) -> float:
    values = []
    for r in runs:
        v: Any = r
        for p in path:
            v = v[p]
        values.append(float(v))
    return statistics.median(values)


def _summarize(runs: dict[int, list[dict[str, Any]]]) -> dict[str, Any]:
    base = runs[0]
    cpu0 = _median(base, "server_cpu_us_per_request")
    rps0 = _median(base, "throughput", "decisions_per_s")
    p99_0 = _median(base, "latency", "p99_ms")
    rows = []
    ok = True
    for n, results in runs.items():
        cpu = _median(results, "server_cpu_us_per_request")
        rps = _median(results, "throughput", "decisions_per_s")
        p99 = _median(results, "latency", "p99_ms")
        delivered = [r["delivery_ms"] for r in results if r.get("delivery_ms")]
        row: dict[str, Any] = {
            "consoles": n,
            "server_cpu_us_per_decision": round(cpu, 1),
            "cpu_ratio": round(cpu / cpu0, 3),
            "decisions_per_s": round(rps, 1),
            "throughput_ratio": round(rps / rps0, 3),
            "p99_ms": round(p99, 3),
            "p99_ratio": round(p99 / p99_0, 3),
            "delivery_p50_ms": round(statistics.median(d["p50"] for d in delivered), 2)
            if delivered
            else None,
            "delivery_p99_ms": round(max(d["p99"] for d in delivered), 2) if delivered else None,
            "errors": sum(r["errors"] for r in results),
            "client_cpu_s": round(_median(results, "client_cpu_s"), 2),
        }
        if n == 1:
            ok = ok and row["cpu_ratio"] <= BUDGET_CPU_RATIO_ONE
        if n:
            ok = ok and (row["delivery_p99_ms"] or 0) <= BUDGET_DELIVERY_P99_MS
        if n >= 10:
            ok = ok and row["throughput_ratio"] >= 1 / BUDGET_SLOWDOWN_TEN
            ok = ok and row["p99_ratio"] <= BUDGET_SLOWDOWN_TEN
        ok = ok and row["errors"] == 0
        rows.append(row)
    return {
        "rounds": len(base),
        "settings": rows,
        "budget": {
            "cpu_ratio_one_console": BUDGET_CPU_RATIO_ONE,
            "delivery_p99_ms": BUDGET_DELIVERY_P99_MS,
            "ten_consoles_slowdown": BUDGET_SLOWDOWN_TEN,
        },
        "runs": {str(n): r for n, r in runs.items()},
        "pass": ok,
    }


def _report(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(
        "consoles",
        "CPU µs/decision",
        "× none",
        "decisions/s",
        "× none",
        "p99 ms",
        "× none",
        "to console p50 ms",
        "p99 ms",
    )
    for r in summary["settings"]:
        table.add_row(
            str(r["consoles"]),
            f"{r['server_cpu_us_per_decision']:.0f}",
            f"{r['cpu_ratio']:.3f}",
            f"{r['decisions_per_s']:.0f}",
            f"{r['throughput_ratio']:.3f}",
            f"{r['p99_ms']:.2f}",
            f"{r['p99_ratio']:.3f}",
            "—" if r["delivery_p50_ms"] is None else f"{r['delivery_p50_ms']:.1f}",
            "—" if r["delivery_p99_ms"] is None else f"{r['delivery_p99_ms']:.1f}",
        )
    console = Console()
    console.print(
        f"console stream cost, medians of {summary['rounds']} alternating rounds (decide route)"
    )
    console.print(table)
    b = summary["budget"]
    console.print(
        f"budgets: 1 console CPU × ≤ {b['cpu_ratio_one_console']}, delivery p99 ≤ "
        f"{b['delivery_p99_ms']:.0f} ms, 10 consoles slow decisions ≤ ×{b['ten_consoles_slowdown']}"
    )
    console.print("[green]PASS[/green]" if summary["pass"] else "[red]FAIL[/red]")
