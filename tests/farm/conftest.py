"""Farm tests: real ``droidgate serve --virtual 1 --control-plane …`` daemons (two or three)
against one throw-away PostgreSQL cluster, driven over HTTP like an operator and agents would,
with the devices read through adb afterwards."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.device)
            item.add_marker(pytest.mark.slow)
