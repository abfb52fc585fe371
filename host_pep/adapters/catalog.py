"""The tools an agent was shown: what a gateway or a function-calling runtime says about them.

An event may carry the metadata of its own tool (``context.tool``, or the older
``context.tool_description``) and the whole list the model was given before it chose the call
(``context.tools``): MCP ``tools/list`` entries (``name``, ``description``, ``inputSchema``,
``annotations``, and the ``server`` a client adds) or OpenAI function definitions
(``{"type": "function", "function": {"name", "description", "parameters"}}``).

Both are agent-supplied like the rest of the event: they inform the classification of an unseen
tool and never make one more trusted than its name. Every description in the list is text the
model read -- written by whoever runs that server -- so one that tells the assistant to do
something (tool poisoning, one server's description "shadowing" how another's tool is called,
a listing that changed mid-session) is content from outside, whichever tool is called next.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from host_pep.events import AgentEvent

MAX_DESCRIPTION = 2000
MAX_LISTED = 256  # a catalog longer than this is read up to here (real clients list far fewer)
_SEPARATORS = (".", "__", "/", ":", "_", "-")


@dataclass(frozen=True, slots=True)
class ToolMetadata:
    """One tool as the agent was shown it: its name (``""`` when the event named only its
    own), description and MCP annotations, and the properties of its input schema."""

    description: str
    annotations: dict[str, Any]
    properties: tuple[str, ...]
    name: str = ""


def _metadata(entry: Mapping[str, Any]) -> ToolMetadata:
    function = entry.get("function")
    if isinstance(function, Mapping):  # an OpenAI function definition
        entry = function
    d = entry.get("description")
    a = entry.get("annotations")
    schema = entry.get("input_schema") or entry.get("inputSchema") or entry.get("parameters")
    properties: tuple[str, ...] = ()
    if isinstance(schema, Mapping) and isinstance(schema.get("properties"), Mapping):
        properties = tuple(str(k) for k in schema["properties"])
    name = entry.get("name")
    return ToolMetadata(
        d[:MAX_DESCRIPTION] if isinstance(d, str) else "",
        dict(a) if isinstance(a, Mapping) else {},
        properties,
        name if isinstance(name, str) else "",
    )


def listed_tools(event: AgentEvent) -> Iterator[tuple[Mapping[str, Any], ToolMetadata]]:
    """The entries of ``context.tools`` (a list, or a ``{"tools": [...]}`` listing), each with
    what it says; entries that are not objects are skipped."""
    tools = event.context.get("tools")
    if isinstance(tools, Mapping):
        tools = tools.get("tools")
    if not isinstance(tools, list):
        return
    for entry in tools[:MAX_LISTED]:
        if isinstance(entry, Mapping):
            yield entry, _metadata(entry)


def _names(entry: Mapping[str, Any], meta: ToolMetadata) -> set[str]:
    """How a call may name a listed tool: bare, or behind its server's name as MCP clients
    prefix it (``filesystem.read_file``, ``mcp__filesystem__read_file``)."""
    name = meta.name.strip().lower()
    if not name:
        return set()
    out = {name}
    server = entry.get("server")
    if isinstance(server, str) and server.strip():
        s = server.strip().lower()
        out |= {f"{s}{sep}{name}" for sep in _SEPARATORS}
        out.add(f"mcp__{s}__{name}")
    return out


def tool_metadata(event: AgentEvent) -> ToolMetadata:
    """What the event says about its own tool: ``context.tool``, else the entry of
    ``context.tools`` its target names; what neither says, the flat keys
    ``context.tool_description``, ``tool_annotations`` and ``tool_input_schema`` (or MCP's
    ``annotations`` and ``input_schema``/``inputSchema``)."""
    tool = event.context.get("tool")
    meta = _metadata(tool) if isinstance(tool, Mapping) else None
    if meta is None or not (meta.description or meta.annotations or meta.properties):
        target = event.target.strip().lower()
        for entry, listed in listed_tools(event):
            if target in _names(entry, listed):
                meta = listed
                break
    if meta is None:
        meta = ToolMetadata("", {}, ())
    if not (meta.description and meta.annotations and meta.properties):
        # the flat shape: context.tool_description, tool_annotations, tool_input_schema -- or
        # beside the description, MCP's own names (context.annotations, input_schema)
        ctx = event.context
        flat = _metadata(
            {
                "description": ctx.get("tool_description"),
                "annotations": ctx.get("tool_annotations") or ctx.get("annotations"),
                "input_schema": ctx.get("tool_input_schema")
                or ctx.get("input_schema")
                or ctx.get("inputSchema"),
            }
        )
        meta = ToolMetadata(
            meta.description or flat.description,
            meta.annotations or flat.annotations,
            meta.properties or flat.properties,
            meta.name,
        )
    return meta
