"""Content-addressed screen store: each distinct screen XML is written once, named by its SHA-256.

Traces point at screens by hash instead of inlining them, so a long session that keeps showing the
same screen costs one file, and a replay can restore the exact XML the live decision saw.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def content_hash(xml: str) -> str:
    return hashlib.sha256(xml.encode()).hexdigest()


class ScreenStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, digest: str) -> Path:
        if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise ValueError(f"not a screen hash: {digest!r}")
        return self.root / digest[:2] / f"{digest}.xml"

    def put(self, xml: str) -> str:
        """Store ``xml`` (idempotent) and return its hash."""
        digest = content_hash(xml)
        path = self._path(digest)
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            # Write then rename so a crash never leaves a truncated screen under a valid name.
            tmp = path.with_suffix(f".tmp{os.getpid()}")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(xml)
            os.replace(tmp, path)
        return digest

    def get(self, digest: str) -> str:
        try:
            return self._path(digest).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise FileNotFoundError(f"screen {digest} missing from {self.root}") from None
