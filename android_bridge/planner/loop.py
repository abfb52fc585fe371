"""The LLM planner: the model plans tool calls; every one is submitted as an ``llm`` event.

Each round the model gets the task, the tool schemas (OpenAI function format) and a compact text
view of the current screen. Every tool call it plans goes through the bridge (so the Mediator and
the PEP) as ``channel: llm``; what comes back to the model is the result when the action ran, or
the decision and reason when it did not (evidence values stay masked). The loop ends on a final
answer (a message with no tool calls) or when the step budget is spent.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, Field

from android_bridge.api.client import BridgeError
from android_bridge.api.models import ToolSpec
from android_bridge.api.protocols import Bridge
from android_bridge.planner.chat import ChatClient, ChatError

SYSTEM_PROMPT = (
    "You operate an Android phone for the user through tools. Every tool call is checked by a "
    "policy enforcement point: a call can be denied or rewritten, and you are told why. Do not "
    "retry a denied call with the same data in another form. When the task is done, or cannot "
    "be done, answer in plain text without calling a tool."
)

_FN_NAME = re.compile(r"[^a-zA-Z0-9_-]")


class PlannerStep(BaseModel):
    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    decision: str | None = None
    executed: bool = False
    result: Any = None
    reason: str | None = None
    error: str | None = None


class PlannerResult(BaseModel):
    final: str | None = None
    stopped: Literal["answer", "budget", "error"]
    steps: list[PlannerStep] = Field(default_factory=list)
    rounds: int = 0
    error: str | None = None


def function_name(tool: str) -> str:
    """OpenAI function names allow [a-zA-Z0-9_-] only: ``contacts.lookup`` -> ``contacts_lookup``."""
    return _FN_NAME.sub("_", tool)[:64]


def openai_tools(tools: list[ToolSpec]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The tools in OpenAI function format, and function name -> tool name."""
    fns: list[dict[str, Any]] = []
    names: dict[str, str] = {}
    for tool in tools:
        fn = function_name(tool.name)
        if fn in names:  # two tools that only differ in punctuation: keep the first
            continue
        names[fn] = tool.name
        fns.append(
            {
                "type": "function",
                "function": {
                    "name": fn,
                    "description": tool.description or tool.name,
                    "parameters": tool.input_schema,
                },
            }
        )
    return fns, names


class Planner:
    def __init__(
        self,
        bridge: Bridge,
        chat: ChatClient,
        *,
        session: str,
        agent: str,
        max_steps: int = 8,
        with_screen: bool = True,
        system_prompt: str = SYSTEM_PROMPT,
    ) -> None:
        if max_steps < 1:
            raise ValueError("max_steps must be at least 1")
        self.bridge = bridge
        self.chat = chat
        self.session = session
        self.agent = agent
        self.max_steps = max_steps
        self.with_screen = with_screen
        self.system_prompt = system_prompt

    async def _screen(self) -> str | None:
        if not self.with_screen:
            return None
        from android_bridge.planner.screen_text import screen_text

        try:
            shot = await self.bridge.screen(self.session)
            return screen_text(shot.xml)
        except Exception as exc:  # the screen is context, not a gate: say so and carry on
            return f"(screen unavailable: {type(exc).__name__}: {exc})"

    async def run(self, task: str) -> PlannerResult:
        fns, names = openai_tools(list(await self.bridge.tools()))
        screen = await self._screen()
        user = task if screen is None else f"{task}\n\nCurrent screen:\n{screen}"
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": self.system_prompt},
            {"role": "user", "content": user},
        ]
        result = PlannerResult(stopped="budget")
        steps_left = self.max_steps
        while True:
            result.rounds += 1
            try:
                message = await self.chat.complete(messages, fns)
            except ChatError as exc:
                result.stopped, result.error = "error", str(exc)
                return result
            calls = message.get("tool_calls") or []
            if not calls:
                result.stopped, result.final = "answer", message.get("content") or ""
                return result
            if steps_left <= 0:
                return result
            messages.append(
                {"role": "assistant", "content": message.get("content"), "tool_calls": calls}
            )
            executed_any = False
            for call in calls:
                if steps_left <= 0:
                    # Every tool_call id needs an answer, or the next request is malformed.
                    content = {"status": "skipped", "reason": "step budget spent"}
                else:
                    steps_left -= 1
                    step, content = await self._run_call(call, names)
                    result.steps.append(step)
                    executed_any = executed_any or step.executed
                messages.append(
                    {
                        "role": "tool",
                        "tool_call_id": str(call.get("id", "")),
                        "content": json.dumps(content, default=str),
                    }
                )
            if executed_any:
                fresh = await self._screen()
                if fresh is not None and fresh != screen:  # only news costs tokens
                    screen = fresh
                    messages.append({"role": "user", "content": f"Current screen:\n{screen}"})

    async def _run_call(
        self, call: dict[str, Any], names: dict[str, str]
    ) -> tuple[PlannerStep, dict[str, Any]]:
        fn = call.get("function") or {}
        raw_name = str(fn.get("name", ""))
        # Unknown names are submitted as they are: the PEP judges (and denies) what it cannot place.
        tool = names.get(raw_name, raw_name)
        raw_args = fn.get("arguments") or "{}"
        try:
            args = json.loads(raw_args) if isinstance(raw_args, str) else raw_args
        except json.JSONDecodeError as exc:
            args = exc
        if not isinstance(args, dict):
            step = PlannerStep(tool=tool, error="arguments are not a JSON object; nothing was done")
            return step, {"status": "error", "error": step.error}
        step = PlannerStep(tool=tool, arguments=args)
        if not tool:
            step.error = "a tool call without a name; nothing was done"
            return step, {"status": "error", "error": step.error}
        event = {
            "agent": self.agent,
            "channel": "llm",
            "action": "tool_call",
            "target": tool,
            "payload": args,
        }
        try:
            out = await self.bridge.submit(self.session, event)
        except BridgeError as exc:
            step.error = exc.message
            return step, {"status": "error", "error": f"{exc.message}; nothing was done"}
        step.decision, step.executed, step.reason = out.decision, out.executed, out.verdict.reason
        step.error = out.error
        if out.executed:
            step.result = out.result
            content: dict[str, Any] = {"status": "ok", "result": out.result}
            if out.decision == "rewrite":
                content["note"] = f"policy removed values from the call: {out.verdict.reason}"
            return step, content
        if out.decision in ("allow", "rewrite"):
            return step, {
                "status": "error",
                "error": out.error or "the action failed; nothing was confirmed",
            }
        evidence = [f"{e.kind} {e.masked}" for e in out.verdict.evidence]
        return step, {
            "status": "denied" if out.decision == "deny" else out.decision,
            "reason": out.verdict.reason,
            "evidence": evidence,
        }
