"""The typed tools agents may call, as ``ToolSpec``s, read from android_bridge.tools' registry."""

from __future__ import annotations

from typing import Any

from android_bridge.api.models import ToolSpec


def _spec(tool: Any) -> ToolSpec:
    def get(*names: str, default: Any = None) -> Any:
        for name in names:
            if isinstance(tool, dict) and name in tool:
                return tool[name]
            if hasattr(tool, name):
                return getattr(tool, name)
        return default

    schema = get("input_schema", "schema", "parameters", "json_schema", default=None)
    if callable(schema):
        schema = schema()
    annotations = get("annotations", default=None) or {}
    if not isinstance(annotations, dict):
        annotations = dict(getattr(annotations, "__dict__", {}))
    read_only = get("read_only", "readonly", default=annotations.get("readOnlyHint", False))
    destructive = get("destructive", default=annotations.get("destructiveHint", not read_only))
    return ToolSpec(
        name=str(get("name")),
        description=str(get("description", default="") or ""),
        input_schema=dict(schema) if schema else {"type": "object"},
        read_only=bool(read_only),
        destructive=bool(destructive),
    )


def load_tool_specs() -> list[ToolSpec]:
    """Every registered typed tool; empty if the tool registry is unavailable."""
    try:
        from android_bridge import tools as registry
    except ImportError:
        return []
    for name in ("tool_specs", "all_tools", "list_tools", "registry", "TOOLS"):
        found = getattr(registry, name, None)
        if found is None:
            continue
        items = found() if callable(found) else found
        if isinstance(items, dict):
            items = list(items.values())
        return sorted((_spec(t) for t in items), key=lambda s: s.name)
    return []
