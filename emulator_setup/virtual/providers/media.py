"""MediaProvider (``content://media/external/…``): shared storage as MediaStore rows.

Every file and folder under ``/sdcard`` is a row of ``files`` (this device never waits for a
media scan); ``images/media``, ``video/media``, ``audio/media`` and ``downloads`` are the
filtered views of it the MediaStore contract defines. A row's id stays with its path. Deleting
a row deletes the file (``content delete --uri content://media/external/downloads`` empties
Download, as AndroidWorld's harness uses it); updating ``_display_name`` or ``relative_path``
renames or moves it; inserting creates the (empty) file. A representative subset of
MediaStore's columns is served, in the provider's ArrayMap order.
"""

from __future__ import annotations

import hashlib
import mimetypes
import posixpath
from collections.abc import Sequence
from typing import Any

from ..database import Database
from ..filesystem import FileSystem, FsError
from .base import (
    ILLEGAL_ARGUMENT,
    UNSUPPORTED,
    ContentUri,
    Cursor,
    ProviderError,
    Route,
    match_route,
    route_for,
    run_query,
)
from .java import arraymap_order

AUTHORITY = "media"
ROOT = "/sdcard"
STORAGE = "/storage/emulated/0"
# MediaStore.Files.FileColumns.MEDIA_TYPE
NONE, IMAGE, AUDIO, VIDEO, PLAYLIST, SUBTITLE, DOCUMENT = 0, 1, 2, 3, 4, 5, 6

_COLUMNS = (
    "_id", "_data", "_size", "_display_name", "mime_type", "title", "date_added",
    "date_modified", "datetaken", "media_type", "relative_path", "volume_name", "bucket_id",
    "bucket_display_name", "owner_package_name", "is_pending", "is_trashed", "is_download",
    "is_favorite", "width", "height", "orientation", "duration", "parent", "format",
    "document_id", "instance_id", "generation_added", "generation_modified",
)  # fmt: skip
COLUMNS = tuple(arraymap_order(_COLUMNS))
_SCHEMA = (
    "CREATE TABLE files ("
    + ", ".join(f"{c} {'INTEGER' if c in _COLUMNS[:1] else ''}".strip() for c in _COLUMNS)
    + ");"
)
_FILES = "SELECT * FROM files"
_VOLUMES = ("external", "external_primary")
ROUTES = tuple(
    r
    for vol in _VOLUMES
    for r in (
        Route("file", (vol, "file"), _FILES, COLUMNS),
        Route("file_id", (vol, "file", "#"), _FILES, COLUMNS, where="_id = {0}"),
        Route("images", (vol, "images", "media"), _FILES, COLUMNS, where=f"media_type = {IMAGE}"),
        Route("images_id", (vol, "images", "media", "#"), _FILES, COLUMNS,
              where=f"media_type = {IMAGE} AND _id = {{0}}"),
        Route("video", (vol, "video", "media"), _FILES, COLUMNS, where=f"media_type = {VIDEO}"),
        Route("audio", (vol, "audio", "media"), _FILES, COLUMNS, where=f"media_type = {AUDIO}"),
        Route("downloads", (vol, "downloads"), _FILES, COLUMNS, where="is_download = 1"),
        Route("downloads_id", (vol, "downloads", "#"), _FILES, COLUMNS,
              where="is_download = 1 AND _id = {0}"),
    )
)  # fmt: skip


def _media_type(mime: str | None) -> int:
    if not mime:
        return NONE
    top = mime.split("/", 1)[0]
    if top == "image":
        return IMAGE
    if top == "audio":
        return AUDIO
    if top == "video":
        return VIDEO
    if mime in ("application/pdf", "text/plain", "text/markdown", "application/msword"):
        return DOCUMENT
    return NONE


class MediaProvider:
    authorities = (AUTHORITY,)

    def __init__(self, fs: FileSystem, clock: Any) -> None:
        self.fs = fs
        self.clock = clock
        self._ids: dict[str, int] = {}
        self._added: dict[str, int] = {}

    def _id(self, path: str) -> int:
        if path not in self._ids:
            self._ids[path] = len(self._ids) + 1000
            self._added[path] = int(self.clock())
        return self._ids[path]

    def _walk(self, path: str) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        try:
            children = self.fs.listdir(path)
        except FsError:
            return out
        for name, entry in children:
            full = f"{path}/{name}"
            out.append((full, entry))
            if entry.is_dir:
                out.extend(self._walk(full))
        return out

    def _table(self) -> Database:
        """A snapshot of shared storage as the ``files`` table."""
        db = Database("", _SCHEMA)
        for path, entry in sorted(self._walk(ROOT)):
            rel, name = posixpath.split(path[len(ROOT) + 1 :])
            mime = (
                None
                if entry.is_dir
                else (mimetypes.guess_type(name)[0] or "application/octet-stream")
            )
            parent = posixpath.dirname(path)
            db.add(
                "files",
                {
                    "_id": self._id(path), "_data": STORAGE + path[len(ROOT):],
                    "_size": 0 if entry.is_dir else entry.size, "_display_name": name,
                    "mime_type": mime, "title": posixpath.splitext(name)[0],
                    "date_added": self._added[path], "date_modified": entry.mtime,
                    "datetaken": None, "media_type": _media_type(mime),
                    "relative_path": (rel + "/") if rel else None,
                    "volume_name": "external_primary",
                    "bucket_id": int(hashlib.md5(parent.lower().encode()).hexdigest()[:7], 16),
                    "bucket_display_name": posixpath.basename(parent) or None,
                    "owner_package_name": None, "is_pending": 0, "is_trashed": 0,
                    "is_download": int(rel.split("/")[0] == "Download" and not entry.is_dir),
                    "is_favorite": 0, "width": None, "height": None, "orientation": None,
                    "duration": None, "parent": self._ids.get(parent, 0) if parent != ROOT else 0,
                    "format": 12289 if entry.is_dir else 12288,
                    "document_id": None, "instance_id": None,
                    "generation_added": self._ids[path], "generation_modified": self._ids[path],
                },
            )  # fmt: skip
        return db

    def _paths(self, uri: ContentUri, selection: str | None) -> list[str]:
        found = route_for(ROUTES, uri)
        route, captured = found
        _, rows = run_query(self._table(), route, captured, ["_data"], selection, None)
        return [ROOT + str(r[0])[len(STORAGE) :] for r in rows]

    def query(
        self, uri: ContentUri, projection: Sequence[str] | None, selection: str | None,
        sort: str | None,
    ) -> Cursor:  # fmt: skip
        if uri.segments[:1] == ("internal",):
            return list(projection or COLUMNS), []
        found = route_for(ROUTES, uri)
        route, captured = found
        return run_query(self._table(), route, captured, projection, selection, sort)

    def insert(self, uri: ContentUri, values: dict[str, Any]) -> str | None:
        found = match_route(ROUTES, uri)
        if found is None or found[0].name.endswith("_id"):
            raise ProviderError(UNSUPPORTED, f"Unknown URL {uri.text}")
        name = values.get("_display_name")
        if not name:
            raise ProviderError(ILLEGAL_ARGUMENT, "Missing _display_name")
        default_dir = "Download/" if found[0].name == "downloads" else "Pictures/"
        rel = str(values.get("relative_path") or default_dir).strip("/")
        path = f"{ROOT}/{rel}/{posixpath.basename(str(name))}"
        if not self.fs.exists(path):
            self.fs.write(path, b"")
        return f"content://media/external_primary/file/{self._id(path)}"

    def update(self, uri: ContentUri, values: dict[str, Any], selection: str | None) -> int:
        paths = self._paths(uri, selection)
        for path in paths:
            rel, name = posixpath.split(path[len(ROOT) + 1 :])
            new_rel = str(values.get("relative_path", rel)).strip("/")
            new_name = posixpath.basename(str(values.get("_display_name", name)))
            target = f"{ROOT}/{new_rel}/{new_name}" if new_rel else f"{ROOT}/{new_name}"
            if target != path:
                try:
                    self.fs.rename(path, target)
                except FsError as exc:
                    raise ProviderError(ILLEGAL_ARGUMENT, f"{exc.strerror}: {target}") from exc
                self._ids[target] = self._ids.pop(path, self._id(target))
        return len(paths)

    def delete(self, uri: ContentUri, selection: str | None) -> int:
        paths = self._paths(uri, selection)
        count = 0
        for path in sorted(paths, key=len, reverse=True):
            if self.fs.exists(path):
                self.fs.remove(path, recursive=True)
                count += 1
        return count
