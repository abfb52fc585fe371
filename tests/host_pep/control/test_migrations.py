"""The control plane's schema migrations on a real PostgreSQL."""

from __future__ import annotations

import threading

import psycopg
import pytest

from host_pep.control.pg import Migration, migrate, migrations, schema_version
from host_pep.exceptions import ControlPlaneUnavailable


def test_shipped_migrations_are_numbered_from_one() -> None:
    found = migrations()
    assert [m.version for m in found] == list(range(1, len(found) + 1))


def test_migrate_applies_once_and_records_versions(pg_url: str) -> None:
    assert migrate(pg_url) == [m.version for m in migrations()]
    assert migrate(pg_url) == []
    with psycopg.connect(pg_url) as conn:
        assert schema_version(conn) == len(migrations())
        tables = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables")}
    assert {"cp_rules", "cp_state", "escalations", "audit_rows", "farm_sessions"} <= tables


def test_daemons_starting_together_apply_each_migration_once(pg_url: str) -> None:
    applied: list[list[int]] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            applied.append(migrate(pg_url))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert sorted(v for done in applied for v in done) == [m.version for m in migrations()]


def test_a_later_migration_applies_on_top(pg_url: str) -> None:
    migrate(pg_url)
    extra = Migration(len(migrations()) + 1, "extra", "CREATE TABLE extra_t (x integer);")
    assert migrate(pg_url, [*migrations(), extra]) == [extra.version]
    with psycopg.connect(pg_url) as conn:
        conn.execute("SELECT x FROM extra_t")


def test_a_newer_schema_is_refused(pg_url: str) -> None:
    migrate(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (999, 'future', 0)")
    with pytest.raises(ControlPlaneUnavailable, match="newer than this droidgate"):
        migrate(pg_url)


def test_an_unreachable_database_is_a_clear_error() -> None:
    with pytest.raises(ControlPlaneUnavailable, match="cannot reach the control plane"):
        migrate("postgresql://nobody@127.0.0.1:1/none")
