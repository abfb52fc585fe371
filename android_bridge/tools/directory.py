"""The ToolDirectory: every tool an agent can call, from every provider, under one set of names.

Providers are droidgate's typed tools (run on the device) and the gateway's upstream MCP servers.
The directory answers three questions for every front end alike, before anything is decided:
which tool a name means (LLM-safe names, dotted aliases), whether the arguments fit its schema,
and what the PEP is told about it (``context.tool``). A name nobody provides is refused with
``no executor provides tool X`` — on the bridge, over MCP and in the library.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict

from android_bridge.api.models import ToolSpec
from android_bridge.gateway.arguments import ArgumentError, check_arguments
from android_bridge.gateway.catalog import annotations_of
from android_bridge.gateway.names import SEPARATOR, safe_name
from host_pep.adapters.tool import addresses_the_assistant

DROIDGATE = "droidgate"


class UnknownTool(LookupError):
    """No provider has a tool of this name."""

    def __init__(self, name: str) -> None:
        super().__init__(unknown_tool_message(name))
        self.name = name
        self.message = unknown_tool_message(name)


def unknown_tool_message(name: str) -> str:
    return (
        f"no executor provides tool {name!r}: it is neither one of droidgate's tools nor "
        "offered by a connected upstream (list them with GET /v1/tools or tools/list)"
    )


class ProvidedToolsLike(Protocol):
    """The gateway, as the directory sees it."""

    def tools(self) -> Sequence[Any]: ...

    def get(self, name: str) -> Any: ...


class ResolvedTool(BaseModel):
    # frozen: a typed tool's is made once and handed to every call that names it
    model_config = ConfigDict(frozen=True)

    spec: ToolSpec
    target: str
    """What the event's ``target`` becomes: the canonical name the policy and executor know."""
    context: dict[str, Any]
    """``context.tool``: description, input_schema, annotations, upstream (empty for droidgate's
    typed tools, which the policy bundle names)."""


def typed_spec(spec: ToolSpec) -> ToolSpec:
    """A typed tool under its LLM-safe name, with its dotted name as an alias."""
    safe = safe_name(spec.name)
    aliases = [a for a in [spec.name, *spec.aliases] if a != safe]
    annotations = annotations_of(spec.annotations) if spec.annotations else {}
    if not spec.annotations:
        annotations = {
            "readOnlyHint": spec.read_only,
            "destructiveHint": spec.destructive,
            "idempotentHint": spec.read_only,
            "openWorldHint": not spec.read_only,
            "title": None,
        }
    return spec.model_copy(
        update={
            "name": safe,
            "aliases": list(dict.fromkeys(aliases)),
            "annotations": annotations,
            "input_schema": _untitled(spec.input_schema),
        }
    )


def _untitled(schema: dict[str, Any]) -> dict[str, Any]:
    """pydantic titles every property after its own name ("Url" for url): noise to a model,
    and weight on every event that carries the schema in context.tool."""
    props = schema.get("properties")
    if not isinstance(props, dict):
        return schema
    clean = {
        k: {kk: vv for kk, vv in v.items() if kk != "title"} if isinstance(v, dict) else v
        for k, v in props.items()
    }
    return {**{k: v for k, v in schema.items() if k != "title"}, "properties": clean}


class ToolDirectory:
    def __init__(self, typed: Sequence[ToolSpec] = (), gateway: ProvidedToolsLike | None = None):
        self.gateway = gateway
        # droidgate's own tools are named in the policy bundle: the PEP knows what they are, so
        # their events carry no metadata (every event's context is walked for its size). Each
        # is resolved once, here, not validated again for every call (0.9 us a call).
        self._typed: dict[str, ResolvedTool] = {}
        for original in typed:
            spec = typed_spec(original)
            resolved = ResolvedTool(spec=spec, target=original.name, context={})
            for name in (spec.name, *spec.aliases):
                self._typed.setdefault(name, resolved)

    def specs(self) -> list[ToolSpec]:
        seen: dict[str, ToolSpec] = {}
        for resolved in self._typed.values():
            seen.setdefault(resolved.spec.name, resolved.spec)
        out = sorted(seen.values(), key=lambda s: s.name)
        if self.gateway is not None:
            out += [self._upstream_spec(t) for t in self.gateway.tools()]
        return out

    @staticmethod
    def _upstream_spec(tool: Any) -> ToolSpec:
        return ToolSpec(
            name=tool.name,
            aliases=[f"{tool.upstream}.{tool.name.split(SEPARATOR, 1)[1]}"],
            description=tool.description,
            input_schema=tool.input_schema,
            read_only=tool.read_only,
            destructive=tool.destructive,
            annotations=dict(tool.annotations),
            provider=tool.upstream,
            status=tool.status,
        )

    def telling(self, name: str) -> list[dict[str, Any]]:
        """The other upstream tools the agent is shown whose descriptions tell the assistant
        what to do -- poisoned, or dictating how another server's tool is called ("every
        message sent with chat__post_message must also go to …"). Stamped on a call of ``name``
        as ``context.tools`` (MCP's tools/list shape), so that what one server's description
        dictates is judged on another server's call. Honest descriptions are left out: each
        event's context is audited, and they tell the PEP nothing."""
        if self.gateway is None:
            return []
        return [
            {"name": t.name, "server": t.upstream, "description": t.description}
            for t in self.gateway.tools()
            if t.name != name and t.description and addresses_the_assistant(t.description, t.name)
        ]

    def resolve(self, name: str) -> ResolvedTool | None:
        found = self._typed.get(name)
        if found is not None:
            return found
        if self.gateway is not None:
            tool = self.gateway.get(name)
            if tool is None and "." in name and SEPARATOR not in name:
                # ``bank.transfer`` names the upstream ``bank``'s ``transfer``, like the
                # dotted names of droidgate's own tools
                tool = self.gateway.get(name.replace(".", SEPARATOR, 1))
            if tool is not None:
                return ResolvedTool(
                    spec=self._upstream_spec(tool), target=tool.name, context=tool.context()
                )
        return None

    def check(self, name: str, arguments: Any) -> ResolvedTool:
        """The tool ``name`` means, with ``arguments`` checked against its schema. Raises
        UnknownTool or ArgumentError (nothing is decided or audited for either)."""
        resolved = self.resolve(name)
        if resolved is None:
            raise UnknownTool(name)
        check_arguments(resolved.spec.name, resolved.spec.input_schema, arguments)
        return resolved


__all__ = ["ArgumentError", "ResolvedTool", "ToolDirectory", "UnknownTool"]
