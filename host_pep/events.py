"""AgentEvent: the one object every channel's pending action is normalized into.

The JSON form is a public contract (see DESIGN.md):
``{"session", "agent", "channel", "action", "target", "payload", "provenance", "context", "ts"}``.
``id`` is optional on the wire; the PEP assigns one when it is missing so that observations and
audit records can point at the event that produced them.
"""

from __future__ import annotations

import json
import time
from enum import StrEnum
from os import urandom
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from host_pep.exceptions import EventValidationError
from host_pep.types import JSONObject

# Limits keep one hostile event from exhausting memory or time on the enforcement path.
MAX_ID_CHARS = 256
MAX_TARGET_CHARS = 1024
MAX_PAYLOAD_BYTES = 256 * 1024
MAX_SCREEN_XML_BYTES = 4 * 1024 * 1024
MAX_CONTEXT_BYTES = MAX_SCREEN_XML_BYTES + 256 * 1024
MAX_NESTING = 12


class Channel(StrEnum):
    GUI = "gui"
    API = "api"
    TOOL = "tool"
    LLM = "llm"


class ActionType(StrEnum):
    TAP = "tap"
    TEXT_INPUT = "text_input"
    SWIPE = "swipe"
    KEY = "key"
    LAUNCH = "launch"
    ROTATE = "rotate"  # set the screen orientation (GUI; navigation)
    API_CALL = "api_call"
    TOOL_CALL = "tool_call"


def _json_size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, default=str).encode())


# A str of n characters is at most 6n + 2 bytes of JSON ("\u0000" escapes; UTF-8 needs <= 4).
_STR_FACTOR = 6


def _bounds(value: Any, level: int = 0) -> tuple[int, int]:
    """(nesting depth, an upper bound of ``_json_size(value)``) in one walk. A dict or list
    is one level deeper than its items; a scalar adds none.

    Why: measuring every event's payload, provenance and context exactly meant three
    ``json.dumps`` per event on the serving path; a bound is enough to accept the usual small
    event, and only one near a limit is measured exactly."""
    if isinstance(value, str):
        return level, _STR_FACTOR * len(value) + 2
    if isinstance(value, dict):
        depth, size = level + 1, 2
        for key, item in value.items():
            d, n = _bounds(item, level + 1)
            if d > depth:
                depth = d
            size += n + _STR_FACTOR * len(str(key)) + 6  # quotes, ": ", ", "
        return depth, size
    if isinstance(value, list):
        depth, size = level + 1, 2
        for item in value:
            d, n = _bounds(item, level + 1)
            if d > depth:
                depth = d
            size += n + 2  # ", "
        return depth, size
    if value is None or isinstance(value, bool | float):
        return level, 32  # null, true, false, a float's repr (<= 24 chars), Infinity
    if isinstance(value, int):
        return level, value.bit_length() // 3 + 2  # decimal digits < bits * log10(2), a sign
    return level, _json_size(value)  # anything else is dumped as its str()


def _check_bounds(value: Any, max_bytes: int) -> None:
    depth, bound = _bounds(value)
    if depth > MAX_NESTING:
        raise ValueError(f"nested deeper than {MAX_NESTING} levels")
    if bound > max_bytes and _json_size(value) > max_bytes:
        raise ValueError(f"larger than {max_bytes} bytes")


def new_event_id() -> str:
    """A random (version 4) UUID as 32 hex digits, the form ``uuid.uuid4().hex`` gives, for a
    third of its cost (~0.5 us against ~1.6: every event the PEP numbers itself pays it)."""
    raw = bytearray(urandom(16))
    raw[6] = raw[6] & 0x0F | 0x40  # version 4
    raw[8] = raw[8] & 0x3F | 0x80  # the RFC 4122 variant
    return raw.hex()


class AgentEvent(BaseModel):
    """e = <s, a, c, tau, o, p, pi, m, t>."""

    model_config = ConfigDict(extra="forbid", frozen=False, use_enum_values=False)

    session: str = Field(min_length=1, max_length=MAX_ID_CHARS)
    agent: str = Field(min_length=1, max_length=MAX_ID_CHARS)
    channel: Channel
    action: ActionType
    target: str = Field(default="", max_length=MAX_TARGET_CHARS)
    payload: JSONObject = Field(default_factory=dict)
    provenance: JSONObject = Field(default_factory=dict)
    """What the agent *claims*. Audited, never used for a decision."""
    context: JSONObject = Field(default_factory=dict)
    ts: float = Field(default_factory=time.time)
    id: str = Field(default_factory=new_event_id, max_length=MAX_ID_CHARS)

    @field_validator("session")
    @classmethod
    def _not_a_device_scope(cls, value: str) -> str:
        # "device:<serial>" names a device's provenance memory in the PEP (pep.provenance_scope)
        if value.startswith("device:"):
            raise ValueError("a session id may not start with 'device:' (reserved for devices)")
        return value

    @field_validator("payload", "provenance")
    @classmethod
    def _bounded_object(cls, value: JSONObject) -> JSONObject:
        _check_bounds(value, MAX_PAYLOAD_BYTES)
        return value

    @field_validator("context")
    @classmethod
    def _bounded_context(cls, value: JSONObject) -> JSONObject:
        xml = value.get("screen_xml")
        if xml is not None and not isinstance(xml, str):
            raise ValueError("screen_xml must be a string")
        if xml is not None and len(xml.encode()) > MAX_SCREEN_XML_BYTES:
            raise ValueError(f"screen_xml larger than {MAX_SCREEN_XML_BYTES} bytes")
        _check_bounds(value, MAX_CONTEXT_BYTES)
        return value

    @property
    def user_request(self) -> str:
        """The user's own request for this session, if the caller supplied one."""
        value = self.context.get("user_request", "")
        return value if isinstance(value, str) else ""

    def summary(self) -> str:
        """One line for logs and audit: never includes payload values."""
        return (
            f"{self.agent}@{self.session} {self.channel.value}/{self.action.value} -> {self.target}"
        )

    @classmethod
    def parse(cls, data: Any) -> AgentEvent:
        """Validate untrusted input; raise EventValidationError naming the first bad field."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise EventValidationError(f"not valid JSON ({exc.msg})", field="event") from exc
        if not isinstance(data, dict):
            raise EventValidationError("an event must be a JSON object", field="event")
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first.get("loc", ())) or "event"
            raise EventValidationError(first.get("msg", "invalid"), field=field) from exc
