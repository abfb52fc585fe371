"""Dependency direction (DESIGN.md): emulator_setup and apk_helper never import host_pep, and
emulator_setup's ``bench device`` still joins the shared ``bench`` group in either order."""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

import pytest

import apk_helper
import emulator_setup
from emulator_setup import cli as emulator_cli


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", [emulator_setup, apk_helper], ids=lambda p: p.__name__)
def test_package_never_imports_host_pep(package: object) -> None:
    root = Path(package.__file__).parent  # type: ignore[attr-defined]
    offenders = {
        str(path.relative_to(root.parent)): sorted(
            n for n in _imports(path) if n == "host_pep" or n.startswith("host_pep.")
        )
        for path in root.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


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
