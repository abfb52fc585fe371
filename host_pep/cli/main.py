"""``droidgate``: one command, subcommands contributed by each package.

Each package exposes ``register(subparsers)`` under the ``droidgate.commands`` entry-point group,
so host_pep never imports Android code and a package that is not installed simply contributes
nothing. A subcommand sets ``func(args) -> int`` with ``set_defaults``.

Exit codes (all subcommands):
  0  success
  1  the command ran and reports a failure (thresholds missed, audit chain broken, decisions changed)
  2  usage or input error (bad flags, unreadable or invalid files)
  3  runtime error (a device, server or dependency failed)
  130 interrupted
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from importlib.metadata import entry_points
from typing import Any

from host_pep.exceptions import DroidgateError

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_RUNTIME = 3

log = logging.getLogger("droidgate")


def command_group(sub: Any, name: str, help: str) -> Any:
    """Return the sub-subparsers of group ``name`` (e.g. ``bench``), creating it on first use.

    Several packages contribute to one group: host_pep adds ``bench pep``, android_bridge
    ``bench tap`` and ``bench api``, emulator_setup ``bench device``.
    """
    existing = sub.choices.get(name)
    if existing is not None:
        return existing._droidgate_group
    parser = sub.add_parser(name, help=help, description=help)
    group = parser.add_subparsers(dest=f"{name}_command", metavar="WHAT")
    parser._droidgate_group = group
    parser.set_defaults(func=lambda args: _group_help(parser))
    return group


def _group_help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return EXIT_USAGE


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="droidgate",
        description="A policy enforcement point for AI agents acting on Android.",
        epilog="Exit codes: 0 ok, 1 reported failure, 2 usage/input error, 3 runtime error.",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more logging")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for ep in sorted(entry_points(group="droidgate.commands"), key=lambda e: e.name):
        try:
            register = ep.load()
        except ImportError as exc:  # a package whose optional parts are missing
            log.debug("subcommands of %s unavailable: %s", ep.name, exc)
            continue
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING - 10 * min(args.verbose, 2),
        format="%(levelname)s %(name)s: %(message)s",
    )
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(func(args))
    except KeyboardInterrupt:
        return 130
    except (DroidgateError, FileNotFoundError, ValueError) as exc:
        print(f"droidgate: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"droidgate: error: {exc}", file=sys.stderr)
        return EXIT_RUNTIME


if __name__ == "__main__":
    raise SystemExit(main())
