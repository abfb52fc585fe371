"""``droidgate``: one command, subcommands contributed by each package.

Packages register their subcommands through ``droidgate.commands`` entry points
(host_pep/cli/subcommands.py); every subcommand exits with a code of host_pep/cli/exits.py:
0 success, 1 a reported failure, 2 a usage or input error, 3 a runtime error, 130 interrupted.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import add_commands
from host_pep.exceptions import DroidgateError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="droidgate",
        description="A policy enforcement point for AI agents acting on Android.",
        epilog="Exit codes: 0 ok, 1 reported failure, 2 usage/input error, 3 runtime error.",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more logging")
    add_commands(parser)
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
        return ExitCode.USAGE
    try:
        return int(func(args))
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except (DroidgateError, FileNotFoundError, ValueError) as exc:
        print(f"droidgate: error: {exc}", file=sys.stderr)
        return ExitCode.USAGE
    except OSError as exc:
        print(f"droidgate: error: {exc}", file=sys.stderr)
        return ExitCode.RUNTIME


if __name__ == "__main__":
    raise SystemExit(main())
