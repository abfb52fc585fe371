"""The FlowRule store behind the control plane: rules plus a monotonically increasing revision.

``RuleStore`` is the seam: ``SQLiteRuleStore`` is the embedded default, ``PostgresRuleStore``
(host_pep.control.pg_rules) the farm's, shared by several daemons. Every change bumps the revision in the same
transaction as the change, so a revision always names exactly one rule set.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, runtime_checkable

from host_pep.exceptions import ControlPlaneError
from host_pep.rules import FlowRule, RuleMode

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rules (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    installed_at REAL NOT NULL,
    revision INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
"""


@runtime_checkable
class RuleStore(Protocol):
    def revision(self) -> int: ...
    def list(self) -> list[FlowRule]: ...
    def install(self, rule: FlowRule) -> int: ...
    def remove(self, rule_id: str) -> int: ...
    def set_mode(self, rule_id: str, mode: RuleMode) -> int: ...


class SQLiteRuleStore:
    """Rules in SQLite (WAL for a file; ``None`` keeps them in memory)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = str(path) if path is not None else ":memory:"
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if path is not None:
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(_SCHEMA)
        self._db.execute("INSERT OR IGNORE INTO meta(k, v) VALUES ('revision', '0')")
        self._cache: list[FlowRule] | None = None
        self._rev: int | None = None

    def close(self) -> None:
        self._db.close()

    def revision(self) -> int:
        if self._rev is None:
            row = self._db.execute("SELECT v FROM meta WHERE k='revision'").fetchone()
            self._rev = int(row[0])
        return self._rev

    def list(self) -> list[FlowRule]:
        if self._cache is None:
            rows = self._db.execute("SELECT body FROM rules ORDER BY installed_at, id").fetchall()
            self._cache = [FlowRule.model_validate_json(r[0]) for r in rows]
        return list(self._cache)

    def _transaction(self, work: Callable[[int], None]) -> int:
        """Run ``work(new_revision)`` and the revision bump in one transaction."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                rev = (
                    int(self._db.execute("SELECT v FROM meta WHERE k='revision'").fetchone()[0]) + 1
                )
                work(rev)
                self._db.execute("UPDATE meta SET v=? WHERE k='revision'", (str(rev),))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._cache = None
            self._rev = rev
            return rev

    def install(self, rule: FlowRule) -> int:
        def work(rev: int) -> None:
            self._db.execute(
                "INSERT INTO rules(id, body, installed_at, revision) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET body=excluded.body, revision=excluded.revision",
                (rule.id, rule.model_dump_json(), time.time(), rev),
            )

        return self._transaction(work)

    def remove(self, rule_id: str) -> int:
        def work(rev: int) -> None:
            del rev
            if self._db.execute("DELETE FROM rules WHERE id=?", (rule_id,)).rowcount == 0:
                raise ControlPlaneError(f"no installed rule with id {rule_id!r}")

        return self._transaction(work)

    def set_mode(self, rule_id: str, mode: RuleMode) -> int:
        current = {r.id: r for r in self.list()}.get(rule_id)
        if current is None:
            raise ControlPlaneError(f"no installed rule with id {rule_id!r}")
        updated = current.model_copy(update={"mode": mode})

        def work(rev: int) -> None:
            self._db.execute(
                "UPDATE rules SET body=?, revision=? WHERE id=?",
                (updated.model_dump_json(), rev, rule_id),
            )

        return self._transaction(work)


def dump_rules(rules: list[FlowRule]) -> str:
    return json.dumps([r.model_dump(mode="json") for r in rules], indent=2)
