"""Where a front end (the MCP server, the gateway) gets the token its HTTP clients must present.

One function, so the day tokens become per-role and per-session (the operator holds one, each
agent its own) this is the only place that changes for the MCP and gateway front ends.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from android_bridge.api.auth import load_or_create_token


def frontend_token(state_dir: Path, token_file: Path | None = None) -> tuple[str, Path]:
    """(token, the file it is in): ``token_file`` when given (created 0600 if missing), else
    the daemon's token in ``state_dir``."""
    if token_file is None:
        return load_or_create_token(state_dir)
    path = Path(token_file).expanduser()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        mode = path.stat().st_mode & 0o777
        if mode & 0o077:
            raise PermissionError(
                f"{path} is readable by others (mode {mode:o}); chmod 600 it or delete it"
            ) from None
        token = path.read_text("utf-8").strip()
        if len(token) < 32:
            raise ValueError(f"{path} does not hold a valid token (32+ characters)") from None
        return token, path
    token = secrets.token_urlsafe(32)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(token + "\n")
    return token, path
