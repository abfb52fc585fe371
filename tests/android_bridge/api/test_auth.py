"""The bearer token file: created once, 0600, reused, refused when others can read it."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from android_bridge.api.auth import check_bearer, load_or_create_token


def test_token_created_0600_and_reused(tmp_path: Path) -> None:
    state = tmp_path / "state"
    token, path = load_or_create_token(state)
    assert len(token) >= 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    again, _ = load_or_create_token(state)
    assert again == token


def test_token_readable_by_others_is_refused(tmp_path: Path) -> None:
    _, path = load_or_create_token(tmp_path)
    path.chmod(0o644)
    with pytest.raises(PermissionError, match="chmod 600"):
        load_or_create_token(tmp_path)


def test_truncated_token_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "token"
    path.write_text("short\n")
    path.chmod(0o600)
    with pytest.raises(ValueError, match="valid token"):
        load_or_create_token(tmp_path)


def test_check_bearer() -> None:
    token = "a" * 40
    assert check_bearer(f"Bearer {token}", token)
    assert check_bearer(f"bearer {token}", token)
    assert not check_bearer(None, token)
    assert not check_bearer(token, token)
    assert not check_bearer(f"Basic {token}", token)
    assert not check_bearer(f"Bearer {token[:-1]}", token)
    assert not check_bearer("Bearer ", token)
