"""What every content provider of the virtual device shares: the parsed URI, the Java
exceptions a provider throws, and routes (the provider's UriMatcher entries) over SQL views.

A route exposes its public columns by name (a view over the provider's tables), so a caller's
``--where`` and ``--sort`` use the contract's column names as on Android, and a query with no
``--projection`` returns the columns in the order the real provider's projection map yields.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, unquote

from ..database import Database, quote

ILLEGAL_ARGUMENT = "java.lang.IllegalArgumentException"
ILLEGAL_STATE = "java.lang.IllegalStateException"
UNSUPPORTED = "java.lang.UnsupportedOperationException"
SECURITY = "java.lang.SecurityException"
SQLITE = "android.database.sqlite.SQLiteException"
NULL_POINTER = "java.lang.NullPointerException"


class ProviderError(Exception):
    """What the real provider throws; ``kind`` is the Java exception class name."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class ContentUri:
    text: str
    authority: str
    segments: tuple[str, ...]
    params: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> ContentUri:
        scheme, sep, rest = text.partition("://")
        if not sep or scheme != "content":
            return cls(text, "", ())
        rest, _, fragment = rest.partition("#")
        del fragment
        path, _, query = rest.partition("?")
        authority, _, tail = path.partition("/")
        authority = authority.rsplit("@", 1)[-1]  # content://10@com.android.contacts (user 10)
        segments = tuple(unquote(s) for s in tail.split("/") if s)
        return cls(text, authority, segments, dict(parse_qsl(query, keep_blank_values=True)))

    def param(self, name: str) -> str | None:
        return self.params.get(name)

    def flag(self, name: str) -> bool:
        return (self.params.get(name) or "").lower() in ("1", "true")


_NUMBER = re.compile(r"^\d+$")


@dataclass(frozen=True)
class Route:
    """One UriMatcher entry: ``pattern`` segments (``#`` a number, ``*`` any one segment)."""

    name: str
    pattern: tuple[str, ...]
    source: str = ""
    """SQL (a view name or a SELECT) whose result columns are the route's public columns."""
    columns: tuple[str, ...] = ()
    """The default projection, in the real provider's iteration order."""
    where: str = ""
    """A fixed selection (``type=1`` for sms/inbox); ``{0}``… are the captured segments."""
    order: str = ""
    """The provider's default sort order."""
    strict: bool = True
    """Projection-map providers reject an unknown projection column with "Invalid column"."""

    def match(self, segments: Sequence[str]) -> list[str] | None:
        if len(segments) != len(self.pattern):
            return None
        captured = []
        for want, got in zip(self.pattern, segments, strict=True):
            if want == "#":
                if not _NUMBER.match(got):
                    return None
                captured.append(got)
            elif want == "*":
                captured.append(got)
            elif want != got:
                return None
        return captured


def match_route(routes: Sequence[Route], uri: ContentUri) -> tuple[Route, list[str]] | None:
    for route in routes:
        captured = route.match(uri.segments)
        if captured is not None:
            return route, captured
    return None


def route_for(routes: Sequence[Route], uri: ContentUri) -> tuple[Route, list[str]]:
    """The route ``uri`` takes, or the provider's "Unknown URL" error."""
    found = match_route(routes, uri)
    if found is None:
        raise unknown_url(uri)
    return found


def unknown_url(uri: ContentUri) -> ProviderError:
    return ProviderError(ILLEGAL_ARGUMENT, f"Unknown URL {uri.text}")


def sqlite_error(exc: Exception, sql: str) -> ProviderError:
    return ProviderError(SQLITE, f"{exc} (code 1 SQLITE_ERROR): , while compiling: {sql}")


Cursor = tuple[list[str], list[tuple[Any, ...]]]


def run_query(
    db: Database,
    route: Route,
    captured: Sequence[str],
    projection: Sequence[str] | None,
    selection: str | None,
    sort: str | None,
    *,
    extra_where: str = "",
    args: Sequence[Any] = (),
) -> Cursor:
    """``SELECT projection FROM (route.source) WHERE fixed AND (selection) ORDER BY sort``."""
    columns = list(projection) if projection else list(route.columns)
    known = set(route.columns)
    if route.strict and projection:
        for col in columns:
            if col not in known and col != "_count":
                raise ProviderError(ILLEGAL_ARGUMENT, f"Invalid column {col}")
    # names go in unquoted, as SQLiteQueryBuilder writes them ("x" would be a string literal)
    select = ", ".join("COUNT(*) AS _count" if c == "_count" else c for c in columns)
    clauses = [c.format(*captured) for c in (route.where, extra_where) if c]
    if selection:
        clauses.append(f"({selection})")
    sql = f"SELECT {select} FROM ({route.source})"
    if clauses:
        sql += " WHERE " + " AND ".join(f"({c})" for c in clauses)
    order = sort or route.order
    if order:
        sql += f" ORDER BY {order}"
    try:
        names, rows = db.query(sql, args)
    except Exception as exc:  # sqlite3.Error: what SQLiteDatabase would throw
        raise sqlite_error(exc, sql) from exc
    return names, rows


def table_columns(db: Database, table: str) -> list[str]:
    names, rows = db.query(f"PRAGMA table_info({quote(table)})")
    del names
    return [str(r[1]) for r in rows]


def check_values(values: Mapping[str, Any], allowed: Sequence[str], table: str) -> None:
    """An unknown column in ContentValues: SQLite's "table X has no column named Y"."""
    known = set(allowed)
    for col in values:
        if col not in known:
            raise ProviderError(
                SQLITE,
                f"table {table} has no column named {col} (code 1 SQLITE_ERROR): , while "
                f"compiling: INSERT INTO {table}({','.join(values)}) VALUES "
                f"({','.join('?' for _ in values)})",
            )


def selection_sql(selection: str | None, extra: str = "") -> str:
    parts = [f"({p})" for p in (extra, selection) if p]
    return " AND ".join(parts)
