"""``droidgate audit verify|checkpoints|adopt|public-key`` on keyed logs, as an operator would use
them: the key beside the database (the daemon's layout), exported checkpoints kept elsewhere."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from host_pep.audit import AuditLog
from host_pep.audit.keys import AuditKey

from .forge import cut_tail, edit_and_rechain
from .helpers import record
from .test_cli import run


@pytest.fixture
def state(tmp_path: Path) -> Path:
    """A state dir as the daemon leaves it: audit.db written under audit.key beside it."""
    state = tmp_path / "state"
    key = AuditKey.load_or_create(state / "audit.key")
    with AuditLog.open(state / "audit.db", key=key, key_from_env=False) as log:
        for i in range(9):
            log.append(record(session=f"s-{i % 3}", decision="deny" if i % 2 else "allow"))
    return state


def test_verify_finds_the_key_beside_the_database(
    state: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["audit", "verify", "--db", str(state / "audit.db")]) == 0
    out = capsys.readouterr().out
    assert "ok: 9 records" in out and "MACs checked" in out
    assert "warning: no exported checkpoints" in out


@pytest.mark.parametrize("attack", ["edit", "cut"])
def test_verify_exits_1_on_a_recomputed_chain_or_a_cut_tail(
    state: Path, attack: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = state / "audit.db"
    if attack == "edit":
        edit_and_rechain(db, 5, decision="allow", reason="approved by the user")
    else:
        cut_tail(db, keep=6)
    # without the key, the forgery is invisible (and the output says what was not checked)
    assert run(["audit", "verify", "--db", str(db), "--no-key"]) == 0
    assert "would not be detected" in capsys.readouterr().out
    assert run(["audit", "verify", "--db", str(db), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] is False and result["keyed"] is True
    assert result["first_bad_seq"] == (5 if attack == "edit" else 6)


@pytest.mark.parametrize("attack", ["edit", "cut"])
def test_exported_checkpoints_detect_forgery_when_the_key_is_gone(
    state: Path, tmp_path: Path, attack: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db, key_file = state / "audit.db", state / "audit.key"
    elsewhere = tmp_path / "elsewhere.jsonl"
    assert run(["audit", "checkpoints", "--db", str(db), "--sign", "--out", str(elsewhere)]) == 0
    assert run(["audit", "public-key", "--key-file", str(key_file)]) == 0
    public = capsys.readouterr().out.strip().splitlines()[-1]
    assert public == AuditKey.load(key_file).key_id
    # the attacker takes the key with them (or the operator verifies on another machine)
    shutil.move(key_file, tmp_path / "stolen.key")
    args = ["audit", "verify", "--db", str(db), "--checkpoints", str(elsewhere)]
    assert run([*args, "--public-key", public]) == 0
    if attack == "edit":
        edit_and_rechain(db, 2, reason="forged")
    else:
        cut_tail(db, keep=4)
    assert run([*args, "--public-key", public]) == 1
    out = capsys.readouterr().out
    assert "BROKEN" in out and ("changed" in out or "cut off" in out)


def test_checkpoints_export_appends_only_new_ones(state: Path, tmp_path: Path) -> None:
    db, out = state / "audit.db", tmp_path / "cp.jsonl"
    assert run(["audit", "checkpoints", "--db", str(db), "--out", str(out)]) == 0
    first = out.read_text().splitlines()
    key = AuditKey.load(state / "audit.key")
    with AuditLog.open(db, key=key, key_from_env=False) as log:
        log.append(record())
    assert run(["audit", "checkpoints", "--db", str(db), "--sign", "--out", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert lines[: len(first)] == first and len(lines) == len(first) + 1
    assert json.loads(lines[-1])["seq"] == 10


def test_adopt_puts_an_old_log_under_the_key(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    with AuditLog.open(db, key_from_env=False) as log:
        for _ in range(3):
            log.append(record())
    key_file = tmp_path / "audit.key"
    AuditKey.load_or_create(key_file)
    # an old log next to a key fails verification until it is adopted: no MACs
    assert run(["audit", "verify", "--db", str(db)]) == 1
    assert run(["audit", "verify", "--db", str(db), "--no-key"]) == 0
    assert run(["audit", "adopt", "--db", str(db), "--key-file", str(key_file)]) == 0
    assert run(["audit", "verify", "--db", str(db)]) == 0


def test_commands_needing_the_key_say_so(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    with AuditLog.open(db, key_from_env=False) as log:
        log.append(record())
    assert run(["audit", "adopt", "--db", str(db)]) == 2
    assert run(["audit", "public-key"]) == 2
