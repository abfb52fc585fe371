"""A store that cannot write makes append raise AuditUnavailable (the pipeline denies)."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from host_pep.audit import AuditLog
from host_pep.exceptions import AuditUnavailable, EnforcementError

from .helpers import record


def test_read_only_store(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    with AuditLog.open(db) as log:
        log.append(record())
    with AuditLog.open(db, readonly=True) as log:
        assert log.verify().ok  # reading still works
        with pytest.raises(AuditUnavailable, match=r"read-?only"):
            log.append(record())


def test_unwritable_file(tmp_path: Path) -> None:
    """A file the process may not write (immutable: even root cannot write it)."""
    db = tmp_path / "audit.db"
    with AuditLog.open(db) as log:
        log.append(record())
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(db)]).returncode:
        pytest.skip("cannot make a file immutable here (needs chattr and CAP_LINUX_IMMUTABLE)")
    try:
        log = AuditLog.open(db)
        with pytest.raises(AuditUnavailable, match=r"read-?only|cannot open"):
            log.append(record())
        log.close()
    finally:
        subprocess.run(["chattr", "-i", str(db)], check=True)


def test_closed_log(tmp_path: Path) -> None:
    log = AuditLog.open(tmp_path / "audit.db")
    log.append(record())
    log.close()
    with pytest.raises(AuditUnavailable, match="closed"):
        log.append(record())


def test_unopenable_path_fails_on_append_not_on_open(tmp_path: Path) -> None:
    log = AuditLog.open(tmp_path)  # a directory, not a database file
    with pytest.raises(AuditUnavailable, match="cannot open") as info:
        log.append(record())
    assert isinstance(info.value, EnforcementError)
    log = AuditLog.open(tmp_path / "no" / "such" / "dir" / "audit.db")
    with pytest.raises(AuditUnavailable):
        log.append(record())


def test_not_a_database(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite" * 100)
    log = AuditLog.open(junk)
    with pytest.raises(AuditUnavailable):
        log.append(record())


def test_lock_held_beyond_timeout(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    with AuditLog.open(db) as log:
        log.append(record())
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        log = AuditLog.open(db, lock_timeout=0.2)
        with pytest.raises(AuditUnavailable, match="locked"):
            log.append(record())
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert log.append(record()) == 2  # usable again once the lock is gone
    log.close()


def test_verify_of_an_unreadable_store_reports_instead_of_raising(tmp_path: Path) -> None:
    result = AuditLog.open(tmp_path).verify()  # a directory
    assert not result.ok and result.first_bad_seq is None and "cannot" in (result.problem or "")
