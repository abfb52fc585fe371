"""What an attacker who can write the audit database (but has not the key) does to it: edit a
record and recompute the unkeyed chain after it, or cut the tail and move the head back. Shared
by the audit tests and the attack suite (tests/security)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from host_pep.audit import canonical_json, chain_hash


def rows(db: Path) -> list[tuple[int, str, str, str]]:
    """(seq, body, prev_hash, hash) of every record."""
    conn = sqlite3.connect(db)
    try:
        return list(conn.execute("SELECT seq, body, prev_hash, hash FROM audit ORDER BY seq"))
    finally:
        conn.close()


def edit_and_rechain(db: Path, seq: int, **changes: Any) -> None:
    """Change record ``seq``'s body (and its indexed columns), then recompute every hash and link
    from it to the end and move the head's hash: the unkeyed chain verifies again. Stored signed
    checkpoints from ``seq`` on would contradict the new chain, so they go too; MAC columns are
    left as they were (the attacker cannot compute them)."""
    conn = sqlite3.connect(db)
    try:
        with conn:
            prev = None
            for row_seq, body_text, prev_hash, _ in conn.execute(
                "SELECT seq, body, prev_hash, hash FROM audit WHERE seq >= ? ORDER BY seq", (seq,)
            ).fetchall():
                body = json.loads(body_text)
                if row_seq == seq:
                    body.update(changes)
                link = prev_hash if prev is None else prev
                text = canonical_json(body)
                new_hash = chain_hash(link, text)
                columns = {k: body[k] for k in ("decision", "session", "agent") if k in body}
                conn.execute(
                    "UPDATE audit SET body = ?, prev_hash = ?, hash = ?, decision = ?, "
                    "session = ?, agent = ? WHERE seq = ?",
                    (text, link, new_hash, columns.get("decision"), columns.get("session"),
                     columns.get("agent"), row_seq),
                )  # fmt: skip
                prev = new_hash
            if prev is not None:
                _move_head(conn, hash_=prev)
            if "checkpoints" in {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }:
                conn.execute("DELETE FROM checkpoints WHERE seq >= ?", (seq,))
    finally:
        conn.close()


def cut_tail(db: Path, keep: int) -> None:
    """Delete every record after ``keep`` and move the head back onto record ``keep`` (its seq
    and hash; the head's MAC, if any, is left: it cannot be recomputed without the key)."""
    conn = sqlite3.connect(db)
    try:
        with conn:
            conn.execute("DELETE FROM audit WHERE seq > ?", (keep,))
            (last_hash,) = conn.execute("SELECT hash FROM audit WHERE seq = ?", (keep,)).fetchone()
            _move_head(conn, seq=keep, hash_=last_hash)
            if "checkpoints" in {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }:
                conn.execute("DELETE FROM checkpoints WHERE seq > ?", (keep,))
    finally:
        conn.close()


def _move_head(
    conn: sqlite3.Connection, *, seq: int | None = None, hash_: str | None = None, mac: Any = ...
) -> None:
    """Rewrite the recorded head (one meta row ``head`` = "seq hash mac"); its MAC is kept
    unless given (the attacker cannot compute a new one)."""
    (value,) = conn.execute("SELECT value FROM meta WHERE key = 'head'").fetchone()
    old_seq, old_hash, old_mac = value.split(" ")
    new = (
        str(old_seq if seq is None else seq),
        old_hash if hash_ is None else hash_,
        old_mac if mac is ... else (mac or "-"),
    )
    conn.execute("UPDATE meta SET value = ? WHERE key = 'head'", (" ".join(new),))


def strip_key(db: Path) -> None:
    """Make a keyed log look like one written without a key: no MACs, no key id, no head MAC,
    no stored checkpoints."""
    conn = sqlite3.connect(db)
    try:
        with conn:
            conn.execute("UPDATE audit SET mac = NULL")
            conn.execute("DELETE FROM meta WHERE key = 'key_id'")
            _move_head(conn, mac=None)
            conn.execute("DELETE FROM checkpoints")
    finally:
        conn.close()
