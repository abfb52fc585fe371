"""AuditStore: the storage seam behind ``AuditLog``.

The log (hash chain, masking, salts) is storage-agnostic; a store only has to keep rows in
``seq`` order and make "read the head, insert the next row" atomic. ``SQLiteAuditStore`` is the
default (one host). A farm's daemons (docs/farm.md) each write their chain through
``ForwardedAuditStore``: their own SQLite log, forwarded byte for byte into the farm's
PostgreSQL (``PostgresAuditStore``: table ``audit_rows`` keyed by ``(log_id, seq)``, ``body``
stored as the exact text that was hashed, ``text`` not ``jsonb``, which would reorder keys).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple, Protocol

from pydantic import BaseModel, ConfigDict

from host_pep.audit.signed import SignedCheckpoint

GENESIS_HASH = "0" * 64


class StoredRow(NamedTuple):
    """One row as stored. ``body`` is the canonical JSON the chain hash covers.

    A named tuple, not a model: one is built for every record committed and every row read
    (a verify reads them all), from values the log made itself or the store returned; its
    fields are in column order, so the row is its own tuple of column values."""

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
    mac: str | None = None
    """HMAC of ``hash`` under the audit key (None in a log written without a key)."""


def row_of(values: Sequence[Any]) -> StoredRow:
    """A row from the columns ``seq, ts, kind, session, agent, decision, stage, event_id,
    body, prev_hash, hash, mac`` (the order every store selects them in)."""
    return StoredRow._make(values)


def values_of(row: StoredRow) -> tuple[Any, ...]:
    """The columns of ``row`` in ``row_of``'s order (what every store inserts)."""
    return tuple(row)


class Batch(NamedTuple):
    """What one transaction stores: rows chained onto the head, the MAC of the new head (keyed
    logs), and a signed checkpoint of it when one is due."""

    rows: list[StoredRow]
    head_mac: str | None = None
    checkpoint: SignedCheckpoint | None = None


class Head(NamedTuple):
    """The last record as the store recorded it when it last appended."""

    seq: int
    hash: str
    mac: str | None

    def encode(self) -> str:
        """One meta value (``"seq hash mac"``): one row written per commit, not three."""
        return f"{self.seq} {self.hash} {self.mac or '-'}"

    @classmethod
    def decode(cls, text: str) -> Head | None:
        parts = text.split(" ")
        if len(parts) != 3 or not parts[0].isdigit():
            return None
        return cls(int(parts[0]), parts[1], None if parts[2] == "-" else parts[2])


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

    def append_batch(self, build: Callable[[int, str], Batch]) -> list[StoredRow]:
        """Atomically: read the head (next seq, previous hash) once, ``build`` the batch, insert
        its rows (chained and numbered from the head), record the new head (and its MAC) and
        the batch's checkpoint, and make all of it durable in one transaction (all or none)
        before returning. Raise ``AuditUnavailable`` if that is not possible."""
        ...

    def iter_rows(self) -> Iterator[StoredRow]:
        """Every row in ``seq`` order (for verification)."""
        ...

    def head(self) -> Head | None:
        """The head the store recorded when it last appended, if any."""
        ...

    def checkpoints(self) -> list[SignedCheckpoint]:
        """Every signed checkpoint stored, in ``seq`` order."""
        ...

    def last_checkpoint(self) -> SignedCheckpoint | None: ...

    def store_checkpoint(
        self, sign: Callable[[Head], SignedCheckpoint | None]
    ) -> SignedCheckpoint | None:
        """Under the write lock: ``sign`` the current head and store the result."""
        ...

    def set_macs(self, macs: list[tuple[int, str]], meta: dict[str, str]) -> None:
        """In one transaction: set each (seq, mac) and the ``meta`` entries."""
        ...

    def select(self, flt: RowFilter) -> list[StoredRow]:
        """The newest ``flt.limit`` rows matching ``flt``, in ascending ``seq`` order."""
        ...

    def close(self) -> None: ...
