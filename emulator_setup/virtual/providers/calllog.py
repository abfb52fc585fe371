"""CallLogProvider (``content://call_log/calls``) over the contacts provider's calllog.db.

A call the Phone app places or receives is a row (``type`` 1 incoming, 2 outgoing, 3 missed);
AndroidWorld's harness clears it with ``content delete --uri content://call_log/calls``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..database import Database
from .base import (
    ContentUri,
    Cursor,
    Route,
    check_values,
    match_route,
    route_for,
    run_query,
    unknown_url,
)
from .java import arraymap_order

AUTHORITY = "call_log"
DB_PATH = "/data/data/com.android.providers.contacts/databases/calllog.db"
_COLUMNS = (
    "_id", "number", "presentation", "post_dial_digits", "via_number", "date", "duration",
    "data_usage", "type", "features", "subscription_component_name", "subscription_id",
    "phone_account_address", "new", "name", "numbertype", "numberlabel", "countryiso",
    "voicemail_uri", "is_read", "geocoded_location", "lookup_uri", "matched_number",
    "normalized_number", "photo_id", "photo_uri", "formatted_number", "last_modified",
    "add_for_all_users", "call_screening_component_name", "call_screening_app_name",
    "block_reason", "missed_reason", "priority", "subject", "location",
)  # fmt: skip
COLUMNS = tuple(arraymap_order(_COLUMNS))
SCHEMA = (
    "CREATE TABLE calls (_id INTEGER PRIMARY KEY AUTOINCREMENT, "
    + ", ".join(
        f"{c} {'INTEGER NOT NULL DEFAULT 1' if c == 'presentation' else ''}".strip()
        for c in _COLUMNS[1:]
    )
    + ");"
)
ROUTES = (
    Route("calls", ("calls",), "SELECT * FROM calls", COLUMNS, order="date DESC"),
    Route("calls_id", ("calls", "#"), "SELECT * FROM calls", COLUMNS, where="_id = {0}"),
)


class CallLogProvider:
    authorities = (AUTHORITY,)

    def __init__(self, db: Database) -> None:
        self.db = db

    def query(
        self, uri: ContentUri, projection: Sequence[str] | None, selection: str | None,
        sort: str | None,
    ) -> Cursor:  # fmt: skip
        found = route_for(ROUTES, uri)
        return run_query(self.db, found[0], found[1], projection, selection, sort)

    def insert(self, uri: ContentUri, values: dict[str, Any]) -> str | None:
        if match_route(ROUTES, uri) is None:
            raise unknown_url(uri)
        check_values(values, _COLUMNS, "calls")
        return f"content://call_log/calls/{self.db.add('calls', values)}"

    def _where(self, uri: ContentUri, selection: str | None) -> str:
        found = route_for(ROUTES, uri)
        parts = [f"_id = {found[1][0]}"] if found[1] else []
        parts += [f"({selection})"] if selection else []
        return " AND ".join(parts) or "1"

    def update(self, uri: ContentUri, values: dict[str, Any], selection: str | None) -> int:
        check_values(values, _COLUMNS, "calls")
        sets = ", ".join(f'"{k}" = ?' for k in values)
        cur = self.db.execute(
            f"UPDATE calls SET {sets} WHERE {self._where(uri, selection)}", list(values.values())
        )
        return int(cur.rowcount)

    def delete(self, uri: ContentUri, selection: str | None) -> int:
        return int(
            self.db.execute(f"DELETE FROM calls WHERE {self._where(uri, selection)}").rowcount
        )
