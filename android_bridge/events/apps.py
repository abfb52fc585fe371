"""The app catalog as the channel adapters use it: loaded once per process, then pure lookups.

Adapters map packages, content authorities, intents and tool names to semantic apps, and
fields (resource-ids, provider columns, intent extras) to the roles the policy judges them by.
Everything the catalog does not know stays unknown: the adapters never guess an app.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from apk_helper.catalog import AppEntry, Catalog, load_catalog
from host_pep.semantics import FieldRole, Operation

# Words in a field name that say what the field is for, when the catalog has no entry for it.
_RECIPIENT_WORDS = frozenset({"to", "recipient", "recipients", "address", "cc", "bcc", "number"})
_URL_WORDS = frozenset({"url", "link", "href", "omnibox"})
_AMOUNT_WORDS = frozenset({"amount", "price", "total", "sum"})
_CREDENTIAL_WORDS = frozenset({"password", "passwd", "pin", "passcode", "otp", "cvv", "cvc"})
# A postal address's parts (a shop's street field, a form's postcode): rule 1's last sentence
# sends address fields to rule 5, not to the source->sink check that judges content.
_ADDRESS_WORDS = frozenset(
    {"street", "streetaddress", "postcode", "postalcode", "postal", "zip", "zipcode", "city",
     "town", "province", "addr", "address1", "address2", "addressline", "addressline1",
     "addressline2", "line1", "line2", "shipping", "shipto"}
)  # fmt: skip
# "address" names a postal address unless another word makes it a mail/network address or the
# recipient of a message (those are the catalog's or _RECIPIENT_WORDS' business)
_NOT_POSTAL = frozenset(
    {"email", "mail", "e", "ip", "mac", "web", "url", "to", "recipient", "phone", "number"}
)  # fmt: skip


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
    if words & _CREDENTIAL_WORDS:
        return FieldRole.CREDENTIAL
    if is_postal(name):
        return FieldRole.ADDRESS
    if words & _URL_WORDS:
        return FieldRole.URL
    if words & _AMOUNT_WORDS:
        return FieldRole.AMOUNT
    return FieldRole.CONTENT


def _words(name: str) -> set[str]:
    raw = name.lower()
    for ch in "-/:. ":
        raw = raw.replace(ch, "_")
    return {w for w in raw.split("_") if w}


def is_postal(name: str) -> bool:
    """Whether a field name or hint ("address_line1", "Street address", "Postcode") names a
    part of a postal address."""
    words = _words(name.rsplit("/", 1)[-1])  # a resource-id's package says nothing
    if words & _NOT_POSTAL:
        return False
    return bool(words & _ADDRESS_WORDS) or ("address" in words and len(words) > 1)


def field_kind(app: AppEntry | None, name: str) -> str | None:
    spec: Any = app.field(name) if app is not None and name else None
    return spec.kind if spec is not None else None


def recipient_like(name: str) -> bool:
    words = set(name.lower().replace("-", "_").split("_"))
    return bool(words & _RECIPIENT_WORDS)


def untrusted(app: AppEntry | None) -> bool:
    """Whether content shown by/read from this app arrived from outside the user."""
    return bool(app is not None and app.roles.untrusted_source)
