"""emulator_setup's ``bench device`` joins the shared ``bench`` group in either order, though the
package never imports host_pep (tests/test_import_graph.py checks that)."""

from __future__ import annotations

import argparse

import pytest

from emulator_setup import cli as emulator_cli


def _parser(first: str) -> argparse.ArgumentParser:
    from host_pep.cli.subcommands import Commands

    parser = argparse.ArgumentParser(prog="droidgate")
    sub = parser.add_subparsers(dest="command", action=Commands)
    assert isinstance(sub, Commands)
    other = lambda: sub.group("bench", "Benchmarks").add_parser("pep")  # noqa: E731
    if first == "host_pep":
        other()
        emulator_cli.register(sub)
    else:
        emulator_cli.register(sub)
        other()
    return parser


@pytest.mark.parametrize("first", ["host_pep", "emulator_setup"])
def test_bench_device_shares_the_bench_group(first: str) -> None:
    parser = _parser(first)
    assert parser.parse_args(["bench", "device", "--devices", "2"]).devices == 2
    assert parser.parse_args(["bench", "pep"]).bench_command == "pep"
    assert parser.parse_args(["bench"]).func(None) == 2
