"""Policy bundles: schema, loading and overlays, and the open-world tool classifier."""

from host_pep.policy.load import apply_overlay, load_bundle, resolve_policy, shipped_names
from host_pep.policy.model import AgentScope, AppRole, AppSpec, PolicyBundle, ToolSpec

__all__ = [
    "AgentScope",
    "AppRole",
    "AppSpec",
    "PolicyBundle",
    "ToolSpec",
    "apply_overlay",
    "load_bundle",
    "resolve_policy",
    "shipped_names",
]
