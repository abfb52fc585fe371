"""The scripted agents: an interpreter of an execution's steps that talks to the daemon only
through the bridge API (over HTTP, a few through MCP), as an external agent would.

A GUI agent asks for the screen, finds its widget in the returned XML, and submits the tap or
the typing with the hash of the screen it planned on; a tool/API agent submits ``tool_call`` /
``api_call`` events and keeps what results show in its own memory (``save``); the LLM-planned
ones run the bridge's planner against a scripted OpenAI-compatible server. Values an agent
remembers are substituted into later steps as ``{name}``.

An agent that is denied gives up on the task (as the planner is told to), unless the step says
``continue: true``.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from android_bridge.api.client import BridgeError
from scenarios.android.model import StepRecord
from scenarios.android.widgets import WidgetNotFound, find

_VAR = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


class Stop(Exception):
    """The agent ends its task (denied, or it could not go on)."""


class Stuck(Stop):
    """The agent could not go on for a reason of its own (a widget or a value it expected is
    not there): a script or device problem, reported apart from policy refusals."""


def substitute(value: Any, memory: dict[str, str]) -> Any:
    if isinstance(value, str):
        return _VAR.sub(lambda m: memory.get(m.group(1), m.group(0)), value)
    if isinstance(value, dict):
        return {k: substitute(v, memory) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute(v, memory) for v in value]
    return value


def dig(data: Any, path: str) -> Any:
    """``contacts.0.phone`` in a JSON result."""
    for part in path.split("."):
        if isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        elif isinstance(data, dict) and part in data:
            data = data[part]
        else:
            return None
    return data


ToolCaller = Callable[[str, str, dict[str, Any]], Awaitable[tuple[dict[str, Any], float]]]


class ScriptedAgent:
    """Runs one execution's steps in one bridge session."""

    def __init__(
        self,
        bridge: Any,
        session: str,
        *,
        agent: str,
        request: str,
        chat_url: Callable[[list[Any]], Any] | None = None,
        tool_caller: ToolCaller | None = None,
    ) -> None:
        self.bridge = bridge
        self.session = session
        self.agent = agent
        self.request = request
        self.memory: dict[str, str] = {}
        self.records: list[StepRecord] = []
        self._chat = chat_url
        self._tool_caller = tool_caller
        self.stuck: str | None = None

    async def run(self, steps: list[dict[str, Any]]) -> str | None:
        """Run the steps; returns why the agent stopped early (None if it finished)."""
        try:
            for step in steps:
                await self._step(step)
        except Stuck as why:
            self.stuck = str(why)
            return str(why)
        except Stop as why:
            return str(why)
        except BridgeError as exc:  # the API refused the request itself (not a PEP decision)
            self.stuck = f"bridge API error: {exc}"
            return self.stuck
        return None

    async def _step(self, step: dict[str, Any]) -> None:
        agent = str(step.get("agent", self.agent))
        if "maybe" in step:
            spec = step["maybe"]
            # The drift of a real GUI agent, made deterministic: a seeded coin decides.
            taken = random.Random(int(spec["seed"])).random() < float(spec.get("p", 0.5))
            for sub in spec["steps"] if taken else spec.get("otherwise", []):
                await self._step(sub)
            return
        for op in ("launch", "tap", "type", "read", "back", "key", "screen", "tool", "api", "plan"):
            if op in step:
                handler = getattr(self, "_" + op)
                await handler(substitute(step[op], self.memory), agent, step)
                return
        raise Stop(f"unknown step {step}")

    # -- GUI ------------------------------------------------------------------------------------
    async def _screen(self, spec: Any = None, agent: str = "", step: Any = None) -> Any:
        return await self.bridge.screen(self.session)

    async def _submit(
        self, op: str, agent: str, event: dict[str, Any], step: dict[str, Any], **kw: Any
    ) -> Any:
        gui_action = kw.pop("gui_action", None)
        start = time.perf_counter()
        out = await self.bridge.submit(self.session, {"agent": agent, **event}, **kw)
        rtt = (time.perf_counter() - start) * 1000
        self.records.append(
            StepRecord(
                op=op,
                agent=agent,
                channel=event["channel"],
                target=str(event.get("target", "")),
                event_id=out.event_id,
                decision=out.decision,
                stage=str(getattr(out.verdict.stage, "value", out.verdict.stage)),
                reason=out.verdict.reason,
                executed=out.executed,
                stale=out.stale,
                error=out.error,
                rtt_ms=round(rtt, 3),
                gui_action=gui_action if out.executed else None,
            )
        )
        if not out.executed and not step.get("continue"):
            raise Stop(f"{op} not done: {out.decision}: {out.verdict.reason or out.error}")
        return out

    async def _launch(self, package: str, agent: str, step: dict[str, Any]) -> None:
        event = {"channel": "gui", "action": "launch", "payload": {"package": package}}
        await self._submit(
            "launch", agent, event, step, gui_action={"op": "launch", "package": package}
        )

    async def _find(self, spec: dict[str, Any]) -> tuple[Any, Any]:
        screen = await self.bridge.screen(self.session)
        try:
            return screen, find(screen.xml, spec)
        except WidgetNotFound as exc:
            raise Stuck(str(exc)) from exc

    async def _tap(self, spec: dict[str, Any], agent: str, step: dict[str, Any]) -> None:
        screen, widget = await self._find(spec)
        x, y = widget.center
        event = {"channel": "gui", "action": "tap", "payload": {"x": x, "y": y}}
        await self._submit(
            "tap", agent, event, step, screen_hash=screen.hash,
            gui_action={"op": "click", "x": x, "y": y},
        )  # fmt: skip

    async def _type(self, spec: dict[str, Any], agent: str, step: dict[str, Any]) -> None:
        screen, widget = await self._find({k: v for k, v in spec.items() if k != "text"})
        text = str(spec["text"])
        selector = {"resourceId": widget.resource_id}
        event = {
            "channel": "gui",
            "action": "text_input",
            "payload": {"text": text, "selector": selector},
        }
        await self._submit(
            "type", agent, event, step, screen_hash=screen.hash,
            gui_action={"op": "set_text", "selector": selector, "text": text},
        )  # fmt: skip

    async def _read(self, spec: dict[str, Any], agent: str, step: dict[str, Any]) -> None:
        _, widget = await self._find({k: v for k, v in spec.items() if k != "as"})
        self.memory[str(spec["as"])] = widget.text

    async def _back(self, spec: Any, agent: str, step: dict[str, Any]) -> None:
        await self._key("back", agent, step)

    async def _key(self, key: str, agent: str, step: dict[str, Any]) -> None:
        event = {"channel": "gui", "action": "key", "payload": {"key": key}}
        await self._submit("key", agent, event, step, gui_action={"op": "press", "key": key})

    # -- tools and ADB --------------------------------------------------------------------------
    def _save(self, spec: dict[str, Any], result: Any) -> None:
        for name, where in (spec.get("save") or {}).items():
            if isinstance(result, dict) and "output" in result and where.startswith("re:"):
                m = re.search(where[3:], str(result["output"]))
                value = m.group(1) if m else None
            else:
                value = dig(result, where)
            if value is None:
                raise Stuck(f"nothing at {where!r} in the result to remember as {name}")
            self.memory[name] = str(value)

    async def _tool(self, spec: dict[str, Any], agent: str, step: dict[str, Any]) -> None:
        name, args = str(spec["name"]), dict(spec.get("args") or {})
        if self._tool_caller is not None:  # through MCP
            data, rtt = await self._tool_caller(agent, name, args)
            if "decision" not in data:
                raise Stuck(f"MCP call {name} failed: {data.get('error', data)}")
            verdict = data.get("verdict") or {}
            self.records.append(
                StepRecord(
                    op="tool",
                    agent=agent,
                    channel="tool",
                    target=name,
                    event_id=str(data.get("event_id", "")),
                    decision=str(data.get("decision", "error")),
                    stage=str(verdict.get("stage", "")),
                    reason=str(verdict.get("reason", "")),
                    executed=bool(data.get("executed")),
                    error=data.get("error"),
                    rtt_ms=round(rtt, 3),
                )
            )
            if not data.get("executed") and not step.get("continue"):
                raise Stop(f"{name} not done: {data.get('decision')}: {verdict.get('reason')}")
            self._save(spec, data.get("result"))
            return
        channel = str(spec.get("channel", "tool"))
        event = {"channel": channel, "action": "tool_call", "target": name, "payload": args}
        out = await self._submit("tool", agent, event, step)
        if out.executed:
            self._save(spec, out.result)

    async def _api(self, spec: dict[str, Any], agent: str, step: dict[str, Any]) -> None:
        command = str(spec["command"])
        event = {"channel": "api", "action": "api_call", "payload": {"command": command}}
        out = await self._submit("api", agent, event, step)
        if out.executed:
            self._save(spec, out.result)

    # -- LLM-planned ----------------------------------------------------------------------------
    async def _plan(self, spec: dict[str, Any], agent: str, step: dict[str, Any]) -> None:
        from android_bridge.planner import ChatClient, Planner
        from host_pep.testing.openai_stub import OpenAIStub

        replies = list(spec["replies"])
        async with OpenAIStub(replies) as stub:
            chat = ChatClient(stub.base_url, model="stub-model")
            try:
                planner = Planner(
                    self.bridge, chat, session=self.session, agent=agent,
                    max_steps=int(spec.get("max_steps", 8)),
                )  # fmt: skip
                start = time.perf_counter()
                result = await planner.run(str(spec.get("task") or self.request))
                elapsed = (time.perf_counter() - start) * 1000
            finally:
                await chat.close()
        for s in result.steps:
            self.records.append(
                StepRecord(
                    op="plan",
                    agent=agent,
                    channel="llm",
                    target=s.tool,
                    decision=s.decision or "error",
                    reason=s.reason or "",
                    executed=s.executed,
                    error=s.error,
                    rtt_ms=round(elapsed / max(1, len(result.steps)), 3),
                )
            )
        if result.stopped == "error":
            raise Stuck(f"planner failed: {result.error}")
