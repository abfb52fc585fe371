"""AuditStore: the storage seam behind ``AuditLog``.

The log (hash chain, masking, salts) is storage-agnostic; a store only has to keep rows in
``seq`` order and make "read the head, insert the next row" atomic. ``SQLiteAuditStore`` is the
default (one host). A PostgreSQL store for device farms, where several daemons share one control
plane, would implement the same protocol:

* table ``audit(seq bigint primary key, ts double precision, kind text, session text, agent text,
  decision text, stage text, event_id text, body jsonb-as-text, prev_hash text, hash text)`` plus
  ``audit_meta(key text primary key, value text)``;
* ``append_batch`` (and ``append_atomic``, a batch of one) runs in one transaction that first takes ``pg_advisory_xact_lock(<log id>)``
  (or ``SELECT ... FOR UPDATE`` on the head row in ``audit_meta``), reads the head, inserts, and
  commits with ``synchronous_commit = on`` so that an acknowledged append is durable;
* ``body`` must be stored as the exact text that was hashed (``text``, not ``jsonb``, which would
  reorder keys), or the chain cannot be re-verified;
* connection errors, serialization failures and lock timeouts raise ``AuditUnavailable``.
(``psycopg`` is already an optional extra, ``droidgate[postgres]``.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

from pydantic import BaseModel, ConfigDict

GENESIS_HASH = "0" * 64


class StoredRow(BaseModel):
    """One row as stored. ``body`` is the canonical JSON the chain hash covers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seq: int
    ts: float
    kind: str
    session: str
    agent: str
    decision: str | None
    stage: str | None
    event_id: str
    body: str
    prev_hash: str
    hash: str


class RowFilter(BaseModel):
    model_config = ConfigDict(extra="forbid")

    session: str | None = None
    decision: str | None = None
    agent: str | None = None
    kind: str | None = None
    since: float | None = None
    until: float | None = None
    limit: int = 100


class AuditStore(Protocol):
    def meta_get(self, key: str) -> str | None: ...

    def meta_setdefault(self, key: str, value: str) -> str:
        """Store ``value`` under ``key`` unless present; return what is stored (atomic)."""
        ...

    def append_atomic(self, build: Callable[[int, str], StoredRow]) -> StoredRow:
        """Atomically: read the head (next seq, previous hash), ``build`` the row, insert it, and
        make it durable before returning. Raise ``AuditUnavailable`` if that is not possible."""
        ...

    def append_batch(self, build: Callable[[int, str], list[StoredRow]]) -> list[StoredRow]:
        """``append_atomic`` for a group: ``build`` gets the head once and returns the rows,
        chained and numbered from it; all are inserted and made durable in one transaction
        (all or none). ``AuditLog`` falls back to ``append_atomic`` per row for a store that
        lacks this method."""
        ...

    def iter_rows(self) -> Iterator[StoredRow]:
        """Every row in ``seq`` order (for verification)."""
        ...

    def head(self) -> tuple[int, str] | None:
        """(seq, hash) the store recorded as its head when it last appended, if any."""
        ...

    def select(self, flt: RowFilter) -> list[StoredRow]:
        """The newest ``flt.limit`` rows matching ``flt``, in ascending ``seq`` order."""
        ...

    def close(self) -> None: ...
