"""Where the gateway (and ``droidgate serve --token-file``) gets the operator's token.

One function, so the front ends take the operator's credential from one place: the default
operator token of the state dir (android_bridge.api.auth), or a file the operator names, created
0600 on first use with the same checks (never through a symlink, never readable by others).
Agents never get this token: the MCP front ends act with an agent token issued for their session.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from android_bridge.api.auth import load_or_create_token, read_token
from host_pep.audit.secret import create_private


def frontend_token(state_dir: Path, token_file: Path | None = None) -> tuple[str, Path]:
    """(the operator's token, the file it is in): ``token_file`` when given (created 0600 if
    missing), else the token in ``state_dir``."""
    if token_file is None:
        return load_or_create_token(state_dir)
    path = Path(token_file).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    token = secrets.token_urlsafe(32)
    if create_private(path, token + "\n"):
        return token, path
    return read_token(path), path
