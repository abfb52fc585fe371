"""The operator's bearer token: one per state dir, created on first start into a 0600 file.

Agent tokens (bound to one session and one agent name) are issued per session by
``android_bridge.api.credentials``; this module only keeps the operator's token file.
"""

from __future__ import annotations

import hmac
import secrets
from pathlib import Path

from host_pep.audit.secret import create_private, read_private

TOKEN_FILE = "token"
MIN_TOKEN_CHARS = 32


def load_or_create_token(state_dir: str | Path) -> tuple[str, Path]:
    """Return (token, path). Creates the dir 0700 and the file 0600 (``O_EXCL``: never clobbers,
    never follows a symlink); an existing file must be this user's, 0600 and not a symlink."""
    state = Path(state_dir)
    state.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = state / TOKEN_FILE
    token = secrets.token_urlsafe(32)
    if create_private(path, token + "\n"):
        return token, path
    return read_token(path), path


def read_token(path: str | Path) -> str:
    """A token file's token (operator's or an agent's), with the checks of ``read_private``."""
    token = read_private(Path(path).expanduser()).strip()
    if len(token) < MIN_TOKEN_CHARS:
        raise ValueError(f"{path} does not hold a valid token; delete it to make a new one")
    return token


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer …`` header (None if absent or another scheme)."""
    if not header:
        return None
    scheme, _, given = header.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return given.strip() or None


def check_bearer(header: str | None, token: str) -> bool:
    """Constant-time check of an ``Authorization: Bearer …`` header against one token."""
    given = bearer(header)
    if given is None:
        return False
    return hmac.compare_digest(given.encode(), token.encode())
