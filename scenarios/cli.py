"""scenarios's droidgate subcommands: ``scenarios generate`` and ``report``.

``register`` adds the offline commands under ``scenarios`` and, when the Android execution suite is
installed, its ``suite android`` (``scenarios.android.cli.register_android``) at the top level.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands


def register(sub: Commands) -> None:
    """Add this package's subcommands to the droidgate parser."""
    scen_sub = sub.group(
        "scenarios", "scenario suites: (re)generate the offline suites from their seeds"
    )
    _register_offline(scen_sub)
    try:
        from scenarios.android.cli import register_android
    except ModuleNotFoundError as exc:
        # Only a missing Android suite is optional; a broken one must not vanish silently.
        if exc.name not in ("scenarios.android", "scenarios.android.cli"):
            raise
    else:
        register_android(sub)  # a top-level group: `droidgate suite android`
    _register_report(sub)


def _register_offline(scen_sub: Commands) -> None:
    from scenarios.generators import DEFAULT_SEED, SUITES_DIR

    gen = scen_sub.add_parser(
        "generate",
        help="(re)generate the offline suites (JSONL) from their seeded generators",
        description="Write every offline suite as JSON Lines. Deterministic: the same seed gives "
        "the same bytes, so --check verifies the checked-in files.",
    )
    gen.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"generator seed (default {DEFAULT_SEED})"
    )
    gen.add_argument(
        "--out",
        type=Path,
        default=SUITES_DIR,
        help="output directory (default: the checked-in suites)",
    )
    gen.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if any file differs"
    )
    gen.set_defaults(func=_generate)


def _register_report(sub: Commands) -> None:
    rep = sub.add_parser(
        "report",
        help="render droidgate eval --json results as Markdown + HTML with plots",
        description="Read one or more `droidgate eval --json` outputs and write report.md, "
        "report.html and PNG plots into --out.",
    )
    rep.add_argument("results", nargs="+", type=Path, metavar="RESULTS.json")
    rep.add_argument("--out", type=Path, required=True, help="output directory")
    rep.set_defaults(func=_report)


def _generate(args: argparse.Namespace) -> int:
    from scenarios.generators import render_all

    files = render_all(args.seed)
    if args.check:
        differ = []
        for name, text in files.items():
            path = args.out / name
            try:
                current = path.read_bytes()
            except OSError:
                current = None
            if current != text.encode("utf-8"):
                differ.append(name)
        for name in differ:
            print(
                f"{args.out / name}: differs from the generator output (seed {args.seed})",
                file=sys.stderr,
            )
        if not differ:
            print(f"{len(files)} suites match the generators (seed {args.seed})")
        return ExitCode.FAILED if differ else ExitCode.OK
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (args.out / name).write_bytes(text.encode("utf-8"))
    except OSError as exc:
        print(
            f"droidgate scenarios generate: cannot write to {args.out}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return ExitCode.RUNTIME
    for name, text in files.items():
        print(f"{args.out / name}: {text.count(chr(10))} cases")
    return ExitCode.OK


def _report(args: argparse.Namespace) -> int:
    from scenarios.report import ReportInputError, write_report

    try:
        paths = write_report(args.results, args.out)
    except ReportInputError as exc:
        print(f"droidgate report: {exc}", file=sys.stderr)
        return ExitCode.USAGE
    except OSError as exc:
        print(
            f"droidgate report: cannot write to {args.out}: {exc.strerror or exc}", file=sys.stderr
        )
        return ExitCode.RUNTIME
    for p in paths:
        print(p)
    return ExitCode.OK
