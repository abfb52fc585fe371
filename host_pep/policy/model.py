"""The policy bundle schema: what a YAML bundle may say, validated with pydantic.

A bundle names the *semantic apps* and their roles (source, sink, untrusted source), the
sensitive kinds it protects, the high-impact operations and the words that authorize them,
per-agent scopes, FlowRules, and the tool lexicon the open-world layer uses to understand tools
it has never seen.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator

from host_pep.rules import FlowRule
from host_pep.semantics import FieldRole, Operation


class AppRole(StrEnum):
    SOURCE = "source"
    """Holds the user's sensitive data (Contacts, SMS inbox, bank): its values may not leak (rule 1)."""
    SINK = "sink"
    """A place written values end up outside their source (Calendar, Mail, Notes...)."""
    UNTRUSTED_SOURCE = "untrusted_source"
    """Content from outside the user (web pages, incoming messages, files): rule 5."""
    NEUTRAL = "neutral"


class AppSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    roles: list[AppRole] = Field(default_factory=list)
    packages: list[str] = Field(default_factory=list)
    words: list[str] = Field(default_factory=list)
    """Words that name the app or its objects in tool names and user requests ("meeting")."""
    sender_fields: list[str] = Field(default_factory=list)
    """Result fields naming who a message came from: replying to them is not an injection."""
    addressed: bool = False
    """A write in it is addressed to someone (a message, an order's delivery): its recipient
    fields name whom (rule 5) rather than carry data (rule 1), as they would in a note."""


class ToolSpec(BaseModel):
    """An explicitly known tool (or API target): its app, operation and field roles."""

    model_config = ConfigDict(extra="forbid")

    app: str | None = None
    operation: Operation
    fields: dict[str, FieldRole] = Field(default_factory=dict)
    untrusted_result: bool = False
    """Its results carry content from outside the user (a fetched page, an inbox)."""


class AgentScope(BaseModel):
    """Per-agent scope: globs over the event's aliases, action types and operations."""

    model_config = ConfigDict(extra="forbid")

    allow: list[str] = Field(default_factory=list)
    deny: list[str] = Field(default_factory=list)
    authorize: list[Operation] = Field(default_factory=list)
    """High-impact operations this agent is authorized for by policy (no user request needed)."""


class HighImpact(BaseModel):
    model_config = ConfigDict(extra="forbid")

    operations: list[Operation] = Field(default_factory=list)
    verbs: dict[Operation, list[str]] = Field(default_factory=dict)
    """Words in a user request that ask for an operation of this kind ("delete", "pay")."""
    objects: dict[str, list[str]] = Field(default_factory=dict)
    """Extra object words per semantic app, for matching a request's object to the target."""
    security_verbs: dict[str, list[str]] = Field(default_factory=dict)
    """Request verbs per direction of a security change: "off" (disabling a protection),
    "on" (enabling a risky feature such as unknown sources) and "reset" (factory reset); a
    request must ask for the change in the direction the action makes ("unlock faster" does not
    ask to turn the lock screen off)."""
    related_apps: dict[Operation, list[str]] = Field(default_factory=dict)
    """Apps whose words belong to an operation wherever it happens ("pay with my card" names
    the bank's vocabulary but still asks for the checkout in the shopping app)."""
    security_settings: dict[str, list[str]] = Field(default_factory=dict)
    """Setting key -> values that weaken security (changing it to one is a security change)."""
    app_names: dict[str, list[str]] = Field(default_factory=dict)
    """Well-known app name -> its packages ("tiktok" -> com.zhiliaoapp.musically): a request
    naming an app authorizes uninstalling that app only, even when its package name does not
    spell the app's name."""
    all_words: list[str] = Field(default_factory=list)
    """Words by which a request asks for every object ("all", "alle", "全部"): without one, a
    request naming one object does not authorize an action on the whole collection."""


class Lexicon(BaseModel):
    """Open-world vocabulary: tokens of tool/command names and argument names."""

    model_config = ConfigDict(extra="forbid")

    verbs: dict[Operation, list[str]] = Field(default_factory=dict)
    fields: dict[FieldRole, list[str]] = Field(default_factory=dict)
    outbound_words: list[str] = Field(default_factory=list)
    """Name tokens meaning the tool talks to the outside world (slack, webhook, tweet)."""
    untrusted_words: list[str] = Field(default_factory=list)
    """Name tokens meaning a tool's result is outside content (fetch, browse, inbox)."""


class SessionLimits(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_observations: int = Field(default=250_000, ge=1)
    ttl_s: float = Field(default=24 * 3600.0, gt=0)
    per_key: int = Field(default=16, ge=1)


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    regions: list[str] = Field(default_factory=lambda: ["CN", "US"])
    leak_decision: str = "deny"
    """deny | rewrite: what rule 1 decides when a source value reaches a sink."""
    deadlines_ms: dict[str, float] = Field(
        default_factory=lambda: {
            "T0": 2000.0,
            "T1": 250.0,
            "T2": 1000.0,
            "T3": 1000.0,
            "T4": 30_000.0,
        }
    )
    """Per-stage deadlines: they catch hangs and runaway inputs (an overrun denies), not slowness;
    T0 includes parsing a screen dump."""
    session: SessionLimits = Field(default_factory=SessionLimits)

    @field_validator("leak_decision")
    @classmethod
    def _leak_decision(cls, value: str) -> str:
        if value not in ("deny", "rewrite"):
            raise ValueError("must be 'deny' or 'rewrite'")
        return value


class PolicyBundle(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = "unnamed"
    description: str = ""
    sensitive_kinds: list[str] = Field(default_factory=list)
    apps: dict[str, AppSpec] = Field(default_factory=dict)
    tools: dict[str, ToolSpec] = Field(default_factory=dict)
    high_impact: HighImpact = Field(default_factory=HighImpact)
    agents: dict[str, AgentScope] = Field(default_factory=dict)
    rules: list[FlowRule] = Field(default_factory=list)
    lexicon: Lexicon = Field(default_factory=Lexicon)
    settings: Settings = Field(default_factory=Settings)

    def apps_with(self, role: AppRole) -> frozenset[str]:
        return frozenset(name for name, spec in self.apps.items() if role in spec.roles)
