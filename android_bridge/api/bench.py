"""``droidgate bench api``: mediated tool decisions through the bridge API, device I/O excluded.

The server (a real PEP with the default policy, audit on SQLite) runs in a child process; the
parent drives it with N concurrent keep-alive HTTP clients on the decide-only route
(``POST /v1/sessions/{s}/decide``: the full HTTP + auth + validation + PEP + audit path, no
executor). Two phases, each capped in requests and seconds:

* throughput: N clients back-to-back (closed loop) -> decisions per second;
* latency: the same N clients sharing an offered load of ``--rate`` req/s (open loop) -> p50/p99.

A closed loop cannot show both numbers at once: with 32 requests always in flight, latency is
32 / throughput by Little's law, so it measures capacity, and the open loop measures latency at
the budgeted load. Budgets (issue #6): >= 1,000 decisions/s and p99 <= 10 ms.

The server's CPU time (all its threads) is read before and after each phase: CPU per request
when it is busy (closed loop) and when requests arrive one by one (open loop; each then pays
its own wake-up and audit commit, on caches other processes cooled). Budget (issue 17): <= 200
us per decision.

Before the HTTP phases the server decides the same events straight into its PEP (no HTTP), as
one caller awaiting each decision (every decision waits for its own audit commit) and as
``--clients`` concurrent callers on its event loop (their records share commits: group commit;
each still waits until its record is stored). Reported: decisions/s (wall) and CPU per decision,
and from it decisions per CPU-second, i.e. what one core dedicated to deciding would do.
Budget (issue 17): >= 8,000 per CPU-second, judged for concurrent callers and for one caller.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing as mp
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BUDGET_RPS = 1000.0
BUDGET_P99_MS = 10.0
BUDGET_SERVER_CPU_US = 200.0
BUDGET_PEP_PER_CPU_S = 8000.0
SESSION = "bench"
AGENT = "bench-agent"
PHONE = "138 1234 5678"


class _DecideOnly:
    """The bench's mediator: the decide route never executes, so no device is involved."""

    def bind_session(self, session: str, serial: str) -> None:
        del session, serial

    async def submit(self, event: Any, *, screen_hash: str | None = None) -> Any:
        raise RuntimeError("the API bench only uses the decide route")

    async def screen(self, serial: str | None = None, *, session: str | None = None) -> Any:
        raise RuntimeError("the API bench has no device")


def _server_main(
    state_dir: str,
    audit: str,
    baseline_n: int,
    conn: Any,
    console: bool = False,
    callers: int = 32,
) -> None:
    asyncio.run(_serve(Path(state_dir), audit, baseline_n, conn, console, callers))


async def _pep_only(pep: Any, n: int = 2000, callers: int = 32) -> dict[str, Any]:
    """The same decisions straight into the PEP, no HTTP: what the bridge adds is the rest.
    Once by one caller awaiting each decision, once by ``callers`` concurrent ones."""
    one = await _pep_run(pep, n, 1)
    many = await _pep_run(pep, n, max(1, callers))
    return {
        "decisions": one["decisions"] + many["decisions"],
        "one_caller": one,
        "concurrent": many,
        "budget": {
            "per_cpu_second": BUDGET_PEP_PER_CPU_S,
            "met": many["per_cpu_second"] >= BUDGET_PEP_PER_CPU_S,
            "met_one_caller": one["per_cpu_second"] >= BUDGET_PEP_PER_CPU_S,
        },
    }


async def _pep_run(pep: Any, n: int, callers: int) -> dict[str, Any]:
    from host_pep.events import AgentEvent

    events = [dict(e, session=SESSION) for e in _events()]
    per = max(1, n // callers)
    lat: list[float] = []

    async def caller(k: int) -> None:
        for i in range(per):
            ev = AgentEvent.parse(events[(k + i) % len(events)])
            t = time.perf_counter()
            await pep.decide(ev)
            lat.append((time.perf_counter() - t) * 1000)

    stats0 = pep.audit.commit_stats
    cpu0, t0 = time.process_time(), time.perf_counter()
    await asyncio.gather(*(caller(k) for k in range(callers)))
    cpu, total = time.process_time() - cpu0, time.perf_counter() - t0
    stats = pep.audit.commit_stats
    done = per * callers
    cpu_us = cpu / done * 1e6
    return {
        "callers": callers,
        "decisions": done,
        "decisions_per_s": round(done / total, 1),
        "cpu_us_per_decision": round(cpu_us, 1),
        "per_cpu_second": round(1e6 / cpu_us, 1) if cpu_us else 0.0,
        "records_per_commit": round(
            (stats.records - stats0.records) / max(1, stats.batches - stats0.batches), 2
        ),
        "p50_ms": round(_pct(lat, 0.5), 3),
        "p99_ms": round(_pct(lat, 0.99), 3),
    }


async def _serve(
    state_dir: Path,
    audit: str,
    baseline_n: int,
    conn: Any,
    console: bool = False,
    callers: int = 32,
) -> None:
    from aiohttp import web

    from android_bridge.api.models import CreateSession
    from android_bridge.api.server import make_app
    from android_bridge.api.service import BridgeService
    from host_pep.audit import AuditLog
    from host_pep.audit.keys import AuditKey
    from host_pep.pep import PEP
    from host_pep.semantics import ObservedValue

    # keyed, as the daemon serves it: a MAC per record, a signed checkpoint now and then
    log = AuditLog.open(
        None if audit == "memory" else state_dir / "audit.db", key=AuditKey.generate()
    )
    from android_bridge.api.tool_catalog import load_tool_specs

    pep = PEP.create(policy="default", audit=log)
    service = BridgeService(
        pep, _DecideOnly(), devices=["bench-device"], tools=load_tool_specs(), version="bench"
    )
    # The drive acts as agents do: with the agent token the session was created with.
    created = service.create_session(CreateSession(session=SESSION, agents=[AGENT]))
    # A contact's number in session memory, so half the decisions exercise source->sink (T2).
    pep.observe(
        SESSION,
        [ObservedValue(text=f"Zhang Wei {PHONE}", source="contacts")],
        event_id="seed",
        agent=AGENT,
    )
    # The daemon freezes its startup heap before it serves (server._freeze_startup_heap), so
    # the decisions measured here run on the heap the served ones run on. Without this, the
    # full collections of PEP.create's ~100,000 long-lived objects (13 of them, 50-85 ms each)
    # fell into the in-process phase and were charged to its decisions (one caller: 150-160
    # us of CPU per decision with the freeze, 200-250 without, in the same tree).
    gc.collect()
    gc.freeze()
    baseline = await _pep_only(pep, baseline_n, callers)
    operator = "bench-" + "x" * 40
    token = created.agent_tokens[AGENT]
    mount = None
    if console:  # the operator's console, as the daemon serves it (--consoles)
        from android_bridge.console.web import Console

        mount = Console(service).mount
    runner = web.AppRunner(
        make_app(service, operator, console=mount), access_log=None, handle_signals=False
    )
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    conn.send((port, token, baseline) + ((operator,) if console else ()))
    loop = asyncio.get_running_loop()
    # The parent asks for this process's CPU time (before and after its drive: the server's CPU
    # per request) until it says stop.
    while await loop.run_in_executor(None, conn.recv) == "cpu":
        conn.send(time.process_time())
    await runner.cleanup()


def _events() -> list[dict[str, Any]]:
    allow = {
        "agent": AGENT,
        "channel": "tool",
        "action": "tool_call",
        "target": "contacts.lookup",
        "payload": {"name": "Zhang Wei"},
    }
    leak = {
        "agent": AGENT,
        "channel": "tool",
        "action": "tool_call",
        "target": "calendar.create_event",
        "payload": {"title": "Call", "description": f"Call {PHONE}"},
    }
    clean = {
        "agent": AGENT,
        "channel": "tool",
        "action": "tool_call",
        "target": "calendar.create_event",
        "payload": {"title": "Standup", "description": "room 4012"},
    }
    return [allow, leak, clean, leak]


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class _Conn:
    """One keep-alive HTTP/1.1 connection that POSTs prebuilt requests (the load generator).

    Why not aiohttp's client: it costs ~300 us of CPU per request, and the generator shares the
    2 cores with the server under test, so it slowed the server and queued its own requests
    (which the latency numbers then charged to the server). This loop parses only what the
    bridge sends back (status line, Content-Length); anything else is counted as an error.
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    async def post(self, request: bytes) -> tuple[int, bytes]:
        self.writer.write(request)
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length = next(
            int(line.split(b":", 1)[1])
            for line in lines[1:]
            if line[:15].lower() == b"content-length:"
        )
        return status, await self.reader.readexactly(length)


def _requests(url: str, token: str) -> list[bytes]:
    host = url.removeprefix("http://")
    out = []
    for event in _events():
        body = json.dumps(event).encode()
        head = (
            f"POST /v1/sessions/{SESSION}/decide HTTP/1.1\r\nHost: {host}\r\n"
            f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        out.append(head.encode() + body)
    return out


async def _drive(
    url: str,
    token: str,
    args: argparse.Namespace,
    server_cpu: Callable[[], float] | None = None,
) -> dict[str, Any]:
    """Both phases; with ``server_cpu`` (the server's CPU seconds so far), also the server's
    CPU per request in each."""
    requests = _requests(url, token)
    host, port = url.removeprefix("http://").rsplit(":", 1)
    conns = [_Conn(*await asyncio.open_connection(host, int(port))) for _ in range(args.clients)]
    errors = 0
    decisions: dict[str, int] = {}

    try:

        async def one(i: int, lat: list[float], conn: _Conn) -> None:
            nonlocal errors
            t0 = time.perf_counter()
            status, body = await conn.post(requests[i % len(requests)])
            lat.append((time.perf_counter() - t0) * 1000)
            if status != 200:
                errors += 1
            else:
                d = json.loads(body)["decision"]
                decisions[d] = decisions.get(d, 0) + 1

        for i, c in enumerate(conns):  # warm up connections and code paths
            await one(i, [], c)

        # throughput: closed loop
        lat_closed: list[float] = []
        deadline = time.perf_counter() + args.duration
        counter = iter(range(args.requests))

        async def worker(conn: _Conn) -> None:
            while time.perf_counter() < deadline:
                i = next(counter, None)
                if i is None:
                    return
                await one(i, lat_closed, conn)

        cpu = [server_cpu()] if server_cpu is not None else []
        t0 = time.perf_counter()
        await asyncio.gather(*(worker(c) for c in conns))
        closed_s = time.perf_counter() - t0
        if server_cpu is not None:
            cpu.append(server_cpu())

        # latency: open loop at the offered rate, spread over the same clients
        lat_open: list[float] = []
        interval = args.clients / args.rate
        total = min(args.requests, int(args.rate * args.duration))
        per_client = max(1, total // args.clients)

        async def paced(c: int) -> None:
            start = time.perf_counter() + c * interval / args.clients
            for k in range(per_client):
                delay = start + k * interval - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                await one(c + k, lat_open, conns[c])

        if server_cpu is not None:
            cpu.append(server_cpu())
        t1 = time.perf_counter()
        await asyncio.gather(*(paced(c) for c in range(args.clients)))
        open_s = time.perf_counter() - t1
        if server_cpu is not None:
            cpu.append(server_cpu())
    finally:
        for c in conns:
            c.writer.close()

    rps = len(lat_closed) / closed_s if closed_s else 0.0
    p99_open = _pct(lat_open, 0.99)
    per_phase: dict[str, float | None] = {"throughput": None, "latency": None}
    if len(cpu) == 4:
        per_phase["throughput"] = _per_request_us(cpu[1] - cpu[0], len(lat_closed))
        per_phase["latency"] = _per_request_us(cpu[3] - cpu[2], len(lat_open))
    return {
        "clients": args.clients,
        "throughput": {
            "requests": len(lat_closed),
            "seconds": round(closed_s, 3),
            "decisions_per_s": round(rps, 1),
            "p50_ms": round(_pct(lat_closed, 0.5), 3),
            "p99_ms": round(_pct(lat_closed, 0.99), 3),
            "server_cpu_us_per_request": per_phase["throughput"],
        },
        "latency": {
            "offered_rate": args.rate,
            "achieved_rate": round(len(lat_open) / open_s, 1) if open_s else 0.0,
            "requests": len(lat_open),
            "p50_ms": round(_pct(lat_open, 0.5), 3),
            "p99_ms": round(p99_open, 3),
            "mean_ms": round(statistics.fmean(lat_open), 3) if lat_open else None,
            "server_cpu_us_per_request": per_phase["latency"],
        },
        "decisions": decisions,
        "errors": errors,
        "budget": {"decisions_per_s": BUDGET_RPS, "p99_ms": BUDGET_P99_MS},
        "pass": rps >= BUDGET_RPS and p99_open <= BUDGET_P99_MS and errors == 0,
    }


def _per_request_us(cpu_s: float, requests: int) -> float | None:
    return round(cpu_s / requests * 1e6, 1) if requests else None


def run_bench(args: argparse.Namespace) -> int:
    if args.clients < 1 or args.requests < 1 or args.duration <= 0 or args.rate <= 0:
        raise ValueError("--clients, --requests, --duration and --rate must be positive")
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe()
    with tempfile.TemporaryDirectory(prefix="droidgate-bench-") as tmp:
        proc = ctx.Process(
            target=_server_main,
            args=(tmp, args.audit, min(2000, args.requests), child, False, args.clients),
            daemon=True,
        )
        proc.start()
        try:
            if not parent.poll(120):
                raise RuntimeError("the bench server did not start within 120 s")
            port, token, baseline = parent.recv()

            def server_cpu() -> float:
                parent.send("cpu")
                return float(parent.recv())

            cpu0 = server_cpu()
            result = asyncio.run(_drive(f"http://127.0.0.1:{port}", token, args, server_cpu))
            served = result["throughput"]["requests"] + result["latency"]["requests"] + args.clients
            result["server_cpu_us_per_request"] = round((server_cpu() - cpu0) / served * 1e6, 1)
            busy = result["throughput"]["server_cpu_us_per_request"]
            result["server_cpu_budget"] = {
                "us_per_request": BUDGET_SERVER_CPU_US,
                "met_busy": busy is not None and busy <= BUDGET_SERVER_CPU_US,
                "met_at_rate": (result["latency"]["server_cpu_us_per_request"] or 1e9)
                <= BUDGET_SERVER_CPU_US,
            }
            result["audit"] = args.audit
            result["pep_only"] = baseline
        finally:
            if proc.is_alive():
                parent.send("stop")
                proc.join(10)
            if proc.is_alive():
                proc.kill()
                proc.join()
    _report(result)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0 if result["pass"] else 1


def _report(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    t, lat = result["throughput"], result["latency"]
    table = Table("phase", "requests", "rate (req/s)", "p50 ms", "p99 ms", "budget")
    table.add_row(
        "throughput (closed loop)",
        str(t["requests"]),
        f"{t['decisions_per_s']:.0f}",
        f"{t['p50_ms']:.2f}",
        f"{t['p99_ms']:.2f}",
        f">= {BUDGET_RPS:.0f}/s",
    )
    table.add_row(
        f"latency @ {lat['offered_rate']:.0f}/s (open loop)",
        str(lat["requests"]),
        f"{lat['achieved_rate']:.0f}",
        f"{lat['p50_ms']:.2f}",
        f"{lat['p99_ms']:.2f}",
        f"p99 <= {BUDGET_P99_MS:.0f} ms",
    )
    console = Console()
    console.print(
        f"bridge API bench: {result['clients']} concurrent clients, decide route, errors {result['errors']}, decisions {result['decisions']}"
    )
    console.print(table)
    if "server_cpu_us_per_request" in result:
        busy = t.get("server_cpu_us_per_request")
        paced = lat.get("server_cpu_us_per_request")
        console.print(
            f"server CPU per request (all threads, HTTP + PEP + audit): "
            f"{result['server_cpu_us_per_request']:.0f} us overall"
            + (f"; busy (closed loop) {busy:.0f} us" if busy is not None else "")
            + (f", one by one at {lat['offered_rate']:.0f}/s {paced:.0f} us" if paced else "")
            + f" (budget <= {BUDGET_SERVER_CPU_US:.0f} us)"
        )
    pep = result.get("pep_only") or {}
    if pep:
        console.print(
            f"same decisions straight into the PEP (audit: {result.get('audit')}), no HTTP:"
        )
        for label, run in (("one caller", pep["one_caller"]), ("concurrent", pep["concurrent"])):
            console.print(
                f"  {label} ({run['callers']} caller{'s' if run['callers'] > 1 else ''}, "
                f"{run['records_per_commit']:.1f} records per commit): "
                f"{run['decisions_per_s']:,.0f}/s wall, {run['cpu_us_per_decision']:.0f} us CPU "
                f"per decision = {run['per_cpu_second']:,.0f} per CPU-second; "
                f"p50 {run['p50_ms']:.2f} ms, p99 {run['p99_ms']:.2f} ms"
            )
        budget = pep["budget"]
        console.print(
            f"  budget >= {BUDGET_PEP_PER_CPU_S:,.0f} per CPU-second: with concurrent callers "
            + ("met" if budget["met"] else "NOT met")
            + ", one caller "
            + ("met" if budget.get("met_one_caller") else "NOT met")
        )
    console.print("[green]PASS[/green]" if result["pass"] else "[red]FAIL[/red]")
