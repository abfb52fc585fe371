"""What an upstream tool is, as the gateway exposes it and as the PEP is told about it."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, Field

HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
MAX_DESCRIPTION_CONTEXT = 16 * 1024
"""Characters of a description handed to the PEP (the fingerprint covers all of it)."""


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def annotations_of(raw: Any) -> dict[str, Any]:
    """MCP ToolAnnotations (any casing the SDK gives) -> the five keys of the PEP contract."""
    data: dict[str, Any] = {}
    if raw is not None:
        if hasattr(raw, "model_dump"):
            raw = raw.model_dump(by_alias=True, exclude_none=True)
        if isinstance(raw, dict):
            data = raw
    out: dict[str, Any] = {}
    for key in HINTS:
        snake = "".join("_" + c.lower() if c.isupper() else c for c in key)
        value = data.get(key, data.get(snake))
        out[key] = value if isinstance(value, bool) else None
    title = data.get("title")
    out["title"] = title if isinstance(title, str) else None
    return out


class ProvidedTool(BaseModel):
    """One upstream tool: its exposed name, the upstream's own name and metadata, its pin."""

    name: str
    """The name agents call: ``<upstream>__<tool>``."""
    upstream: str
    original: str
    """The upstream's own name for it (what is forwarded)."""
    title: str | None = None
    description: str = ""
    input_schema: dict[str, Any] = Field(default_factory=lambda: {"type": "object"})
    output_schema: dict[str, Any] | None = None
    annotations: dict[str, Any] = Field(default_factory=dict)
    status: Literal["ok", "changed", "unavailable"] = "ok"
    """``changed``: the description or schema differs from what the operator accepted (calls
    escalate until accepted); ``unavailable``: the upstream is down (calls fail closed)."""
    changed: list[str] = Field(default_factory=list)
    """What differs from the accepted version: description, input_schema, annotations, title."""

    def fingerprint(self) -> str:
        return hashlib.sha256(canonical(self.pinned_parts()).encode()).hexdigest()

    def pinned_parts(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "description": self.description,
            "input_schema": self.input_schema,
            "output_schema": self.output_schema,
            "annotations": self.annotations,
        }

    def context(self) -> dict[str, Any]:
        """``context.tool``: what the PEP's open-world classifier reads about this tool."""
        return {
            "description": self.description[:MAX_DESCRIPTION_CONTEXT],
            "input_schema": self.input_schema,
            "annotations": dict(self.annotations),
            "upstream": self.upstream,
        }

    @property
    def read_only(self) -> bool:
        return self.annotations.get("readOnlyHint") is True

    @property
    def destructive(self) -> bool:
        # MCP's default for a tool that does not say: it may be destructive
        return self.annotations.get("destructiveHint") is not False and not self.read_only
