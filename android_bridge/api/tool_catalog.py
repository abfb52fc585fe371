"""The typed tools agents may call, as ``ToolSpec``s, from android_bridge.tools' registry."""

from __future__ import annotations

from android_bridge.api.models import ToolSpec


def load_tool_specs() -> list[ToolSpec]:
    """Every registered typed tool (name, description, JSON schema, readOnly/destructive)."""
    from android_bridge.tools import tool_specs

    return sorted(
        (
            ToolSpec(
                name=spec["name"],
                description=spec.get("description", ""),
                input_schema=spec.get("input_schema") or {"type": "object"},
                read_only=bool(spec.get("read_only", False)),
                destructive=bool(spec.get("destructive", False)),
                annotations=dict(spec.get("annotations") or {}),
            )
            for spec in tool_specs()
        ),
        key=lambda s: s.name,
    )
