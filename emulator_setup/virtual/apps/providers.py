"""Content providers of the virtual device (docs/contracts.md §3), backed by in-memory SQLite.

Each URI maps to a table, the columns a query shows by default (exactly the contract's), and an
optional fixed filter: ``content://sms/sent`` is the ``sms`` table where ``type=2``, and an
insert through it sets ``type=2``. Tables may hold extra hidden columns (a contact's address, an
event's notes) that the apps show and that a ``--projection`` can name.

Selections and sort orders are SQL, as on Android, and run against this device's own database.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


class ProviderError(Exception):
    """What the real provider would throw; ``kind`` is the Java exception class name."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Table:
    name: str
    columns: dict[str, str]  # column -> SQLite type, in order; _id is implicit


@dataclass(frozen=True)
class UriSpec:
    uri: str
    table: str
    columns: tuple[str, ...]
    fixed: Mapping[str, Any] = field(default_factory=dict)


TABLES: dict[str, Table] = {
    t.name: t
    for t in (
        Table(
            "contacts",
            {
                "display_name": "TEXT",
                "number": "TEXT",
                "email": "TEXT",
                "company": "TEXT",
                "address": "TEXT",
                "starred": "INTEGER DEFAULT 0",
            },
        ),
        Table(
            "events",
            {
                "title": "TEXT",
                "description": "TEXT",
                "eventLocation": "TEXT",
                "dtstart": "INTEGER",
                "dtend": "INTEGER",
                "notes": "TEXT",
            },
        ),
        Table(
            "sms",
            {
                "address": "TEXT",
                "body": "TEXT",
                "date": "INTEGER",
                "type": "INTEGER",
                "read": "INTEGER DEFAULT 0",
            },
        ),
        Table(
            "mail",
            {
                "folder": "TEXT",
                "from": "TEXT",
                "to": "TEXT",
                "subject": "TEXT",
                "body": "TEXT",
                "date": "INTEGER",
                "read": "INTEGER DEFAULT 0",
            },
        ),
        Table(
            "alarms",
            {
                "hour": "INTEGER",
                "minutes": "INTEGER",
                "label": "TEXT",
                "enabled": "INTEGER DEFAULT 1",
            },
        ),
        Table("timers", {"length": "INTEGER", "label": "TEXT", "state": "TEXT"}),
        Table("notes", {"title": "TEXT", "body": "TEXT"}),
        Table(
            "transactions",
            {
                "title": "TEXT",
                "amount": "REAL",
                "category": "TEXT",
                "notes": "TEXT",
                "date": "INTEGER",
            },
        ),
        Table("products", {"name": "TEXT", "price": "REAL", "description": "TEXT"}),
        Table(
            "orders",
            {"items": "TEXT", "address": "TEXT", "total": "REAL", "status": "TEXT", "card": "TEXT"},
        ),
        Table("pages", {"url": "TEXT", "title": "TEXT", "text": "TEXT", "form": "TEXT"}),
        Table("forms", {"url": "TEXT", "fields": "TEXT", "date": "INTEGER"}),
        Table("uploads", {"path": "TEXT", "destination": "TEXT", "date": "INTEGER"}),
        # Mirrors of Settings.Global/System/Secure, synced around each `content` call on
        # content://settings/... (the SettingsStore stays the source of truth).
        Table("settings_global", {"name": "TEXT UNIQUE ON CONFLICT REPLACE", "value": "TEXT"}),
        Table("settings_system", {"name": "TEXT UNIQUE ON CONFLICT REPLACE", "value": "TEXT"}),
        Table("settings_secure", {"name": "TEXT UNIQUE ON CONFLICT REPLACE", "value": "TEXT"}),
    )
}

_C = "content://"
URIS: dict[str, UriSpec] = {
    u.uri: u
    for u in (
        UriSpec(
            _C + "com.android.contacts/data/phones",
            "contacts",
            ("_id", "display_name", "number", "email"),
        ),
        UriSpec(
            _C + "com.android.contacts/contacts",
            "contacts",
            ("_id", "display_name", "number", "email", "company"),
        ),
        UriSpec(
            _C + "com.android.calendar/events",
            "events",
            ("_id", "title", "description", "eventLocation", "dtstart", "dtend"),
        ),
        UriSpec(_C + "sms", "sms", ("_id", "address", "body", "date", "type")),
        UriSpec(_C + "sms/inbox", "sms", ("_id", "address", "body", "date", "type"), {"type": 1}),
        UriSpec(_C + "sms/sent", "sms", ("_id", "address", "body", "date", "type"), {"type": 2}),
        UriSpec(
            _C + "com.google.android.gm/messages",
            "mail",
            ("_id", "folder", "from", "to", "subject", "body", "date"),
        ),
        UriSpec(
            _C + "com.google.android.deskclock/alarms",
            "alarms",
            ("_id", "hour", "minutes", "label", "enabled"),
        ),
        UriSpec(
            _C + "com.google.android.deskclock/timers",
            "timers",
            ("_id", "length", "label", "state"),
        ),
        UriSpec(_C + "net.gsantner.markor/notes", "notes", ("_id", "title", "body")),
        UriSpec(
            _C + "com.rammigsoftware.bluecoins/transactions",
            "transactions",
            ("_id", "title", "amount", "category", "notes", "date"),
        ),
        UriSpec(
            _C + "com.amazon.mShop.android.shopping/products",
            "products",
            ("_id", "name", "price", "description"),
        ),
        UriSpec(
            _C + "com.amazon.mShop.android.shopping/orders",
            "orders",
            ("_id", "items", "address", "total", "status"),
        ),
        UriSpec(_C + "com.android.chrome/pages", "pages", ("_id", "url", "title", "text")),
        UriSpec(_C + "com.android.chrome/forms", "forms", ("_id", "url", "fields", "date")),
        UriSpec(
            _C + "com.google.android.documentsui/uploads", "uploads", ("_id", "path", "destination")
        ),
        UriSpec(_C + "settings/global", "settings_global", ("_id", "name", "value")),
        UriSpec(_C + "settings/system", "settings_system", ("_id", "name", "value")),
        UriSpec(_C + "settings/secure", "settings_secure", ("_id", "name", "value")),
    )
}

# Words that are SQL keywords but column names here ("from"/"to" of a mail).
_KEYWORD_COLUMNS = ("from", "to")
_SQL_STRING = re.compile(r"('(?:[^']|'')*'|\"(?:[^\"]|\"\")*\")")


def quote_keyword_columns(sql: str) -> str:
    """Quote bare ``from``/``to`` outside string literals so ``from='x'`` works as on a provider."""
    parts = _SQL_STRING.split(sql)
    for i in range(0, len(parts), 2):
        for kw in _KEYWORD_COLUMNS:
            parts[i] = re.sub(rf"(?i)(?<![\w\"]){kw}(?![\w\"])", f'"{kw}"', parts[i])
    return "".join(parts)


def _q(col: str) -> str:
    return '"' + col.replace('"', '""') + '"'


def resolve(uri: str) -> tuple[UriSpec, int | None]:
    """The URI's spec and an optional trailing row id (``content://sms/5``)."""
    uri = uri.rstrip("/")
    if uri in URIS:
        return URIS[uri], None
    base, _, last = uri.rpartition("/")
    if last.isdigit() and base in URIS:
        return URIS[base], int(last)
    authority = uri[len(_C) :].split("/", 1)[0] if uri.startswith(_C) else uri
    if not any(u[len(_C) :].split("/", 1)[0] == authority for u in URIS):
        raise ProviderError(
            "java.lang.IllegalStateException", f"Could not find provider: {authority}"
        )
    raise ProviderError("java.lang.IllegalArgumentException", f"Unknown URL {uri}")


class ProviderStore:
    """All provider tables of one device."""

    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        self._lock = threading.RLock()
        for t in TABLES.values():
            cols = ", ".join(f"{_q(c)} {typ}" for c, typ in t.columns.items())
            self._db.execute(
                f"CREATE TABLE {t.name} (_id INTEGER PRIMARY KEY AUTOINCREMENT, {cols})"
            )

    # -- table-level API used by the apps ---------------------------------------------------
    def rows(
        self, table: str, where: str = "", args: Iterable[Any] = (), order: str = "_id"
    ) -> list[dict[str, Any]]:
        sql = f"SELECT * FROM {table}" + (f" WHERE {where}" if where else "") + f" ORDER BY {order}"
        with self._lock:
            cur = self._db.execute(sql, tuple(args))
            names = [d[0] for d in cur.description]
            return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]

    def get(self, table: str, row_id: int) -> dict[str, Any] | None:
        found = self.rows(table, "_id = ?", (row_id,))
        return found[0] if found else None

    def add(self, table: str, values: Mapping[str, Any]) -> int:
        known = TABLES[table].columns
        unknown = [k for k in values if k not in known and k != "_id"]
        if unknown:
            raise ProviderError(
                "java.lang.IllegalArgumentException", f"Unknown column(s) {unknown} for {table}"
            )
        cols = list(values)
        sql = (
            (
                f"INSERT INTO {table} ({', '.join(_q(c) for c in cols)}) "
                f"VALUES ({', '.join('?' for _ in cols)})"
            )
            if cols
            else f"INSERT INTO {table} DEFAULT VALUES"
        )
        with self._lock:
            cur = self._db.execute(sql, tuple(values[c] for c in cols))
            return int(cur.lastrowid or 0)

    def change(self, table: str, row_id: int, values: Mapping[str, Any]) -> None:
        sets = ", ".join(f"{_q(c)} = ?" for c in values)
        with self._lock:
            self._db.execute(f"UPDATE {table} SET {sets} WHERE _id = ?", (*values.values(), row_id))

    def remove(self, table: str, row_id: int) -> None:
        with self._lock:
            self._db.execute(f"DELETE FROM {table} WHERE _id = ?", (row_id,))

    def load_settings(self, namespace: str, values: Mapping[str, str]) -> None:
        """Refresh the settings mirror table of one namespace."""
        table = f"settings_{namespace}"
        with self._lock:
            self._db.execute(f"DELETE FROM {table}")
            self._db.executemany(
                f"INSERT INTO {table} (name, value) VALUES (?, ?)", sorted(values.items())
            )

    def dump_settings(self, namespace: str) -> dict[str, str]:
        return {
            r["name"]: r["value"]
            for r in self.rows(f"settings_{namespace}")
            if r["name"] is not None
        }

    def clear(self, tables: Iterable[str] | None = None) -> None:
        with self._lock:
            for t in tables or TABLES:
                self._db.execute(f"DELETE FROM {t}")
                self._db.execute("DELETE FROM sqlite_sequence WHERE name = ?", (t,))

    # -- URI-level API used by the `content` command ----------------------------------------
    def _selection(
        self, spec: UriSpec, row_id: int | None, where: str | None
    ) -> tuple[str, list[Any]]:
        clauses, args = [], []
        for k, v in spec.fixed.items():
            clauses.append(f"{_q(k)} = ?")
            args.append(v)
        if row_id is not None:
            clauses.append("_id = ?")
            args.append(row_id)
        if where:
            clauses.append(f"({quote_keyword_columns(where)})")
        return " AND ".join(clauses), args

    def _check_columns(self, spec: UriSpec, cols: Iterable[str]) -> None:
        allowed = {"_id", *TABLES[spec.table].columns}
        bad = [c for c in cols if c not in allowed]
        if bad:
            raise ProviderError(
                "android.database.sqlite.SQLiteException",
                f"no such column: {bad[0]} (code 1 SQLITE_ERROR)",
            )

    def _run(self, sql: str, args: Iterable[Any]) -> sqlite3.Cursor:
        try:
            return self._db.execute(sql, tuple(args))
        except sqlite3.Error as exc:
            raise ProviderError(
                "android.database.sqlite.SQLiteException", f"{exc} (code 1 SQLITE_ERROR)"
            ) from exc

    def query(
        self,
        uri: str,
        projection: list[str] | None = None,
        where: str | None = None,
        sort: str | None = None,
    ) -> tuple[list[str], list[tuple[Any, ...]]]:
        spec, row_id = resolve(uri)
        cols = projection or list(spec.columns)
        self._check_columns(spec, cols)
        sel, args = self._selection(spec, row_id, where)
        sql = f"SELECT {', '.join(_q(c) for c in cols)} FROM {spec.table}"
        sql += f" WHERE {sel}" if sel else ""
        sql += f" ORDER BY {quote_keyword_columns(sort)}" if sort else " ORDER BY _id"
        with self._lock:
            return cols, self._run(sql, args).fetchall()

    def insert(self, uri: str, values: Mapping[str, Any]) -> str:
        spec, row_id = resolve(uri)
        if row_id is not None:
            raise ProviderError(
                "java.lang.IllegalArgumentException", f"Cannot insert into URL: {uri}"
            )
        merged = {**values, **spec.fixed}
        self._check_columns(spec, merged)
        return f"{spec.uri}/{self.add(spec.table, merged)}"

    def update(self, uri: str, values: Mapping[str, Any], where: str | None = None) -> int:
        spec, row_id = resolve(uri)
        self._check_columns(spec, values)
        sel, args = self._selection(spec, row_id, where)
        sets = ", ".join(f"{_q(c)} = ?" for c in values)
        sql = f"UPDATE {spec.table} SET {sets}" + (f" WHERE {sel}" if sel else "")
        with self._lock:
            return self._run(sql, [*values.values(), *args]).rowcount

    def delete(self, uri: str, where: str | None = None) -> int:
        spec, row_id = resolve(uri)
        sel, args = self._selection(spec, row_id, where)
        sql = f"DELETE FROM {spec.table}" + (f" WHERE {sel}" if sel else "")
        with self._lock:
            return self._run(sql, args).rowcount
