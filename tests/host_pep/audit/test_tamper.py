"""Editing, deleting, reordering or truncating stored rows is detected by verify()."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from host_pep.audit import AuditLog

from .helpers import record


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "audit.db"
    with AuditLog.open(path) as log:
        for i in range(8):
            log.append(record(session=f"s-{i % 2}", decision="deny" if i % 3 else "allow"))
        assert log.verify().ok
    return path


def tamper(db: Path, *sql: str) -> None:
    conn = sqlite3.connect(db)
    with conn:
        for statement in sql:
            conn.execute(statement)
    conn.close()


def verify(db: Path) -> tuple[bool, int | None, str]:
    with AuditLog.open(db) as log:
        result = log.verify()
    return result.ok, result.first_bad_seq, result.problem or ""


def test_editing_the_body_is_detected(db: Path) -> None:
    conn = sqlite3.connect(db)
    body = json.loads(conn.execute("SELECT body FROM audit WHERE seq = 5").fetchone()[0])
    body["decision"] = "allow"
    body["reason"] = "nothing to see"
    with conn:
        conn.execute("UPDATE audit SET body = ? WHERE seq = 5", (json.dumps(body),))
    conn.close()
    ok, seq, problem = verify(db)
    assert (ok, seq) == (False, 5) and "edited" in problem


def test_editing_an_indexed_column_is_detected(db: Path) -> None:
    tamper(db, "UPDATE audit SET decision = 'allow' WHERE seq = 3")
    ok, seq, problem = verify(db)
    assert (ok, seq) == (False, 3) and "decision" in problem


def test_editing_and_rehashing_one_row_breaks_the_next_link(db: Path) -> None:
    from host_pep.audit import canonical_json, chain_hash

    conn = sqlite3.connect(db)
    prev, body_text = conn.execute("SELECT prev_hash, body FROM audit WHERE seq = 4").fetchone()
    body = json.loads(body_text)
    body["reason"] = "forged"
    new_body = canonical_json(body)
    with conn:
        conn.execute(
            "UPDATE audit SET body = ?, hash = ? WHERE seq = 4",
            (new_body, chain_hash(prev, new_body)),
        )
    conn.close()
    ok, seq, problem = verify(db)
    assert (ok, seq) == (False, 5) and "link" in problem


def test_deleting_a_row_is_detected(db: Path) -> None:
    tamper(db, "DELETE FROM audit WHERE seq = 6")
    ok, seq, problem = verify(db)
    assert (ok, seq) == (False, 6) and "missing" in problem


def test_deleting_the_last_rows_is_detected(db: Path) -> None:
    tamper(db, "DELETE FROM audit WHERE seq >= 7")
    ok, seq, problem = verify(db)
    assert (ok, seq) == (False, 7) and "head" in problem


def test_swapping_two_rows_is_detected(db: Path) -> None:
    tamper(
        db,
        "UPDATE audit SET seq = -1 WHERE seq = 3",
        "UPDATE audit SET seq = 3 WHERE seq = 4",
        "UPDATE audit SET seq = 4 WHERE seq = -1",
    )
    ok, seq, _ = verify(db)
    assert (ok, seq) == (False, 3)


def test_swapping_two_bodies_is_detected(db: Path) -> None:
    conn = sqlite3.connect(db)
    rows = dict(conn.execute("SELECT seq, body FROM audit WHERE seq IN (2, 6)").fetchall())
    with conn:
        conn.execute("UPDATE audit SET body = ? WHERE seq = 2", (rows[6],))
        conn.execute("UPDATE audit SET body = ? WHERE seq = 6", (rows[2],))
    conn.close()
    ok, seq, _ = verify(db)
    assert (ok, seq) == (False, 2)


def test_appends_after_verification_continue_the_chain(db: Path) -> None:
    with AuditLog.open(db) as log:
        log.append(record())
        result = log.verify()
    assert result.ok and result.checked == 9


def test_records_committed_while_the_log_is_walked_are_verified_too(db: Path) -> None:
    # a live daemon keeps committing during a verify: rows and the head move together, so a
    # head past the rows already walked means newer rows (walked as well), no cut-off end
    with AuditLog.open(db) as log:
        walk = log.store.iter_rows
        grown = False

        def rows_then_a_commit():  # type: ignore[no-untyped-def]
            nonlocal grown
            yield from walk()
            if not grown:
                grown = True
                log.append(record())

        log.store.iter_rows = rows_then_a_commit  # type: ignore[method-assign]
        result = log.verify()
    assert result.ok, result.problem
    assert result.checked == 9
