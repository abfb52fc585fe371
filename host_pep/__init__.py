"""host_pep: droidgate's policy enforcement point, usable as a plain library (no Android code).

Public API: ``AgentEvent``, ``Verdict``, ``FlowRule``, the semantics contract for channel adapters,
and the ``PEP`` facade (``host_pep.pep``).
"""

from host_pep.events import ActionType, AgentEvent, Channel
from host_pep.exceptions import (
    DroidgateError,
    EnforcementError,
    EventValidationError,
    PolicyError,
    PolicyFileError,
)
from host_pep.rules import FlowRule, RuleMatch, RuleMode
from host_pep.semantics import (
    ActionSemantics,
    ChannelAdapter,
    Completion,
    FieldRole,
    ObservedValue,
    Operation,
)
from host_pep.verdict import Decision, Evidence, Stage, Verdict

__all__ = [
    "ActionSemantics",
    "ActionType",
    "AgentEvent",
    "Channel",
    "ChannelAdapter",
    "Completion",
    "Decision",
    "DroidgateError",
    "EnforcementError",
    "EventValidationError",
    "Evidence",
    "FieldRole",
    "FlowRule",
    "ObservedValue",
    "Operation",
    "PolicyError",
    "PolicyFileError",
    "RuleMatch",
    "RuleMode",
    "Stage",
    "Verdict",
]
