from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from host_pep.audit import AuditLog

from .helpers import record


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Path]:
    """An audit database with its schema and salt, holding one record (seq 1)."""
    path = tmp_path / "audit.db"
    with AuditLog.open(path) as log:
        log.append(record(session="s-0"))
    yield path
