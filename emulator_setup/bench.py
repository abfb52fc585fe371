"""``droidgate bench device``: the virtual device's own cost, and a farm under load.

1. Device-side handling per JSON-RPC call on a 400-node screen: request body in, response body
   out (``handle_jsonrpc``), no transport. Budget: median ≤ 2 ms per call.
2. Concurrency: N devices (default 8) in one farm, one real uiautomator2 client thread per device,
   each doing ``dump_hierarchy`` + ``click`` repeatedly through the real adb server. Reports
   latency percentiles, throughput and errors. Client-side latency is dominated by the client
   stack (reference §7: Nagle + a fixed 10 ms sleep per adbutils connection).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import threading
import time
from pathlib import Path
from typing import Any

BUDGET_MS = 2.0
SCREEN_ROWS = 100  # 100 rows x 4 nodes = 400 nodes under the window root


def _bench_screen(state: Any) -> None:
    """Push a 400-node list screen (all on screen, so the dump really holds 400 nodes)."""
    from .virtual.apps.base import Screen
    from .virtual.ui.node import Node

    # Any installed app hosts the screen; the benchmark only needs its window.
    app = next((a for a in state.apps.values() if a is not state.launcher), state.launcher)
    pkg = app.package
    width, row_h = state.width, state.height // SCREEN_ROWS

    class BenchScreen(Screen):  # type: ignore[type-arg]  # any app hosts it
        activity = ".BenchActivity"

        def tree(self) -> Node:
            root = Node(
                cls="android.widget.FrameLayout", package=pkg, bounds=(0, 0, width, state.height)
            )
            for i in range(SCREEN_ROWS):
                top = i * row_h
                row = Node(cls="android.widget.LinearLayout", package=pkg, bounds=(0, top, width, top + row_h),
                           resource_id=f"{pkg}:id/row")  # fmt: skip
                row.add(
                    Node(cls="android.widget.TextView", package=pkg, text=f"Item {i}",
                         resource_id=f"{pkg}:id/title", bounds=(0, top, 500, top + row_h)),
                    Node(cls="android.widget.TextView", package=pkg, text=f"Detail line for item {i}",
                         resource_id=f"{pkg}:id/summary", bounds=(500, top, 900, top + row_h)),
                    Node(cls="android.widget.Button", package=pkg, text=f"Open {i}", clickable=True,
                         focusable=True, resource_id=f"{pkg}:id/open", bounds=(900, top, width, top + row_h),
                         on_click=lambda: None),
                )  # fmt: skip
                root.add(row)
            return root

    state.push(BenchScreen(app))


def _calls() -> list[tuple[str, list[Any] | dict[str, Any]]]:
    sel_last = {
        "mask": 1,
        "childOrSibling": [],
        "childOrSiblingSelector": [],
        "text": f"Open {SCREEN_ROWS - 1}",
    }
    sel_mid = {"mask": 0x400000 | 0x01000000, "childOrSibling": [], "childOrSiblingSelector": [],
               "resourceIdMatches": ".*:id/title", "instance": 50}  # fmt: skip
    return [
        ("deviceInfo", {}),
        ("dumpWindowHierarchy", [False, 50]),
        ("exist", [sel_last]),
        ("waitForExists", [sel_last, 20000]),
        ("objInfo", [sel_mid]),
        ("getText", [sel_mid]),
        ("click", [540.0, 1200.0]),
    ]


async def _handling(iterations: int) -> tuple[list[dict[str, Any]], int]:
    from .virtual.device import VirtualDevice
    from .virtual.jsonrpc import handle_jsonrpc

    dev = VirtualDevice(fixture=None)
    _bench_screen(dev.state)
    xml = dev.state.hierarchy_xml()
    nodes = xml.count("<node ")
    rows = []
    for method, params in _calls():
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode()
        await handle_jsonrpc(dev, body)  # warm-up
        times = []
        for _ in range(iterations):
            t0 = time.perf_counter()
            out = await handle_jsonrpc(dev, body)
            times.append((time.perf_counter() - t0) * 1000)
        if b'"error"' in out:
            raise RuntimeError(f"{method} failed in the benchmark: {out[:200]!r}")
        rows.append(_summary(method, times))
    # A click that changes the screen forces the next dump to rebuild the tree.
    click = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "click", "params": [1000, 12]}
    ).encode()
    dump = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "dumpWindowHierarchy", "params": [False, 50]}
    ).encode()
    times = []
    for _ in range(max(10, iterations // 4)):
        await handle_jsonrpc(dev, click)
        t0 = time.perf_counter()
        await handle_jsonrpc(dev, dump)
        times.append((time.perf_counter() - t0) * 1000)
    rows.append(_summary("dumpWindowHierarchy (after a change)", times))
    return rows, nodes


def _summary(name: str, times_ms: list[float]) -> dict[str, Any]:
    times_ms = sorted(times_ms)
    p95 = times_ms[min(len(times_ms) - 1, int(len(times_ms) * 0.95))]
    return {"method": name, "n": len(times_ms), "median_ms": round(statistics.median(times_ms), 4),
            "p95_ms": round(p95, 4), "max_ms": round(times_ms[-1], 4)}  # fmt: skip


def _concurrency(devices: int, calls: int) -> dict[str, Any]:
    import adbutils
    import uiautomator2 as u2

    from .farm import VirtualDeviceFarm

    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    with VirtualDeviceFarm(devices) as farm:
        client = adbutils.AdbClient(port=farm.adb_port)
        barrier = threading.Barrier(devices)

        def worker(serial: str) -> None:
            try:
                d = u2.connect(client.device(serial))
                d.info  # noqa: B018 - starts the server
                barrier.wait(timeout=60)
                for _ in range(calls):
                    for op in (d.dump_hierarchy, lambda: d.click(540, 1200)):
                        t0 = time.perf_counter()
                        op()
                        dt = (time.perf_counter() - t0) * 1000
                        with lock:
                            latencies.append(dt)
            except Exception as exc:  # report every failure, keep the others running
                with lock:
                    errors.append(f"{serial}: {type(exc).__name__}: {exc}")

        threads = [threading.Thread(target=worker, args=(s,)) for s in farm.serials]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
    summary = _summary("u2 dump_hierarchy/click", latencies) if latencies else {}
    return {"devices": devices, "calls": len(latencies), "wall_s": round(wall, 3),
            "calls_per_s": round(len(latencies) / wall, 1) if wall else 0.0,
            "latency": summary, "errors": errors}  # fmt: skip


def run_bench(
    iterations: int = 200, devices: int = 8, calls: int = 20, json_out: str | None = None
) -> bool:
    """Measure, print the tables (and write ``json_out``); True when every budget was met."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    rows, nodes = asyncio.run(_handling(iterations))
    table = Table(
        title=f"device-side JSON-RPC handling, {nodes}-node screen (budget {BUDGET_MS} ms median)"
    )
    for col in ("method", "n", "median ms", "p95 ms", "max ms", "ok"):
        table.add_column(col)
    ok = True
    for r in rows:
        within = r["median_ms"] <= BUDGET_MS
        ok = ok and within
        table.add_row(r["method"], str(r["n"]), f"{r['median_ms']:.3f}", f"{r['p95_ms']:.3f}",
                      f"{r['max_ms']:.3f}", "yes" if within else "NO")  # fmt: skip
    console.print(table)
    conc: dict[str, Any] = {}
    if devices > 0:
        conc = _concurrency(devices, calls)
        lat = conc.get("latency", {})
        console.print(
            f"{conc['devices']} devices, {conc['calls']} u2 calls in {conc['wall_s']} s "
            f"({conc['calls_per_s']} calls/s); latency median {lat.get('median_ms', '-')} ms, "
            f"p95 {lat.get('p95_ms', '-')} ms; errors: {len(conc['errors'])}"
        )
        for e in conc["errors"][:10]:
            console.print(f"  [red]{e}[/red]")
        ok = ok and not conc["errors"]
    result = {
        "nodes": nodes,
        "budget_ms": BUDGET_MS,
        "handling": rows,
        "concurrency": conc,
        "ok": ok,
    }
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=2))
    return ok
