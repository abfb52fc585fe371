"""Notes (Markor): the document list and an editor with title and body.

Saving stores a ``content://net.gsantner.markor/notes`` row and, as Markor does, a Markdown file
under /sdcard/Documents/markor/.
"""

from __future__ import annotations

import re
from typing import Any

from .base import App, Screen
from .intents import ACTION_SEND, Intent
from .layout import Builder

PKG = "net.gsantner.markor"
NOTES_DIR = "/sdcard/Documents/markor"


class NoteList(Screen["Notes"]):
    activity = ".activity.MainActivity"
    body = "list"
    body_id = "ui__filesystem_dialog__list"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Markor", up=False, actions=[("action_search", "Search", lambda: None)])
        rows = self.app.db.rows("notes", order="title COLLATE NOCASE")
        if not rows:
            ui.text("No documents yet", id="empty_hint")
        for row in rows:
            ui.item(
                f"{row['title']}.md",
                row["body"].split("\n")[0][:60],
                ids=("ui__filesystem_item__title", "ui__filesystem_item__description"),
                on_click=self.app.opener(Editor, row["_id"]),
            )
        ui.fab(
            "Create a new document",
            id="fab_add_new_item",
            on_click=lambda: self.app.open(Editor(self.app)),
        )


class Editor(Screen["Notes"]):
    activity = ".activity.DocumentActivity"

    def __init__(self, app: Notes, row_id: int | None = None, body: str = "") -> None:
        super().__init__(app)
        self.row_id = row_id
        row: dict[str, Any] = (app.db.get("notes", row_id) if row_id else None) or {}
        self.values.update({"title": row.get("title", ""), "body": row.get("body", body)})
        self.focus = "body" if row_id else "title"

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            self.values.get("title") or "New document", actions=[("action_save", "Save", self.save)]
        )
        ui.edit("title", id="new_file_dialog__name", hint="Name")
        ui.edit(
            "body",
            id="document__fragment__edit__highlighting_editor",
            hint="Start writing…",
            lines=14,
        )

    def save(self) -> None:
        title = self.value("title") or "Untitled"
        values = {"title": title, "body": self.values.get("body", "")}
        if self.row_id:
            self.app.db.change("notes", self.row_id, values)
        else:
            self.row_id = self.app.db.add("notes", values)
        safe = re.sub(r"[^\w\- .]", "_", title)[:80]
        self.device.fs.write(f"{NOTES_DIR}/{safe}.md", values["body"].encode("utf-8"))
        self.device.record("notes.save", values)
        self.device.toast("Saved")
        self.app.close()


class Notes(App):
    package = PKG
    label = "Markor"
    permissions = (
        "android.permission.WRITE_EXTERNAL_STORAGE",
        "android.permission.READ_EXTERNAL_STORAGE",
    )
    main = NoteList
    screens = (Editor,)

    def handle(self, intent: Intent) -> Screen[Any] | None:
        if (
            intent.action == ACTION_SEND
            and (intent.mime or "").startswith("text/")
            and intent.package == PKG
        ):
            return Editor(self, body=str(intent.extras.get("android.intent.extra.TEXT", "")))
        return None
