"""``droidgate bench pep``: per-stage decision latency and decisions/s vs. session memory size."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands


def register_bench(sub: Commands) -> None:
    group = sub.group("bench", "measure droidgate's costs")
    p = group.add_parser(
        "pep",
        help="PEP decision latency per stage with 10, 1,000 and 100,000 observations in memory",
        description="Decide a realistic event mix repeatedly with growing session memory; report "
        "per-stage p50/p99, decisions/s, and the p99 growth ratio (budget: T1+T2 p99 < 0.05 ms, ratio <= 1.5). "
        "Then the same mix with no audit record, a record in memory and a record in a keyed SQLite "
        "log on disk, alternated in one run: decisions/s and per CPU-second, one caller and "
        "concurrent callers (budget: >= 8,000 per CPU-second with the SQLite record).",
    )
    p.add_argument("--json", metavar="OUT", default=None, help="write the results as JSON")
    p.add_argument(
        "--iterations", type=int, default=3000, help="decisions per memory size (default 3000)"
    )
    p.add_argument(
        "--audit-decisions",
        type=int,
        default=2000,
        metavar="N",
        help="decisions per round of the with/without audit record comparison (default 2000; "
        "0 skips it)",
    )
    p.set_defaults(func=_run)
    m = group.add_parser(
        "semantic",
        help="the semantic model: load time, one embedding, decisions on the paths that use it",
        description="Load the local semantic model (the 'semantic' extra), time one embedding of "
        "a new text, and decide the bench mix plus the model's paths (a paraphrased delete, an "
        "unseen tool) with and without the model, warm and cold (budget: decision p99 <= 5 ms, "
        "load <= 2 s).",
    )
    m.add_argument("--json", metavar="OUT", default=None, help="write the results as JSON")
    m.add_argument(
        "--iterations", type=int, default=600, help="decisions per configuration (default 600)"
    )
    m.set_defaults(func=_run_semantic)
    r = group.add_parser(
        "request",
        help="reading a user's request: cost per 1,000 characters as it grows to the maximum",
        description="Read requests of 500, 4,000 and 16,384 characters (prose, one verb "
        "repeated, a run of digits) and report milliseconds per 1,000 characters and their "
        "growth from the shortest to the longest (budget: growth <= 2, a cost linear in the "
        "length).",
    )
    r.add_argument("--json", metavar="OUT", default=None, help="write the results as JSON")
    r.set_defaults(func=_run_request)


def _run_request(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from host_pep.bench import run_request

    doc = run_request()
    if args.json:
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", "utf-8")
    console = Console()
    table = Table(title="droidgate bench request: ms per 1,000 characters read")
    table.add_column("shape")
    for n in doc["lengths"]:
        table.add_column(f"{n:,} chars", justify="right")
    table.add_column("growth", justify="right")
    for name, shape in doc["shapes"].items():
        per_k = shape["ms_per_1000_chars"]
        table.add_row(
            name, *[f"{per_k[str(n)]:.1f}" for n in doc["lengths"]], f"{shape['growth']:.2f}"
        )
    console.print(table)
    b = doc["budget"]
    console.print(f"growth budget {b['growth']}: {'met' if b['met'] else 'NOT met'}")
    return ExitCode.OK


def _run_semantic(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from host_pep.bench import run_semantic

    if args.iterations < 100:
        raise ValueError("--iterations must be at least 100 for a meaningful p99")
    doc = run_semantic(iterations=args.iterations)
    if args.json:
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n", "utf-8")
    console = Console()
    table = Table(title="droidgate bench semantic: decision latency p50 / p99 in ms")
    table.add_column("configuration")
    table.add_column("bench mix + model paths, warm", justify="right")
    table.add_column("model path, every request new", justify="right")
    for label in ("lexicons", "model"):
        w, c = doc[label]["mix_warm_ms"], doc[label]["model_path_cold_ms"]
        table.add_row(
            label,
            f"{w['p50_ms']:.3f} / {w['p99_ms']:.3f}",
            f"{c['p50_ms']:.3f} / {c['p99_ms']:.3f}",
        )
    console.print(table)
    e = doc["embed_cold_ms"]
    b = doc["budget"]
    console.print(
        f"model load {doc['load_s']:.2f} s (budget {b['load_s']} s); one new text "
        f"{e['p50_ms']:.1f} / {e['p99_ms']:.1f} ms; warm decision p99 budget {b['decision_p99_ms']} ms: "
        f"{'met' if b['met'] else 'NOT met'}"
    )
    load = doc.get("load_average")
    if load and doc.get("cpus") and load[0] > doc["cpus"]:
        console.print(
            f"note: load average {load[0]:.1f} on {doc['cpus']} CPUs; p99 includes time other "
            "processes held the CPU"
        )
    return ExitCode.OK


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from host_pep.bench import run, run_audit

    if args.iterations < 100:
        raise ValueError("--iterations must be at least 100 for a meaningful p99")
    if args.audit_decisions and args.audit_decisions < 100:
        raise ValueError("--audit-decisions must be 0 (skip) or at least 100")
    doc = run(iterations=args.iterations)
    if args.audit_decisions:
        doc["audit"] = run_audit(decisions=args.audit_decisions)
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
    if "audit" in doc:
        _print_audit(console, doc["audit"])
    load = doc.get("load_average")
    if load and doc.get("cpus") and load[0] > doc["cpus"]:
        console.print(
            f"note: load average {load[0]:.1f} on {doc['cpus']} CPUs; p99 includes time other "
            "processes held the CPU"
        )
    return ExitCode.OK


def _print_audit(console: Any, audit: dict[str, Any]) -> None:
    from rich.table import Table

    rows = (audit["one_caller"], audit["concurrent"])
    table = Table(
        title=f"with and without the audit record ({audit['observations']:,} obs, median of "
        f"{audit['repeats']} alternated rounds)"
    )
    table.add_column("audit record")
    for row in rows:
        who = "1 caller" if row["callers"] == 1 else f"{row['callers']} callers"
        table.add_column(f"{who}: decisions/s", justify="right")
        table.add_column("CPU us · per CPU-s", justify="right")
    labels = {"none": "none", "memory": "in memory", "sqlite": "SQLite, keyed"}
    for mode, label in labels.items():
        cells = [label]
        for row in rows:
            r = row[mode]
            cells.append(f"{r['decisions_per_s']:,.0f}")
            cells.append(f"{r['cpu_us_per_decision']:.0f} · {r['per_cpu_second']:,.0f}")
        table.add_row(*cells)
    console.print(table)
    b = audit["budget"]
    console.print(
        "per CPU-second with the SQLite record / without any: "
        + ", ".join(f"{row['ratio_sqlite_to_none']:.2f} ({row['callers']})" for row in rows)
        + f"; budget {b['per_cpu_second']:,.0f} per CPU-second with the SQLite record: "
        f"{'met' if b['met_one_caller'] else 'NOT met'} for one caller, "
        f"{'met' if b['met_concurrent'] else 'NOT met'} for {rows[1]['callers']}; "
        f"chain {'ok' if audit['chain_ok'] else 'BROKEN'}"
    )
