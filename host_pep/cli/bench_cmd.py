"""``droidgate bench pep``: per-stage decision latency and decisions/s vs. session memory size."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands


def register_bench(sub: Commands) -> None:
    group = sub.group("bench", "measure droidgate's costs")
    p = group.add_parser(
        "pep",
        help="PEP decision latency per stage with 10, 1,000 and 100,000 observations in memory",
        description="Decide a realistic event mix repeatedly with growing session memory; report "
        "per-stage p50/p99, decisions/s, and the p99 growth ratio (budget: T1+T2 p99 < 0.05 ms, ratio <= 1.5).",
    )
    p.add_argument("--json", metavar="OUT", default=None, help="write the results as JSON")
    p.add_argument(
        "--iterations", type=int, default=3000, help="decisions per memory size (default 3000)"
    )
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from host_pep.bench import run

    if args.iterations < 100:
        raise ValueError("--iterations must be at least 100 for a meaningful p99")
    doc = run(iterations=args.iterations)
    if args.json:
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", "utf-8")
    console = Console()
    table = Table(title="droidgate bench pep: latency p50 / p99 in ms")
    table.add_column("stage")
    for r in doc["runs"]:
        table.add_column(f"{r['observations']:,} obs", justify="right")
    for s in ["T0", "T1", "T2", "T1+T2", "T3", "total", "detect_cold"]:
        cells = [s]
        for r in doc["runs"]:
            v = r["stages"].get(s)
            cells.append(f"{v['p50_ms']:.4f} / {v['p99_ms']:.4f}" if v else "-")
        table.add_row(*cells)
    table.add_row("decisions/s", *[f"{r['decisions_per_s']:,.0f}" for r in doc["runs"]])
    console.print(table)
    if "budget" in doc:
        b = doc["budget"]
        console.print(
            f"T1+T2 p99 growth (largest/smallest memory): {doc['ratio_p99_100k_to_10']:.2f} "
            f"(budget {b['ratio']}); budget {'met' if b['met'] else 'NOT met'}"
        )
    load = doc.get("load_average")
    if load and doc.get("cpus") and load[0] > doc["cpus"]:
        console.print(
            f"note: load average {load[0]:.1f} on {doc['cpus']} CPUs; p99 includes time other "
            "processes held the CPU"
        )
    return ExitCode.OK
