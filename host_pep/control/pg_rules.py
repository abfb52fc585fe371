"""PostgresRuleStore: the farm's FlowRules and their global revision, shared by every daemon.

A change (install, remove, mode) bumps ``cp_state.revision`` and NOTIFYs ``droidgate_rules``
with it, in the transaction of the change. Every daemon's ``Listener`` reloads the rule set
when it hears a newer revision, and after each (re)connect (the catch-up read), so a rule
installed on one daemon is in force on all of them as soon as the notification arrives.

Decisions read the cached rule set (no round trip per decision). The cache is trusted for
``staleness_s`` after the listener last confirmed the control plane; past that,
``stale_reason`` says so and the control plane denies instead of stamping an old revision as
current (``ControlPlane.index``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from host_pep.control.listener import Listener
from host_pep.control.pg import connect, unavailable
from host_pep.exceptions import ControlPlaneError, ControlPlaneUnavailable
from host_pep.rules import FlowRule, RuleMode

if TYPE_CHECKING:
    import psycopg

CHANNEL = "droidgate_rules"
Rules = list[FlowRule]
DEFAULT_STALENESS_S = 5.0
_SNAPSHOT = (
    "SELECT s.revision, r.body FROM cp_state s LEFT JOIN cp_rules r ON true "
    "ORDER BY r.installed_at, r.id"
)


class PostgresRuleStore:
    """``RuleStore`` on the farm's PostgreSQL (see the module docstring)."""

    def __init__(
        self,
        url: str,
        listener: Listener,
        *,
        staleness_s: float = DEFAULT_STALENESS_S,
        daemon: str = "",
    ) -> None:
        self.url = url
        self.listener = listener
        self.staleness_s = staleness_s
        self.daemon = daemon
        self._lock = threading.Lock()
        self._conn: psycopg.Connection | None = None
        self._snapshot: tuple[int, Rules] = (0, [])
        self.applied: dict[int, float] = {}
        """Revision -> monotonic time this store first held it (``bench farm`` reads it)."""
        listener.on(CHANNEL, self._notified)
        listener.on_connect(self._reload)

    # -- RuleStore -----------------------------------------------------------------------------

    def revision(self) -> int:
        return self._snapshot[0]

    def list(self) -> list[FlowRule]:
        return list(self._snapshot[1])

    def stale_reason(self) -> str | None:
        """Why the cached rules cannot be trusted now, or None while they are fresh."""
        age = self.listener.age()
        if age <= self.staleness_s:
            return None
        since = "never" if age == float("inf") else f"{age:.1f} s ago"
        return (
            f"the shared control plane was last confirmed {since} (bound {self.staleness_s:g} s): "
            "its rules may have changed"
        )

    def install(self, rule: FlowRule) -> int:
        def work(conn: psycopg.Connection, rev: int) -> None:
            conn.execute(
                "INSERT INTO cp_rules(id, body, installed_at, revision, installed_by) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (id) DO UPDATE "
                "SET body = excluded.body, revision = excluded.revision, "
                "installed_by = excluded.installed_by",
                (rule.id, rule.model_dump_json(), time.time(), rev, self.daemon),
            )

        return self._change(work)

    def remove(self, rule_id: str) -> int:
        def work(conn: psycopg.Connection, rev: int) -> None:
            del rev
            gone = conn.execute("DELETE FROM cp_rules WHERE id = %s", (rule_id,)).rowcount
            if gone == 0:
                raise ControlPlaneError(f"no installed rule with id {rule_id!r}")

        return self._change(work)

    def set_mode(self, rule_id: str, mode: RuleMode) -> int:
        def work(conn: psycopg.Connection, rev: int) -> None:
            row = conn.execute(
                "SELECT body FROM cp_rules WHERE id = %s FOR UPDATE", (rule_id,)
            ).fetchone()
            if row is None:
                raise ControlPlaneError(f"no installed rule with id {rule_id!r}")
            updated = FlowRule.model_validate_json(row[0]).model_copy(update={"mode": mode})
            conn.execute(
                "UPDATE cp_rules SET body = %s, revision = %s WHERE id = %s",
                (updated.model_dump_json(), rev, rule_id),
            )

        return self._change(work)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # -- internals -----------------------------------------------------------------------------

    def _change(self, work: Callable[[psycopg.Connection, int], None]) -> int:
        """One transaction: bump the revision (its row lock orders changes from every daemon),
        apply ``work``, NOTIFY, read the new rule set; then hold it here at once."""
        import psycopg

        with self._lock:
            try:
                conn = self._connection()
                with conn.transaction():
                    rev = int(
                        conn.execute(
                            "UPDATE cp_state SET revision = revision + 1 RETURNING revision"
                        ).fetchone()[0]  # type: ignore[index]
                    )
                    work(conn, rev)
                    conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, str(rev)))
                    snapshot = _read(conn)
            except psycopg.Error as exc:
                self._drop()
                raise unavailable("change the rules", exc) from exc
            except ControlPlaneUnavailable:
                self._drop()
                raise
        self._hold(snapshot)
        return rev

    def _connection(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed:
            self._conn = connect(self.url, autocommit=True, purpose="droidgate rules")
        return self._conn

    def _drop(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            finally:
                self._conn = None

    def _notified(self, conn: psycopg.Connection, payload: str) -> None:
        try:
            rev = int(payload)
        except ValueError:
            rev = -1  # not ours to trust: read what the table says
        if rev < 0 or rev > self._snapshot[0]:
            self._reload(conn)

    def _reload(self, conn: psycopg.Connection) -> None:
        self._hold(_read(conn))

    def _hold(self, snapshot: tuple[int, Rules]) -> None:
        with self._lock:
            if snapshot[0] >= self._snapshot[0]:  # never go back to an older rule set
                self._snapshot = snapshot
                self.applied.setdefault(snapshot[0], time.monotonic())


def _read(conn: psycopg.Connection) -> tuple[int, Rules]:
    rows = conn.execute(_SNAPSHOT).fetchall()
    revision = int(rows[0][0]) if rows else 0
    return revision, [FlowRule.model_validate_json(body) for _, body in rows if body is not None]
