"""The ``sync:`` service (§2.6): STAT, STA2/LST2, LIST/LIS2, SEND, RECV, QUIT over one stream.

Requests may span or split across WRTEs, so everything is read through ``Stream.read_exactly``.
Errors are answered as adbd does (``FAIL`` + length + message); a request id we do not know also
gets ``FAIL`` and the stream is closed, because the framing cannot be trusted after it.
"""

from __future__ import annotations

import logging
import stat
import struct
from collections.abc import Callable

from .filesystem import ROOT_UID, SHELL_UID, Entry, FileSystem, FsError, current_uid
from .transport import Stream

log = logging.getLogger(__name__)

SYNC_DATA_MAX = 64 * 1024
MAX_PATH = 1024
# Hosts send DATA of at most 64 KiB; we accept up to the transport maximum to be lenient.
MAX_DATA = 1024 * 1024

_STAT_V2 = struct.Struct("<IQQIIIIQqqq")
_DENT_V2 = struct.Struct("<IQQIIIIQqqqI")


def _stat_v2(entry: Entry | None, error: int = 0) -> bytes:
    if entry is None:
        return _STAT_V2.pack(error or 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    ino = id(entry) & 0xFFFFFFFF
    return _STAT_V2.pack(
        0, 0xFD00, ino, entry.mode, 1, 0, 0, entry.size, entry.mtime, entry.mtime, entry.mtime
    )


def _fail(message: str) -> bytes:
    raw = message.encode()
    return b"FAIL" + struct.pack("<I", len(raw)) + raw


class SyncService:
    def __init__(self, fs: FileSystem, root: Callable[[], bool] = lambda: False) -> None:
        self.fs = fs
        self._root = root

    async def __call__(self, stream: Stream) -> None:
        # adbd's sync runs as the shell user unless `adb root` restarted it as root
        current_uid.set(ROOT_UID if self._root() else SHELL_UID)
        while True:
            try:
                head = await stream.read_exactly(8)
            except ConnectionError:
                return
            ident = head[:4]
            (length,) = struct.unpack("<I", head[4:])
            if ident == b"QUIT":
                return
            if length > MAX_PATH:
                log.warning("sync: %r request with a %d-byte path; refused", ident, length)
                await stream.write(_fail(f"path too long: {length}"))
                return
            path = (await stream.read_exactly(length)).decode("utf-8", "replace")
            handler = {
                b"STAT": self._stat,
                b"STA2": self._stat2,
                b"LST2": self._stat2,
                b"LIST": self._list,
                b"LIS2": self._list2,
                b"SEND": self._send,
                b"RECV": self._recv,
            }.get(ident)
            if handler is None:
                log.warning("sync: unknown request %r; closing", ident)
                await stream.write(_fail(f"unknown command {ident!r}"))
                return
            if not await handler(stream, path, ident):
                return

    async def _stat(self, stream: Stream, path: str, ident: bytes) -> bool:
        entry = self.fs.lookup(path)
        if entry is None:
            await stream.write(b"STAT" + struct.pack("<III", 0, 0, 0))
        else:
            await stream.write(b"STAT" + struct.pack("<III", entry.mode, entry.size, entry.mtime))
        return True

    async def _stat2(self, stream: Stream, path: str, ident: bytes) -> bool:
        await stream.write(ident + _stat_v2(self.fs.lookup(path)))
        return True

    def _entries(self, path: str) -> list[tuple[str, Entry]]:
        try:
            return self.fs.listdir(path)
        except FsError:
            return []

    async def _list(self, stream: Stream, path: str, ident: bytes) -> bool:
        out = bytearray()
        for name, entry in self._entries(path):
            raw = name.encode()
            out += (
                b"DENT" + struct.pack("<IIII", entry.mode, entry.size, entry.mtime, len(raw)) + raw
            )
        out += b"DONE" + bytes(16)
        await stream.write(bytes(out))
        return True

    async def _list2(self, stream: Stream, path: str, ident: bytes) -> bool:
        out = bytearray()
        for name, entry in self._entries(path):
            raw = name.encode()
            st = _stat_v2(entry)
            out += b"DNT2" + st + struct.pack("<I", len(raw)) + raw
        out += b"DONE" + bytes(_DENT_V2.size)
        await stream.write(bytes(out))
        return True

    async def _send(self, stream: Stream, spec: str, ident: bytes) -> bool:
        path, _, mode_text = spec.rpartition(",")
        if not path:
            path, mode_text = spec, str(stat.S_IFREG | 0o644)
        try:
            mode = int(mode_text)
        except ValueError:
            mode = stat.S_IFREG | 0o644
        data = bytearray()
        while True:
            head = await stream.read_exactly(8)
            ident, (arg,) = head[:4], struct.unpack("<I", head[4:])
            if ident == b"DATA":
                if arg > MAX_DATA:
                    log.warning("sync: SEND chunk of %d bytes refused", arg)
                    await stream.write(_fail(f"data chunk too large: {arg}"))
                    return False
                data += await stream.read_exactly(arg)
            elif ident == b"DONE":
                break
            else:
                log.warning("sync: unexpected %r inside SEND", ident)
                await stream.write(_fail(f"unexpected {ident!r} during SEND"))
                return False
        try:
            self.fs.write(path, bytes(data), mode & 0o7777, mtime=arg or None)
        except FsError as exc:
            await stream.write(_fail(f"{exc.filename}: {exc.strerror}"))
            return True
        await stream.write(b"OKAY" + bytes(4))
        return True

    async def _recv(self, stream: Stream, path: str, ident: bytes) -> bool:
        try:
            data = self.fs.read(path)
        except FsError as exc:
            if exc.errno == 13:
                await stream.write(_fail(f"open failed: {exc.strerror}"))
            else:
                await stream.write(_fail(f"remote object '{path}' does not exist: {exc.strerror}"))
            return True
        out = bytearray()
        budget = 960 * 1024  # batch DATA chunks into ~1 MiB WRTEs
        for start in range(0, len(data), SYNC_DATA_MAX):
            chunk = data[start : start + SYNC_DATA_MAX]
            out += b"DATA" + struct.pack("<I", len(chunk)) + chunk
            if len(out) >= budget:
                await stream.write(bytes(out))
                out.clear()
        out += b"DONE" + bytes(4)
        await stream.write(bytes(out))
        return True
