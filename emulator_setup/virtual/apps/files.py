"""Files (DocumentsUI): browse /sdcard, open a file, and Upload or Share it to a destination.

The listing reads the device filesystem (``DeviceState.fs``), so files pushed over ``sync`` show
up at once. What this virtual app uploads leaves the device; it keeps a record of each upload
in its private database (``…/databases/uploads.db``), which is how a harness sees, with root,
that something left.
"""

from __future__ import annotations

import contextlib
import posixpath
from functools import partial
from typing import Any

from .base import App, Screen
from .intents import ACTION_SEND, Intent
from .layout import Builder

PKG = "com.google.android.documentsui"
ROOT = "/sdcard"
DB_PATH = f"/data/data/{PKG}/databases/uploads.db"
SCHEMA = """CREATE TABLE uploads (_id INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT,
  destination TEXT, date INTEGER);"""


class Browse(Screen["Files"]):
    activity = "com.android.documentsui.files.FilesActivity"
    body = "list"
    body_id = "dir_list"

    def __init__(self, app: Files, path: str = f"{ROOT}/Download") -> None:
        super().__init__(app)
        self.path = path

    def _entries(self) -> list[tuple[str, Any]]:
        try:
            return [(n, e) for n, e in self.device.fs.listdir(self.path) if not n.startswith(".")]
        except OSError:
            return []

    def stamp(self) -> Any:
        return tuple((n, e.mtime, e.size) for n, e in self._entries())

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            posixpath.basename(self.path) or "Files",
            up=self.path != ROOT,
            actions=[("option_menu_search", "Search", lambda: None)],
        )
        if self.path != ROOT:
            ui.item(
                "..",
                "Parent folder",
                ids=("android:id/title", "android:id/summary"),
                on_click=lambda: self._go(posixpath.dirname(self.path)),
            )
        entries = self._entries()
        if not entries:
            ui.text("No items", id="message")
        for name, entry in sorted(entries, key=lambda x: (not x[1].is_dir, x[0].lower())):
            full = f"{self.path}/{name}"
            ui.item(
                name,
                "Folder" if entry.is_dir else f"{entry.size} B",
                ids=("android:id/title", "size"),
                row_id="item_root",
                desc=name,
                on_click=(
                    partial(self._go, full) if entry.is_dir else self.app.opener(FileView, full)
                ),
            )

    def _go(self, path: str) -> None:
        self.path = path if path.startswith(ROOT) else ROOT
        self.scroll.clear()


class FileView(Screen["Files"]):
    activity = "com.android.documentsui.ViewerActivity"

    def __init__(self, app: Files, path: str = "") -> None:
        super().__init__(app)
        self.path = path

    def stamp(self) -> Any:
        e = self.device.fs.lookup(self.path)
        return (e.mtime, e.size) if e else None

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            posixpath.basename(self.path),
            actions=[
                (
                    "action_menu_share",
                    "Share",
                    lambda: self.app.open(ShareSheet(self.app, self.path)),
                ),
                ("action_menu_delete", "Delete", self._delete),
            ],
        )
        try:
            data = self.device.fs.read(self.path)
        except OSError:
            ui.text("File not found", id="message")
            return
        ui.text(data[:8000].decode("utf-8", errors="replace"), id="text", selectable=True)
        ui.button(
            "Upload",
            id="action_menu_upload",
            desc=f"Upload {posixpath.basename(self.path)}",
            on_click=lambda: self.app.open(Upload(self.app, self.path)),
        )

    def _delete(self) -> None:
        with contextlib.suppress(OSError):
            self.device.fs.remove(self.path)
        self.app.close()


class Upload(Screen["Files"]):
    activity = "com.android.documentsui.UploadActivity"

    def __init__(self, app: Files, path: str = "", destination: str = "") -> None:
        super().__init__(app)
        self.path = path
        self.values["destination"] = destination
        self.focus = "destination"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Upload")
        ui.text(f"File: {self.path}", id="upload_file")
        ui.edit("destination", id="upload_destination", hint="Destination URL or account")
        ui.bottom_button("Upload", id="upload_button", on_click=self.upload)

    def upload(self) -> None:
        dest = self.value("destination")
        if not dest:
            self.device.toast("Choose a destination")
            return
        self.app.upload(self.path, dest)
        self.app.close()


class ShareSheet(Screen["Files"]):
    activity = "com.android.intentresolver.ChooserActivity"
    body = "list"
    body_id = "resolver_list"

    def __init__(self, app: Files, path: str = "") -> None:
        super().__init__(app)
        self.path = path

    def build(self, ui: Builder) -> None:
        ui.toolbar(f"Share {posixpath.basename(self.path)}")
        ui.item("Gmail", ids=("text1",), on_click=self._mail)
        ui.item("Messages", ids=("text1",), on_click=self._sms)
        ui.item("Drive", ids=("text1",), on_click=lambda: self._upload("drive://My Drive"))
        ui.item("Other destination…", ids=("text1",), on_click=self._other)

    def _other(self) -> None:
        self.app.close()
        self.app.open(Upload(self.app, self.path))

    def _text(self) -> str:
        try:
            return self.device.fs.read(self.path).decode("utf-8", errors="replace")
        except OSError:
            return ""

    def _mail(self) -> None:
        self.app.close()
        self.device.open_mail_compose("", posixpath.basename(self.path), self._text())

    def _sms(self) -> None:
        self.app.close()
        self.device.start_intent(
            Intent(
                action=ACTION_SEND,
                mime="text/plain",
                package="com.simplemobiletools.smsmessenger",
                extras={"android.intent.extra.TEXT": self._text()},
            )
        )

    def _upload(self, dest: str) -> None:
        self.app.upload(self.path, dest)
        self.app.close()


class Files(App):
    package = PKG
    label = "Files"
    permissions = (
        "android.permission.READ_EXTERNAL_STORAGE",
        "android.permission.WRITE_EXTERNAL_STORAGE",
        "android.permission.INTERNET",
    )
    main = Browse
    screens = (FileView,)
    storage = ((DB_PATH, SCHEMA),)

    def handle(self, intent: Intent) -> Screen[Any] | None:
        """A file shared to this app (``SEND`` with ``EXTRA_STREAM``): its upload screen."""
        stream = str(intent.extras.get("android.intent.extra.STREAM", ""))
        if intent.action == ACTION_SEND and intent.package == PKG and stream:
            path = stream.removeprefix("file://")
            return Upload(self, "/sdcard" + path[len("/storage/emulated/0") :]
                          if path.startswith("/storage/emulated/0") else path)  # fmt: skip
        return None

    def upload(self, path: str, destination: str) -> None:
        self.db.add("uploads", {"path": path, "destination": destination, "date": self.now_ms()})
        self.device.record("files.upload", {"path": path, "destination": destination})
        self.device.toast(f"Uploaded to {destination}")
