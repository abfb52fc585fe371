"""The device's in-memory filesystem: what ``sync:`` pushes and pulls, and what cat/ls/rm/md5sum
see. Pushed files persist for the device's lifetime, so uiautomator2's md5 check of
/data/local/tmp/u2.jar succeeds on every later connect.
"""

from __future__ import annotations

import posixpath
import stat
import time
from dataclasses import dataclass, field

# /sdcard is a symlink on Android; every spelling of primary storage maps to one directory.
_ALIASES = ("/storage/emulated/0", "/storage/self/primary", "/mnt/sdcard")
_DEFAULT_DIRS = (
    "/",
    "/data",
    "/data/local",
    "/data/local/tmp",
    "/data/app",
    "/system",
    "/system/bin",
    "/sdcard",
    "/sdcard/Download",
    "/sdcard/Documents",
    "/sdcard/DCIM",
    "/sdcard/Pictures",
    "/storage",
    "/storage/emulated",
    "/dev",
    "/proc",
)


class FsError(OSError):
    """A filesystem error carrying the errno the shell and sync report."""


@dataclass
class Entry:
    mode: int
    data: bytes = b""
    mtime: int = field(default_factory=lambda: int(time.time()))

    @property
    def is_dir(self) -> bool:
        return stat.S_ISDIR(self.mode)

    @property
    def size(self) -> int:
        return 4096 if self.is_dir else len(self.data)


def normalize(path: str, cwd: str = "/") -> str:
    path = posixpath.normpath(posixpath.join(cwd, path)) if path else cwd
    if path.startswith("//"):
        path = path[1:]
    for alias in _ALIASES:
        if path == alias or path.startswith(alias + "/"):
            return "/sdcard" + path[len(alias) :]
    return path


class FileSystem:
    def __init__(self) -> None:
        self._entries: dict[str, Entry] = {d: Entry(stat.S_IFDIR | 0o771) for d in _DEFAULT_DIRS}
        self._entries["/dev/null"] = Entry(stat.S_IFCHR | 0o666)

    def lookup(self, path: str) -> Entry | None:
        return self._entries.get(normalize(path))

    def exists(self, path: str) -> bool:
        return normalize(path) in self._entries

    def read(self, path: str) -> bytes:
        p = normalize(path)
        entry = self._entries.get(p)
        if entry is None:
            raise FsError(2, "No such file or directory", p)
        if entry.is_dir:
            raise FsError(21, "Is a directory", p)
        return entry.data

    def write(self, path: str, data: bytes, mode: int = 0o644, mtime: int | None = None) -> None:
        p = normalize(path)
        if p == "/dev/null":
            return
        parent = posixpath.dirname(p)
        pe = self._entries.get(parent)
        if pe is None:
            # adb push uses fixed_push_mkdir semantics: parents are created on demand.
            self.mkdirs(parent)
        elif not pe.is_dir:
            raise FsError(20, "Not a directory", parent)
        existing = self._entries.get(p)
        if existing is not None and existing.is_dir:
            raise FsError(21, "Is a directory", p)
        self._entries[p] = Entry(
            stat.S_IFREG | (mode & 0o7777), bytes(data), mtime if mtime else int(time.time())
        )

    def append(self, path: str, data: bytes) -> None:
        p = normalize(path)
        old = self._entries.get(p)
        self.write(p, (old.data if old and not old.is_dir else b"") + data)

    def mkdirs(self, path: str) -> None:
        p = normalize(path)
        parts = [x for x in p.split("/") if x]
        cur = ""
        for part in parts:
            cur += "/" + part
            entry = self._entries.get(cur)
            if entry is None:
                self._entries[cur] = Entry(stat.S_IFDIR | 0o771)
            elif not entry.is_dir:
                raise FsError(20, "Not a directory", cur)

    def remove(self, path: str, recursive: bool = False) -> None:
        p = normalize(path)
        entry = self._entries.get(p)
        if entry is None:
            raise FsError(2, "No such file or directory", p)
        if entry.is_dir:
            children = [k for k in self._entries if k.startswith(p.rstrip("/") + "/")]
            if not recursive:
                raise FsError(21, "Is a directory", p)
            for child in children:
                del self._entries[child]
        del self._entries[p]

    def listdir(self, path: str) -> list[tuple[str, Entry]]:
        p = normalize(path)
        entry = self._entries.get(p)
        if entry is None:
            raise FsError(2, "No such file or directory", p)
        if not entry.is_dir:
            return [(posixpath.basename(p), entry)]
        prefix = p.rstrip("/") + "/"
        out = []
        for key, child in self._entries.items():
            if key.startswith(prefix) and key != p and "/" not in key[len(prefix) :]:
                out.append((key[len(prefix) :], child))
        return sorted(out)
