"""Request and response bodies of the bridge API (the OpenAPI spec is generated from these)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from host_pep.audit.signed import SignedCheckpoint
from host_pep.events import MAX_ID_CHARS, MAX_TARGET_CHARS, ActionType, Channel
from host_pep.verdict import Verdict

PROTOCOL_VERSION = "1"
"""Bumped on any incompatible change to the bridge API's paths or bodies."""

_ID_PATTERN = r"^[A-Za-z0-9._:@-]+$"
_ID = Field(min_length=1, max_length=MAX_ID_CHARS, pattern=_ID_PATTERN)
AgentName = Annotated[str, Field(min_length=1, max_length=MAX_ID_CHARS, pattern=_ID_PATTERN)]


class Health(BaseModel):
    status: Literal["ok"] = "ok"
    protocol: str = PROTOCOL_VERSION
    version: str


class Status(BaseModel):
    protocol: str = PROTOCOL_VERSION
    version: str
    uptime_s: float
    devices: list[str]
    sessions: int
    ruleset_revision: int
    trace: str | None = None


class ToolSpec(BaseModel):
    """A tool as agents see it (JSON schema of its arguments plus MCP-style hints).

    ``name`` is valid for every major LLM API (letters, digits, ``_``, ``-``); ``aliases`` are
    other names the same tool answers to (droidgate's dotted ``contacts.lookup``)."""

    name: str
    description: str = ""
    input_schema: dict[str, Any] = Field(default_factory=lambda: {"type": "object"})
    read_only: bool = False
    destructive: bool = True
    annotations: dict[str, Any] = Field(default_factory=dict)
    """MCP tool annotations: readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title."""
    aliases: list[str] = Field(default_factory=list)
    provider: str = "droidgate"
    """``droidgate`` (a typed tool run on the device) or the name of the upstream MCP server."""
    status: Literal["ok", "changed", "unavailable"] = "ok"
    """``changed``: an upstream tool whose definition changed since the operator accepted it
    (its calls escalate); ``unavailable``: its upstream is down (its calls fail)."""


class ToolList(BaseModel):
    tools: list[ToolSpec]


class CreateSession(BaseModel):
    model_config = ConfigDict(extra="forbid")

    session: str | None = Field(
        default=None, min_length=1, max_length=MAX_ID_CHARS, pattern=r"^[A-Za-z0-9._:@-]+$"
    )
    """Choose the id (must be unused); omitted, the server makes one."""
    serial: str | None = Field(
        default=None,
        min_length=1,
        max_length=256,
        validation_alias=AliasChoices("serial", "device"),
    )
    """Device the session acts on (``device`` is accepted as another name for it); may be
    omitted when the daemon has exactly one device."""
    agents: list[AgentName] = Field(default_factory=list, max_length=64)
    """Agents to issue tokens for (``agent_tokens`` of the answer); more can join later."""
    user_request: str = Field(default="", max_length=16384)
    """The user's own request: the only place an authorization for high-impact actions comes
    from. Operator input: set here, never by an agent."""


class JoinSession(BaseModel):
    model_config = ConfigDict(extra="forbid")

    agent: str = _ID


class SessionInfo(BaseModel):
    session: str
    serial: str
    agents: list[str]
    user_request: str
    created: float


class SessionCredentials(SessionInfo):
    """A session as its creator (the operator) gets it: with the agents' tokens, shown once.

    Each token acts in this session only, as its agent only; hand each agent its own."""

    agent_tokens: dict[str, str]


class SessionList(BaseModel):
    sessions: list[SessionInfo]


class WhoAmI(BaseModel):
    """The holder of the presented token: the operator, or one agent of one session."""

    role: Literal["operator", "agent"]
    session: str | None = None
    agent: str | None = None


class ActionRequest(BaseModel):
    """An AgentEvent in DESIGN.md's wire format, plus the hash of the screen it was planned on.

    ``session`` may be omitted (the path names it); if given it must equal the path's.
    ``agent`` must be the agent of the presented agent token (the operator may name any agent
    that joined). ``context`` is the enforcement side's: the server drops whatever an agent puts
    there and sets ``user_request`` (the session's), ``device`` (the session's serial), and,
    for GUI actions, ``screen_xml`` and ``app`` (the mediator's own dump).
    """

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "agent": "agent-1",
                    "channel": "tool",
                    "action": "tool_call",
                    "target": "contacts.lookup",
                    "payload": {"name": "Alice Johnson"},
                },
                {
                    "agent": "agent-1",
                    "channel": "gui",
                    "action": "tap",
                    "payload": {"x": 540, "y": 1200},
                },
                {
                    "agent": "agent-1",
                    "channel": "gui",
                    "action": "tap",
                    "payload": {"selector": {"text": "Save"}, "gesture": "long_press"},
                },
                {
                    "agent": "agent-1",
                    "channel": "gui",
                    "action": "text_input",
                    "payload": {
                        "text": "Team sync",
                        "selector": {"resourceId": "com.app:id/title"},
                    },
                },
                {
                    "agent": "agent-1",
                    "channel": "gui",
                    "action": "swipe",
                    "payload": {"until": {"text": "Settings"}, "direction": "up"},
                },
                {"agent": "agent-1", "channel": "gui", "action": "key", "payload": {"key": "back"}},
                {
                    "agent": "agent-1",
                    "channel": "gui",
                    "action": "launch",
                    "payload": {"package": "com.android.contacts"},
                },
                {
                    "agent": "agent-1",
                    "channel": "gui",
                    "action": "rotate",
                    "payload": {"orientation": "landscape"},
                },
                {
                    "agent": "agent-1",
                    "channel": "api",
                    "action": "api_call",
                    "payload": {
                        "command": "content query --uri content://com.android.contacts/contacts"
                    },
                },
            ]
        },
    )

    agent: str = _ID
    channel: Channel
    action: ActionType
    target: str = Field(default="", max_length=MAX_TARGET_CHARS)
    payload: dict[str, Any] = Field(default_factory=dict)
    provenance: dict[str, Any] = Field(default_factory=dict)
    context: dict[str, Any] = Field(default_factory=dict)
    session: str | None = Field(default=None, max_length=MAX_ID_CHARS)
    ts: float | None = None
    id: str | None = Field(default=None, min_length=1, max_length=MAX_ID_CHARS)
    screen_hash: str | None = Field(default=None, max_length=256)


class ActionResponse(BaseModel):
    event_id: str
    decision: str
    verdict: Verdict
    executed: bool
    result: Any = None
    error: str | None = None
    screen_hash: str | None = None
    stale: bool = False


class DecisionResponse(BaseModel):
    event_id: str
    decision: str
    verdict: Verdict


class ScreenResponse(BaseModel):
    serial: str
    hash: str | None = None
    package: str | None = None
    xml: str
    elements: list[dict[str, Any]] = Field(default_factory=list)
    """The compact element list: text, id (resource-id), description, class, bounds, center,
    clickable, editable, focused, checked, password (values hidden), enabled, package."""
    width: int | None = None
    height: int | None = None
    rotation: int | None = None
    """0 natural (portrait), 1 left, 2 upside down, 3 right (uiautomator's displayRotation)."""


class DeviceInfo(BaseModel):
    """The device a session acts on (``list_devices``, ``get_orientation``, screen size)."""

    serial: str
    sdk: int | None = None
    product: str | None = None
    width: int | None = None
    height: int | None = None
    rotation: int | None = None
    orientation: str | None = None
    """natural (portrait), left / right (landscape), upsidedown."""
    package: str | None = None
    """The foreground app."""


class EscalationList(BaseModel):
    escalations: list[dict[str, Any]]


class EscalationAnswer(BaseModel):
    """The operator's answer to an escalation (the body is optional). Both end up in the
    decision's audit record: ``"approved by alice via console: the user asked for it"``."""

    model_config = ConfigDict(extra="forbid")

    reason: str = Field(default="", max_length=1000)
    by: str = Field(default="", max_length=128)
    """Who answers (a name for the audit; default "the operator")."""


class EscalationResolved(BaseModel):
    id: str
    decision: Literal["approved", "denied"]
    reason: str = ""
    """What the decision's audit record says about the answer (who, how, why)."""


class RuleList(BaseModel):
    revision: int
    rules: list[dict[str, Any]]


class RuleChange(BaseModel):
    revision: int
    rule_id: str


class AuditList(BaseModel):
    records: list[dict[str, Any]]


class AuditVerify(BaseModel):
    ok: bool
    detail: dict[str, Any] = Field(default_factory=dict)


class DeviceForgotten(BaseModel):
    """The PEP forgot what a device showed (after the operator reset or wiped it)."""

    serial: str
    forgotten: int
    """Observations dropped."""


class CheckpointList(BaseModel):
    """Signed checkpoints of the audit log (JSON objects of ``droidgate audit checkpoints``):
    keep them elsewhere; ``droidgate audit verify --checkpoints`` checks the log against them."""

    checkpoints: list[SignedCheckpoint]


class UpstreamInfo(BaseModel):
    name: str
    transport: Literal["stdio", "http"]
    where: str
    """The server's command line or URL (never its credentials)."""
    connected: bool
    protocol: str | None = None
    tools: int = 0
    last_error: str | None = None


class GatewayTool(ToolSpec):
    changed: list[str] = Field(default_factory=list)
    """For a ``changed`` tool: what differs from the accepted definition."""


class GatewayStatus(BaseModel):
    upstreams: list[UpstreamInfo]
    tools: list[GatewayTool]


class ToolAccepted(BaseModel):
    tool: str
    status: Literal["ok"] = "ok"
