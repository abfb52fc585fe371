"""apk_helper's droidgate subcommands."""

from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    """Add this package's subcommands to the droidgate parser."""
    del sub
