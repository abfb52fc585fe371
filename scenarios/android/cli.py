"""``droidgate suite android``: the README's main command (``make demo``)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from host_pep.cli.exits import ExitCode


def register_android(sub: Any) -> None:
    """Add ``suite android`` (``sub`` is droidgate's top-level subparsers)."""
    group = sub.group("suite", "Run scenario suites")
    p = group.add_parser(
        "android",
        help="the 100-execution Android suite through the daemon (virtual devices by default)",
        description="Start virtual devices (or use --device) and the daemon, run the 100 scripted "
        "executions concurrently, check device state over ADB, score raw and trace-adjusted "
        "labels, print the table and write the report. Exit 1 if a goal is missed.",
    )
    p.add_argument(
        "--device",
        metavar="SERIAL",
        help="a real emulator/device (seeded first) instead of virtual ones",
    )
    p.add_argument(
        "--adb-port",
        type=int,
        default=None,
        help="adb server port for --device (default $ANDROID_ADB_SERVER_PORT or 5037)",
    )
    p.add_argument(
        "--devices",
        type=int,
        default=4,
        metavar="N",
        help="virtual devices to run on concurrently (default 4)",
    )
    p.add_argument(
        "--json",
        metavar="OUT",
        help="write metrics and per-execution results as JSON ('-' for stdout)",
    )
    p.add_argument(
        "--report",
        metavar="DIR",
        help="write report.md, report.html, plots, traces and the audit log here",
    )
    p.add_argument(
        "--select",
        metavar="GLOB",
        action="append",
        default=[],
        help="only executions whose id matches (repeatable)",
    )
    p.add_argument(
        "--farm",
        metavar="N|DIR",
        default=None,
        help="spread the executions over daemons sharing one control plane: N starts N daemons "
        "(--devices split among them); DIR is a running `droidgate farm` (docs/farm.md)",
    )
    p.add_argument(
        "--control-plane",
        metavar="URL",
        default=None,
        help="with --farm N: the PostgreSQL they share (default: a throw-away local cluster)",
    )
    p.add_argument(
        "--write-policy",
        metavar="FILE",
        default=None,
        help="write the suite's policy and exit, printing the `droidgate farm` command that "
        "serves it (its policy and upstream services) on stderr",
    )
    p.add_argument(
        "--no-overhead",
        action="store_true",
        help="skip the stock-uiautomator2 twin (no overhead ratio)",
    )
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    import asyncio
    import fnmatch
    import json
    import tempfile
    from pathlib import Path

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from scenarios.android import metrics as metrics_mod
    from scenarios.android.load import load_executions, load_spec
    from scenarios.android.report import print_table, write_report
    from scenarios.android.runner import SuiteOptions, run_suite

    if args.devices < 1 or args.devices > 16:
        print("droidgate suite android: --devices must be 1..16", file=sys.stderr)
        return ExitCode.USAGE
    executions = load_executions()
    if args.select:
        executions = [e for e in executions if any(fnmatch.fnmatch(e.id, g) for g in args.select)]
        if not executions:
            print(f"droidgate suite android: no execution matches {args.select}", file=sys.stderr)
            return ExitCode.USAGE
    spec = load_spec()
    if args.write_policy:
        from scenarios.android.runner import write_policy

        policy_file = Path(args.write_policy)
        policy_file.parent.mkdir(parents=True, exist_ok=True)
        made = write_policy(spec, policy_file.parent)
        if made != policy_file:
            made.replace(policy_file)
        from scenarios.android.farm import farm_command

        print(policy_file)
        print(f"a farm that serves the suite: {farm_command(policy_file)}", file=sys.stderr)
        return ExitCode.OK
    out_dir = (
        Path(args.report) if args.report else Path(tempfile.mkdtemp(prefix="droidgate-android-"))
    )
    opts = SuiteOptions(
        devices=args.devices, device=args.device, adb_port=args.adb_port, out_dir=out_dir,
        overhead=not args.no_overhead, farm=args.farm, control_plane=args.control_plane,
    )  # fmt: skip
    console = Console(stderr=args.json == "-")
    with Progress(
        TextColumn("[bold]android suite"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("{task.description}"), console=console, transient=False,
    ) as progress:  # fmt: skip
        task = progress.add_task("", total=len(executions))

        def done(res: Any) -> None:
            progress.update(task, advance=1, description=res.id)

        try:
            if opts.farm is not None:
                from scenarios.android.farm import run_on_farm

                run = asyncio.run(run_on_farm(executions, spec, opts, opts.farm, on_done=done))
            else:
                run = asyncio.run(run_suite(executions, spec, opts, on_done=done))
        except (OSError, RuntimeError, TimeoutError) as exc:
            print(f"droidgate suite android: {type(exc).__name__}: {exc}", file=sys.stderr)
            return ExitCode.RUNTIME
    m = metrics_mod.compute(run.results, duration_s=run.duration_s)
    missed = metrics_mod.failures(m)
    print_table(m, console)
    if args.report:
        written = write_report(out_dir, m, run.results, missed)
        console.print(f"report: {written[0]}  traces: {out_dir / 'traces'}")
    if args.json:
        data = {"metrics": m, "executions": [r.model_dump(mode="json") for r in run.results]}
        text = json.dumps(data, indent=2)
        if args.json == "-":
            sys.stdout.write(text + "\n")
        else:
            Path(args.json).write_text(text, encoding="utf-8")
    for line in missed:
        console.print(f"[red]goal missed:[/red] {line}")
    return ExitCode.FAILED if missed else ExitCode.OK
