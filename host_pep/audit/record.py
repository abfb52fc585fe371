"""AuditRecord: one line of the audit trail, safe to store (no sensitive value in clear).

``AuditRecord.from_decision`` builds the record for a decision. It holds the clear values it
needs for salted hashes only in a private attribute that is never serialized; ``AuditLog.append``
seals the record (fills the digests with the log's salt, drops the clear values) before storing.

Hot path: a record is written for every decision. ``decision_draft`` builds the stored body of a
decision straight from the event and verdict as plain JSON values (``from_decision`` validates
that same body into a record), so ``AuditLog.append_decision`` stores a decision without
building, validating and dumping pydantic models; ``sealed_body`` dumps a record once (no deep
copy, no second model).
"""

from __future__ import annotations

import json
import time
from enum import StrEnum
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from host_pep.audit.masking import ValueHasher, redact_json, redact_text
from host_pep.audit.recover import recover
from host_pep.events import AgentEvent
from host_pep.semantics import Completion
from host_pep.verdict import Decision, Evidence, Stage, Verdict

MAX_PAYLOAD_FIELDS = 200
MAX_IDENT_CHARS = 256


class RecordKind(StrEnum):
    DECISION = "decision"
    EVICTION = "eviction"  # session memory dropped observations (count or TTL bound)
    RULE_CHANGE = "rule_change"  # control plane installed/removed a rule, changed a mode
    ERROR = "error"  # something failed outside a decision (e.g. an observation point)


class EvidenceRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str
    masked: str
    digest: str | None = None
    """HMAC-SHA256 (per-log salt) of the value's skeleton; None when the clear value could not
    be recovered from the event (then only the masked form correlates)."""
    source: str = ""
    field: str = ""
    source_event: str = ""
    observed_by: str = ""
    trusted: bool = True


class PayloadField(BaseModel):
    """Shape of one payload leaf: where, what type, how long, and a salted hash of its text."""

    model_config = ConfigDict(extra="forbid")

    field: str
    type: str
    length: int
    role: str | None = None
    digest: str | None = None


class AuditRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seq: int = 0
    """Assigned by ``AuditLog.append``; 0 until then."""
    ts: float = Field(default_factory=time.time)
    kind: RecordKind = RecordKind.DECISION
    event_id: str = ""
    event_ts: float | None = None
    session: str = ""
    agent: str = ""
    channel: str = ""
    action: str = ""
    target: str = ""
    app: str | None = None
    operation: str | None = None
    summary: str = ""
    payload: list[PayloadField] = Field(default_factory=list)
    user_request: str = ""
    """Redacted: long digit runs and addresses masked."""
    decision: Decision | None = None
    stage: Stage | None = None
    rule_ids: list[str] = Field(default_factory=list)
    reason: str = ""
    evidence: list[EvidenceRecord] = Field(default_factory=list)
    ruleset_revision: int = 0
    latency_ms: dict[str, float] = Field(default_factory=dict)
    error: str | None = None
    shadow: list[dict[str, Any]] = Field(default_factory=list)
    claimed_provenance: dict[str, Any] = Field(default_factory=dict)
    """What the agent claimed about where its values came from: debugging only, redacted."""
    detail: dict[str, Any] = Field(default_factory=dict)
    """Eviction / rule-change / error specifics (redacted)."""
    prev_hash: str = ""
    hash: str = ""

    # clear values waiting to be hashed with the log's salt: ("payload"|"evidence", index) -> text
    _pending: dict[tuple[str, int], str] = PrivateAttr(default_factory=dict)

    @classmethod
    def from_decision(
        cls,
        event: AgentEvent,
        completion: Completion | None,
        verdict: Verdict,
        *,
        error: str | None = None,
    ) -> AuditRecord:
        draft = decision_draft(event, completion, verdict, error=error)
        record = cls.model_validate(draft.body)
        record._pending = draft.pending
        return record

    @classmethod
    def from_invalid_input(cls, data: Any, verdict: Verdict, *, error: str) -> AuditRecord:
        """Audit the deny of input that never became an AgentEvent (malformed JSON, unknown
        channel, oversized fields): keep the identifying strings it had, nothing of its payload."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except ValueError:
                data = {}
        fields = data if isinstance(data, dict) else {}

        def ident(key: str) -> str:
            value = fields.get(key)
            return redact_text(value[:MAX_IDENT_CHARS]) if isinstance(value, str) else ""

        event_id = ident("id") or verdict.event_id
        return cls(
            kind=RecordKind.DECISION,
            event_id=event_id,
            session=ident("session"),
            agent=ident("agent"),
            channel=ident("channel"),
            action=ident("action"),
            target=ident("target"),
            summary="rejected input",
            decision=verdict.decision,
            stage=verdict.stage,
            rule_ids=list(verdict.rule_ids),
            reason=redact_text(verdict.reason),
            ruleset_revision=verdict.ruleset_revision,
            latency_ms=dict(verdict.latency_ms),
            error=redact_text(error),
        )

    def sealed(self, hasher: ValueHasher) -> AuditRecord:
        """A copy with salted digests filled in and no clear value left anywhere."""
        body = self.sealed_body(hasher)
        return AuditRecord.model_validate({**body, "prev_hash": self.prev_hash, "hash": self.hash})

    def sealed_body(self, hasher: ValueHasher) -> dict[str, Any]:
        """``body()`` of the sealed record: digests filled in, no clear value (the JSON the log
        stores). Built from one dump of this record; the record itself is left unchanged."""
        out = self.body()
        for (where, i), text in self._pending.items():
            items = out.get(where)
            if where in ("payload", "evidence") and isinstance(items, list) and i < len(items):
                items[i]["digest"] = hasher.digest(text)
        return out

    def body(self) -> dict[str, Any]:
        """The hashed content: everything but the chain links themselves."""
        return self.model_dump(mode="json", exclude=_LINKS)


_LINKS: set[str] = {"prev_hash", "hash"}


class RecordDraft(NamedTuple):
    """A record before sealing: its ``body()`` as plain JSON values (digests still None) and the
    clear texts the digests will be computed from, by (``"payload"|"evidence"``, index)."""

    body: dict[str, Any]
    pending: dict[tuple[str, int], str]

    def seal(self, hasher: ValueHasher) -> dict[str, Any]:
        """Fill in the digests (in place: a draft is used once) and return the body."""
        for (where, i), text in self.pending.items():
            self.body[where][i]["digest"] = hasher.digest(text)
        return self.body


# Enum values below are read as ``_value_`` (a plain attribute of every member): ``.value`` is a
# Python-level descriptor, and a decision's record reads about ten of them.
_DECISION: str = RecordKind.DECISION.value
_NO_ROLES: dict[str, Any] = {}


def decision_draft(
    event: AgentEvent,
    completion: Completion | None,
    verdict: Verdict,
    *,
    error: str | None = None,
    hasher: ValueHasher | None = None,
) -> RecordDraft:
    """The body ``AuditRecord.from_decision(...).body()`` has, built without models (what
    ``model_dump(mode="json")`` gives: enum values, nested models as dicts).

    With ``hasher`` (the log's), the digests are filled in as the body is built and nothing
    is left pending: the sealed body in one pass, without holding the clear texts in a second
    structure (``AuditLog.append_decision``'s path)."""
    completed = completion.event if completion is not None else event
    semantics = completion.semantics if completion is not None else None
    # a leaf's role is looked up when it has one (not a dict of every field's role per record)
    roles = semantics.fields if semantics is not None else _NO_ROLES
    pending: dict[tuple[str, int], str] = {}

    leaves = _leaves(event.payload)[:MAX_PAYLOAD_FIELDS]
    payload: list[dict[str, Any]] = []
    for i, (path, value) in enumerate(leaves):
        text = value if isinstance(value, str) else _scalar_text(value)
        role = roles.get(path)
        digest = None
        if text:
            if hasher is not None:
                digest = hasher.digest(text)
            else:
                pending[("payload", i)] = text
        payload.append(
            {
                "field": redact_text(path),
                "type": _TYPE_NAMES.get(type(value), "other"),
                "length": len(text),
                "role": role._value_ if role is not None else None,
                "digest": digest,
            }
        )

    texts: dict[str, str] = {}  # where evidence is recovered from: only wanted with evidence
    if verdict.evidence:
        texts = {path: v for path, v in leaves if isinstance(v, str)}
        if semantics is not None:
            texts.update({f: t for f, t in semantics.text.items() if f not in texts})
    evidence: list[dict[str, Any]] = []
    for i, ev in enumerate(verdict.evidence):
        clear = _recover(ev, texts)
        digest = None
        if clear is not None:
            if hasher is not None:
                digest = hasher.digest(clear)
            else:
                pending[("evidence", i)] = clear
        evidence.append(
            {
                "kind": ev.kind,
                "masked": redact_text(ev.masked),
                "digest": digest,
                "source": ev.source,
                "field": ev.field,
                "source_event": ev.source_event,
                "observed_by": ev.observed_by,
                "trusted": ev.trusted,
            }
        )

    err = error if error is not None else verdict.error
    target = redact_text(completed.target)
    body = {
        "seq": 0,
        "ts": time.time(),
        "kind": _DECISION,
        "event_id": verdict.event_id or event.id,
        "event_ts": event.ts,
        "session": event.session,
        "agent": event.agent,
        "channel": event.channel._value_,
        "action": event.action._value_,
        "target": target,
        "app": semantics.app if semantics else None,
        "operation": semantics.operation._value_ if semantics else None,
        "summary": _redacted_summary(completed, target),
        "payload": payload,
        "user_request": redact_text(event.user_request),
        "decision": verdict.decision._value_,
        "stage": verdict.stage._value_,
        "rule_ids": list(verdict.rule_ids),
        "reason": redact_text(verdict.reason),
        "evidence": evidence,
        "ruleset_revision": verdict.ruleset_revision,
        "latency_ms": dict(verdict.latency_ms),
        "error": redact_text(err) if err is not None else None,
        "shadow": [redact_json(s) for s in verdict.shadow],
        "claimed_provenance": redact_json(event.provenance),
        "detail": {},
    }
    return RecordDraft(body, pending)


_CALLERS: dict[tuple[str, str], str] = {}
"""``redact_text(f"{agent}@{session}")`` by (agent, session): identifiers the record stores in
clear anyway, recurring with every action of a session. Bounded: emptied when full."""
_CALLERS_MAX = 4096


def _redacted_summary(event: AgentEvent, target: str) -> str:
    """``redact_text(event.summary())``, given ``target == redact_text(event.target)``.

    Why it may be put together from parts: the summary is ``"{agent}@{session} {channel}/
    {action} -> {target}"``, and nothing ``redact_text`` masks (an address, an IBAN, a run of
    six or more digits) can reach across " tool/tool_call -> " (spaces, and letters no match
    may hold next to them). So the caller part is redacted once per session (the "@" in it
    made the address scan of every summary cost ~5 us) and the target, redacted for its own
    field, is reused. The target is not cached: a GUI target may hold a screen's text."""
    key = (event.agent, event.session)
    caller = _CALLERS.get(key)
    if caller is None:
        if len(_CALLERS) >= _CALLERS_MAX:
            _CALLERS.clear()
        caller = _CALLERS[key] = redact_text(f"{event.agent}@{event.session}")
    return f"{caller} {event.channel._value_}/{event.action._value_} -> {target}"


def _leaves(value: Any) -> list[tuple[str, Any]]:
    """(path, scalar) of every leaf, depth first: "a.b[0]"; "$" for a scalar payload."""
    if not isinstance(value, dict | list):
        return [("$", value)]
    out: list[tuple[str, Any]] = []
    _collect(value, "", out)
    return out


def _collect(value: dict[str, Any] | list[Any], prefix: str, out: list[tuple[str, Any]]) -> None:
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for k, v in items:
        if isinstance(value, dict):
            path = f"{prefix}.{k}" if prefix else str(k)
        else:
            path = f"{prefix}[{k}]"
        if isinstance(v, dict | list):
            _collect(v, path, out)
        else:
            out.append((path, v))


_TYPE_NAMES: dict[type, str] = {
    type(None): "null",
    bool: "bool",
    int: "int",
    float: "float",
    str: "str",
}


def _scalar_text(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return ""
    return str(value)


def _recover(ev: Evidence, texts: dict[str, str]) -> str | None:
    candidates = [texts[ev.field]] if ev.field in texts else list(texts.values())
    return recover(ev.masked, candidates)
