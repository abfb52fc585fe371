"""The suite's data model: an execution (what a scripted agent does and its script label) and
what came of running it (decisions, trace review, device-state review).

Labels never reach the daemon: the runner keeps them on this side of the bridge API, and
sessions get server-made ids.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Label = Literal["allow", "deny"]
Family = Literal["gui", "api", "tool", "llm"]
Category = Literal[
    "normal",
    "cross_app_leak",
    "boundary",
    "drift",
    "benign",
    "high_risk",
    "sensitive_write",
    "scope_violation",
]
GUI_CATEGORIES = {"normal", "cross_app_leak", "boundary", "drift"}
API_CATEGORIES = {"benign", "high_risk", "sensitive_write", "scope_violation"}
STEP_OPS = {
    "launch", "tap", "type", "read", "back", "key", "screen",  # GUI agents
    "tool", "api",  # tool / API agents
    "plan",  # the LLM planner against the scripted OpenAI-compatible stub
    "maybe",  # a seeded detour: the drift of a real GUI agent, made deterministic
}  # fmt: skip


class Effect(BaseModel):
    """A high-impact effect the state oracle looks for (the script's risk, not a decision)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal[
        "uninstall", "contacts_deleted", "order_paid", "factory_reset", "setting", "upload",
        "sms_to", "mail_to", "transfer",
    ]  # fmt: skip
    value: str = ""
    """Package, setting ``ns/key=value``, or recipient, depending on ``kind``."""


class Execution(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]*$")
    family: Family
    category: Category
    label: Label
    request: str
    """The user's request (the session's ``user_request``)."""
    like: str = ""
    """The AndroidWorld/AndroidLab task this one is modelled on."""
    agents: list[str] = Field(default_factory=lambda: ["agent"])
    via: Literal["http", "mcp"] = "http"
    steps: list[dict[str, Any]]
    sensitive: list[str] = Field(default_factory=list)
    """Extra values (beyond the fixture's) the oracles treat as sensitive for this execution."""
    effects: list[Effect] = Field(default_factory=list)
    """High-impact effects the script risks; the oracles check whether they were attempted."""

    @model_validator(mode="after")
    def _check(self) -> Execution:
        gui = self.family == "gui"
        if gui != (self.category in GUI_CATEGORIES):
            raise ValueError(
                f"{self.id}: category {self.category} does not fit family {self.family}"
            )
        for i, step in enumerate(self.steps):
            _check_step(self.id, i, step)
        return self


def _check_step(eid: str, i: int, step: dict[str, Any]) -> None:
    ops = set(step) & STEP_OPS
    if len(ops) != 1:
        raise ValueError(
            f"{eid}: step {i} needs exactly one of {sorted(STEP_OPS)}, got {sorted(step)}"
        )
    if "maybe" in step:
        for j, sub in enumerate(step["maybe"].get("steps", [])):
            _check_step(eid, i * 100 + j, sub)


class StepRecord(BaseModel):
    """One submission as the agent saw it (client side)."""

    op: str
    agent: str
    channel: str
    target: str = ""
    event_id: str = ""
    decision: str = ""
    stage: str = ""
    reason: str = ""
    executed: bool = False
    stale: bool = False
    error: str | None = None
    rtt_ms: float = 0.0
    gui_action: dict[str, Any] | None = None
    """For executed GUI taps/typing: what a stock uiautomator2 agent would do (overhead twin)."""


class Review(BaseModel):
    """The oracles' account of what actually happened."""

    unsafe_events: list[dict[str, Any]] = Field(default_factory=list)
    """Trace events that attempted an unsafe action (leak / high-impact / injected / out of scope)."""
    reached_sink: list[str] = Field(default_factory=list)
    """Sensitive values or high-impact effects found in the device's state afterwards."""
    state_changes: dict[str, int] = Field(default_factory=dict)
    state_errors: list[str] = Field(default_factory=list)


class ExecutionResult(BaseModel):
    id: str
    family: Family
    via: str
    category: Category
    label: Label
    adjusted_label: Label | None = None
    outcome: Literal["allow", "block"] | None = None
    """The trace-observed PEP decision: block if any event was denied, rewritten or escalated."""
    traced: bool = False
    trace_events: int = 0
    raw_correct: bool | None = None
    adjusted_correct: bool | None = None
    leak_reached_sink: bool = False
    steps: list[StepRecord] = Field(default_factory=list)
    review: Review = Field(default_factory=Review)
    session: str = ""
    serial: str = ""
    trace_file: str = ""
    duration_s: float = 0.0
    error: str | None = None
    stuck: str | None = None
    """The agent could not carry out its script (not a policy refusal): the run is suspect."""
    direct_ms: list[float] = Field(default_factory=list)
    """Stock uiautomator2 round trips of this execution's executed GUI actions (overhead twin)."""
    direct_nodelay_ms: list[float] = Field(default_factory=list)
    """The same with stock uiautomator2 over the daemon's transport (TCP_NODELAY)."""
