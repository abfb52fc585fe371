"""The app catalog as the channel adapters use it: loaded once per process, then pure lookups.

Adapters map packages, content authorities, intents and tool names to semantic apps, and
fields (resource-ids, provider columns, intent extras) to the roles the policy judges them by.
Everything the catalog does not know stays unknown: the adapters never guess an app.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from apk_helper.catalog import AppEntry, Catalog, load_catalog
from host_pep.recognition.lexicon import lexicon
from host_pep.semantics import FieldRole, Operation


@dataclass(frozen=True, slots=True)
class _FieldWords:
    """Words in a field name that say what the field is for, when the catalog has no entry for
    it (``values.fields`` of every language file)."""

    roles: dict[FieldRole, frozenset[str]]
    address_nouns: frozenset[str]
    not_postal: frozenset[str]
    """Words that make an address a mail/network address or the recipient of a message (those
    are the catalog's or the recipient words' business)."""


@lru_cache(maxsize=1)
def _field_words() -> _FieldWords:
    words = lexicon().values.fields
    return _FieldWords(
        roles={role: frozenset(ws) for role, ws in words.roles.items()},
        address_nouns=frozenset(words.address_nouns),
        not_postal=frozenset(words.not_postal),
    )


def _role_words(role: FieldRole) -> frozenset[str]:
    return _field_words().roles.get(role, frozenset())


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The merged catalog; loaded on first use (never at import)."""
    return load_catalog()


def app_for_package(package: str) -> AppEntry | None:
    return catalog().app_for_package(package) if package else None


def app_name_for_package(package: str) -> str | None:
    entry = app_for_package(package)
    return entry.name if entry is not None else None


def main_package(app: AppEntry | None) -> str | None:
    return app.packages[0] if app is not None and app.packages else None


def operation_for(app: AppEntry | None, verb: str) -> Operation:
    """Operation of ``<app>.<verb>`` from the catalog; UNKNOWN when the catalog has none."""
    if app is None:
        return Operation.UNKNOWN
    op = catalog().operation_for(f"{app.name}.{verb}")
    return Operation(op) if op else Operation.UNKNOWN


def field_role(app: AppEntry | None, name: str, *, password: bool = False) -> FieldRole:
    """Role of a field/column/resource-id in ``app``: the catalog's, else by its words."""
    if password:
        return FieldRole.CREDENTIAL
    spec: Any = app.field(name) if app is not None and name else None
    if spec is not None:
        return FieldRole(spec.role)
    words = _words(name)
    if words & _role_words(FieldRole.CREDENTIAL):
        return FieldRole.CREDENTIAL
    if is_postal(name):
        return FieldRole.ADDRESS
    if words & _role_words(FieldRole.URL):
        return FieldRole.URL
    if words & _role_words(FieldRole.ACCOUNT) and (
        app is None or "payment" in app.roles.high_impact
    ):
        # a transfer form's IBAN in an app that pays (or one the catalog does not know: a bank
        # of its own): who is paid, judged by its origin -- the same IBAN typed into a browser's
        # web form or a chat is the user's data leaving (rule 1)
        return FieldRole.ACCOUNT
    if words & _role_words(FieldRole.AMOUNT):
        return FieldRole.AMOUNT
    return FieldRole.CONTENT


# a lower-case letter before an upper-case one: where a camelCase id starts its next word
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _words(name: str) -> set[str]:
    """The words of a field's name or id ("edtIban", "amount_input", "iban-field")."""
    raw = _CAMEL.sub("_", name).lower()
    for ch in "-/:. ":
        raw = raw.replace(ch, "_")
    return {w for w in raw.split("_") if w}


def is_postal(name: str) -> bool:
    """Whether a field name or hint ("address_line1", "Street address", "Postcode") names a
    part of a postal address."""
    known = _field_words()
    words = _words(name.rsplit("/", 1)[-1])  # a resource-id's package says nothing
    if words & known.not_postal:
        return False
    # "address" names a postal address unless another word makes it a mail/network address or
    # the recipient of a message; alone it is a recipient
    return bool(words & _role_words(FieldRole.ADDRESS)) or (
        bool(words & known.address_nouns) and len(words) > 1
    )


def field_kind(app: AppEntry | None, name: str) -> str | None:
    spec: Any = app.field(name) if app is not None and name else None
    return spec.kind if spec is not None else None


def recipient_like(name: str) -> bool:
    words = set(name.lower().replace("-", "_").split("_"))
    return bool(words & _role_words(FieldRole.RECIPIENT))


def untrusted(app: AppEntry | None) -> bool:
    """Whether content shown by/read from this app arrived from outside the user."""
    return bool(app is not None and app.roles.untrusted_source)
