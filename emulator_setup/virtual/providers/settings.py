"""SettingsProvider (``content://settings/{global,system,secure}``) over the device's
``SettingsStore`` (the same table ``settings get/put`` use).

As on Android the provider only understands selections on the setting's name
(``name=?`` with one argument, or ``name='x'``): any other ``--where`` is an
IllegalArgumentException listing the supported SQL, so ``--where 1=1`` reaches nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..apps.settings_store import NAMESPACES, SettingsStore
from .base import ILLEGAL_ARGUMENT, ContentUri, Cursor, ProviderError, unknown_url

AUTHORITY = "settings"
COLUMNS = ("_id", "name", "value")
_NAME_WHERE = re.compile(r"""^\s*\(?\s*name\s*=\s*(['"])(.*)\1\s*\)?\s*$""", re.S)


def _unsupported(uri: ContentUri, where: str | None) -> ProviderError:
    return ProviderError(
        ILLEGAL_ARGUMENT,
        "Supported SQL:\n  uri content://some_table/some_property with null where and where args\n"
        "  uri content://some_table with query name=? and single name as arg\n"
        "  uri content://some_table with query name=some_name and null args\n"
        f"  but got - uri:{uri.text}, where:{where} whereArgs:null",
    )


class SettingsProvider:
    authorities = (AUTHORITY,)

    def __init__(self, store: SettingsStore) -> None:
        self.store = store

    def _target(self, uri: ContentUri, where: str | None) -> tuple[str, str | None]:
        """(namespace, the one setting named by the URI or the selection, or None for all)."""
        if not uri.segments or uri.segments[0] not in NAMESPACES or len(uri.segments) > 2:
            raise unknown_url(uri)
        ns = uri.segments[0]
        if len(uri.segments) == 2:
            if where:
                raise _unsupported(uri, where)
            return ns, uri.segments[1]
        if not where:
            return ns, None
        m = _NAME_WHERE.match(where)
        if m is None:
            raise _unsupported(uri, where)
        return ns, m.group(2)

    def query(
        self, uri: ContentUri, projection: Sequence[str] | None, selection: str | None,
        sort: str | None,
    ) -> Cursor:  # fmt: skip
        del sort  # the settings tables come back in the provider's own order
        ns, name = self._target(uri, selection)
        columns = list(projection) if projection else list(COLUMNS)
        for col in columns:
            if col not in COLUMNS:
                raise ProviderError(ILLEGAL_ARGUMENT, f"Invalid column: {col}")
        table = self.store.values[ns]
        ids = self.store.ids(ns)
        keys = [name] if name is not None else sorted(table)
        rows = []
        for key in keys:
            if key not in table:
                continue
            full = {"_id": ids.get(key, 0), "name": key, "value": table[key]}
            rows.append(tuple(full[c] for c in columns))
        return columns, rows

    def insert(self, uri: ContentUri, values: dict[str, Any]) -> str | None:
        ns, _ = self._target(uri, None)
        name = values.get("name")
        if not name:
            raise ProviderError(ILLEGAL_ARGUMENT, "Invalid name: null")
        value = values.get("value")
        self.store.put(ns, str(name), "" if value is None else str(value))
        return f"content://settings/{ns}/{name}"

    def update(self, uri: ContentUri, values: dict[str, Any], selection: str | None) -> int:
        ns, target = self._target(uri, selection)
        name = values.get("name") or target
        if not name:
            return 0
        value = values.get("value")
        self.store.put(ns, str(name), "" if value is None else str(value))
        return 1

    def delete(self, uri: ContentUri, selection: str | None) -> int:
        ns, name = self._target(uri, selection)
        if name is None:
            raise _unsupported(uri, selection)
        return int(self.store.values[ns].pop(name, None) is not None)
