"""FlowRule: a runtime-installable rule. Match fields are optional globs (fnmatch syntax)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from host_pep.verdict import Decision

MAX_DEADLINE_S = 600.0
"""The longest a FlowRule may make an escalation wait (the daemon's request timeouts cover it)."""


class RuleMode(StrEnum):
    ENFORCE = "enforce"
    MONITOR = "monitor"  # shadow: record what it would decide, change nothing
    DISABLED = "disabled"  # kept (and revisioned) but not applied: the operator switched it off


class RuleMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    source: str | None = None
    """Where a value in the payload was observed (semantic app or tool), e.g. "contacts"."""
    target: str | None = None
    """The completed event's target (semantic target, package or tool name), e.g. "calendar.*"."""
    kind: str | None = None
    """Sensitive kind of a matched value: phone, email, address, card, iban, otp, credential, health."""
    action: str | None = None
    """ActionType ("text_input", "tool_call", ...) or Operation ("external_send", "delete", ...)."""
    channel: str | None = None
    agent: str | None = None


class FlowRule(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=128)
    match: RuleMatch = Field(default_factory=RuleMatch)
    decision: Decision
    reason: str = ""
    priority: int = 0
    mode: RuleMode = RuleMode.ENFORCE
    deadline_s: float | None = Field(default=None, gt=0, le=MAX_DEADLINE_S)
    """For ``decision: escalate``: how long the escalation waits for a reviewer before it is
    denied (default: the daemon's T4 deadline). When several rules ask for review, the shortest
    deadline holds."""
