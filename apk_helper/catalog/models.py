"""The app catalog's data model: what one semantic app is, and how the policy should treat it.

Role and operation names are plain strings equal to host_pep's ``FieldRole`` and ``Operation``
values (host_pep/semantics.py). They are spelled out here rather than imported because apk_helper
must not depend on host_pep; tests check the two lists agree.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fnmatch import fnmatchcase
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

FieldRoleName = Literal[
    "content",
    "recipient",
    "address",
    "amount",
    "account",
    "url",
    "credential",
    "identifier",
    "other",
]
OperationName = Literal[
    "read",
    "navigate",
    "local_write",
    "external_send",
    "delete",
    "payment",
    "install",
    "uninstall",
    "settings_change",
    "security_change",
    "bulk_change",
    "share_upload",
    "unknown",
]
SensitiveKind = Literal["phone", "email", "address", "card", "iban", "otp", "credential", "health"]

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def normalize_field(name: str) -> str:
    """``eventLocation``, ``event_location`` and ``event-location`` all become ``eventlocation``."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def field_tokens(name: str) -> list[str]:
    """Words of a field, resource-id or dotted path: ``pkg:id/et_eventTitle`` -> et, event, title."""
    tail = name.rsplit("/", 1)[-1]
    return [t for t in re.split(r"[^A-Za-z0-9]+", _CAMEL.sub("_", tail).lower()) if t]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FieldSpec(_Strict):
    """How a payload field, provider column or widget of this app is judged."""

    role: FieldRoleName
    kind: SensitiveKind | None = None
    """The sensitive kind values of this field usually are (phone for an SMS address)."""

    def __getitem__(self, key: str) -> Any:  # the contract also reads these as mappings
        return getattr(self, key)


class Roles(_Strict):
    """The app's part in the default policy (DESIGN.md, default policy semantics)."""

    source: bool = False
    """Values read from it are sensitive provenance (contacts, SMS inbox, bank)."""
    sink: bool = False
    """Writing a sensitive value from another app into it is a cross-app flow."""
    untrusted_source: bool = False
    """Its content arrives from outside the user (web pages, incoming messages, files)."""
    high_impact: tuple[OperationName, ...] = ()
    """Operations on this app that need the user's authorization."""

    def __getitem__(self, key: str) -> Any:
        return getattr(self, key)


class IntentSpec(_Strict):
    """An intent this app handles. Empty schemes/mime_types means "any"."""

    action: str
    """Fully qualified action, or a glob (``android.settings.*``)."""
    schemes: tuple[str, ...] = ()
    mime_types: tuple[str, ...] = ()
    """MIME globs, e.g. ``vnd.android.cursor.*/event``."""

    @field_validator("schemes")
    @classmethod
    def _lower(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(s.lower().rstrip(":") for s in v)

    def score(self, action: str, scheme: str | None, mime: str | None) -> int:
        """0 if this spec does not match; otherwise higher for a more specific match."""
        if not fnmatchcase(action, self.action):
            return 0
        score = 1
        if self.schemes:
            if scheme is None or scheme not in self.schemes:
                return 0
            score += 2
        if self.mime_types:
            if mime is None or not any(fnmatchcase(mime.lower(), m) for m in self.mime_types):
                return 0
            score += 2
        return score


class AppEntry(_Strict):
    """One semantic app: the packages, providers, tools and intents that are it."""

    name: str
    label: str = ""
    packages: tuple[str, ...] = ()
    authorities: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    """Tool names (``sms.send``) and prefixes (``sms.*``). ``<name>.*`` is always implied."""
    intents: tuple[IntentSpec, ...] = ()
    schemes: tuple[str, ...] = ()
    """URI schemes that mean this app (``mailto``, ``smsto``, ``https``)."""
    paths: tuple[str, ...] = ()
    """Folders on shared storage whose files are this app's data (Markor's notebook)."""
    roles: Roles = Field(default_factory=Roles)
    operations: Mapping[str, OperationName] = Field(default_factory=dict)
    """Verb of a tool or target (``create_event``) -> Operation; falls back to the catalog's verbs."""
    fields: Mapping[str, FieldSpec] = Field(default_factory=dict)
    """Field, column, argument or resource-id suffix -> how it is judged."""

    _index: dict[str, FieldSpec] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: Any, /) -> None:
        self._index = {normalize_field(k): v for k, v in self.fields.items()}

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        if not _NAME.match(v):
            raise ValueError(f"app name {v!r} must be lower_snake_case (e.g. 'calendar')")
        return v

    @field_validator("schemes")
    @classmethod
    def _schemes(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(s.lower().rstrip(":") for s in v)

    def field(self, name: str) -> FieldSpec | None:
        """The spec for a field, column, dotted path or resource-id (``pkg:id/event_location``).

        Tries the whole name, then ever shorter trailing word runs, so ``compose_to`` finds
        ``to`` and ``et_event_description`` finds ``event_description`` or ``description``.
        """
        index = self._index
        exact = index.get(normalize_field(name.rsplit("/", 1)[-1]))
        if exact is not None:
            return exact
        tokens = field_tokens(name)
        for start in range(len(tokens)):
            spec = index.get("".join(tokens[start:]))
            if spec is not None:
                return spec
        return None

    def field_roles(self) -> dict[str, str]:
        """Field -> role, as plain strings (the shape host_pep's ActionSemantics.fields takes)."""
        return {k: v.role for k, v in self.fields.items()}
