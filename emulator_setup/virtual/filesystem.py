"""The device's in-memory filesystem: what ``sync:`` pushes and pulls, and what cat/ls/rm/md5sum
see. Pushed files persist for the device's lifetime, so uiautomator2's md5 check of
/data/local/tmp/u2.jar succeeds on every later connect.

Databases (providers' and apps' private ones) are mounted at their on-device paths: reading
the file serializes the database, writing it replaces the database. Apps' private storage is
private as on Android: the ``shell`` user (uid 2000) gets "Permission denied" under
``/data/data``, ``/data/user``, ``/data/user_de`` and ``/data/system``; root (``adb root``,
``su 0 …``) and the device's own apps do not. The caller's uid is ``current_uid``, set by the
shell and sync services for the command they run.
"""

from __future__ import annotations

import contextvars
import posixpath
import stat
import time
from dataclasses import dataclass, field
from typing import Protocol

ROOT_UID = 0
SHELL_UID = 2000
current_uid: contextvars.ContextVar[int] = contextvars.ContextVar("current_uid", default=ROOT_UID)
"""Who is asking. The device's own code runs as root (the default); the shell and sync set it."""

# Directories the shell user may not list, and the trees it may not enter at all.
_UNLISTABLE = ("/data", "/data/data", "/data/user", "/data/user/0", "/data/user_de",
               "/data/user_de/0", "/data/system")  # fmt: skip
_PRIVATE_TREES = ("/data/data/", "/data/user/0/", "/data/user_de/0/", "/data/system/")

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
    "/sdcard/Alarms",
    "/sdcard/Android",
    "/sdcard/Android/data",
    "/sdcard/Android/media",
    "/sdcard/Audiobooks",
    "/sdcard/DCIM",
    "/sdcard/Documents",
    "/sdcard/Download",
    "/sdcard/Movies",
    "/sdcard/Music",
    "/sdcard/Notifications",
    "/sdcard/Pictures",
    "/sdcard/Podcasts",
    "/sdcard/Recordings",
    "/sdcard/Ringtones",
    "/storage",
    "/storage/emulated",
    "/dev",
    "/proc",
    "/data/data",
    "/data/user",
    "/data/user/0",
    "/data/user_de",
    "/data/user_de/0",
    "/data/system",
)


class Mounted(Protocol):
    """What a mounted database offers the filesystem (``emulator_setup.virtual.database``)."""

    def to_bytes(self) -> bytes: ...
    def from_bytes(self, data: bytes) -> None: ...


class FsError(OSError):
    """A filesystem error carrying the errno the shell and sync report."""


@dataclass
class Entry:
    mode: int
    stored: bytes = b""
    mtime: int = field(default_factory=lambda: int(time.time()))
    mount: Mounted | None = None

    @property
    def data(self) -> bytes:
        return self.mount.to_bytes() if self.mount is not None else self.stored

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


def _private(path: str) -> bool:
    return any(path.startswith(t) for t in _PRIVATE_TREES)


def check_access(path: str, *, listing: bool = False) -> None:
    """Raise EACCES when the current caller is the shell user and ``path`` is app-private."""
    if current_uid.get() == ROOT_UID:
        return
    if _private(path) or (listing and path in _UNLISTABLE):
        raise FsError(13, "Permission denied", path)


class FileSystem:
    def __init__(self) -> None:
        self._entries: dict[str, Entry] = {d: Entry(stat.S_IFDIR | 0o771) for d in _DEFAULT_DIRS}
        self._entries["/dev/null"] = Entry(stat.S_IFCHR | 0o666)

    def mount(self, path: str, db: Mounted) -> None:
        """Serve ``db`` as the file at ``path`` (its parents are created)."""
        p = normalize(path)
        self.mkdirs(posixpath.dirname(p))
        self._entries[p] = Entry(stat.S_IFREG | 0o660, mount=db)

    def lookup(self, path: str) -> Entry | None:
        p = normalize(path)
        if _private(posixpath.dirname(p) + "/") and current_uid.get() != ROOT_UID:
            return None  # stat inside another app's directory: the shell cannot see it
        return self._entries.get(p)

    def exists(self, path: str) -> bool:
        return self.lookup(path) is not None

    def read(self, path: str) -> bytes:
        p = normalize(path)
        check_access(p)
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
        check_access(p)
        mounted = self._entries.get(p)
        if mounted is not None and mounted.mount is not None:
            try:
                mounted.mount.from_bytes(bytes(data))
            except Exception as exc:  # not a database: the app would fail to open it
                raise FsError(22, "Invalid argument (not an SQLite database)", p) from exc
            mounted.mtime = mtime if mtime else int(time.time())
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
        check_access(p)
        old = self._entries.get(p)
        self.write(p, (old.data if old and not old.is_dir else b"") + data)

    def mkdirs(self, path: str) -> None:
        p = normalize(path)
        check_access(p + "/")
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
        check_access(p)
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

    def rename(self, src: str, dst: str) -> None:
        """``mv``: a file or a whole directory to a new path (parents must exist)."""
        s, d = normalize(src), normalize(dst)
        check_access(s)
        check_access(d)
        if s not in self._entries:
            raise FsError(2, "No such file or directory", s)
        parent = self._entries.get(posixpath.dirname(d))
        if parent is None or not parent.is_dir:
            raise FsError(2, "No such file or directory", posixpath.dirname(d))
        target = self._entries.get(d)
        if target is not None and target.is_dir:
            d = f"{d.rstrip('/')}/{posixpath.basename(s)}"
        if d == s or d.startswith(s.rstrip("/") + "/"):
            raise FsError(22, "Invalid argument", d)
        moved = {k: v for k, v in self._entries.items() if k == s or k.startswith(s + "/")}
        for k in moved:
            del self._entries[k]
        for k, v in moved.items():
            self._entries[d + k[len(s) :]] = v
        self._entries[d].mtime = int(time.time())

    def chmod(self, path: str, mode: int) -> None:
        p = normalize(path)
        check_access(p)
        entry = self._entries.get(p)
        if entry is None:
            raise FsError(2, "No such file or directory", p)
        entry.mode = (entry.mode & ~0o7777) | (mode & 0o7777)

    def listdir(self, path: str) -> list[tuple[str, Entry]]:
        p = normalize(path)
        check_access(p, listing=True)
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
