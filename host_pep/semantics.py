"""What an event *means*: the contract between channel adapters and the PEP.

A channel adapter (the GUI and API ones live in android_bridge; host_pep ships the tool/llm one)
turns a channel-native AgentEvent into a ``Completion``: the event with a semantic ``target``,
the ``ActionSemantics`` the policy is judged on, and the values the adapter itself *observed*
while completing it (e.g. text visible in the screen XML). Those observations are trusted
provenance because the enforcement side produced them, not the agent.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from host_pep.events import AgentEvent, Channel


class Operation(StrEnum):
    """Canonical action semantics, shared by every channel."""

    READ = "read"
    NAVIGATE = "navigate"  # taps/keys/launches that change only what is shown
    LOCAL_WRITE = "local_write"
    EXTERNAL_SEND = "external_send"
    DELETE = "delete"
    PAYMENT = "payment"
    INSTALL = "install"
    UNINSTALL = "uninstall"
    SETTINGS_CHANGE = "settings_change"
    SECURITY_CHANGE = "security_change"  # disabling a security setting, granting access, reset
    BULK_CHANGE = "bulk_change"  # a write that can touch many records (no single-id selection)
    SHARE_UPLOAD = "share_upload"
    UNKNOWN = "unknown"


# The fields of a GUI tap that a confirmation screen shows above its Pay/Send button
# ("shown.summary2": "Valor: R$ 1.243,52"): what the tap commits, for rule 5 to trace to where
# it was seen; no field the agent filled, so never compared with the sum the request asked for.
SHOWN_PREFIX = "shown."


class FieldRole(StrEnum):
    """What a payload field is for; decides which rule judges a value found in it."""

    CONTENT = "content"  # bodies, notes, labels, descriptions, typed text: source->sink (rule 1)
    RECIPIENT = "recipient"  # to/address/phone of a send: judged by origin (rule 5)
    ADDRESS = "address"  # shipping/postal address used by the action itself
    AMOUNT = "amount"
    ACCOUNT = "account"  # IBAN, card, payee account
    URL = "url"
    CREDENTIAL = "credential"  # password fields
    IDENTIFIER = "identifier"  # ids, names of things, query strings
    OTHER = "other"


class ActionSemantics(BaseModel):
    """The policy-relevant meaning of one event, produced by a channel adapter."""

    model_config = ConfigDict(extra="forbid")

    app: str | None = None
    """Semantic app ("contacts", "calendar", "mail", "sms", "notes", "finance", ...)."""
    package: str | None = None
    """Concrete Android package, when there is one."""
    operation: Operation = Operation.UNKNOWN
    fields: dict[str, FieldRole] = Field(default_factory=dict)
    """Role of each payload field (dotted path for nested fields)."""
    text: dict[str, str] = Field(default_factory=dict)
    """The payload flattened to field -> text, as the adapter understood it (e.g. the text typed
    into a GUI field becomes {"notes": "..."})."""
    widget: dict[str, Any] | None = None
    """GUI only: the resolved widget (resource_id, text, hint, class, password, bounds)."""
    screen_hash: str | None = None
    description: str = ""


TOOL_DESCRIPTION = "tool.description"
# the cue of an instruction span found in a tool's description
DESCRIPTION_CUE = "tool description"
# the cue of a duty found in an agent's memory that was learned from outside content
MEMORY_CUE = "memory"
# the called tool's own description, read before the call: the values it dictates, no spans
# (a call is not the injected act of the very text that documents it)
OWN_DESCRIPTION = "tool.own_description"
"""The field a tool's own description is observed under, when it tells the assistant to act
(host_pep.adapters.tool): read as written to the model (host_pep.observe)."""


class ObservedValue(BaseModel):
    """A value an enforcement-side observation point saw. Recorded into session memory."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    """The raw text (a field value, a screen string); host_pep detects and normalizes values in it."""
    source: str
    """Semantic app or tool the value came from ("contacts", "contacts.lookup", "browser")."""
    field: str = ""
    """Where it was seen: resource-id, result key, column."""
    trusted: bool = True
    """False for content that arrived from outside the user (web pages, incoming messages,
    notifications, files): arguments taken from it are untrusted-origin (rule 5)."""
    kind_hint: str | None = None
    """Set when the observation point knows the kind (e.g. a password field -> "credential")."""
    typed: bool = False
    """Seen in an input field on screen: text typed into the app there (a compose box the agent
    filled), not content the app displays."""
    public: bool = False
    """Public directory data about a business or a place (a hotel's address from a search
    tool): nobody's personal data, so rule 1 does not protect it."""


class Completion(BaseModel):
    """An event after its channel adapter completed it."""

    model_config = ConfigDict(extra="forbid")

    event: AgentEvent
    semantics: ActionSemantics
    observations: list[ObservedValue] = Field(default_factory=list)


@runtime_checkable
class ChannelAdapter(Protocol):
    """Completes events of some channels and turns executor results into observations.

    Implementations must be pure functions of their input (no device I/O): the same adapter
    serves the live daemon and offline evaluation.
    """

    channels: frozenset[Channel]

    def complete(self, event: AgentEvent) -> Completion:
        """Resolve target and semantics; raise EventValidationError on malformed input."""
        ...

    def observe_result(self, completion: Completion, result: Any) -> list[ObservedValue]:
        """Values the executor's result exposed (e.g. `content query` rows, a tool's JSON)."""
        ...
