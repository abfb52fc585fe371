"""AuditLog: the append-only, hash-chained, masked audit trail of every decision.

Chain: ``hash = SHA-256(prev_hash || "\\n" || canonical JSON body)``, where the body holds every
field of the record including ``seq`` (but not the links). Editing a row, deleting one, or
reordering rows breaks either a hash, a link or the seq sequence, and ``verify`` names the first
bad seq. The store also keeps the head (seq, hash) in its meta table so that cutting rows off
the end is detected. (Someone who can rewrite the whole file can recompute the whole chain;
anchor ``verify().head_hash`` somewhere else if that matters.)
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from host_pep.audit.masking import ValueHasher, redact_json
from host_pep.audit.record import AuditRecord, RecordKind
from host_pep.audit.secret import Secret
from host_pep.audit.sqlite_store import SQLiteAuditStore
from host_pep.audit.store import GENESIS_HASH, AuditStore, RowFilter, StoredRow
from host_pep.exceptions import AuditUnavailable
from host_pep.verdict import Decision

SALT_KEY = "hmac_salt"
_COLUMN_FIELDS = ("ts", "kind", "session", "agent", "decision", "stage", "event_id")


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_hash(prev_hash: str, body: str) -> str:
    return hashlib.sha256(f"{prev_hash}\n{body}".encode()).hexdigest()


class VerifyResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool
    checked: int
    first_bad_seq: int | None = None
    problem: str | None = None
    head_hash: str | None = None


def _as_ts(value: float | datetime | None) -> float | None:
    if value is None or isinstance(value, float | int):
        return value
    return value.timestamp()


class AuditLog:
    """Open with ``AuditLog.open(path)``; ``None`` keeps the log in memory (tests, eval)."""

    def __init__(self, store: AuditStore) -> None:
        self.store = store
        self._hasher: ValueHasher | None = None

    @classmethod
    def open(
        cls,
        path: str | Path | None,
        *,
        readonly: bool = False,
        lock_timeout: float = 2.0,
    ) -> AuditLog:
        """Never raises for I/O problems: a store that cannot write makes ``append`` raise
        ``AuditUnavailable`` (which the pipeline turns into a deny) with the reason."""
        return cls(SQLiteAuditStore(path, readonly=readonly, lock_timeout=lock_timeout))

    def __enter__(self) -> AuditLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------------------

    def _get_hasher(self) -> ValueHasher:
        if self._hasher is None:
            salt = self.store.meta_setdefault(SALT_KEY, secrets.token_hex(32))
            self._hasher = ValueHasher(Secret(salt))
        return self._hasher

    def append(self, record: AuditRecord) -> int:
        """Store ``record`` durably and return its seq. Raises ``AuditUnavailable``."""
        try:
            sealed = record.sealed(self._get_hasher())
        except AuditUnavailable:
            raise
        except Exception as exc:  # a record we cannot seal must not be acknowledged
            raise AuditUnavailable(f"audit record could not be prepared: {exc}") from exc

        def build(seq: int, prev_hash: str) -> StoredRow:
            sealed.seq = seq
            body = canonical_json(sealed.body())
            return StoredRow(
                seq=seq,
                ts=sealed.ts,
                kind=sealed.kind.value,
                session=sealed.session,
                agent=sealed.agent,
                decision=sealed.decision.value if sealed.decision else None,
                stage=sealed.stage.value if sealed.stage else None,
                event_id=sealed.event_id,
                body=body,
                prev_hash=prev_hash,
                hash=chain_hash(prev_hash, body),
            )

        row = self.store.append_atomic(build)
        record.seq = row.seq
        return row.seq

    async def aappend(self, record: AuditRecord) -> int:
        """``append`` off the event loop (a durable commit waits for an fsync)."""
        return await asyncio.to_thread(self.append, record)

    def append_event(
        self, kind: RecordKind | str, session: str, detail: dict[str, Any], *, agent: str = ""
    ) -> int:
        """Audit something that is not a decision: an eviction, a rule change, an error."""
        try:
            record_kind = RecordKind(kind)
        except ValueError as exc:
            raise ValueError(
                f"unknown audit record kind {kind!r}; use one of "
                + ", ".join(k.value for k in RecordKind)
            ) from exc
        reason = detail.get("reason", "")
        record = AuditRecord(
            kind=record_kind,
            session=session,
            agent=agent,
            reason=str(redact_json(reason)) if reason else "",
            detail=redact_json(detail),
        )
        return self.append(record)

    # -- reading ----------------------------------------------------------------------------

    @staticmethod
    def _record(row: StoredRow) -> AuditRecord:
        record = AuditRecord.model_validate_json(row.body)
        record.prev_hash = row.prev_hash
        record.hash = row.hash
        return record

    def tail(self, n: int = 20) -> list[AuditRecord]:
        return [self._record(r) for r in self.store.select(RowFilter(limit=n))]

    def query(
        self,
        session: str | None = None,
        decision: Decision | str | None = None,
        agent: str | None = None,
        since: float | datetime | None = None,
        until: float | datetime | None = None,
        limit: int = 100,
        *,
        kind: RecordKind | str | None = None,
    ) -> list[AuditRecord]:
        """The newest ``limit`` matching records, oldest first."""
        if decision is not None:
            decision = Decision(decision).value
        flt = RowFilter(
            session=session,
            decision=decision,
            agent=agent,
            kind=RecordKind(kind).value if kind is not None else None,
            since=_as_ts(since),
            until=_as_ts(until),
            limit=limit,
        )
        return [self._record(r) for r in self.store.select(flt)]

    def verify(self) -> VerifyResult:
        """Walk the chain from the first row; report the first seq that does not check out."""
        try:
            return self._verify()
        except AuditUnavailable as exc:
            return VerifyResult(ok=False, checked=0, problem=f"cannot read the log: {exc}")

    def _verify(self) -> VerifyResult:
        prev = GENESIS_HASH
        expected = 1
        checked = 0

        def bad(seq: int, problem: str) -> VerifyResult:
            return VerifyResult(ok=False, checked=checked, first_bad_seq=seq, problem=problem)

        for row in self.store.iter_rows():
            if row.seq != expected:
                missing = f"{expected}" if row.seq == expected + 1 else f"{expected}..{row.seq - 1}"
                return bad(expected, f"record(s) {missing} missing (next stored seq is {row.seq})")
            if row.prev_hash != prev:
                return bad(row.seq, "link to the previous record does not match its hash")
            if chain_hash(row.prev_hash, row.body) != row.hash:
                return bad(row.seq, "content does not match its hash (edited)")
            try:
                body = json.loads(row.body)
                AuditRecord.model_validate(body)
            except (ValueError, ValidationError) as exc:
                return bad(row.seq, f"body is not a valid audit record: {exc}")
            if body.get("seq") != row.seq:
                return bad(row.seq, f"row holds the record of seq {body.get('seq')} (reordered)")
            for column in _COLUMN_FIELDS:
                if getattr(row, column) != body.get(column):
                    return bad(row.seq, f"column {column!r} differs from the hashed record")
            prev = row.hash
            expected += 1
            checked += 1
        head = self.store.head()
        if head is not None:
            head_seq, head_hash = head
            if head_seq != checked:
                return bad(
                    min(head_seq, checked) + 1,
                    f"log ends at seq {checked} but its head says {head_seq} (rows cut off?)",
                )
            if head_hash != prev:
                return bad(head_seq, "last record does not match the recorded head hash")
        elif checked:
            return bad(1, "records present but no head recorded")
        return VerifyResult(ok=True, checked=checked, head_hash=prev)

    def close(self) -> None:
        self.store.close()
