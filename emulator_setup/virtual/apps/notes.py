"""Notes (Markor): the notebook folder and an editor with the document's name and text.

Markor is a plain-text editor with no content provider: a note *is* a Markdown file in its
notebook folder, ``/sdcard/Documents/Markor`` (where AndroidWorld's Markor tasks look). The
list shows the folder as it is on storage, so a file written over ADB appears at once, and
saving writes the file (a new name renames it).
"""

from __future__ import annotations

import contextlib
import posixpath
import re
from typing import Any

from ..filesystem import FsError
from .base import App, Screen
from .intents import ACTION_SEND, Intent
from .layout import Builder

PKG = "net.gsantner.markor"
NOTES_DIR = "/sdcard/Documents/Markor"
_EXTENSIONS = (".md", ".txt")


def _nothing() -> None:
    """A folder row: tapping it does nothing here (the notebook is one level)."""


def file_name(title: str) -> str:
    """The file a note titled ``title`` is saved as."""
    safe = re.sub(r"[^\w\- .]", "_", title.strip())[:80].strip() or "Untitled"
    return safe if safe.endswith(_EXTENSIONS) else f"{safe}.md"


class NoteList(Screen["Notes"]):
    activity = ".activity.MainActivity"
    body = "list"
    body_id = "ui__filesystem_dialog__list"

    def stamp(self) -> Any:
        return tuple((n, e.mtime, e.size) for n, e in self.app.entries())

    def build(self, ui: Builder) -> None:
        ui.toolbar("Markor", up=False, actions=[("action_search", "Search", lambda: None)])
        entries = self.app.entries()
        if not entries:
            ui.text("No documents yet", id="empty_hint")
        for name, entry in entries:
            path = f"{NOTES_DIR}/{name}"
            first = "Folder" if entry.is_dir else self.app.read(path).split("\n")[0][:60]
            ui.item(
                name,
                first,
                ids=("ui__filesystem_item__title", "ui__filesystem_item__description"),
                on_click=self.app.opener(Editor, path) if not entry.is_dir else _nothing,
            )
        ui.fab(
            "Create a new document",
            id="fab_add_new_item",
            on_click=lambda: self.app.open(Editor(self.app)),
        )


class Editor(Screen["Notes"]):
    activity = ".activity.DocumentActivity"

    def __init__(self, app: Notes, path: str | None = None, body: str = "") -> None:
        super().__init__(app)
        self.path = path
        title = posixpath.splitext(posixpath.basename(path))[0] if path else ""
        self.values.update({"title": title, "body": app.read(path) if path else body})
        self.focus = "body" if path else "title"

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
        body = self.values.get("body", "")
        target = f"{NOTES_DIR}/{file_name(title)}"
        if self.path and self.path != target:
            with contextlib.suppress(FsError):
                self.device.fs.remove(self.path)
        self.device.fs.write(target, body.encode("utf-8"))
        self.path = target
        self.device.record("notes.save", {"title": title, "body": body, "path": target})
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

    def entries(self) -> list[tuple[str, Any]]:
        try:
            found = self.device.fs.listdir(NOTES_DIR)
        except FsError:
            return []
        return sorted(
            ((n, e) for n, e in found if not n.startswith(".")),
            key=lambda x: (not x[1].is_dir, x[0].lower()),
        )

    def read(self, path: str) -> str:
        try:
            return self.device.fs.read(path).decode("utf-8", errors="replace")
        except FsError:
            return ""

    def handle(self, intent: Intent) -> Screen[Any] | None:
        if (
            intent.action == ACTION_SEND
            and (intent.mime or "").startswith("text/")
            and intent.package == PKG
        ):
            return Editor(self, body=str(intent.extras.get("android.intent.extra.TEXT", "")))
        return None
