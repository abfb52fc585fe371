"""Typed tools: a pydantic argument model (→ JSON schema) + the ADB command that performs it on
the device + the parsing of its output.

Every tool acts through the device's own providers and tools (``content``, ``settings``), so its
effect is device state that ``content query`` shows, exactly as an app's would be. Tools are
executed only by the Mediator, after the PEP let the ``tool_call``/``llm`` event through; the
result they return is recorded by the PEP as observed provenance (``record_result``).
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from android_bridge.events.api import parse_rows
from host_pep.exceptions import EventValidationError


class ToolError(Exception):
    """The tool ran but the device reported a failure."""


Step = str | Callable[[list[str]], str]
"""A shell command line, or a function of the outputs so far that returns one (a tap on the
widget the previous ``uiautomator dump`` found)."""


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    args: type[BaseModel]
    commands: Callable[[Any], list[Step]]
    """Args -> the shell commands to run, in order."""
    parse: Callable[[Any, list[str]], Any]
    """(args, outputs) -> the JSON result the agent gets."""
    read_only: bool = False
    destructive: bool = False
    annotations: dict[str, Any] = field(default_factory=dict)

    @property
    def input_schema(self) -> dict[str, Any]:
        schema = self.args.model_json_schema()
        schema.pop("title", None)
        return schema

    def mcp_annotations(self) -> dict[str, Any]:
        return {
            "readOnlyHint": self.read_only,
            "destructiveHint": self.destructive,
            "idempotentHint": self.read_only,
            "openWorldHint": not self.read_only,
            **self.annotations,
        }

    def validate(self, payload: dict[str, Any]) -> BaseModel:
        try:
            return self.args.model_validate(payload)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ()))
            raise EventValidationError(
                f"{self.name}: {first.get('msg', 'invalid')}",
                field=f"payload.{where}" if where else "payload",
            ) from exc


def q(value: object) -> str:
    """Quote one argument for the device's /system/bin/sh."""
    return shlex.quote(str(value))


def sql_literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _escape_bind(text: str) -> str:
    # Android 12+'s `content` splits a binding on unescaped colons
    return text.replace("\\", "\\\\").replace(":", "\\:")


def bind(column: str, value: object, typ: str = "s") -> str:
    return f"--bind {q(f'{_escape_bind(column)}:{typ}:{_escape_bind(str(value))}')}"


def insert(uri: str, binds: list[str]) -> str:
    return f"content insert --uri {q(uri)} " + " ".join(binds)


def query(uri: str, where: str | None = None) -> str:
    cmd = f"content query --uri {q(uri)}"
    if where:
        cmd += f" --where {q(where)}"
    return cmd


def now_ms() -> int:
    return int(time.time() * 1000)


def rows_of(output: str) -> list[dict[str, str]]:
    rows = parse_rows(output)
    return [{k: v for k, v in row.items() if v != "NULL"} for row in rows]


def check_write(output: str) -> None:
    """A write's output; the `content` tool exits 0 even when it fails, so read the text."""
    text = output.strip()
    if (
        text.lower().startswith(("error", "exception"))
        or "Error while accessing" in text
        or "[ERROR]" in text
        or "Exception" in text
    ):
        raise ToolError(text[:300])
