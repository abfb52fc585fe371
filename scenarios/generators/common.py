"""Building blocks shared by the suite generators: events per channel, cases, and the
per-app sources and sinks that the suites combine.

Events are plain dicts in DESIGN.md's AgentEvent wire format (channel-native for GUI and API:
the channel adapters complete them, offline as live). Timestamps and sessions derive from the
case id, so output never depends on time.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any

from scenarios.generators.screens import PACKAGES, Field, Screen

BASE_TS = 1764412800.0

AGENTS = {
    "contacts": "contacts_agent",
    "calendar": "calendar_agent",
    "clock": "clock_agent",
    "notes": "notes_agent",
    "finance": "finance_agent",
    "shopping": "shopping_agent",
    "mail": "mail_agent",
    "sms": "messaging_agent",
    "browser": "web_agent",
    "bank": "bank_agent",
    "files": "files_agent",
    "settings": "settings_agent",
}


@dataclass(slots=True)
class Case:
    id: str
    category: str
    description: str
    steps: list[dict[str, Any]] = field(default_factory=list)
    user_request: str | None = None
    policy: str | dict[str, Any] = "default"
    agent: str = "assistant"

    def event(
        self,
        channel: str,
        action: str,
        target: str,
        payload: dict[str, Any],
        *,
        agent: str | None = None,
        context: dict[str, Any] | None = None,
        provenance: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        ev: dict[str, Any] = {
            "session": f"s-{self.id}",
            "agent": agent or self.agent,
            "channel": channel,
            "action": action,
            "target": target,
            "payload": payload,
        }
        if provenance:
            ev["provenance"] = provenance
        if context:
            ev["context"] = context
        ev["ts"] = BASE_TS + len(self.steps)
        return ev

    def add(self, event: dict[str, Any], expect: str | None = None, result: Any = None) -> None:
        step: dict[str, Any] = {"event": event}
        if result is not None:
            step["result"] = result
        if expect is not None:
            step["expect"] = expect
        self.steps.append(step)

    def install(self, rule: dict[str, Any]) -> None:
        self.steps.append({"install_rule": rule})

    def remove(self, rule_id: str) -> None:
        self.steps.append({"remove_rule": rule_id})

    def doc(self) -> dict[str, Any]:
        scored = [s["expect"] for s in self.steps if "expect" in s]
        final = scored[-1] if scored else None
        out: dict[str, Any] = {
            "id": self.id,
            "category": self.category,
            "description": self.description,
            "expect_final": final,
            "policy": self.policy,
        }
        if self.user_request is not None:
            out["context"] = {"user_request": self.user_request}
        out["steps"] = self.steps
        return out


# ---- channel helpers ------------------------------------------------------------------------


def tool(
    case: Case,
    name: str,
    args: dict[str, Any],
    *,
    agent: str | None = None,
    provenance: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return case.event("tool", "tool_call", name, args, agent=agent, provenance=provenance)


def api(case: Case, command: str, *, agent: str | None = None) -> dict[str, Any]:
    return case.event("api", "api_call", "adb.shell", {"command": command}, agent=agent)


def gui_type(
    case: Case, screen: Screen, field_rid: str, text: str, *, agent: str | None = None
) -> dict[str, Any]:
    return case.event(
        "gui",
        "text_input",
        screen.package,
        {"text": text, "selector": {"resourceId": f"{screen.package}:id/{field_rid}"}},
        agent=agent,
        context={"app": screen.package, "screen_xml": screen.xml()},
    )


def gui_tap(
    case: Case, screen: Screen, rid: str, *, agent: str | None = None, by: str = "selector"
) -> dict[str, Any]:
    if by == "xy":
        x, y = screen.center_of(rid)
        payload: dict[str, Any] = {"x": x, "y": y}
    else:
        payload = {"selector": {"resourceId": f"{screen.package}:id/{rid}"}}
    return case.event(
        "gui",
        "tap",
        screen.package,
        payload,
        agent=agent,
        context={"app": screen.package, "screen_xml": screen.xml()},
    )


def gui_swipe(case: Case, screen: Screen, *, agent: str | None = None) -> dict[str, Any]:
    return case.event(
        "gui",
        "swipe",
        screen.package,
        {"direction": "up"},
        agent=agent,
        context={"app": screen.package, "screen_xml": screen.xml()},
    )


def q(value: str) -> str:
    """Quote one argument for the device shell."""
    return shlex.quote(value)


def bind(col: str, value: str) -> str:
    return f"--bind {col}:s:{q(value)}"


def rows(records: list[dict[str, str]]) -> str:
    """``content query`` output for ``records``."""
    if not records:
        return "No result found."
    return "\n".join(
        f"Row: {i} " + ", ".join(f"{k}={v}" for k, v in rec.items())
        for i, rec in enumerate(records)
    )


__all__ = ["PACKAGES", "Field", "Screen"]
