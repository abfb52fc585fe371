"""The seam every package registers its subcommands through (host_pep/cli/subcommands.py): one
group helper, one exit-code table, the same for packages that never import host_pep."""

from __future__ import annotations

import argparse

import pytest

from host_pep.cli.exits import ExitCode
from host_pep.cli.main import build_parser, main
from host_pep.cli.subcommands import Commands


def commands() -> tuple[argparse.ArgumentParser, Commands]:
    parser = argparse.ArgumentParser(prog="droidgate")
    sub = parser.add_subparsers(dest="command", action=Commands)
    assert isinstance(sub, Commands)
    return parser, sub


def test_a_group_is_created_once_and_shared() -> None:
    parser, sub = commands()
    sub.group("bench", "Benchmarks").add_parser("pep")
    sub.group("bench", "ignored the second time").add_parser("device")
    assert parser.parse_args(["bench", "device"]).bench_command == "device"
    assert parser.parse_args(["bench", "pep"]).bench_command == "pep"


def test_a_bare_group_prints_its_help_and_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser, sub = commands()
    sub.group("device", "virtual devices", metavar="ACTION").add_parser("start")
    assert parser.parse_args(["device"]).func(None) == ExitCode.USAGE == 2
    assert "usage: droidgate device [-h] ACTION" in capsys.readouterr().out


def test_groups_nest_and_a_command_is_not_a_group() -> None:
    parser, sub = commands()
    sub.group("suite", "suites").group("android", "the Android suite").add_parser("run")
    assert parser.parse_args(["suite", "android", "run"]).android_command == "run"
    sub.add_parser("eval")
    with pytest.raises(ValueError, match="'eval' is a command, not a group"):
        sub.group("eval", "x")


def test_the_exit_codes_are_the_documented_table() -> None:
    assert {c.name: int(c) for c in ExitCode} == {
        "OK": 0,
        "FAILED": 1,
        "USAGE": 2,
        "RUNTIME": 3,
        "INTERRUPTED": 130,
    }
    _, sub = commands()
    assert sub.exit_codes is ExitCode  # what apk_helper and emulator_setup read them from


def test_every_package_registered_through_the_real_parser() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, Commands))
    assert {"eval", "bench", "apk", "device", "emulator", "serve", "scenarios", "suite"} <= set(
        sub.choices
    )
    bench = sub.group("bench", "Benchmarks")
    assert {"pep", "api", "tap", "device"} <= set(
        bench.choices
    )  # host_pep, android_bridge, emulator_setup


def test_no_command_is_a_usage_error() -> None:
    assert main([]) == ExitCode.USAGE
