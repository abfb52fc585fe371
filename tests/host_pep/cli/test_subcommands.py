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


def test_no_package_keeps_an_exit_code_table_of_its_own() -> None:
    """Only host_pep/cli/exits.py names exit codes; the rest import it or read it from the seam."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    defined = []
    for package in ("host_pep", "android_bridge", "apk_helper", "emulator_setup", "scenarios"):
        for path in (root / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                targets = node.targets if isinstance(node, ast.Assign) else []
                names = [
                    n.id
                    for t in targets
                    for n in ast.walk(t)
                    if isinstance(n, ast.Name) and n.id.startswith("EXIT_")
                ]
                enum = isinstance(node, ast.ClassDef) and any(
                    getattr(b, "id", getattr(b, "attr", "")) in ("IntEnum", "Enum")
                    for b in node.bases
                )
                if names or (enum and "exit" in getattr(node, "name", "").lower()):
                    defined.append(f"{path.relative_to(root)}:{node.lineno}")
    assert defined == ["host_pep/cli/exits.py:10"]
