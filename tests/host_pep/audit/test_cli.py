"""``droidgate audit verify|tail|query`` against real databases."""

from __future__ import annotations

import argparse
import json
import sqlite3
from pathlib import Path

import pytest

from host_pep.audit import AuditLog
from host_pep.cli import main as cli_main
from host_pep.cli.audit_cmd import register_audit
from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands

from .helpers import record


def run(argv: list[str]) -> int:
    """Through ``droidgate``'s own main() when the audit group is wired into it; otherwise through
    a parser that only has the audit group (same handlers, same exit-code mapping)."""
    if "audit" in _commands(cli_main.build_parser()):
        return cli_main.main(argv)
    parser = argparse.ArgumentParser(prog="droidgate")
    commands = parser.add_subparsers(dest="command", action=Commands)
    assert isinstance(commands, Commands)
    register_audit(commands)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (FileNotFoundError, ValueError):
        return ExitCode.USAGE


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "audit.db"
    with AuditLog.open(path) as log:
        log.append(record("s-1", "allow"))
        log.append(record("s-1", "deny"))
        log.append(record("s-2", "deny"))
        log.append_event("rule_change", "", {"rule_id": "r1", "revision": 2})
    return path


def test_verify_ok(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["audit", "verify", "--db", str(db)]) == 0
    assert "ok: 4 records" in capsys.readouterr().out


def test_verify_broken_exits_1_and_names_the_seq(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("DELETE FROM audit WHERE seq = 2")
    conn.close()
    assert run(["audit", "verify", "--db", str(db)]) == 1
    out = capsys.readouterr().out
    assert "BROKEN at seq 2" in out and "missing" in out
    assert run(["audit", "verify", "--db", str(db), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] is False and result["first_bad_seq"] == 2


def test_tail_and_query_json(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["audit", "tail", "--db", str(db), "--json", "--limit", "2"]) == 0
    assert [r["seq"] for r in json.loads(capsys.readouterr().out)] == [3, 4]
    assert run(["audit", "query", "--db", str(db), "--json", "--decision", "deny"]) == 0
    assert [r["seq"] for r in json.loads(capsys.readouterr().out)] == [2, 3]
    argv = ["audit", "query", "--db", str(db), "--json", "--session", "s-1", "--limit", "1"]
    assert run(argv) == 0
    assert [r["seq"] for r in json.loads(capsys.readouterr().out)] == [2]


def test_tail_table(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["audit", "tail", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "rule_change" in out and "deny" in out


def test_bad_input_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["audit", "verify", "--db", str(tmp_path / "missing.db")]) == 2
    junk = tmp_path / "junk.db"
    junk.write_text("not a database")
    assert run(["audit", "tail", "--db", str(junk)]) == 2
    with pytest.raises(SystemExit) as info:
        run(["audit", "query", "--db", str(junk), "--decision", "maybe"])
    assert info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
