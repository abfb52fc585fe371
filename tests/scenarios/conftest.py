"""Shared fixtures for the offline suite tests: the checked-in suites, and their evaluation
through the real `droidgate eval` once per test session."""

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
def evaluated(
    suite_paths: dict[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, dict[str, Any]]:
    """Every suite through the real `droidgate eval` (in-process), full PEP with session memory."""
    from host_pep.cli.main import main

    out = tmp_path_factory.mktemp("eval")
    docs = {}
    for name, path in suite_paths.items():
        result = out / f"{name}.json"
        # exit 1 only means "some case failed"; the tests below say which and why
        assert main(["eval", str(path), "--config", "full", "--json", str(result)]) in (0, 1)
        docs[name] = json.loads(result.read_text("utf-8"))
    return docs
