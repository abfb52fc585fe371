"""Shared fixtures for the offline suite tests: the suites as loaded by host_pep's evaluation
(the real case model) and evaluated once per test session through the real PEP."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scenarios.evaluate import suite_files


@pytest.fixture(scope="session")
def suite_paths() -> dict[str, Path]:
    return {p.stem: p for p in suite_files()}


@pytest.fixture(scope="session")
def suite_docs(suite_paths: dict[str, Path]) -> dict[str, list[dict[str, Any]]]:
    return {
        name: [json.loads(line) for line in path.read_text("utf-8").splitlines()]
        for name, path in suite_paths.items()
    }


@pytest.fixture(scope="session")
def evaluated(suite_paths: dict[str, Path]) -> dict[str, dict[str, Any]]:
    """Every suite through the full PEP (T1-T4, session memory), as `droidgate eval --json`."""
    from scenarios.evaluate import evaluate

    return {name: evaluate(path, configs=[]) for name, path in suite_paths.items()}
