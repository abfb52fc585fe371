"""PostgreSQL plumbing shared by the farm's stores: connecting, and the schema's migrations.

Driver: psycopg 3 (see pyproject.toml). The store seams (``RuleStore``, ``AuditStore``) are
synchronous and called from worker threads, and psycopg has a synchronous connection with
LISTEN/NOTIFY (``Connection.notifies``) and pipelined ``executemany``; asyncpg is async-only.

Migrations: a small table ``schema_migrations(version, name, applied_at)`` and numbered SQL
files in ``host_pep/control/migrations/`` (data, not code), applied at start in order, each in
its own transaction under an advisory lock so that daemons starting together apply each once.
Why not a migration tool: the schema is a handful of tables, and Alembic would bring SQLAlchemy
into a package whose core has no database dependency. A database with a version newer than
this code knows is refused (an older daemon must not write a newer schema).
"""

from __future__ import annotations

import logging
import re
import threading
import time
from importlib import resources
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

from host_pep.exceptions import ControlPlaneUnavailable

if TYPE_CHECKING:
    import psycopg

log = logging.getLogger(__name__)
CONNECT_TIMEOUT_S = 2
STATEMENT_TIMEOUT_MS = 5000
_MIGRATION_LOCK = 0x64726F6964  # "droid": the advisory lock that serializes migrations
_MIGRATION_FILE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


def is_postgres_url(value: str) -> bool:
    return value.startswith(("postgresql://", "postgres://"))


def redact(url: str) -> str:
    """The URL without its password (for logs and error messages)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


def connect(url: str, *, autocommit: bool = True, purpose: str = "droidgate") -> psycopg.Connection:
    """A connection with short timeouts: on the enforcement path, a database that does not
    answer must turn into a deny quickly, not into a hung decision. ``synchronous_commit`` is
    on: a commit returns once its WAL is flushed, so an acknowledged row is stored."""
    import psycopg

    try:
        conn = psycopg.connect(
            url,
            autocommit=autocommit,
            connect_timeout=CONNECT_TIMEOUT_S,
            application_name=purpose[:60],
            options=f"-c statement_timeout={STATEMENT_TIMEOUT_MS} -c lock_timeout=2000 "
            "-c synchronous_commit=on -c idle_in_transaction_session_timeout=10000",
            keepalives=1,
            keepalives_idle=5,
            keepalives_interval=2,
            keepalives_count=2,
        )
    except psycopg.Error as exc:
        raise ControlPlaneUnavailable(
            f"cannot reach the control plane {redact(url)}: {_first_line(exc)}"
        ) from exc
    return conn


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def unavailable(what: str, exc: BaseException) -> ControlPlaneUnavailable:
    return ControlPlaneUnavailable(f"control plane: cannot {what}: {_first_line(exc)}")


class PgConnection:
    """One lazily (re)opened connection guarded by a lock; a failed statement drops it (the
    next one reconnects) and raises ControlPlaneUnavailable."""

    def __init__(self, url: str, purpose: str) -> None:
        self.url = url
        self.purpose = purpose
        self.lock = threading.RLock()
        self._conn: psycopg.Connection | None = None

    def get(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed:
            self._conn = connect(self.url, autocommit=True, purpose=self.purpose)
        return self._conn

    def run(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        import psycopg

        with self.lock:
            try:
                cur = self.get().execute(sql, params)
                return list(cur.fetchall()) if cur.description is not None else []
            except psycopg.Error as exc:
                self.drop()
                raise ControlPlaneUnavailable(
                    f"control plane: {self.purpose}: {str(exc).strip().splitlines()[0]}"
                ) from exc

    def drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception as exc:  # already broken
                log.debug("%s close: %s", self.purpose, exc)


class Migration(NamedTuple):
    version: int
    name: str
    sql: str


def migrations() -> list[Migration]:
    """The shipped migrations, in version order."""
    found: list[Migration] = []
    folder = resources.files("host_pep.control").joinpath("migrations")
    for entry in folder.iterdir():
        m = _MIGRATION_FILE.match(entry.name)
        if m is not None:
            found.append(Migration(int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..N without gaps: {versions}")
    return found


def migrate(url: str, available: list[Migration] | None = None) -> list[int]:
    """Bring the database's schema up to date; the versions applied now (empty if none)."""
    import psycopg

    shipped = migrations() if available is None else available
    applied_now: list[int] = []
    conn = connect(url, autocommit=True, purpose="droidgate migrate")
    try:
        with conn.transaction():  # under the lock: IF NOT EXISTS alone races another daemon
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, "
                "name text NOT NULL, applied_at double precision NOT NULL)"
            )
        for migration in shipped:
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
                done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
                newest = max(done, default=0)
                if newest > len(shipped):
                    raise ControlPlaneUnavailable(
                        f"the control plane's schema is at version {newest}, newer than this "
                        f"droidgate knows ({len(shipped)}); upgrade droidgate"
                    )
                if migration.version in done:
                    continue
                conn.execute(migration.sql.encode())
                conn.execute(
                    "INSERT INTO schema_migrations(version, name, applied_at) VALUES (%s, %s, %s)",
                    (migration.version, migration.name, time.time()),
                )
                applied_now.append(migration.version)
    except psycopg.Error as exc:
        raise unavailable("migrate the schema", exc) from exc
    finally:
        conn.close()
    return applied_now


def schema_version(conn: psycopg.Connection) -> int:
    row = conn.execute("SELECT coalesce(max(version), 0) FROM schema_migrations").fetchone()
    return int(row[0]) if row else 0
