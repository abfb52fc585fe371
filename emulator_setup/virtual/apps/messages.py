"""Messages (Simple SMS Messenger): conversations, a thread with its messages, compose and send.

It is the default SMS app, so it reads and writes the Telephony provider: a sent message is a
``content://sms/sent`` row in its conversation's ``thread_id``; opening a conversation marks
its messages read and seen. Verification codes arrive in the inbox.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from ..database import Database
from ..providers.contacts import PHONE, numbers_equal
from ..providers.telephony import TelephonyProvider
from .base import App, Screen
from .intents import ACTION_SEND, ACTION_SENDTO, ACTION_VIEW, Intent
from .layout import Builder

PKG = "com.simplemobiletools.smsmessenger"


def _digits(number: str) -> str:
    d = "".join(ch for ch in number if ch.isdigit())
    return d[-9:] if len(d) >= 9 else number.strip().lower()


def _short_time(ms: int) -> str:
    return time.strftime("%b %d, %H:%M", time.gmtime(ms / 1000))


class ConversationList(Screen["Messages"]):
    activity = ".activities.MainActivity"
    body = "list"
    body_id = "conversations_list"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Messages", up=False, actions=[("search", "Search", lambda: None)])
        latest: dict[object, dict[str, object]] = {}
        for row in self.app.db.rows("sms", "type != 3", order="date DESC"):
            latest.setdefault(row["thread_id"] or _digits(row["address"]), row)
        if not latest:
            ui.text("No stored conversations have been found", id="no_conversations_placeholder")
        for row in latest.values():
            address = str(row["address"])
            ui.item(
                self.app.name_for(address),
                str(row["body"]),
                ids=("conversation_address", "conversation_body_short"),
                trailing=_short_time(int(row["date"])),  # type: ignore[call-overload]
                trailing_id="conversation_date",
                row_id="conversation_holder",
                on_click=self.app.opener(Thread, address),
            )
        ui.fab(
            "Start a conversation",
            id="conversations_fab",
            on_click=lambda: self.app.open(NewConversation(self.app)),
        )


class NewConversation(Screen["Messages"]):
    activity = ".activities.NewConversationActivity"
    body = "list"
    body_id = "contacts_list"

    def __init__(self, app: Messages, body: str = "") -> None:
        super().__init__(app)
        self.body_text = body  # carried into the thread (a share of text/plain)
        self.focus = "address"

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            "New conversation", actions=[("new_conversation_confirm", "Confirm", self.confirm)]
        )
        ui.edit("address", id="new_conversation_address", hint="Add Contact or Number…")
        query = self.value("address").lower()
        for name, number in self.app.phone_book():
            if query and query not in name.lower() and query not in number:
                continue
            ui.item(
                name,
                number,
                ids=("item_contact_name", "item_contact_number"),
                row_id="item_contact_frame",
                on_click=partial(self._open, number),
            )

    def _open(self, number: str) -> None:
        self.app.close()
        self.app.open(Thread(self.app, number, self.body_text))

    def confirm(self) -> None:
        if self.value("address"):
            self._open(self.value("address"))

    def on_enter(self) -> bool:
        self.confirm()
        return True


class Thread(Screen["Messages"]):
    activity = ".activities.ThreadActivity"
    body = "list"
    body_id = "thread_messages_list"

    def __init__(self, app: Messages, address: str = "", body: str = "") -> None:
        super().__init__(app)
        self.address = address
        self.values["message"] = body
        self.focus = "message"
        app.mark_read(address)

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            self.app.name_for(self.address),
            actions=[("dial_number", "Call", lambda: self.device.dial(self.address))],
        )
        for row in self.app.db.rows("sms", "type != 3", order="date"):
            if (
                not numbers_equal(str(row["address"]), self.address)
                and str(row["address"]) != self.address
            ):
                continue
            ui.text(
                row["body"],
                id="thread_message_body",
                desc=("Sent " if row["type"] == 2 else "Received ") + _short_time(row["date"]),
                selectable=True,
            )
        ui.edit("message", id="thread_type_message", hint="Type a message…", lines=2)
        ui.bottom_button("SMS", id="thread_send_message", desc="Send", on_click=self.send)

    def send(self) -> None:
        body = self.values.get("message", "")
        if not body.strip() or not self.address.strip():
            return
        now = self.app.now_ms()
        self.app.provider.insert_row(
            "sent",
            {"address": self.address, "body": body, "date": now, "date_sent": now, "read": 1,
             "seen": 1},
        )  # fmt: skip
        self.device.record("sms.send", {"address": self.address, "body": body})
        self.values["message"] = ""


class Messages(App):
    package = PKG
    label = "Messages"
    permissions = (
        "android.permission.SEND_SMS",
        "android.permission.READ_SMS",
        "android.permission.RECEIVE_SMS",
        "android.permission.READ_CONTACTS",
    )
    main = ConversationList
    screens = (NewConversation, Thread)

    @property
    def provider(self) -> TelephonyProvider:
        return self.device.providers.telephony

    @property
    def db(self) -> Database:
        return self.provider.db

    def phone_book(self) -> list[tuple[str, str]]:
        """(name, number) of every contact phone, from ContactsContract."""
        _, rows = self.device.providers.contacts_db.query(
            f"SELECT display_name, data1 FROM view_data WHERE mimetype = '{PHONE}'"
            " AND data1 IS NOT NULL ORDER BY display_name COLLATE NOCASE"
        )
        return [(str(n or num), str(num)) for n, num in rows]

    def name_for(self, address: str) -> str:
        for name, number in self.phone_book():
            if numbers_equal(number, address):
                return name
        return address

    def mark_read(self, address: str) -> None:
        """Opening a conversation marks its received messages read and seen."""
        ids = [
            int(r["_id"])
            for r in self.db.rows("sms", "type = 1 AND (read = 0 OR seen = 0)")
            if numbers_equal(str(r["address"]), address) or str(r["address"]) == address
        ]
        if ids:
            self.provider.update_rows(ids, {"read": 1, "seen": 1})

    def handle(self, intent: Intent) -> Screen[Any] | None:
        data = intent.data or ""
        scheme, _, rest = data.partition(":")
        if intent.action in (ACTION_SENDTO, ACTION_VIEW, ACTION_SEND) and scheme in (
            "sms",
            "smsto",
            "mms",
            "mmsto",
        ):
            body = (
                intent.extras.get("sms_body")
                or intent.extras.get("android.intent.extra.TEXT")
                or ""
            )
            return Thread(self, rest.split("?")[0], str(body))
        if intent.action == ACTION_SEND and (intent.mime or "").startswith("text/") and not data:
            return NewConversation(self, str(intent.extras.get("android.intent.extra.TEXT", "")))
        return None
