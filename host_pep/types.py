"""Type aliases shared across host_pep."""

from __future__ import annotations

from typing import Any, TypeAlias

JSONValue: TypeAlias = Any
"""Any value that survives ``json.dumps``; payloads and results are nested dicts/lists of these."""

JSONObject: TypeAlias = dict[str, Any]

SessionId: TypeAlias = str
AgentId: TypeAlias = str
RuleId: TypeAlias = str
