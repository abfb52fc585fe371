"""Fixtures of the console's tests: a real ``droidgate serve --virtual 1 --escalations human``,
Debian's Chromium driven by Playwright, and where the screenshots go.

The browser is the system's (``chromium`` on PATH, installed by ``make setup``): Playwright
launches it by its executable path and downloads nothing. Without it the tests fail and say so,
they do not skip: the console is only tested where a real browser runs it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.security.harness import Target, start_target, stop_target

REPO = Path(__file__).resolve().parents[3]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        uses = set(item.fixturenames)
        if here in Path(str(item.fspath)).parents and uses & {"browser", "daemon"}:
            item.add_marker(pytest.mark.device)
            item.add_marker(pytest.mark.slow)


def chromium_path() -> str:
    found = os.environ.get("DROIDGATE_CHROMIUM") or shutil.which("chromium")
    if not found:
        pytest.fail(
            "Debian's chromium is not installed: run `make setup` (it installs it), "
            "or set DROIDGATE_CHROMIUM to a Chromium executable"
        )
    return found


@pytest.fixture(scope="session")
def report_dir() -> Path:
    """Where screenshots go: $DROIDGATE_REPORT_DIR, else reports/console in the repository."""
    out = Path(os.environ.get("DROIDGATE_REPORT_DIR") or REPO / "reports" / "console")
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.fixture(scope="package")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    """One daemon for the package, holding escalations for a human (60 s by default)."""
    state = tmp_path_factory.mktemp("console-daemon")
    target = start_target(state, "--escalations", "human", "--escalation-deadline", "60")
    try:
        yield target
    finally:
        assert stop_target(target) == 0, (state / "daemon.stderr").read_text()[-3000:]


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=chromium_path(), headless=True)
        try:
            yield chromium
        finally:
            await chromium.close()
