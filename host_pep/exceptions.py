"""Exceptions raised by host_pep.

Hierarchy::

    DroidgateError
    ├── EventValidationError      bad AgentEvent input; names the field (``.field``)
    ├── PolicyError               a policy bundle or FlowRule is invalid
    │   └── PolicyFileError       ... and names the file, rule id and field
    ├── EnforcementError          something failed on the enforcement path (always turns into deny)
    │   ├── StageTimeout          a stage overran its deadline
    │   ├── AdapterMissing        no channel adapter can complete this event
    │   ├── AuditUnavailable      the audit store could not record a decision
    │   └── ControlPlaneUnavailable  the shared control plane (PostgreSQL) cannot be reached
    └── ControlPlaneError         a control-plane request was refused (unknown rule id, ...)

Nothing on the enforcement path lets one of these escape as an allow: the pipeline converts every
exception into a deny verdict and audits it.
"""

from __future__ import annotations


class DroidgateError(Exception):
    """Base class of every error droidgate raises on purpose."""


class EventValidationError(DroidgateError, ValueError):
    """An AgentEvent (or a channel-native event) is malformed."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field


class PolicyError(DroidgateError):
    """A policy bundle or FlowRule is invalid."""


class PolicyFileError(PolicyError):
    """A policy file is invalid; the message points at the file, the rule id and the field."""

    def __init__(self, message: str, *, path: str = "", rule_id: str = "", field: str = "") -> None:
        where = ":".join(p for p in (path, f"rule {rule_id}" if rule_id else "", field) if p)
        super().__init__(f"{where}: {message}" if where else message)
        self.path = path
        self.rule_id = rule_id
        self.field = field


class EnforcementError(DroidgateError):
    """A failure on the enforcement path. The PEP turns it into a deny."""


class StageTimeout(EnforcementError):
    """A pipeline stage overran its deadline."""


class AdapterMissing(EnforcementError):
    """No channel adapter is installed that can complete an event of this channel."""


class AuditUnavailable(EnforcementError):
    """The audit store could not record a decision, so the decision cannot be acknowledged."""


class ControlPlaneUnavailable(EnforcementError):
    """The shared control plane (a farm's PostgreSQL) cannot be reached or is too stale."""


class ControlPlaneError(DroidgateError):
    """A control-plane request was refused."""
