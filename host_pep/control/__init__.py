"""Control plane: the revisioned FlowRule store and its runtime API."""

from host_pep.control.plane import ControlPlane
from host_pep.control.ruleset import RuleIndex
from host_pep.control.store import RuleStore, SQLiteRuleStore

__all__ = ["ControlPlane", "RuleIndex", "RuleStore", "SQLiteRuleStore"]
