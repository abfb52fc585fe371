"""Bearer-token auth: one token per state dir, created on first start into a 0600 file."""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

TOKEN_FILE = "token"


def load_or_create_token(state_dir: str | Path) -> tuple[str, Path]:
    """Return (token, path). Creates the dir 0700 and the file 0600 (O_EXCL: never clobbers)."""
    state = Path(state_dir)
    state.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = state / TOKEN_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read_existing(path), path
    token = secrets.token_urlsafe(32)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(token + "\n")
    return token, path


def _read_existing(path: Path) -> str:
    mode = path.stat().st_mode & 0o777
    if mode & 0o077:
        raise PermissionError(
            f"{path} is readable by others (mode {mode:o}); chmod 600 it or delete it"
        )
    token = path.read_text(encoding="utf-8").strip()
    if len(token) < 32:
        raise ValueError(f"{path} does not hold a valid token; delete it to make a new one")
    return token


def check_bearer(header: str | None, token: str) -> bool:
    """Constant-time check of an ``Authorization: Bearer …`` header."""
    if not header:
        return False
    scheme, _, given = header.partition(" ")
    if scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(given.strip().encode(), token.encode())
