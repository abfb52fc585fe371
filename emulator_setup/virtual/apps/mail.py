"""Mail (Gmail-like): inbox, reading a mail, compose with To/Subject/body and Send.

Gmail has no public content provider: its mail lives in the app's private database
(``/data/data/com.google.android.gm/databases/mail.db``, table ``messages``; the schema is
this virtual app's own). Agents reach it as on a phone, through its screens and its
``mailto:``/``SEND`` intents; a harness reads it with root ``sqlite3``. Sent mail is a row in
folder ``sent``. Some incoming mail in the default fixture carries prompt-injection text on
purpose.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any
from urllib.parse import unquote

from .base import App, Screen
from .intents import ACTION_SEND, ACTION_SENDTO, ACTION_VIEW, Intent
from .layout import Builder

PKG = "com.google.android.gm"
ME = "me@example.com"
DB_PATH = f"/data/data/{PKG}/databases/mail.db"
SCHEMA = """CREATE TABLE messages (_id INTEGER PRIMARY KEY AUTOINCREMENT, folder TEXT,
  sender TEXT, recipient TEXT, subject TEXT, body TEXT, date INTEGER, read INTEGER DEFAULT 0);"""


class Inbox(Screen["Mail"]):
    activity = "com.google.android.gm.ConversationListActivityGmail"
    body = "list"
    body_id = "thread_list_view"

    def __init__(self, app: Mail, folder: str = "inbox") -> None:
        super().__init__(app)
        self.folder = folder

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            "Inbox" if self.folder == "inbox" else "Sent",
            up=False,
            actions=[
                ("open_search", "Search in mail", lambda: None),
                ("folder_toggle", "Sent" if self.folder == "inbox" else "Inbox", self._toggle),
            ],
        )
        rows = self.app.db.rows("messages", "folder = ?", (self.folder,), order="date DESC")
        if not rows:
            ui.text("Nothing in " + self.folder.capitalize(), id="empty_text")
        for row in rows:
            who = row["sender"] if self.folder == "inbox" else f"To: {row['recipient']}"
            ui.item(
                f"{who.split('<')[0].strip()} · {row['subject']}",
                row["body"].split("\n")[0][:80],
                ids=("subject", "snippet"),
                trailing=time.strftime("%b %d", time.gmtime(row["date"] / 1000)),
                trailing_id="date",
                row_id="viewified_conversation_item_view",
                desc=f"{'Unread, ' if not row['read'] else ''}{who}, {row['subject']}",
                on_click=partial(self._open, row["_id"]),
            )
        ui.fab(
            "Compose",
            id="compose_button",
            text="Compose",
            on_click=lambda: self.app.open(Compose(self.app)),
        )

    def _toggle(self) -> None:
        self.folder = "sent" if self.folder == "inbox" else "inbox"

    def _open(self, row_id: int) -> None:
        self.app.db.change("messages", row_id, {"read": 1})
        self.app.open(MailView(self.app, row_id))


class MailView(Screen["Mail"]):
    activity = "com.google.android.gm.ui.MailActivityGmail"

    def __init__(self, app: Mail, row_id: int = 0) -> None:
        super().__init__(app)
        self.row_id = row_id

    def build(self, ui: Builder) -> None:
        row: dict[str, Any] = self.app.db.get("messages", self.row_id) or {}
        ui.toolbar("", actions=[("delete", "Delete", self._delete)])
        ui.text(row.get("subject", ""), id="subject_and_folder_view", style="headline")
        ui.text(row.get("sender", ""), id="sender_name")
        ui.text(f"to {row.get('recipient', '')}", id="recipient_summary", style="small")
        ui.text(row.get("body", ""), id="message_body", selectable=True)
        sender = str(row.get("sender", ""))
        address = sender.split("<")[-1].rstrip(">").strip()
        ui.button(
            "Reply",
            id="reply_button",
            on_click=lambda: self.app.open(
                Compose(self.app, address, "Re: " + str(row.get("subject", "")))
            ),
        )
        ui.button(
            "Forward",
            id="forward_button",
            on_click=lambda: self.app.open(
                Compose(
                    self.app,
                    "",
                    "Fwd: " + str(row.get("subject", "")),
                    f"\n\n---------- Forwarded message ---------\nFrom: {sender}\n{row.get('body', '')}",
                )
            ),
        )

    def _delete(self) -> None:
        self.app.db.remove("messages", self.row_id)
        self.app.close()


class Compose(Screen["Mail"]):
    activity = "com.google.android.gm.ComposeActivityGmail"

    def __init__(self, app: Mail, to: str = "", subject: str = "", body: str = "") -> None:
        super().__init__(app)
        self.values.update({"to": to, "subject": subject, "body": body})
        self.focus = "body" if to else "to"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Compose", actions=[("send", "Send", self.send)])
        ui.text(f"From {ME}", id="from_account_name", style="small")
        ui.edit("to", id="to", hint="To")
        ui.edit("subject", id="subject", hint="Subject")
        ui.edit("body", id="body", hint="Compose email", lines=6)

    def send(self) -> None:
        to = self.value("to")
        if not to or "@" not in to:
            self.device.toast("Add at least one recipient.")
            return
        values = {
            "folder": "sent",
            "sender": ME,
            "recipient": to,
            "subject": self.values.get("subject", ""),
            "body": self.values.get("body", ""),
            "date": self.app.now_ms(),
            "read": 1,
        }
        self.app.db.add("messages", values)
        self.device.record("mail.send", values)
        self.app.close()
        self.device.toast("Sent")


class Mail(App):
    package = PKG
    label = "Gmail"
    permissions = ("android.permission.READ_CONTACTS", "android.permission.GET_ACCOUNTS")
    main = Inbox
    screens = (Compose, MailView)
    storage = ((DB_PATH, SCHEMA),)

    def handle(self, intent: Intent) -> Screen[Any] | None:
        data = intent.data or ""
        subject = str(intent.extras.get("android.intent.extra.SUBJECT", ""))
        body = str(intent.extras.get("android.intent.extra.TEXT", ""))
        if intent.action in (ACTION_SENDTO, ACTION_VIEW) and data.startswith("mailto:"):
            to, _, query = data[len("mailto:") :].partition("?")
            for part in query.split("&"):
                k, _, v = part.partition("=")
                if k == "subject":
                    subject = unquote(v)
                elif k == "body":
                    body = unquote(v)
            return Compose(self, to, subject, body)
        if intent.action == ACTION_SEND and not data:
            to_list = intent.extras.get("android.intent.extra.EMAIL") or ""
            to = ",".join(to_list) if isinstance(to_list, list) else str(to_list)
            return Compose(self, to, subject, body)
        return None
