"""SmsProvider (``content://sms``) and MmsSmsProvider (``content://mms-sms``) over mmssms.db.

The Telephony contract: every message is an ``sms`` row (``type`` 1 inbox, 2 sent, 3 draft,
4 outbox, 5 failed, 6 queued) in a ``thread_id`` conversation that the provider finds or
creates from the address, with ``read``, ``seen``, ``date`` and ``date_sent``. The box URIs
filter by type and list newest first; inserting through a box sets its type unless a ``type``
is bound. The provider's quirks are kept because clients meet them on real phones: an update
through ``content://sms/inbox`` is not limited to the inbox, and deleting through a box URI is
``Unknown URL`` (deletes go through ``content://sms`` or ``content://sms/conversations/N``).
Only SMS is modelled; MMS (``pdu``) is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..database import Database
from .base import (
    ILLEGAL_ARGUMENT,
    UNSUPPORTED,
    ContentUri,
    Cursor,
    ProviderError,
    Route,
    check_values,
    match_route,
    route_for,
    run_query,
    unknown_url,
)
from .contacts import numbers_equal
from .java import JavaHashMap

SMS_AUTHORITY = "sms"
MMS_SMS_AUTHORITY = "mms-sms"
DB_PATH = "/data/user_de/0/com.android.providers.telephony/databases/mmssms.db"
# The path AndroidWorld's harness opens; the provider's database lives in device-protected
# storage (user_de), and this device answers both.
DB_ALIAS = "/data/data/com.android.providers.telephony/databases/mmssms.db"

SCHEMA = """
CREATE TABLE sms (_id INTEGER PRIMARY KEY, thread_id INTEGER, address TEXT, person INTEGER,
  date INTEGER, date_sent INTEGER DEFAULT 0, protocol INTEGER, read INTEGER DEFAULT 0,
  status INTEGER DEFAULT -1, type INTEGER, reply_path_present INTEGER, subject TEXT, body TEXT,
  service_center TEXT, locked INTEGER DEFAULT 0, sub_id INTEGER DEFAULT -1,
  error_code INTEGER DEFAULT -1, creator TEXT, seen INTEGER DEFAULT 0);
CREATE TABLE canonical_addresses (_id INTEGER PRIMARY KEY AUTOINCREMENT, address TEXT,
  sub_id INTEGER DEFAULT -1);
CREATE TABLE threads (_id INTEGER PRIMARY KEY AUTOINCREMENT, date INTEGER DEFAULT 0,
  message_count INTEGER DEFAULT 0, recipient_ids TEXT, snippet TEXT,
  snippet_cs INTEGER DEFAULT 0, read INTEGER DEFAULT 1, archived INTEGER DEFAULT 0,
  type INTEGER DEFAULT 0, error INTEGER DEFAULT 0, has_attachment INTEGER DEFAULT 0);
"""
SMS_COLUMNS = (
    "_id", "thread_id", "address", "person", "date", "date_sent", "protocol", "read", "status",
    "type", "reply_path_present", "subject", "body", "service_center", "locked", "sub_id",
    "error_code", "creator", "seen",
)  # fmt: skip
THREAD_COLUMNS = (
    "_id", "date", "message_count", "recipient_ids", "snippet", "snippet_cs", "read",
    "archived", "type", "error", "has_attachment",
)  # fmt: skip
BOXES = {"inbox": 1, "sent": 2, "draft": 3, "outbox": 4, "failed": 5, "queued": 6}
_NEWEST = "date DESC"
_CONVERSATIONS = tuple(JavaHashMap(["snippet", "thread_id", "msg_count", "delta"]).keys())

_SMS = "SELECT * FROM sms"
ROUTES: tuple[Route, ...] = (
    Route("all", (), _SMS, SMS_COLUMNS, order=_NEWEST, strict=False),
    Route("all_id", ("#",), _SMS, SMS_COLUMNS, where="_id = {0}", strict=False),
    *(
        Route(box, (box,), _SMS, SMS_COLUMNS, where=f"type = {t}", order=_NEWEST, strict=False)
        for box, t in BOXES.items()
    ),
    *(
        Route(f"{box}_id", (box, "#"), _SMS, SMS_COLUMNS, where="_id = {0}", strict=False)
        for box in BOXES
    ),
    Route(
        "conversations", ("conversations",),
        "SELECT sms.body AS snippet, sms.thread_id AS thread_id, g.msg_count AS msg_count"
        " FROM sms, (SELECT thread_id AS group_thread_id, MAX(date) AS group_date,"
        " COUNT(*) AS msg_count FROM sms GROUP BY thread_id) AS g"
        " WHERE sms.thread_id = g.group_thread_id AND sms.date = g.group_date",
        tuple(c for c in _CONVERSATIONS if c != "delta"),
    ),
    Route("conversations_id", ("conversations", "#"), _SMS, SMS_COLUMNS,
          where="thread_id = {0}", order=_NEWEST, strict=False),
)  # fmt: skip
MMS_SMS_ROUTES = (
    Route("threads", ("conversations",), "SELECT * FROM threads", THREAD_COLUMNS,
          order=_NEWEST, strict=False),
    Route(
        "latest", ("conversations",),
        "SELECT s.* FROM sms s WHERE s._id = (SELECT t._id FROM sms t"
        " WHERE t.thread_id = s.thread_id ORDER BY t.date DESC, t._id DESC LIMIT 1)",
        SMS_COLUMNS, order=_NEWEST, strict=False,
    ),
)  # fmt: skip


class TelephonyProvider:
    authorities = (SMS_AUTHORITY, MMS_SMS_AUTHORITY)

    def __init__(self, db: Database, clock: Any) -> None:
        self.db = db
        self.clock = clock

    def query(
        self, uri: ContentUri, projection: Sequence[str] | None, selection: str | None,
        sort: str | None,
    ) -> Cursor:  # fmt: skip
        if uri.authority == MMS_SMS_AUTHORITY:
            if uri.segments != ("conversations",):
                raise unknown_url(uri)
            # ?simple=true lists the threads table itself (newest first, whatever the sort)
            route = MMS_SMS_ROUTES[0] if uri.flag("simple") else MMS_SMS_ROUTES[1]
            return run_query(
                self.db, route, [], projection, selection, None if uri.flag("simple") else sort
            )
        found = route_for(ROUTES, uri)
        route, captured = found
        return run_query(self.db, route, captured, projection, selection, sort)

    # -- threads -------------------------------------------------------------------------------
    def thread_for(self, address: str) -> int:
        """``Threads.getOrCreateThreadId``: the conversation with this one recipient."""
        canon = None
        for row in self.db.rows("canonical_addresses"):
            if row["address"] == address or numbers_equal(str(row["address"]), address):
                canon = int(row["_id"])
                break
        if canon is None:
            canon = self.db.add("canonical_addresses", {"address": address})
        found = self.db.rows("threads", "recipient_ids = ?", (str(canon),))
        if found:
            return int(found[0]["_id"])
        return self.db.add(
            "threads", {"recipient_ids": str(canon), "date": int(self.clock() * 1000)}
        )

    def update_thread(self, thread_id: int) -> None:
        """What mmssms.db's triggers keep: count, snippet, date and read of a conversation;
        a conversation with no message left is removed."""
        rows = self.db.rows("sms", "thread_id = ?", (thread_id,), order="date DESC, _id DESC")
        if not rows:
            self.db.execute("DELETE FROM threads WHERE _id = ?", (thread_id,))
            return
        counted = [r for r in rows if r["type"] != 3]
        self.db.change(
            "threads",
            thread_id,
            {
                "message_count": len(counted),
                "snippet": rows[0]["body"],
                "date": rows[0]["date"],
                "read": 0 if any(not r["read"] for r in rows) else 1,
            },
        )

    # -- writes --------------------------------------------------------------------------------
    def insert(self, uri: ContentUri, values: dict[str, Any]) -> str | None:
        if uri.authority != SMS_AUTHORITY:
            raise ProviderError(UNSUPPORTED, f"MmsSmsProvider does not support inserts: {uri.text}")
        found = match_route(ROUTES, uri)
        name = found[0].name if found else ""
        if name == "all":
            box_type = int(values["type"]) if values.get("type") is not None else 1
        elif name in BOXES:
            box_type = BOXES[name]
        else:
            return None  # SmsProvider logs "Invalid request" and returns no URI
        check_values(values, SMS_COLUMNS, "sms")
        row = dict(values)
        row.setdefault("date", int(self.clock() * 1000))
        row.setdefault("type", box_type)
        address = str(row.get("address") or "")
        if not row.get("thread_id") and address:
            row["thread_id"] = self.thread_for(address)
        if int(row["type"]) == 3 and row.get("thread_id"):
            self.db.execute("DELETE FROM sms WHERE thread_id = ? AND type = 3", (row["thread_id"],))
        if box_type != 1:
            row["read"] = 1  # only received messages start unread
        with self.db.lock:
            new_id = self.db.add("sms", row)
            if row.get("thread_id"):
                self.update_thread(int(row["thread_id"]))
        return f"content://sms/{new_id}"

    def insert_row(self, box: str, values: dict[str, Any]) -> str | None:
        """What the default SMS app writes for a message in ``box`` (inbox, sent…)."""
        return self.insert(ContentUri.parse(f"content://sms/{box}"), values)

    def update_rows(self, ids: Sequence[int], values: dict[str, Any]) -> None:
        for row_id in ids:
            self.update(ContentUri.parse(f"content://sms/{row_id}"), values, None)

    def _threads_of(self, where: str, args: Sequence[Any] = ()) -> set[int]:
        _, rows = self.db.query(f"SELECT DISTINCT thread_id FROM sms WHERE {where}", args)
        return {int(r[0]) for r in rows if r[0] is not None}

    def update(self, uri: ContentUri, values: dict[str, Any], selection: str | None) -> int:
        if uri.authority != SMS_AUTHORITY:
            raise ProviderError(UNSUPPORTED, f"URI {uri.text} not supported")
        found = match_route(ROUTES, uri)
        if found is None:
            raise ProviderError(UNSUPPORTED, f"URI {uri.text} not supported")
        route, captured = found
        extra = ""
        if route.name.endswith("_id"):
            extra = f"{'thread_id' if route.name == 'conversations_id' else '_id'} = {captured[0]}"
        check_values(values, SMS_COLUMNS, "sms")
        # a box URI without an id updates every message the selection matches, in any box
        where = " AND ".join(f"({w})" for w in (extra, selection) if w) or "1"
        threads = self._threads_of(where)
        sets = ", ".join(f'"{k}" = ?' for k in values)
        try:
            count = self.db.execute(f"UPDATE sms SET {sets} WHERE {where}", list(values.values()))
        except Exception as exc:
            raise ProviderError(ILLEGAL_ARGUMENT, str(exc)) from exc
        for t in threads | ({int(values["thread_id"])} if values.get("thread_id") else set()):
            self.update_thread(t)
        return int(count.rowcount)

    def delete(self, uri: ContentUri, selection: str | None) -> int:
        if uri.authority == MMS_SMS_AUTHORITY:
            raise ProviderError(UNSUPPORTED, f"MmsSmsProvider does not support deletes: {uri.text}")
        found = match_route(ROUTES, uri)
        name = found[0].name if found else ""
        if name == "all":
            where = f"({selection})" if selection else "1"
        elif name == "all_id" and found is not None:
            where = f"_id = {found[1][0]}"
        elif name == "conversations_id" and found is not None:
            where = f"thread_id = {found[1][0]}" + (f" AND ({selection})" if selection else "")
        else:
            raise ProviderError(ILLEGAL_ARGUMENT, "Unknown URL")
        try:
            threads = self._threads_of(where)
            count = self.db.execute(f"DELETE FROM sms WHERE {where}").rowcount
        except ProviderError:
            raise
        except Exception as exc:
            raise ProviderError(ILLEGAL_ARGUMENT, str(exc)) from exc
        for t in threads:
            self.update_thread(t)
        return int(count)
