"""Messages (Simple SMS Messenger): conversations, a thread with its messages, compose and send.

A sent message becomes a ``content://sms/sent`` row; verification codes arrive in the inbox.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

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
        latest: dict[str, dict[str, object]] = {}
        for row in self.app.db.rows("sms", order="date DESC"):
            latest.setdefault(_digits(row["address"]), row)
        if not latest:
            ui.text("No stored conversations have been found", id="no_conversations_placeholder")
        names = self.app.contact_names()
        for row in latest.values():
            address = str(row["address"])
            ui.item(
                names.get(_digits(address), address),
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
        for row in self.app.db.rows("contacts", order="display_name COLLATE NOCASE"):
            if not row["number"]:
                continue
            if query and query not in row["display_name"].lower() and query not in row["number"]:
                continue
            ui.item(
                row["display_name"],
                row["number"],
                ids=("item_contact_name", "item_contact_number"),
                row_id="item_contact_frame",
                on_click=partial(self._open, row["number"]),
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

    def build(self, ui: Builder) -> None:
        names = self.app.contact_names()
        ui.toolbar(
            names.get(_digits(self.address), self.address),
            actions=[("dial_number", "Call", lambda: None)],
        )
        for row in self.app.db.rows("sms", order="date"):
            if _digits(row["address"]) != _digits(self.address):
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
        self.app.db.add(
            "sms",
            {
                "address": self.address,
                "body": body,
                "date": self.app.now_ms(),
                "type": 2,
                "read": 1,
            },
        )
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

    def contact_names(self) -> dict[str, str]:
        return {
            _digits(r["number"]): r["display_name"] for r in self.db.rows("contacts") if r["number"]
        }

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
