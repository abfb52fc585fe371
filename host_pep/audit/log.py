"""AuditLog: the append-only, hash-chained, masked audit trail of every decision.

Chain: ``hash = SHA-256(prev_hash || "\\n" || canonical JSON body)``, where the body holds every
field of the record including ``seq`` (but not the links). Editing a row, deleting one, or
reordering rows breaks either a hash, a link or the seq sequence, and ``verify`` names the first
bad seq. The store also keeps the head (seq, hash) in its meta table so that cutting rows off
the end is detected.

Keyed (``key=AuditKey``, the daemon's default; see ``host_pep.audit.keys``): the unkeyed chain
can be recomputed by anyone who can write the file, so each record also carries
``mac = HMAC(key, hash)``, the head carries a MAC, and now and then (every ``checkpoint_every``
records or ``checkpoint_interval`` seconds, and at close) a commit also stores an Ed25519-signed
checkpoint of its head, handed to ``on_checkpoint`` for export. ``verify`` with the key checks
every MAC; with exported checkpoints (even without the key) it checks that the log still holds
what they signed. A keyed log refuses appends without its key (or with another), and a key
refuses to extend a log written without one until it is adopted (``adopt``): a record without
a MAC after a keyed one could only be forged. What that guarantees: docs/audit.md.

Writing (group commit): ``await log.aappend(record)`` and ``log.append(record)`` (thread-safe)
return the record's seq once the transaction holding it has committed. The caller does the CPU
work (masking, salted digests, canonical JSON) before queueing; one writer thread
(``GroupCommitWriter``) takes every record queued meanwhile, numbers and chains them in
submission order, and stores them in one transaction. So N concurrent decisions cost one commit
instead of N. Under ``"process"`` durability (a commit is a WAL append, no fsync) coroutines'
records are committed on their event loop instead, one transaction per loop tick, whenever that
needs no waiting for a lock (else the thread takes them): the hand-off to a thread and back cost
more than the commit. A lone synchronous caller commits in its own thread (no hand-off). A
failed batch raises ``AuditUnavailable`` to every caller in it.

Durability (``durability=``): ``"process"`` (default) acknowledges a record once it is in the
WAL, which survives ``kill -9`` of the daemon but not an OS crash or power loss; ``"power"``
also waits for the fsync. See ``SQLiteAuditStore`` and ``docs/audit.md``.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, ValidationError

from host_pep.audit.keys import AuditKey
from host_pep.audit.masking import ValueHasher, redact_json
from host_pep.audit.record import AuditRecord, RecordDraft, RecordKind, decision_draft
from host_pep.audit.secret import Secret
from host_pep.audit.signed import DEFAULT_EVERY, DEFAULT_INTERVAL_S, SignedCheckpoint
from host_pep.audit.sqlite_store import Durability, SQLiteAuditStore
from host_pep.audit.store import GENESIS_HASH, AuditStore, Batch, Head, RowFilter, StoredRow
from host_pep.audit.writer import CommitStats, GroupCommitWriter
from host_pep.events import AgentEvent
from host_pep.exceptions import AuditUnavailable
from host_pep.semantics import Completion
from host_pep.verdict import Decision, Verdict

SALT_KEY = "hmac_salt"
KEY_ID = "key_id"
"""Meta entry naming the audit key a keyed log is written under (its public key)."""
log = logging.getLogger(__name__)
_COLUMN_FIELDS = ("ts", "kind", "session", "agent", "decision", "stage", "event_id")
# how many times verify walks on after the log grew under it (a live daemon keeps committing)
_CATCH_UP_ROUNDS = 10
DEFAULT_ACK_TIMEOUT_S = 10.0
CommitListener = Callable[[Sequence[StoredRow]], None]
"""Called with the rows of each committed transaction (``AuditLog.add_listener``)."""

# The fallback encoder (json.dumps with options would build a new encoder per call).
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
_ORJSON_OPTIONS = orjson.OPT_SORT_KEYS


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 text (no ASCII escapes). What a record's hash covers is
    the stored text itself (``verify`` never re-encodes), so the encoder only has to be
    deterministic. orjson writes it ~7x faster than json (20 us of each decision's audit);
    what orjson refuses (integers beyond 64 bits, non-string keys) goes through json."""
    return _encode(value)[0]


def _orjson_text(value: Any) -> str:
    return orjson.dumps(value, option=_ORJSON_OPTIONS).decode()


def _encode(value: Any) -> tuple[str, Callable[[Any], str]]:
    """The canonical text of ``value`` and the encoder that wrote it (for its parts)."""
    try:
        return _orjson_text(value), _orjson_text
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return _ENCODER.encode(value), _ENCODER.encode


def chain_hash(prev_hash: str, body: str) -> str:
    return hashlib.sha256(f"{prev_hash}\n{body}".encode()).hexdigest()


@dataclass(slots=True)  # not frozen: a frozen dataclass pays object.__setattr__ per field
class _Prepared:
    """A sealed record waiting for its seq: the stored body is ``head + str(seq) + tail``."""

    head: str
    tail: str
    ts: float
    kind: str
    session: str
    agent: str
    decision: str | None
    stage: str | None
    event_id: str

    def row(self, seq: int, prev_hash: str, key: AuditKey | None) -> StoredRow:
        body = f"{self.head}{seq}{self.tail}"
        hash_ = chain_hash(prev_hash, body)
        return StoredRow(
            seq=seq,
            ts=self.ts,
            kind=self.kind,
            session=self.session,
            agent=self.agent,
            decision=self.decision,
            stage=self.stage,
            event_id=self.event_id,
            body=body,
            prev_hash=prev_hash,
            hash=hash_,
            mac=key.mac_row(hash_) if key is not None else None,
        )


@dataclass(slots=True)
class _Sealed:
    """A sealed body not yet encoded, for the commit of a lone caller in its own thread: it is
    encoded once the seq is known (``canonical_json`` of the body with it, the same text that
    ``_Prepared`` puts together from its parts), so it needs no placeholder, no search for it
    and no second string. Only ever the whole of a batch of one (``GroupCommitWriter.
    run_inline``): a record queued for a group is a ``_Prepared``, so that a body that could
    not be encoded would fail its own caller only, never the group it joined."""

    body: dict[str, Any]

    def row(self, seq: int, prev_hash: str, key: AuditKey | None) -> StoredRow:
        body = self.body
        body["seq"] = seq
        text = _encode(body)[0]
        hash_ = chain_hash(prev_hash, text)
        return StoredRow(
            seq,
            body["ts"],
            body["kind"],
            body["session"],
            body["agent"],
            body["decision"],
            body["stage"],
            body["event_id"],
            text,
            prev_hash,
            hash_,
            key.mac_row(hash_) if key is not None else None,
        )


_Item = _Prepared | _Sealed


# Stands in for the seq while a body is serialized; an unlikely value, and a body that holds it
# anywhere else (say in claimed provenance) takes the slower exact path.
_SEQ_MARK = -7_351_094_286_113_507
_SEQ_KEY = f'"seq":{_SEQ_MARK}'


def split_body(body: dict[str, Any]) -> tuple[str, str]:
    """The canonical JSON of ``body`` cut where the value of ``"seq"`` goes, so a record is
    serialized once, before the writer knows its seq:
    ``head + str(seq) + tail == canonical_json({**body, "seq": seq})``."""
    return _split_marked({**body, "seq": _SEQ_MARK})


def _split_marked(marked: dict[str, Any]) -> tuple[str, str]:
    """``split_body`` of a body whose ``"seq"`` already holds ``_SEQ_MARK`` (a sealed body the
    log owns: marked in place, so the record is not copied once more before it is encoded)."""
    text, encode = _encode(marked)
    at = text.find(_SEQ_KEY)
    if at >= 0 and text.find(_SEQ_KEY, at + 1) < 0:
        return text[: at + len('"seq":')], text[at + len(_SEQ_KEY) :]
    # Keys are sorted, so the top-level keys before "seq" are exactly those that sort below it.
    before = {k: v for k, v in marked.items() if k < "seq"}
    after = {k: v for k, v in marked.items() if k > "seq"}
    head = encode(before)[:-1] + ("," if before else "") + '"seq":'
    tail = ("," if after else "") + encode(after)[1:]
    return head, tail


class VerifyResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool
    checked: int
    first_bad_seq: int | None = None
    problem: str | None = None
    head_hash: str | None = None
    keyed: bool = False
    """Whether every record's MAC and the head's were checked against the key."""
    key_id: str | None = None
    """The key the log says it is written under (its public key), if keyed."""
    checkpoints: int = 0
    """Signed checkpoints the log was checked against (stored ones and exported ones)."""
    warnings: list[str] = []
    """What this verification could not rule out (no key, no exported checkpoints...)."""


def _event_record(
    kind: RecordKind | str, session: str, detail: dict[str, Any], agent: str
) -> AuditRecord:
    try:
        record_kind = RecordKind(kind)
    except ValueError as exc:
        raise ValueError(
            f"unknown audit record kind {kind!r}; use one of "
            + ", ".join(k.value for k in RecordKind)
        ) from exc
    reason = detail.get("reason", "")
    return AuditRecord(
        kind=record_kind,
        session=session,
        agent=agent,
        reason=str(redact_json(reason)) if reason else "",
        detail=redact_json(detail),
    )


def _as_ts(value: float | datetime | None) -> float | None:
    if value is None or isinstance(value, float | int):
        return value
    return value.timestamp()


class AuditLog:
    """Open with ``AuditLog.open(path)``; ``None`` keeps the log in memory (tests, eval)."""

    def __init__(
        self,
        store: AuditStore,
        *,
        ack_timeout: float | None = DEFAULT_ACK_TIMEOUT_S,
        key: AuditKey | None = None,
        checkpoint_every: int = DEFAULT_EVERY,
        checkpoint_interval: float = DEFAULT_INTERVAL_S,
        on_checkpoint: Callable[[SignedCheckpoint], None] | None = None,
    ) -> None:
        self.store = store
        self.ack_timeout = ack_timeout
        """How long an append waits for its batch to commit before it gives up (the record may
        still be stored; the caller is told it was not, so the decision fails closed)."""
        self.key = key
        self.checkpoint_every = checkpoint_every
        self.checkpoint_interval = checkpoint_interval
        self.on_checkpoint = on_checkpoint
        """Called with each checkpoint after its commit (export it; must not raise)."""
        self._bound = False
        self._last_checkpoint: tuple[int, float] = (0, 0.0)  # (seq, ts) of the newest one
        self._hasher: ValueHasher | None = None
        # A commit that is only a WAL append (no fsync) is cheaper than handing it to a thread
        # and back, so coroutines commit on their loop when the store can try a commit without
        # waiting for a lock; an fsync per commit stays off the loop.
        on_loop = (
            getattr(store, "durability", None) == "process"
            and getattr(store, "try_append_batch", None) is not None
        )
        self._writer: GroupCommitWriter[_Item, int] = GroupCommitWriter(
            self._commit, try_commit=self._try_commit if on_loop else None
        )
        self._listeners: tuple[CommitListener, ...] = ()

    @classmethod
    def open(
        cls,
        path: str | Path | None,
        *,
        readonly: bool = False,
        lock_timeout: float = 2.0,
        durability: Durability = "process",
        ack_timeout: float | None = DEFAULT_ACK_TIMEOUT_S,
        key: AuditKey | None = None,
        key_from_env: bool = True,
        on_checkpoint: Callable[[SignedCheckpoint], None] | None = None,
    ) -> AuditLog:
        """Never raises for I/O problems: a store that cannot write makes ``append`` raise
        ``AuditUnavailable`` (which the pipeline turns into a deny) with the reason.
        ``durability``: ``"process"`` (survives kill -9) or ``"power"`` (fsync per commit).
        ``key``: the audit key (without one, ``$DROIDGATE_AUDIT_KEY`` unless ``key_from_env``
        is false; with neither, the log is unkeyed). An unknown ``durability``, or a malformed
        key in the environment, is a ValueError."""
        if key is None and key_from_env:
            key = AuditKey.from_env()
        store = SQLiteAuditStore(
            path, readonly=readonly, lock_timeout=lock_timeout, durability=durability
        )
        return cls(store, ack_timeout=ack_timeout, key=key, on_checkpoint=on_checkpoint)

    def __enter__(self) -> AuditLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------------------

    def _get_hasher(self) -> ValueHasher:
        if self._hasher is None:
            # read first: a log that has a salt needs no write lock for it (another writer may
            # hold that lock, and the first append of a coroutine would wait for it on the loop)
            salt = self.store.meta_get(SALT_KEY)
            if salt is None:
                salt = self.store.meta_setdefault(SALT_KEY, secrets.token_hex(32))
            self._hasher = ValueHasher(Secret(salt))
        return self._hasher

    def _prepare(self, record: AuditRecord) -> _Prepared:
        """Everything but the seq and the links, in the caller's thread: a record that cannot
        be sealed fails its own caller only, never the batch it would have joined."""
        return self._prepare_with(lambda hasher: record.sealed_body(hasher))

    def _prepare_draft(self, draft: RecordDraft) -> _Prepared:
        return self._prepare_with(draft.seal)

    def bind(self) -> None:
        """Check, once, that this log may be written with this key (or without one); raises
        ``AuditUnavailable`` saying why not. Appends call it; the daemon calls it at start."""
        if self._bound:
            return
        stored = self.store.meta_get(KEY_ID)
        if self.key is None:
            if stored is not None:
                raise AuditUnavailable(
                    f"this audit log is keyed (key id {stored[:16]}…); open it with its key "
                    "(the key file, or $DROIDGATE_AUDIT_KEY)"
                )
        else:
            if stored is None:
                if self.store.select(RowFilter(limit=1)):
                    raise AuditUnavailable(
                        "this audit log holds records written without a key; check it with "
                        "`droidgate audit verify` and adopt it with `droidgate audit adopt` "
                        "(or start a new log)"
                    )
                stored = self.store.meta_setdefault(KEY_ID, self.key.key_id)
            if stored != self.key.key_id:
                raise AuditUnavailable(
                    f"this audit log is written under another key (key id {stored[:16]}…, "
                    f"this key {self.key.key_id[:16]}…)"
                )
            last = self.store.last_checkpoint()
            # the interval counts from the newest checkpoint, or from now for a log without one
            self._last_checkpoint = (last.seq, last.ts) if last is not None else (0, time.time())
        self._bound = True

    def _prepare_with(self, seal: Callable[[ValueHasher], dict[str, Any]]) -> _Prepared:
        try:
            if not self._bound:
                self.bind()
            body = seal(self._get_hasher())
            body["seq"] = _SEQ_MARK  # the body is this log's own (see ``_split_marked``)
            head, tail = _split_marked(body)
            return _Prepared(
                head=head,
                tail=tail,
                ts=body["ts"],
                kind=body["kind"],
                session=body["session"],
                agent=body["agent"],
                decision=body["decision"],
                stage=body["stage"],
                event_id=body["event_id"],
            )
        except AuditUnavailable:
            raise
        except Exception as exc:  # a record we cannot seal must not be acknowledged
            raise AuditUnavailable(f"audit record could not be prepared: {exc}") from exc

    def add_listener(self, listener: CommitListener) -> Callable[[], None]:
        """Call ``listener`` with the rows of every committed transaction, in seq order (for a
        live view such as the operator's console, which shows exactly what was recorded, masked
        as recorded). It runs on whichever thread committed (the writer's, a caller's or the
        event loop's), after the commit: it must be quick, thread-safe and never block. What
        it raises is logged, never the decision's problem. Returns a function that removes it."""
        self._listeners = (*self._listeners, listener)

        def remove() -> None:
            self._listeners = tuple(fn for fn in self._listeners if fn is not listener)

        return remove

    def _committed(self, rows: Sequence[StoredRow]) -> None:
        for listener in self._listeners:
            try:
                listener(rows)
            except Exception as exc:  # a viewer must never fail the decisions it shows
                log.warning("audit commit listener failed: %s", exc)

    def _commit(self, batch: Sequence[_Item]) -> list[int]:
        """The writer's side: number and chain the batch onto the head, store it atomically."""
        signed: list[SignedCheckpoint] = []
        rows = self.store.append_batch(self._builder(batch, signed))
        self._checkpointed(signed)
        if self._listeners:
            self._committed(rows)
        return [row.seq for row in rows]

    def _try_commit(self, batch: Sequence[_Item]) -> list[int] | None:
        """``_commit`` if the store can start it without waiting for a lock, else None."""
        signed: list[SignedCheckpoint] = []
        rows = self.store.try_append_batch(self._builder(batch, signed))  # type: ignore[attr-defined]
        if rows is None:
            return None
        self._checkpointed(signed)
        if self._listeners:
            self._committed(rows)
        return [row.seq for row in rows]

    def _builder(
        self, batch: Sequence[_Item], signed: list[SignedCheckpoint]
    ) -> Callable[[int, str], Batch]:
        key = self.key

        def build(seq: int, prev_hash: str) -> Batch:
            rows: list[StoredRow] = []
            for i, prepared in enumerate(batch):
                row = prepared.row(seq + i, prev_hash, key)
                prev_hash = row.hash
                rows.append(row)
            if key is None or not rows:
                return Batch(rows)
            last = rows[-1]
            checkpoint = None
            if self._checkpoint_due(last.seq):
                checkpoint = SignedCheckpoint.sign(key, last.seq, last.hash, time.time())
                signed.append(checkpoint)
            return Batch(rows, key.mac_head(last.seq, last.hash), checkpoint)

        return build

    def _checkpoint_due(self, seq: int) -> bool:
        last_seq, last_ts = self._last_checkpoint
        if seq - last_seq >= self.checkpoint_every:
            return True
        return seq > last_seq and time.time() - last_ts >= self.checkpoint_interval

    def _checkpointed(self, signed: list[SignedCheckpoint]) -> None:
        """After a commit that stored checkpoints: remember the newest, hand each out."""
        for checkpoint in signed:
            if checkpoint.seq > self._last_checkpoint[0]:
                self._last_checkpoint = (checkpoint.seq, checkpoint.ts)
            if self.on_checkpoint is not None:
                try:
                    self.on_checkpoint(checkpoint)
                except Exception as exc:  # an export must never fail the decision it follows
                    log.warning("exporting audit checkpoint %d failed: %s", checkpoint.seq, exc)

    def checkpoint(self) -> SignedCheckpoint | None:
        """Sign the head now, unless a stored checkpoint covers it already; return the newest
        checkpoint (None for an empty or unkeyed log). Before an export, so that it covers
        everything acknowledged so far."""
        key = self.key
        if key is None:
            return None
        self.bind()

        def sign(head: Head) -> SignedCheckpoint | None:
            last = self.store.last_checkpoint()  # under the store's lock, in its transaction
            if last is not None and last.seq >= head.seq:
                return None
            return SignedCheckpoint.sign(key, head.seq, head.hash, time.time())

        signed = self.store.store_checkpoint(sign)
        if signed is None:
            return self.store.last_checkpoint()
        self._checkpointed([signed])
        return signed

    def checkpoints(self) -> list[SignedCheckpoint]:
        """Every signed checkpoint the log holds (what ``droidgate audit checkpoints`` exports)."""
        return self.store.checkpoints()

    def adopt(self) -> VerifyResult:
        """Put a log written without a key under this log's key: verify its unkeyed chain, then
        MAC every record and the head, record the key, and sign a checkpoint of the head. An
        operator's act after checking the log (``droidgate audit adopt``): records already in
        the file are trusted as they are now. Refused if the chain is broken or the log is
        keyed already."""
        if self.key is None:
            raise AuditUnavailable("adopting a log needs the audit key")
        if self.store.meta_get(KEY_ID) is not None:
            raise AuditUnavailable("this audit log is keyed already")
        result = self._verify(key=None, exported=(), public_key=None)
        if not result.ok:
            raise AuditUnavailable(f"the log's chain is broken, not adopting it: {result.problem}")
        key = self.key
        macs = [(row.seq, key.mac_row(row.hash)) for row in self.store.iter_rows()]
        meta = {KEY_ID: key.key_id}
        head = self.store.head()
        if head is not None:
            meta["head"] = head._replace(mac=key.mac_head(head.seq, head.hash)).encode()
        self.store.set_macs(macs, meta)
        self._bound = False
        self.bind()
        self.checkpoint()
        return self.verify()

    def append(self, record: AuditRecord) -> int:
        """Store ``record`` durably and return its seq. Thread-safe; raises ``AuditUnavailable``.
        Blocks until its transaction committed: from a coroutine, use ``aappend``."""
        prepared = self._prepare(record)
        try:
            seq = self._writer.run_inline(prepared, self.ack_timeout)
        except concurrent.futures.TimeoutError as exc:
            raise AuditUnavailable(self._late()) from exc
        record.seq = seq
        return seq

    async def aappend(self, record: AuditRecord) -> int:
        """``append`` for coroutines: joins the next group commit and awaits it without
        blocking the event loop. Cancelling the await before the batch starts withdraws the
        record."""
        seq = await self._writer.asubmit(self._prepare(record), self.ack_timeout, self._late)
        record.seq = seq
        return seq

    def append_decision(
        self,
        event: AgentEvent,
        completion: Completion | None,
        verdict: Verdict,
        *,
        error: str | None = None,
    ) -> int:
        """``append(AuditRecord.from_decision(...))`` without building the record: the same
        stored body, for a fraction of the CPU (the PEP's path). Sealed as it is built; a lone
        caller's record is encoded in its own commit, with its seq (``_Sealed``), and one that
        joins a group is prepared for it first (``_Prepared``)."""
        body = self._sealed_draft(event, completion, verdict, error)
        try:
            return self._writer.run_inline(_Sealed(body), self.ack_timeout, queued=self._queued)
        except concurrent.futures.TimeoutError as exc:
            raise AuditUnavailable(self._late()) from exc

    def _queued(self, item: _Item) -> _Item:
        """What a record that was to commit alone joins a group as: prepared in full."""
        if isinstance(item, _Sealed):
            return self._prepare_with(lambda _: item.body)
        return item

    async def aappend_decision(
        self,
        event: AgentEvent,
        completion: Completion | None,
        verdict: Verdict,
        *,
        error: str | None = None,
    ) -> int:
        """``append_decision`` for coroutines (group commit, the loop keeps running)."""
        body = self._sealed_draft(event, completion, verdict, error)
        prepared = self._prepare_with(lambda _: body)
        return await self._writer.asubmit(prepared, self.ack_timeout, self._late)

    def _sealed_draft(
        self,
        event: AgentEvent,
        completion: Completion | None,
        verdict: Verdict,
        error: str | None,
    ) -> dict[str, Any]:
        """The decision's sealed body, digests computed as it is built (one pass)."""
        try:
            if not self._bound:
                self.bind()
            hasher = self._hasher if self._hasher is not None else self._get_hasher()
        except AuditUnavailable:
            raise
        except Exception as exc:  # as in _prepare_with: not sealed, not acknowledged
            raise AuditUnavailable(f"audit record could not be prepared: {exc}") from exc
        return self._draft(event, completion, verdict, error, hasher).body

    @staticmethod
    def _draft(
        event: AgentEvent,
        completion: Completion | None,
        verdict: Verdict,
        error: str | None,
        hasher: ValueHasher | None = None,
    ) -> RecordDraft:
        try:
            return decision_draft(event, completion, verdict, error=error, hasher=hasher)
        except Exception as exc:  # as in _prepare: an unrecordable decision is not acknowledged
            raise AuditUnavailable(f"audit record could not be prepared: {exc}") from exc

    def _late(self) -> str:
        return f"the audit store did not acknowledge the record within {self.ack_timeout:g} s"

    @property
    def commit_stats(self) -> CommitStats:
        """Transactions and records this log committed so far, and records queued now."""
        return self._writer.stats

    def append_event(
        self, kind: RecordKind | str, session: str, detail: dict[str, Any], *, agent: str = ""
    ) -> int:
        """Audit something that is not a decision: an eviction, a rule change, an error."""
        return self.append(_event_record(kind, session, detail, agent))

    def post_event(
        self, kind: RecordKind | str, session: str, detail: dict[str, Any], *, agent: str = ""
    ) -> concurrent.futures.Future[int]:
        """``append_event`` without waiting: the record joins the next group commit and the
        future gives its seq (or ``AuditUnavailable``). For records nobody must wait for, such
        as an eviction noticed on the event loop, whose caller would otherwise block for a
        commit. Bad input and unpreparable records still raise here."""
        return self._writer.submit(self._prepare(_event_record(kind, session, detail, agent)))

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

    def verify(
        self,
        *,
        key: AuditKey | None = None,
        exported: Iterable[SignedCheckpoint] = (),
        public_key: str | None = None,
        unkeyed: bool = False,
    ) -> VerifyResult:
        """Walk the chain from the first row; report the first seq that does not check out.

        ``key`` (default: the log's own) checks every record's MAC and the head's, and the
        signatures of the stored checkpoints. ``exported``: checkpoints kept elsewhere; the
        log must still hold what each of them signed. ``public_key`` (hex) pins the key they
        must be signed with (default: ``key``'s). ``unkeyed``: check without any key even if
        the log has one (a log written before keyed audit)."""
        try:
            return self._verify(
                key=None if unkeyed else (key or self.key),
                exported=list(exported),
                public_key=public_key,
            )
        except AuditUnavailable as exc:
            return VerifyResult(ok=False, checked=0, problem=f"cannot read the log: {exc}")

    def _verify(
        self,
        *,
        key: AuditKey | None,
        exported: Sequence[SignedCheckpoint],
        public_key: str | None,
    ) -> VerifyResult:
        prev = GENESIS_HASH
        expected = 1
        checked = 0
        key_id = self.store.meta_get(KEY_ID)
        stored = self.store.checkpoints()
        wanted = {cp.seq for cp in stored} | {cp.seq for cp in exported}
        hashes: dict[int, str] = {}

        def bad(seq: int | None, problem: str) -> VerifyResult:
            return VerifyResult(
                ok=False,
                checked=checked,
                first_bad_seq=seq,
                problem=problem,
                keyed=key is not None,
                key_id=key_id,
            )

        if key is not None and key_id is not None and key_id != key.key_id:
            return bad(
                None,
                f"the log is written under another key (key id {key_id[:16]}…, this key "
                f"{key.key_id[:16]}…), or its key id was changed",
            )

        def walk(rows: Iterable[StoredRow]) -> VerifyResult | None:
            nonlocal prev, expected, checked
            for row in rows:
                if row.seq != expected:
                    missing = (
                        f"{expected}" if row.seq == expected + 1 else f"{expected}..{row.seq - 1}"
                    )
                    return bad(
                        expected, f"record(s) {missing} missing (next stored seq is {row.seq})"
                    )
                if row.prev_hash != prev:
                    return bad(row.seq, "link to the previous record does not match its hash")
                if chain_hash(row.prev_hash, row.body) != row.hash:
                    return bad(row.seq, "content does not match its hash (edited)")
                if key is not None and not key.same(row.mac, key.mac_row(row.hash)):
                    what = "has no MAC" if row.mac is None else "has a MAC that does not verify"
                    return bad(
                        row.seq,
                        f"record {what}: changed (the chain recomputed without the key), "
                        "or written without the key",
                    )
                try:
                    body = json.loads(row.body)
                    AuditRecord.model_validate(body)
                except (ValueError, ValidationError) as exc:
                    return bad(row.seq, f"body is not a valid audit record: {exc}")
                if body.get("seq") != row.seq:
                    return bad(
                        row.seq, f"row holds the record of seq {body.get('seq')} (reordered)"
                    )
                for column in _COLUMN_FIELDS:
                    if getattr(row, column) != body.get(column):
                        return bad(row.seq, f"column {column!r} differs from the hashed record")
                if row.seq in wanted:
                    hashes[row.seq] = row.hash
                prev = row.hash
                expected += 1
                checked += 1
            return None

        found = walk(self.store.iter_rows())
        if found is not None:
            return found
        head = self.store.head()
        # a live log may commit while it is walked: rows and head move together in one
        # transaction, so a head past the last row walked means newer rows -- walk them too
        # (a bounded number of times); a head short of it still means rows past the head
        for _ in range(_CATCH_UP_ROUNDS):
            if head is None or head.seq <= checked:
                break
            walked = checked
            found = walk(row for row in self.store.iter_rows() if row.seq > walked)
            if found is not None:
                return found
            head = self.store.head()
        if head is not None:
            if head.seq != checked:
                return bad(
                    min(head.seq, checked) + 1,
                    f"log ends at seq {checked} but its head says {head.seq} (rows cut off?)",
                )
            if head.hash != prev:
                return bad(head.seq, "last record does not match the recorded head hash")
            if key is not None and not key.same(head.mac, key.mac_head(head.seq, head.hash)):
                return bad(
                    head.seq,
                    "the head's MAC does not verify: the head was moved (rows cut off the end?)",
                )
        elif checked:
            return bad(1, "records present but no head recorded")

        # Checkpoints: stored ones must be signed by the log's key; exported ones by the pinned
        # key. Each must match the record it names, which must still be there.
        pinned = public_key or (key.key_id if key is not None else None)
        warnings: list[str] = []
        signer_of_stored = key.key_id if key is not None else (public_key or key_id)
        checks: list[tuple[SignedCheckpoint, str, str | None]] = [
            (cp, "stored", signer_of_stored) for cp in stored
        ]
        export_signer = pinned
        if exported and export_signer is None:
            export_signer = key_id or exported[0].key_id
            warnings.append(
                "the exported checkpoints' key was not pinned (give the key or --public-key): "
                "checked against the key the log names"
            )
        checks += [(cp, "exported", export_signer) for cp in exported]
        checks.sort(key=lambda c: c[0].seq)
        for cp, where, signer in checks:
            if signer is None or not cp.valid_under(signer):
                return bad(
                    cp.seq if cp.seq <= checked else checked + 1,
                    f"the {where} checkpoint of seq {cp.seq} is not signed by the log's key "
                    "(forged or altered)",
                )
            if cp.seq > checked:
                return bad(
                    checked + 1,
                    f"an {where} checkpoint covers seq {cp.seq} but the log ends at seq "
                    f"{checked}: records {checked + 1}..{cp.seq} were cut off",
                )
            if hashes.get(cp.seq) != cp.hash:
                return bad(
                    cp.seq,
                    f"the log differs from the {where} checkpoint of seq {cp.seq}: a record at "
                    "or before it was changed (and the chain recomputed)",
                )
        if key is None:
            if exported:
                last = max(cp.seq for cp in exported)
                if last < checked:
                    warnings.append(
                        f"no key: records after seq {last} (the last exported checkpoint) are "
                        "covered by the unkeyed chain only"
                    )
            else:
                warnings.append(
                    "no key and no exported checkpoints: a record changed with the chain "
                    "recomputed, or a tail cut with the head moved back, would not be detected"
                )
        elif not exported:
            warnings.append(
                "no exported checkpoints: someone holding the key could rewrite the log "
                "unnoticed; keep checkpoints elsewhere (droidgate audit checkpoints)"
            )
        return VerifyResult(
            ok=True,
            checked=checked,
            head_hash=prev,
            keyed=key is not None,
            key_id=key_id,
            checkpoints=len(checks),
            warnings=warnings,
        )

    def close(self) -> None:
        """Store what is queued (and, keyed, a checkpoint of the head), stop the writer, close
        the store. Appends then raise."""
        self._writer.close(self.ack_timeout)
        if self.key is not None and self._bound and not getattr(self.store, "readonly", False):
            try:
                self.checkpoint()
            except AuditUnavailable as exc:
                log.warning("no closing audit checkpoint: %s", exc)
        self.store.close()
