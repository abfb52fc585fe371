"""What a content provider's rows and selections mean, for the API adapter.

* A contacts ``data`` row is understood through its ``mimetype``: ``data1`` of a phone_v2 row
  is a phone number, of an email_v2 row an e-mail address (``data/contacts_contract.yaml``).
  Inserts are judged, and query results recorded, under those names.
* A selection (``--where``) either names one entity by a key column (``_id=5``, the row's URI
  ``content://sms/5``, a setting's ``name='x'``, a contact's ``display_name='Hugo'``; the keys
  are in ``data/provider_keys.yaml``) or can touch many (no selection, ``1=1``, ``_id>0``,
  ``LIKE``, ``IN (1,2)``, an ``OR``, ``mimetype='…'``…): a write through the second kind is a
  bulk change, high-impact like a delete.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from urllib.parse import urlsplit

import yaml

_LITERAL = r"""(?:-?\d+|'(?:[^']|'')*'|"(?:[^"]|"")*")"""
# A selection that names one entity: KEY = VALUE or KEY IN (VALUE) (parenthesised, quoted).
_ONE_ROW = re.compile(
    rf"""^\s*\(*\s*(?P<key>[A-Za-z_][A-Za-z0-9_.]*)\s*"""
    rf"""(?:(?:=|==|\bIS\b)\s*(?P<value>{_LITERAL})|\bIN\s*\(\s*(?P<one>{_LITERAL})\s*\))"""
    r"""\s*\)*\s*$""",
    re.IGNORECASE,
)
# conditions joined so that all must hold, outside quotes (a quoted value holds no keyword here:
# the split is checked part by part against _ONE_ROW, which takes whole literals only)
_AND = re.compile(r"\s+AND\s+", re.IGNORECASE)
# what can widen a selection beyond its key: an alternative, a negation, a nested group
_WIDENING = re.compile(r"\bOR\b|\bNOT\b|\(", re.IGNORECASE)
# URI paths that name one entity's rows (all data of one contact).
_ENTITY_PATHS = (re.compile(r"(^|/)(contacts|raw_contacts)/\d+/(data|entities)$"),)
# URI paths whose trailing number names a group of entities, not one (a whole conversation).
_GROUP_PATHS = (
    re.compile(r"(^|/)conversations/\d+$"),
    re.compile(r"(^|/)threadID/\d+$"),
)


@lru_cache(maxsize=1)
def _keys() -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """The key columns of each provider (``data/provider_keys.yaml``)."""
    text = (resources.files("android_bridge.events") / "data" / "provider_keys.yaml").read_text(
        encoding="utf-8"
    )
    data = yaml.safe_load(text)
    by_authority = {str(a): frozenset(map(str, cols)) for a, cols in data["authorities"].items()}
    return frozenset(map(str, data["default"])), by_authority


@dataclass(frozen=True)
class Column:
    name: str
    kind: str | None = None
    role: str | None = None


@lru_cache(maxsize=1)
def _contract() -> dict[str, dict[str, Column]]:
    text = (resources.files("android_bridge.events") / "data" / "contacts_contract.yaml").read_text(
        encoding="utf-8"
    )
    data = yaml.safe_load(text)
    out: dict[str, dict[str, Column]] = {}
    for mimetype, columns in data["mimetypes"].items():
        out[str(mimetype)] = {
            str(col): Column(str(spec)) if isinstance(spec, str)
            else Column(str(spec["name"]), spec.get("kind"), spec.get("role"))
            for col, spec in columns.items()
        }  # fmt: skip
    return out


def data_column(mimetype: str | None, column: str) -> Column | None:
    """What ``column`` (``data1``…``data15``) of a contacts data row of ``mimetype`` holds."""
    if not mimetype:
        return None
    return _contract().get(mimetype.strip(), {}).get(column)


def authority(uri: str) -> str:
    return urlsplit(uri.strip()).netloc.rsplit("@", 1)[-1]


def names_one_row(uri: str) -> bool:
    """Whether the URI itself addresses a single row (``content://sms/5``)."""
    path = urlsplit(uri.strip()).path.strip("/")
    if authority(uri) == "settings":
        return path.count("/") == 1  # content://settings/secure/KEY is one setting
    if any(p.search(path) for p in _ENTITY_PATHS):
        return True
    if not path or not path.rsplit("/", 1)[-1].isdigit():
        return False
    return not any(p.search(path) for p in _GROUP_PATHS)


def one_row_selection(uri: str, where: str | None) -> bool:
    """Whether ``where`` selects at most one row of the table behind ``uri`` -- also where a key
    is one of conditions all of which must hold (``raw_contact_id=57 AND mimetype='…phone_v2'``:
    an AND only narrows what its key names; an OR or a NOT anywhere widens it)."""
    if where is None or not where.strip():
        return False
    if _WIDENING.search(where) is None:
        parts = _AND.split(where)
        if len(parts) > 1:
            return any(one_row_selection(uri, part) for part in parts)
    m = _ONE_ROW.match(where)
    if m is None:
        return False
    key = m.group("key").lower().rsplit(".", 1)[-1]
    default, by_authority = _keys()
    return key in by_authority.get(authority(uri), default)


def selected(where: str | None) -> tuple[str, str] | None:
    """``(column, value)`` of a one-row selection (``name='adb_enabled'`` -> ``("name",
    "adb_enabled")``, quotes undone); None for any other selection."""
    m = _ONE_ROW.match(where or "")
    if m is None:
        return None
    value = m.group("value") or m.group("one")
    if value[:1] in ("'", '"'):
        value = value[1:-1].replace(value[0] * 2, value[0])
    return m.group("key").lower().rsplit(".", 1)[-1], value


def is_bulk(uri: str, wheres: list[str]) -> bool:
    """A write that can touch more than one row: neither the URI nor a selection names one."""
    if names_one_row(uri):
        return False
    if len(wheres) != 1:
        return True  # no selection, or several (the tool keeps only the last one)
    return not one_row_selection(uri, wheres[0])
