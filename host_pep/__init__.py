"""host_pep: droidgate's policy enforcement point, usable as a plain library (no Android code).

Public API: the ``PEP`` facade, ``AgentEvent``, ``Verdict``, ``FlowRule``, the semantics contract
for channel adapters and the exception tree. Everything else is private to the package; other
packages import only these names and the documented seams (docs/contracts.md). ``PEP`` is loaded
on first use, so that importing the contracts does not load the engine.
"""

from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from host_pep.pep import PEP

__all__ = [
    "PEP",
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


def __getattr__(name: str) -> object:
    if name == "PEP":
        from host_pep.pep import PEP

        return PEP
    raise AttributeError(f"module 'host_pep' has no attribute {name!r}")
