"""Verdict: what the PEP decided about one event, and why."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Decision(StrEnum):
    ALLOW = "allow"
    DENY = "deny"
    REWRITE = "rewrite"
    ESCALATE = "escalate"

    @property
    def lets_through(self) -> bool:
        """Whether the executor may commit the (possibly rewritten) action."""
        return self in (Decision.ALLOW, Decision.REWRITE)


class Stage(StrEnum):
    T0 = "T0"  # before the pipeline: validation, completion, adapter errors
    T1 = "T1"
    T2 = "T2"
    T3 = "T3"
    T4 = "T4"


class Evidence(BaseModel):
    """One matched value. ``value`` is masked; clear values never leave the session store."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    masked: str
    field: str = ""
    source: str = ""
    source_event: str = ""
    observed_by: str = ""
    """Agent whose action exposed the value (may differ from the acting agent)."""
    trusted: bool = True
    detail: str = ""
    """What matched beyond the value: for an instruction span, its cue and the words the
    action shares with it; for an alignment score, what was compared."""
    score: float | None = None
    """A similarity score that informed the decision (the semantic model's, when loaded)."""


class Verdict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    event_id: str
    decision: Decision
    stage: Stage
    rule_ids: list[str] = Field(default_factory=list)
    reason: str
    evidence: list[Evidence] = Field(default_factory=list)
    rewritten: dict[str, Any] | None = None
    ruleset_revision: int = 0
    latency_ms: dict[str, float] = Field(default_factory=dict)
    """Per stage ("T1".."T4", plus "total")."""
    shadow: list[dict[str, Any]] = Field(default_factory=list)
    """What monitor-mode rules would have decided; never affects ``decision``."""
    error: str | None = None
    """Set when the decision is a fail-closed deny caused by an error or timeout."""
