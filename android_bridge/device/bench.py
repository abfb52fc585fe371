"""Benchmarks of the GUI path: a mediated tap against stock uiautomator2, and screen extraction.

``bench_tap`` measures, in one run and interleaved (so drift hits both alike), on the same device:

* **stock**: ``uiautomator2.Device`` over a stock ``adbutils.AdbClient`` doing
  ``dump_hierarchy()`` + ``click(x, y)`` — what an unmediated GUI agent pays per tap;
* **stock_fast_client** (diagnostic): the same stock calls over ``FastAdbClient`` — how much of
  the difference is the Nagle/version-check fix alone;
* **mediated**: ``Mediator.submit`` of a GUI tap — dump (FastAdbClient, one RPC) + extraction +
  ``pep.decide`` (default policy, in-memory audit) + click + ``record_result``.

It reports medians/p90 in ms and ``ratio = mediated / stock`` (budget ≤ 1.05; with the Nagle fix
the mediated tap is faster than stock). With no serial it starts a virtual device of its own.
The tap lands on a point of the current screen that no clickable widget covers, so both sides
tap the same inert spot and the screen stays the same throughout.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from android_bridge.events.screen import parse_screen


def _stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))] * 1000, 3),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 3),
    }


def _inert_point(xml: str) -> tuple[int, int]:
    screen = parse_screen(xml)
    width, height = 1080, 2400
    if screen.nodes:
        _, _, width, height = screen.nodes[0].bounds
    for fy in (0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7):
        for fx in (0.5, 0.3, 0.7, 0.1, 0.9):
            x, y = int(width * fx), int(height * fy)
            node = screen.node_at(x, y)
            if node is None or not (node.clickable or node.editable):
                return x, y
    raise RuntimeError("no inert point on the current screen to tap")


def bench_extract(nodes: int = 400, n: int = 200) -> dict[str, Any]:
    """Screen extraction (parse + visible strings + focused + node under a point), no device."""
    from android_bridge.events import screen as screen_mod
    from android_bridge.events.uixml import big_screen

    xml = big_screen(nodes)
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        parsed = screen_mod._extract(xml)
        parsed.visible_strings()
        parsed.focused()
        parsed.node_at(540, 1200)
        samples.append(time.perf_counter() - start)
    return {"nodes": len(screen_mod._extract(xml).nodes), "xml_bytes": len(xml), **_stats(samples)}


def _extraction_samples(xml: str, n: int) -> tuple[int, list[float]]:
    """Wall time of one full extraction of ``xml`` (parse, visible strings, focused field, the
    node under the screen's centre), ``n`` times, the memo bypassed."""
    from android_bridge.events import screen as screen_mod

    parsed = screen_mod._extract(xml)
    _, _, width, height = parsed.nodes[0].bounds
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        parsed = screen_mod._extract(xml)
        parsed.visible_strings()
        parsed.focused()
        parsed.node_at(width // 2, height // 2)
        samples.append(time.perf_counter() - start)
    return len(parsed.nodes), samples


SIZE_BUCKETS = ((0, 99), (100, 299), (300, 999), (1000, 10**9))
EXTRACT_BUDGET_MS = 5.0
"""Extraction of a screen of 1,000 nodes or more (issue 18): p50 at most this."""


def _bucket(nodes: int) -> str:
    for low, high in SIZE_BUCKETS:
        if low <= nodes <= high:
            return f"{low}+" if high >= 10**9 else f"{low}-{high}"
    raise AssertionError(nodes)


def bench_screens(corpus: str | None = None, n: int = 100) -> dict[str, Any]:
    """Extraction on every screen of a corpus of real dumps, p50/p99 per screen and per size.

    Beside the real screens, droidgate's own writer draws list screens of 1,000 and 2,000 nodes
    in the two layouts real devices send (uiautomator2's indented one, ``adb shell uiautomator
    dump``'s single line): the reference sizes the budget is stated for, whatever the corpus holds.
    """
    import re
    from pathlib import Path

    from android_bridge.events.uixml import big_screen
    from android_bridge.screen_corpus import load_corpus

    if n < 2:
        raise ValueError("n must be at least 2")
    loaded = load_corpus(Path(corpus) if corpus else None)
    rows: list[dict[str, Any]] = []
    pooled: dict[str, list[float]] = {}

    def measure(name: str, kind: str, xml: str) -> None:
        nodes, samples = _extraction_samples(xml, n)
        ordered = sorted(samples)
        row = {
            "screen": name,
            "kind": kind,
            "nodes": nodes,
            "xml_bytes": len(xml.encode("utf-8")),
            "p50_ms": round(statistics.median(ordered) * 1000, 3),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 3),
        }
        rows.append(row)
        if kind == "real":
            pooled.setdefault(_bucket(nodes), []).extend(samples)

    for entry in loaded:
        measure(entry.id, "real", loaded.xml(entry.id))
    for size in (1000, 2000):
        drawn = big_screen(size)
        measure(f"drawn-{size}-u2", "reference", drawn)
        measure(f"drawn-{size}-adb", "reference", re.sub(r"\r\n *", "", drawn))
    buckets = {}
    for name, samples in sorted(
        pooled.items(), key=lambda kv: int(kv[0].split("-")[0].rstrip("+"))
    ):
        ordered = sorted(samples)
        buckets[name] = {
            "screens": sum(1 for r in rows if r["kind"] == "real" and _bucket(r["nodes"]) == name),
            "p50_ms": round(statistics.median(ordered) * 1000, 3),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 3),
        }
    large = [r for r in rows if r["nodes"] >= 1000]
    return {
        "corpus": str(loaded.root),
        "n": n,
        "screens": rows,
        "sizes": buckets,
        "budget_ms": EXTRACT_BUDGET_MS,
        "largest_real_nodes": max((r["nodes"] for r in rows if r["kind"] == "real"), default=0),
        "within_budget": all(r["p50_ms"] <= EXTRACT_BUDGET_MS for r in large),
    }


async def _bench(serial: str, adb_port: int, n: int) -> dict[str, Any]:
    import adbutils
    import uiautomator2

    from android_bridge.device import DevicePool
    from android_bridge.mediator import Mediator
    from host_pep.pep import PEP

    stock_client = adbutils.AdbClient(host="127.0.0.1", port=adb_port)
    loop = asyncio.get_running_loop()
    stock = await loop.run_in_executor(None, uiautomator2.Device, stock_client.device(serial))
    pool = DevicePool([serial], adb_port=adb_port)
    fast_stock = await loop.run_in_executor(None, uiautomator2.Device, pool.client.device(serial))
    device = pool.get(serial)
    await device.connect()
    pep = PEP.create(policy="default", audit=None)
    mediator = Mediator(pep, pool)
    try:
        xml = await device.dump_hierarchy()
        x, y = _inert_point(xml)

        def stock_tap() -> None:
            stock.dump_hierarchy()
            stock.click(x, y)

        def fast_stock_tap() -> None:
            fast_stock.dump_hierarchy()
            fast_stock.click(x, y)

        event = {
            "session": "bench",
            "agent": "bench",
            "channel": "gui",
            "action": "tap",
            "payload": {"x": x, "y": y},
        }
        # warm-up both paths (connections, caches, the PEP's first decision)
        for _ in range(3):
            await loop.run_in_executor(None, stock_tap)
            await mediator.submit(dict(event))
        stock_s: list[float] = []
        fast_s: list[float] = []
        mediated_s: list[float] = []
        decisions: dict[str, int] = {}
        for _ in range(n):
            start = time.perf_counter()
            await loop.run_in_executor(None, stock_tap)
            stock_s.append(time.perf_counter() - start)
            start = time.perf_counter()
            await loop.run_in_executor(None, fast_stock_tap)
            fast_s.append(time.perf_counter() - start)
            start = time.perf_counter()
            outcome = await mediator.submit(dict(event))
            mediated_s.append(time.perf_counter() - start)
            key = outcome.verdict.decision.value + ("" if outcome.executed else "/not-executed")
            decisions[key] = decisions.get(key, 0) + 1
        stock_stats, fast_stats, mediated_stats = (
            _stats(stock_s),
            _stats(fast_s),
            _stats(mediated_s),
        )
        return {
            "serial": serial,
            "n": n,
            "tap": [x, y],
            "stock_u2_dump_click": stock_stats,
            "stock_u2_over_fast_client": fast_stats,
            "mediated_tap": mediated_stats,
            "ratio": round(mediated_stats["median_ms"] / stock_stats["median_ms"], 3),
            "budget_ratio": 1.05,
            # mediation's own cost (extraction + decision + bookkeeping) on top of the fixed
            # transport; on the virtual device the device side is nearly free, so this is an
            # upper bound of what a real device's round trip would show
            "ratio_vs_fast_client": round(mediated_stats["median_ms"] / fast_stats["median_ms"], 3),
            "mediation_overhead_ms": round(
                mediated_stats["median_ms"] - fast_stats["median_ms"], 3
            ),
            "decisions": decisions,
        }
    finally:
        pool.close()
        close = getattr(pep, "close", None)
        if close is not None:
            close()


def bench_tap(
    serial: str | None = None, adb_port: int | None = None, n: int = 50
) -> dict[str, Any]:
    """Mediated tap vs stock uiautomator2 dump+click on one device; see the module docstring."""
    if n < 1:
        raise ValueError("n must be at least 1")
    if serial is None:
        from android_bridge.device.providers import device_provider

        with device_provider()(1) as farm:
            result = asyncio.run(_bench(farm.serials[0], farm.adb_port, n))
            result["device"] = "virtual"
            return result
    if adb_port is None:
        from android_bridge.device.pool import default_adb_port

        adb_port = default_adb_port()
    return asyncio.run(_bench(serial, adb_port, n))
