"""Secret: a string that never shows itself in logs, reprs, tracebacks or JSON.

Used for the audit log's HMAC salt and for API tokens (the T4 LLM adjudicator's key). Unlike
Starlette's ``Secret``, ``str()`` is hidden too: an f-string in a log line must not leak a key.
Call ``reveal()`` at the one place that needs the value.

``create_private`` / ``read_private``: secrets kept in files (the bridge's tokens, the audit key),
0600, owned by this user, never through a symlink.
"""

from __future__ import annotations

import errno
import hmac
import os
import stat
from pathlib import Path
from typing import Any

_HIDDEN = "**********"


class Secret:
    __slots__ = ("_value",)

    def __init__(self, value: str | bytes) -> None:
        if isinstance(value, bytes):
            value = value.hex()
        if not isinstance(value, str):
            raise TypeError("a Secret wraps a str (or bytes, stored as hex)")
        self._value = value

    def reveal(self) -> str:
        return self._value

    def reveal_bytes(self) -> bytes:
        return self._value.encode()

    def __repr__(self) -> str:
        return f"Secret('{_HIDDEN}')"

    def __str__(self) -> str:
        return _HIDDEN

    def __format__(self, spec: str) -> str:
        return _HIDDEN

    def __bool__(self) -> bool:
        return bool(self._value)

    def __len__(self) -> int:
        return len(self._value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Secret):
            return NotImplemented
        # constant time: equality of secrets must not be a timing oracle
        return hmac.compare_digest(self._value.encode(), other._value.encode())

    def __hash__(self) -> int:
        return hash(("Secret", self._value))

    def __reduce__(self) -> Any:
        # pickling would be a way to copy the value out unnoticed; refuse it
        raise TypeError("Secret values cannot be pickled")


# -- secrets kept in files ------------------------------------------------------------------------
# The operator token, agent token files and the audit key live in files only their owner may
# read. Why the checks: a file readable by others is a secret shared with them; a symlink planted
# where the secret should be (by someone who can write the directory but not read the target)
# would make the daemon trust, or write, a file of the planter's choosing.


def create_private(path: str | Path, text: str) -> bool:
    """Write ``text`` to a new file, mode 0600; False (nothing written) if ``path`` exists,
    also as a symlink (``O_EXCL`` never follows one)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    return True


def read_private(path: str | Path) -> str:
    """The text of a secret file that is a regular file (not a symlink), owned by this user and
    readable by nobody else; ``PermissionError`` naming the problem otherwise."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise PermissionError(
                f"{p} is a symlink; a secret file must be a regular file"
            ) from exc
        raise
    with os.fdopen(fd, "r", encoding="utf-8") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise PermissionError(f"{p} is not a regular file")
        if st.st_uid != os.getuid():
            raise PermissionError(f"{p} belongs to uid {st.st_uid}, not to this user")
        mode = stat.S_IMODE(st.st_mode)
        if mode & 0o077:
            raise PermissionError(
                f"{p} is readable by others (mode {mode:o}); chmod 600 it or delete it"
            )
        return fh.read()
