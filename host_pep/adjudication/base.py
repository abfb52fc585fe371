"""T4 adjudication: the request, the result, the ``Adjudicator`` protocol, fail-closed helpers.

T4 sees only what it needs to judge an action that T1 marked for mandatory review or T3 could not
resolve: a one-line summary, the action semantics, why it was escalated, masked evidence and a
masked payload. It never sees a sensitive value in clear.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from host_pep.audit.masking import redact_json, redact_text
from host_pep.semantics import ActionSemantics, Completion
from host_pep.verdict import Decision, Evidence

FINAL_DECISIONS = frozenset({Decision.ALLOW, Decision.DENY, Decision.REWRITE})


class AdjudicationRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    event_id: str
    session: str
    agent: str
    summary: str
    semantics: ActionSemantics
    reasons: list[str] = Field(default_factory=list)
    """Why the action reached T4 (the T1 review requirement, T3's doubt)."""
    evidence: list[Evidence] = Field(default_factory=list)
    payload_masked: dict[str, Any] = Field(default_factory=dict)
    user_request: str = ""
    mandatory_review: bool = True
    """T1 attached a mandatory-review requirement (high-impact action, a rule said "escalate").
    Then an "allow" must come with a reason. Set False when only T3 was unsure."""

    @classmethod
    def for_completion(
        cls,
        completion: Completion,
        *,
        reasons: list[str],
        evidence: list[Evidence],
        mandatory_review: bool = True,
    ) -> AdjudicationRequest:
        """Build a request with the payload and the user request already masked."""
        event = completion.event
        return cls(
            event_id=event.id,
            session=event.session,
            agent=event.agent,
            summary=redact_text(event.summary()),
            semantics=completion.semantics.model_copy(
                update={"text": redact_json(completion.semantics.text)}
            ),
            reasons=[redact_text(r) for r in reasons],
            evidence=list(evidence),
            payload_masked=redact_json(event.payload),
            user_request=redact_text(event.user_request),
            mandatory_review=mandatory_review,
        )


class AdjudicationResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    decision: Decision
    reason: str
    adjudicator: str
    error: str | None = None
    """Set when the decision is a fail-closed deny (timeout, HTTP error, unparseable answer)."""


@runtime_checkable
class Adjudicator(Protocol):
    name: str

    async def adjudicate(
        self, req: AdjudicationRequest, *, timeout: float
    ) -> AdjudicationResult: ...


def deny(adjudicator: str, reason: str, *, error: str | None = None) -> AdjudicationResult:
    return AdjudicationResult(
        decision=Decision.DENY, reason=reason, adjudicator=adjudicator, error=error
    )


class TimeoutDenyAdjudicator:
    """What T4 is when nothing is configured: nobody will answer, so escalations deny.

    ``max_wait`` bounds how long an escalation is held before the deny (0 = at once); waiting
    longer only makes sense to mimic a real reviewer's latency in experiments.
    """

    name = "none"

    def __init__(self, max_wait: float = 0.0) -> None:
        if max_wait < 0:
            raise ValueError("max_wait must be >= 0")
        self.max_wait = max_wait

    async def adjudicate(self, req: AdjudicationRequest, *, timeout: float) -> AdjudicationResult:
        wait = min(max(timeout, 0.0), self.max_wait)
        if wait:
            await asyncio.sleep(wait)
        return deny(self.name, "escalation timed out: no adjudicator is configured")


def resolve_adjudicator(adjudicator: Adjudicator | None) -> Adjudicator:
    return adjudicator if adjudicator is not None else TimeoutDenyAdjudicator()


async def adjudicate_safely(
    adjudicator: Adjudicator, req: AdjudicationRequest, *, timeout: float
) -> AdjudicationResult:
    """Run an adjudicator fail-closed: any exception, overrun, malformed result or a non-final
    decision ("escalate" at the last stage) becomes a deny. Never raises (except cancellation)."""
    name = str(getattr(adjudicator, "name", type(adjudicator).__name__))
    try:
        # a small grace so the adjudicator's own timeout handling (with its better reason) wins
        async with asyncio.timeout(max(timeout, 0.0) + 0.05):
            result = await adjudicator.adjudicate(req, timeout=timeout)
    except TimeoutError:
        return deny(name, f"adjudicator {name} timed out after {timeout:g}s", error="timeout")
    except Exception as exc:
        return deny(name, f"adjudicator {name} failed", error=f"{type(exc).__name__}: {exc}")
    if not isinstance(result, AdjudicationResult):
        return deny(name, f"adjudicator {name} returned no result", error=repr(type(result)))
    if result.decision not in FINAL_DECISIONS:
        return deny(name, f"adjudicator {name} did not decide ({result.decision.value})")
    if result.decision is Decision.ALLOW and req.mandatory_review and not result.reason.strip():
        return deny(name, f"adjudicator {name} allowed a review-required action without a reason")
    return result
