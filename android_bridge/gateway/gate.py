"""The Gateway: the union of the upstreams' tools, their pins, and forwarding.

The Gateway never decides anything. It tells whoever mediates a call (the Mediator, the library's
``GatedTools``) which tools exist and what the PEP must know about each (``context.tool``), and it
forwards a call once the PEP let it through. Its one lever on the policy is the control plane:
while a tool's definition differs from the accepted one, a FlowRule ``gateway:changed:<tool>``
makes every call to it escalate; accepting the new definition (an operator act, audited) removes
the rule.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol

from android_bridge.gateway.catalog import ProvidedTool, annotations_of
from android_bridge.gateway.config import UpstreamSpec
from android_bridge.gateway.names import namespaced
from android_bridge.gateway.pins import PinStore
from android_bridge.gateway.upstream import UpstreamClient, UpstreamError, UpstreamUnavailable

log = logging.getLogger(__name__)

CHANGED_RULE = "gateway:changed:"
MAX_OBSERVED_TEXT = 256 * 1024


class RuleControl(Protocol):
    """The part of the PEP's control plane the gateway uses (``pep.rules``)."""

    def install(self, rule: Any) -> int: ...

    def remove(self, rule_id: str) -> int: ...

    def list(self) -> Any: ...


class AuditLike(Protocol):
    def append_event(
        self, kind: Any, session: str, detail: dict[str, Any], *, agent: str = ""
    ) -> Any: ...


class ToolUnavailable(Exception):
    """The tool's upstream is down or failed; nothing may be assumed to have happened."""


class NotAccepted(LookupError):
    """``accept`` of a tool that is not waiting for acceptance."""


def changed_rule_id(name: str) -> str:
    return f"{CHANGED_RULE}{name}"


class Gateway:
    def __init__(
        self,
        upstreams: list[UpstreamSpec],
        *,
        pins: PinStore | None = None,
        rules: RuleControl | None = None,
        audit: AuditLike | None = None,
        recorder: Any = None,
        log_dir: Path | None = None,
    ) -> None:
        names = [u.name for u in upstreams]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            raise ValueError(f"upstream names must be unique; repeated: {', '.join(sorted(dup))}")
        self.pins = pins or PinStore()
        self.rules = rules
        self.audit = audit
        self.recorder = recorder
        self._tools: dict[str, dict[str, ProvidedTool]] = {u.name: {} for u in upstreams}
        self._clients = {
            u.name: UpstreamClient(
                u, self._listed, errlog=log_dir / f"{u.name}.log" if log_dir else None
            )
            for u in upstreams
        }
        self._listeners: list[Callable[[], Awaitable[None] | None]] = []

    # -- lifecycle ------------------------------------------------------------------------------

    async def start(self, *, wait: float | None = None) -> None:
        """Connect every upstream (in parallel); an upstream that is down is retried in the
        background and its tools are unknown until it answers."""
        await asyncio.gather(*(c.start(wait=wait) for c in self._clients.values()))

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self._clients.values()))

    def on_change(self, listener: Callable[[], Awaitable[None] | None]) -> None:
        """Call ``listener`` whenever the exposed tool list changes (for MCP list_changed)."""
        self._listeners.append(listener)

    # -- the tool table -------------------------------------------------------------------------

    async def _listed(self, client: UpstreamClient, raw: list[Any]) -> None:
        table: dict[str, ProvidedTool] = {}
        for t in raw:
            try:
                tool = self._provided(client.name, t, table)
            except ValueError as exc:
                log.warning("upstream %s: skipped a tool: %s", client.name, exc)
                continue
            table[tool.name] = self.pins.check(tool)
        before = self._tools.get(client.name, {})
        self._tools[client.name] = table
        for tool in table.values():
            if tool.status == "changed":
                self._hold(tool)
            else:
                self._release(tool.name)
        if _digest(before) != _digest(table):
            await self._notify()

    def _provided(self, upstream: str, t: Any, taken: dict[str, ProvidedTool]) -> ProvidedTool:
        original = str(getattr(t, "name", "") or "")
        name = namespaced(upstream, original)
        if name in taken:  # two originals that only differ in characters agents cannot use
            digest = hashlib.sha256(original.encode()).hexdigest()[:6]
            name = namespaced(upstream, f"{original}_{digest}")
        schema = getattr(t, "input_schema", None) or getattr(t, "inputSchema", None)
        output = getattr(t, "output_schema", None) or getattr(t, "outputSchema", None)
        return ProvidedTool(
            name=name,
            upstream=upstream,
            original=original,
            title=getattr(t, "title", None),
            description=str(getattr(t, "description", "") or ""),
            input_schema=dict(schema) if isinstance(schema, dict) else {"type": "object"},
            output_schema=dict(output) if isinstance(output, dict) else None,
            annotations=annotations_of(getattr(t, "annotations", None)),
        )

    def _hold(self, tool: ProvidedTool) -> None:
        """Make calls to a changed tool escalate (installed once; kept across re-listings)."""
        if self.rules is None:
            return
        from host_pep.rules import FlowRule

        rid = changed_rule_id(tool.name)
        if any(getattr(r, "id", None) == rid for r in self.rules.list()):
            return
        rule = FlowRule.model_validate(
            {
                "id": rid,
                "match": {"target": tool.name},
                "decision": "escalate",
                "reason": (
                    f"{tool.name}'s {', '.join(tool.changed) or 'definition'} changed since it "
                    "was accepted (possible tool poisoning); calls are held until the operator "
                    f"accepts the new definition (droidgate gateway accept {tool.name})"
                ),
                "priority": 1000,
            }
        )
        self.rules.install(rule)
        record = getattr(self.recorder, "record_rule_install", None)
        if record is not None:
            record(rule)
        log.warning("tool %s changed (%s): calls escalate", tool.name, ", ".join(tool.changed))

    def _release(self, name: str) -> None:
        if self.rules is None:
            return
        rid = changed_rule_id(name)
        if any(getattr(r, "id", None) == rid for r in self.rules.list()):
            self.rules.remove(rid)
            record = getattr(self.recorder, "record_rule_remove", None)
            if record is not None:
                record(rid)

    async def _notify(self) -> None:
        for listener in list(self._listeners):
            try:
                res = listener()
                if asyncio.iscoroutine(res):
                    await res
            except Exception as exc:
                log.warning("a tool-list listener failed: %s", exc)

    def tools(self) -> list[ProvidedTool]:
        out = []
        for upstream, table in self._tools.items():
            down = not self._clients[upstream].connected
            for tool in table.values():
                out.append(tool.model_copy(update={"status": "unavailable"}) if down else tool)
        return sorted(out, key=lambda t: t.name)

    def get(self, name: str) -> ProvidedTool | None:
        for upstream, table in self._tools.items():
            tool = table.get(name)
            if tool is not None:
                if not self._clients[upstream].connected:
                    return tool.model_copy(update={"status": "unavailable"})
                return tool
        return None

    def upstreams(self) -> list[dict[str, Any]]:
        return [
            {
                "name": c.name,
                "transport": c.spec.transport,
                "where": c.spec.where(),
                "connected": c.connected,
                "protocol": c.protocol,
                "tools": len(self._tools.get(c.name, {})),
                "last_error": c.last_error,
            }
            for c in self._clients.values()
        ]

    # -- forwarding -----------------------------------------------------------------------------

    async def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Forward a call the PEP let through; the upstream's result as JSON (MCP's
        CallToolResult shape). Raises ToolUnavailable when nothing can be said to have run."""
        tool = self.get(name)
        if tool is None:
            raise ToolUnavailable(f"no upstream provides {name!r} (any more)")
        client = self._clients[tool.upstream]
        try:
            result = await client.call(tool.original, arguments)
        except (UpstreamUnavailable, UpstreamError) as exc:
            raise ToolUnavailable(str(exc)) from exc
        return result_json(result)

    # -- the operator ---------------------------------------------------------------------------

    def accept(self, name: str, *, by: str = "operator") -> ProvidedTool:
        """Accept a changed tool's current definition: its calls are judged normally again."""
        tool = next((t[name] for t in self._tools.values() if name in t), None)
        if tool is None:
            raise NotAccepted(f"no tool {name!r}")
        if tool.status != "changed":
            raise NotAccepted(f"{name} is not waiting for acceptance (its definition is accepted)")
        previous = self.pins.accept(tool, by=by)
        accepted = tool.model_copy(update={"status": "ok", "changed": []})
        self._tools[tool.upstream][name] = accepted
        if self.audit is not None:
            self.audit.append_event(
                "rule_change",
                "",
                {
                    "change": "gateway_tool_accepted",
                    "tool": name,
                    "upstream": tool.upstream,
                    "by": by,
                    "changed": tool.changed,
                    "fingerprint": tool.fingerprint(),
                    "previous_fingerprint": previous.fingerprint if previous else None,
                },
            )
        self._release(name)
        return accepted


def result_json(result: Any) -> dict[str, Any]:
    """An MCP CallToolResult as plain JSON (camelCase, as on the wire)."""
    data: dict[str, Any]
    if hasattr(result, "model_dump"):
        data = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    elif isinstance(result, dict):
        data = dict(result)
    else:
        data = {"content": [{"type": "text", "text": str(result)}]}
    for key in ("_meta", "resultType"):  # protocol bookkeeping, not the tool's answer
        data.pop(key, None)
    data.setdefault("content", [])
    data["isError"] = bool(data.get("isError", False))
    return data


def observable(result: Any) -> Any:
    """What the PEP records from an upstream's result: its structured content and its text
    (JSON text parsed, so keys like ``phone`` label their values), bounded in size."""
    if not isinstance(result, dict):
        return result
    out: dict[str, Any] = {}
    if result.get("structuredContent") is not None:
        out["structured"] = result["structuredContent"]
    texts: list[Any] = []
    budget = MAX_OBSERVED_TEXT
    for item in result.get("content") or []:
        if not isinstance(item, dict):
            continue
        text = item.get("text")
        if text is None and isinstance(item.get("resource"), dict):
            text = item["resource"].get("text")
        if not isinstance(text, str) or budget <= 0:
            continue
        text = text[:budget]
        budget -= len(text)
        parsed: Any = text
        if text[:1] in "[{":
            with contextlib.suppress(ValueError):
                parsed = json.loads(text)
        texts.append(parsed)
    if texts:
        out["content"] = texts
    return out or None


def _digest(table: dict[str, ProvidedTool]) -> str:
    return hashlib.sha256(
        json.dumps(
            sorted((n, t.fingerprint(), t.status) for n, t in table.items()), default=str
        ).encode()
    ).hexdigest()
