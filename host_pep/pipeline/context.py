"""What the stages share while deciding one event: the completed event, the compiled policy, the
session state, and the payload analysis (values found per field and their observations).

The analysis is computed lazily, once, by whichever stage first needs it (a FlowRule with a
``source``/``kind`` in T1, else T2), so its cost lands in the stage that used it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from host_pep.events import AgentEvent
from host_pep.extract import Found, key_arguments, role_key_arguments, sensitive_values
from host_pep.observations import Observation
from host_pep.policy.compiled import CompiledPolicy
from host_pep.semantics import ActionSemantics, Completion, FieldRole, Operation
from host_pep.session import SessionState
from host_pep.verdict import Decision, Evidence, Stage

KEY_ROLES = frozenset(
    {FieldRole.RECIPIENT, FieldRole.ACCOUNT, FieldRole.URL, FieldRole.AMOUNT, FieldRole.ADDRESS}
)
READ_OPS = frozenset({Operation.READ, Operation.NAVIGATE})
OUTBOUND_OPS = frozenset({Operation.EXTERNAL_SEND, Operation.SHARE_UPLOAD, Operation.PAYMENT})


@dataclass(slots=True)
class ValueHit:
    """One value found in one payload field, with what session memory knows about it."""

    field: str
    role: FieldRole
    found: Found
    observations: list[Observation]
    user_provided: bool


@dataclass(slots=True)
class Outcome:
    """A stage's terminal (or review) result."""

    decision: Decision
    stage: Stage
    reason: str
    rule_ids: list[str] = field(default_factory=list)
    evidence: list[Evidence] = field(default_factory=list)
    remove: list[ValueHit] = field(default_factory=list)
    """For a rewrite: the values to cut out of content fields."""


@dataclass(slots=True)
class DecisionContext:
    event: AgentEvent
    completion: Completion
    policy: CompiledPolicy
    state: SessionState | None
    _content: list[ValueHit] | None = None
    _keyargs: list[ValueHit] | None = None
    _user_keys: frozenset[str] | None = None
    review: list[str] = field(default_factory=list)
    """Mandatory-review reasons attached by T1 (high-impact ambiguity, escalate rules, unknown ops)."""
    review_rules: list[str] = field(default_factory=list)
    t3_unsure: list[str] = field(default_factory=list)
    evidence: list[Evidence] = field(default_factory=list)
    shadow: list[dict[str, Any]] = field(default_factory=list)
    permitted_by: list[str] = field(default_factory=list)

    @property
    def sem(self) -> ActionSemantics:
        return self.completion.semantics

    @property
    def op(self) -> Operation:
        return self.completion.semantics.operation

    @property
    def app(self) -> str | None:
        return self.completion.semantics.app

    @property
    def user_request(self) -> str:
        return self.event.user_request

    def user_keys(self) -> frozenset[str]:
        """Normalized keys of every value the user gave in the request (user-provided values)."""
        if self._user_keys is None:
            text = self.user_request
            keys: set[str] = set()
            if text:
                for f in sensitive_values(text, self.policy.regions):
                    keys.update(f.keys)
                for f in key_arguments(text):
                    keys.update(f.keys)
            self._user_keys = frozenset(keys)
        return self._user_keys

    def _lookup(self, found: Found) -> list[Observation]:
        if self.state is None:
            return []
        keys = found.keys
        if len(keys) == 1:
            return list(self.state.lookup(keys[0]))
        seen: list[Observation] = []
        for key in keys:
            for obs in self.state.lookup(key):
                if obs not in seen:
                    seen.append(obs)
        return seen

    def content_hits(self) -> list[ValueHit]:
        """Sensitive values in every field (content and key arguments alike)."""
        if self._content is None:
            user = self.user_keys()
            hits: list[ValueHit] = []
            roles = self.sem.fields
            regions = self.policy.regions
            for path, text in self.sem.text.items():
                if not text:
                    continue
                role = roles.get(path, FieldRole.CONTENT)
                password = role is FieldRole.CREDENTIAL
                for f in sensitive_values(text, regions, path, password, None):
                    hits.append(
                        ValueHit(path, role, f, self._lookup(f), not user.isdisjoint(f.keys))
                    )
            self._content = hits
        return self._content

    def keyarg_hits(self) -> list[ValueHit]:
        """Key-argument values (recipient, account, URL, amount, address fields) for rule 5."""
        if self._keyargs is None:
            user = self.user_keys()
            hits: list[ValueHit] = []
            roles = self.sem.fields
            for path, text in self.sem.text.items():
                role = roles.get(path)
                if role is None or role not in KEY_ROLES or not text:
                    continue
                for f in role_key_arguments(text, role, self.policy.regions):
                    hits.append(
                        ValueHit(path, role, f, self._lookup(f), not user.isdisjoint(f.keys))
                    )
            self._keyargs = hits
        return self._keyargs

    def aliases(self) -> list[str]:
        """Names a FlowRule target or a scope glob may match (docs/contracts.md §1)."""
        sem = self.sem
        out = [self.completion.event.target]
        if self.event.target != self.completion.event.target:
            out.append(self.event.target)
        if sem.app:
            out.append(sem.app)
            out.append(f"{sem.app}.{sem.operation.value}")
        if sem.package:
            out.append(sem.package)
        if sem.widget:
            rid = sem.widget.get("resource_id") or sem.widget.get("resourceId")
            if isinstance(rid, str) and rid:
                out.append(rid)
        return [a for a in out if a]

    def actions(self) -> list[str]:
        return [self.event.action.value, self.op.value]


def evidence_of(hit: ValueHit, obs: Observation | None = None) -> Evidence:
    if obs is None:
        return Evidence(kind=hit.found.kind, masked=hit.found.masked, field=hit.field)
    return Evidence(
        kind=hit.found.kind,
        masked=hit.found.masked,
        field=hit.field,
        source=obs.source,
        source_event=obs.event_id,
        observed_by=obs.agent,
        trusted=obs.trusted,
    )
