"""One SQLite database file of the device: a provider's (contacts2.db, mmssms.db…) or an app's
private one (``/data/data/<pkg>/databases/…``).

Each lives in memory behind a lock and is mounted in the device filesystem at its on-device
path, so it is the same database for the provider or app that owns it, for the ``sqlite3``
command, and for ``adb pull``/``adb push`` (the file's bytes are ``serialize()``; writing the
file replaces the database with ``deserialize()``), exactly the three ways a test harness such
as AndroidWorld reaches app state on a rooted emulator.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def quote(name: str) -> str:
    """A SQL identifier, quoted (column names like ``from`` or ``data1`` are all safe)."""
    return '"' + name.replace('"', '""') + '"'


class Database:
    def __init__(self, path: str, schema: str = "") -> None:
        self.path = path
        self._schema = schema
        self._lock = threading.RLock()
        self.conn = self._connect()
        self.version = 0
        """Bumped on every write, so views of the data (screens) know to rebuild."""

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        if self._schema:
            conn.executescript(self._schema)
        return conn

    @property
    def lock(self) -> threading.RLock:
        return self._lock

    # -- raw SQL -----------------------------------------------------------------------------
    def execute(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
        with self._lock:
            cur = self.conn.execute(sql, tuple(args))
            if not sql.lstrip().upper().startswith(("SELECT", "PRAGMA", "WITH")):
                self.version += 1
            return cur

    def query(self, sql: str, args: Sequence[Any] = ()) -> tuple[list[str], list[tuple[Any, ...]]]:
        with self._lock:
            cur = self.conn.execute(sql, tuple(args))
            names = [d[0] for d in cur.description or ()]
            return names, cur.fetchall()

    # -- rows as dicts (what the apps use) ---------------------------------------------------
    def rows(
        self, table: str, where: str = "", args: Iterable[Any] = (), order: str = "_id"
    ) -> list[dict[str, Any]]:
        sql = f"SELECT * FROM {quote(table)}" + (f" WHERE {where}" if where else "")
        sql += f" ORDER BY {order}" if order else ""
        names, rows = self.query(sql, tuple(args))
        return [dict(zip(names, r, strict=True)) for r in rows]

    def get(self, table: str, row_id: int) -> dict[str, Any] | None:
        found = self.rows(table, "_id = ?", (row_id,))
        return found[0] if found else None

    def add(self, table: str, values: Mapping[str, Any]) -> int:
        cols = list(values)
        if cols:
            sql = (
                f"INSERT INTO {quote(table)} ({', '.join(quote(c) for c in cols)}) "
                f"VALUES ({', '.join('?' for _ in cols)})"
            )
        else:
            sql = f"INSERT INTO {quote(table)} DEFAULT VALUES"
        return int(self.execute(sql, [values[c] for c in cols]).lastrowid or 0)

    def change(self, table: str, row_id: int, values: Mapping[str, Any]) -> None:
        if values:
            sets = ", ".join(f"{quote(c)} = ?" for c in values)
            self.execute(
                f"UPDATE {quote(table)} SET {sets} WHERE _id = ?", [*values.values(), row_id]
            )

    def remove(self, table: str, row_id: int) -> None:
        self.execute(f"DELETE FROM {quote(table)} WHERE _id = ?", (row_id,))

    def clear(self) -> None:
        """Back to a fresh, empty database (``pm clear`` of its app)."""
        with self._lock:
            self.conn.close()
            self.conn = self._connect()
            self.version += 1

    # -- the file view -----------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        with self._lock:
            return bytes(self.conn.serialize())

    def from_bytes(self, data: bytes) -> None:
        """Replace the database with a pushed file; an empty file is a fresh database."""
        with self._lock:
            if not data:
                self.clear()
                return
            probe = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
            try:
                probe.deserialize(data)
                probe.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.DatabaseError:
                probe.close()
                raise
            self.conn.close()
            self.conn = probe
            self.version += 1
