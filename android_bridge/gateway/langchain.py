"""LangChain / LangGraph tools behind the PEP (the ``langchain`` extra: ``langchain-core``).

```python
from android_bridge.gateway.langchain import gate_tools

safe_tools = gate_tools([search_contacts, post_to_slack], pep, session="s-1", agent="crm")
agent = create_react_agent(model, safe_tools)      # or llm.bind_tools(safe_tools)
```

Each returned tool has the original's name, description and argument schema; invoking it asks
the PEP first and runs the original only if the action is let through. A refusal comes back to
the model as the tool's answer (``ToolMessage`` content naming the decision, stage, rules and
reason), so an agent loop carries on instead of crashing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from android_bridge.gateway.library import GatedResult, GatedTools


def _require() -> Any:
    try:
        from langchain_core import tools
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "gating LangChain tools needs the 'langchain' extra: pip install 'droidgate[langchain]'"
        ) from exc
    return tools


def _schema(tool: Any) -> dict[str, Any]:
    args_schema = getattr(tool, "tool_call_schema", None) or getattr(tool, "args_schema", None)
    if args_schema is not None and hasattr(args_schema, "model_json_schema"):
        schema = dict(args_schema.model_json_schema())
    elif isinstance(args_schema, dict):
        schema = dict(args_schema)
    else:
        schema = {"type": "object", "properties": dict(getattr(tool, "args", {}) or {})}
    schema.pop("title", None)
    schema.pop("description", None)
    schema.setdefault("additionalProperties", False)
    return schema


def answer(result: GatedResult) -> Any:
    """What the model sees: the tool's own output when it ran, the verdict when it did not."""
    if result.executed:
        return result.result
    return result.message


def gate_tools(
    tools: Sequence[Any],
    pep: Any,
    *,
    session: str,
    agent: str,
    user_request: str = "",
    gate: GatedTools | None = None,
) -> list[Any]:
    """LangChain tools that ask the PEP before they run (see the module docstring)."""
    lc = _require()
    gate = gate or GatedTools(
        pep, session=session, agent=agent, user_request=user_request, provider="langchain"
    )
    gated: list[Any] = []
    for original in tools:

        async def run(args: dict[str, Any], original: Any = original) -> Any:
            return await original.ainvoke(args)

        gate.add(
            name=original.name,
            description=original.description or original.name,
            input_schema=_schema(original),
            run=run,
        )
        exposed = gate.tools()[-1].name

        async def acall(exposed: str = exposed, **kwargs: Any) -> Any:
            return answer(await gate.call(exposed, kwargs))

        def call(exposed: str = exposed, **kwargs: Any) -> Any:
            return answer(gate.call_sync(exposed, kwargs))

        gated.append(
            lc.StructuredTool.from_function(
                func=call,
                coroutine=acall,
                name=exposed,
                description=original.description or original.name,
                args_schema=getattr(original, "args_schema", None),
            )
        )
    return gated
