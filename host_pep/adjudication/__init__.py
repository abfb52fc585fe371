"""T4 adjudication: an LLM over an OpenAI-compatible endpoint, a human approval queue, or (with
nothing configured) a bounded wait that ends in deny. ``adjudicate_safely`` runs any of them
fail-closed."""

from host_pep.adjudication.approval import ApprovalQueue, PendingApproval
from host_pep.adjudication.base import (
    AdjudicationRequest,
    AdjudicationResult,
    Adjudicator,
    TimeoutDenyAdjudicator,
    adjudicate_safely,
    resolve_adjudicator,
)
from host_pep.adjudication.llm import LLMAdjudicator, parse_answer
from host_pep.audit.secret import Secret

__all__ = [
    "AdjudicationRequest",
    "AdjudicationResult",
    "Adjudicator",
    "ApprovalQueue",
    "LLMAdjudicator",
    "PendingApproval",
    "Secret",
    "TimeoutDenyAdjudicator",
    "adjudicate_safely",
    "parse_answer",
    "resolve_adjudicator",
]
