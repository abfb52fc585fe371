"""GatedTools: your own Python tools behind the PEP, without a daemon or a device.

```python
from host_pep.pep import PEP
from android_bridge.gateway.library import GatedTools

pep = PEP.create(policy="default")
tools = GatedTools(pep, session="s-1", agent="crm", user_request="book lunch with Zhang")

@tools.add
def lookup_contact(name: str) -> dict:
    \"\"\"Find one of the user's contacts by name.\"\"\"
    ...

out = await tools.call("lookup_contact", {"name": "Zhang Wei"})   # or tools.call_sync(...)
out.decision, out.executed, out.result, out.message
```

Every call is an AgentEvent (channel ``tool``, target the tool's name) decided before the function
runs; what it returns is recorded as observed provenance; a tool nobody registered is refused with
the same ``no executor provides tool X`` as the bridge and MCP front ends, and arguments outside
the tool's schema are refused, both before anything is decided.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from android_bridge.gateway.arguments import ArgumentError, check_arguments
from android_bridge.gateway.catalog import annotations_of
from android_bridge.gateway.mediate import mediate_call
from android_bridge.gateway.names import is_safe, safe_name
from android_bridge.tools.directory import UnknownTool
from host_pep.events import AgentEvent
from host_pep.verdict import Verdict

__all__ = ["ArgumentError", "GatedResult", "GatedTools", "LocalTool", "UnknownTool"]

Executor = Callable[[dict[str, Any]], Awaitable[Any]]


class LocalTool(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    name: str
    description: str
    input_schema: dict[str, Any]
    annotations: dict[str, Any] = Field(default_factory=dict)
    run: Any
    """An async callable taking the arguments as one dict."""

    def context(self, provider: str) -> dict[str, Any]:
        return {
            "description": self.description,
            "input_schema": self.input_schema,
            "annotations": self.annotations,
            "upstream": provider,
        }


class GatedResult(BaseModel):
    tool: str
    decision: str
    verdict: Verdict
    executed: bool
    result: Any = None
    error: str | None = None

    @property
    def message(self) -> str:
        """One sentence for a model or a log: what happened and why."""
        if self.executed:
            return f"{self.tool} ran ({self.decision})"
        if self.decision in ("allow", "rewrite"):
            return f"{self.tool} was allowed but did not run: {self.error}"
        rules = ", ".join(self.verdict.rule_ids) or "no rule id"
        stage = getattr(self.verdict.stage, "value", self.verdict.stage)
        return (
            f"droidgate did not let {self.tool} through: {self.decision} at {stage} "
            f"({rules}): {self.verdict.reason}"
        )


def _schema_of(fn: Callable[..., Any]) -> dict[str, Any]:
    """A strict JSON schema of a function's keyword arguments, from its type hints."""
    fields: dict[str, Any] = {}
    for name, param in inspect.signature(fn).parameters.items():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise TypeError(f"{fn.__name__}: *args / **kwargs cannot be described to a model")
        hint = param.annotation if param.annotation is not param.empty else Any
        default = param.default if param.default is not param.empty else ...
        fields[name] = (hint, default)
    model = create_model(f"{fn.__name__}_args", __config__=ConfigDict(extra="forbid"), **fields)
    schema = model.model_json_schema()
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
    return schema


def _async(fn: Callable[..., Any]) -> Executor:
    if inspect.iscoroutinefunction(fn):

        async def run_async(args: dict[str, Any]) -> Any:
            return await fn(**args)

        return run_async

    async def run_sync(args: dict[str, Any]) -> Any:
        # a blocking tool must not stall the event loop other calls are decided on
        return await asyncio.to_thread(fn, **args)

    return run_sync


class GatedTools:
    def __init__(
        self,
        pep: Any,
        *,
        session: str,
        agent: str,
        user_request: str = "",
        provider: str = "local",
        channel: str = "tool",
    ) -> None:
        self.pep = pep
        self.session = session
        self.agent = agent
        self.user_request = user_request
        self.provider = provider
        self.channel = channel
        self._tools: dict[str, LocalTool] = {}
        self._aliases: dict[str, str] = {}

    # -- registering ----------------------------------------------------------------------------

    def add(
        self,
        fn: Callable[..., Any] | None = None,
        *,
        name: str | None = None,
        description: str | None = None,
        input_schema: dict[str, Any] | None = None,
        annotations: dict[str, Any] | None = None,
        run: Executor | None = None,
    ) -> Any:
        """Register ``fn`` (usable as a decorator). Name, description and schema come from the
        function unless given; ``run`` (an async callable of the argument dict) replaces ``fn``
        for tools that are not plain functions (a LangChain tool, a remote call)."""

        def register(target: Callable[..., Any] | None) -> Any:
            given = name or (target.__name__ if target is not None else None)
            if not given:
                raise ValueError("a tool needs a name")
            exposed = given if is_safe(given) else safe_name(given)
            if exposed in self._tools:
                raise ValueError(f"a tool named {exposed!r} is already registered")
            schema = input_schema or (_schema_of(target) if target is not None else None)
            if schema is None:
                raise ValueError(f"{given}: give input_schema (or a function to read it from)")
            runner = run or (_async(target) if target is not None else None)
            if runner is None:
                raise ValueError(f"{given}: give a function or run=")
            doc = description or (inspect.getdoc(target) if target is not None else "") or ""
            self._tools[exposed] = LocalTool(
                name=exposed,
                description=doc,
                input_schema=schema,
                annotations=annotations_of(annotations) if annotations else {},
                run=runner,
            )
            if exposed != given:
                self._aliases[given] = exposed
            return target

        if fn is None and run is None:
            return register
        return register(fn)

    def tools(self) -> list[LocalTool]:
        return list(self._tools.values())

    def openai_tools(self) -> list[dict[str, Any]]:
        """The tools in OpenAI's function-calling format (names valid for every major API)."""
        return [
            {
                "type": "function",
                "function": {
                    "name": t.name,
                    "description": t.description,
                    "parameters": t.input_schema,
                },
            }
            for t in self._tools.values()
        ]

    # -- calling --------------------------------------------------------------------------------

    def resolve(self, name: str, arguments: Any) -> LocalTool:
        """The tool ``name`` means, arguments checked; UnknownTool / ArgumentError otherwise."""
        tool = self._tools.get(self._aliases.get(name, name))
        if tool is None:
            raise UnknownTool(name)
        check_arguments(tool.name, tool.input_schema, arguments)
        return tool

    async def call(self, name: str, arguments: dict[str, Any] | None = None) -> GatedResult:
        """Decide, then run only what the PEP lets through. Raises UnknownTool or ArgumentError
        (before any decision); every other failure is a result that did not execute."""
        args = dict(arguments or {})
        tool = self.resolve(name, args)
        context: dict[str, Any] = {
            "tool": tool.context(self.provider),
            "tool_description": tool.description,
        }
        if self.user_request:
            context["user_request"] = self.user_request
        event = AgentEvent.parse(
            {
                "session": self.session,
                "agent": self.agent,
                "channel": self.channel,
                "action": "tool_call",
                "target": tool.name,
                "payload": args,
                "context": context,
            }
        )
        done = await mediate_call(self.pep, event, tool.run)
        return GatedResult(
            tool=tool.name,
            decision=str(getattr(done.verdict.decision, "value", done.verdict.decision)),
            verdict=done.verdict,
            executed=done.executed,
            result=done.result,
            error=done.error,
        )

    def call_sync(self, name: str, arguments: dict[str, Any] | None = None) -> GatedResult:
        """``call`` for code without an event loop."""
        return asyncio.run(self.call(name, arguments))
