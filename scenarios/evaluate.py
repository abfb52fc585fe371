"""Evaluate suite files through host_pep's offline evaluation API and build the document that
``droidgate eval --json`` writes (``metrics`` + ``cases``), plus a ``configurations`` table
(the ablations and baselines) and the ``suite`` name — the input of ``droidgate report``.

Used by the suite tests and by anyone who wants results without going through the CLI.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scenarios.generators import SUITES_DIR


def suite_files() -> list[Path]:
    from scenarios.generators import suite_modules

    return [SUITES_DIR / m.FILE for m in suite_modules()]


def evaluate(
    path: Path, configs: list[str] | None = None, policy: str | None = None
) -> dict[str, Any]:
    """Run one suite file: the full configuration plus, when asked, the others for comparison."""
    from host_pep.evaluation import (
        CONFIG_ORDER,
        PolicyCache,
        case_documents,
        load_cases,
        metrics,
        rates,
        run_config,
    )

    cases = load_cases([path])
    policies = PolicyCache(policy)
    results, _ = run_config(cases, "full", policies)
    doc: dict[str, Any] = {
        "suite": path.stem,
        "metrics": metrics(results),
        "cases": case_documents(results),
    }
    wanted = CONFIG_ORDER if configs is None else configs
    table: dict[str, Any] = {}
    for name in wanted:
        res = results if name == "full" else run_config(cases, name, policies)[0]
        passed = sum(1 for r in res if r.passed)
        table[name] = {"cases": len(res), "cases_passed": passed, **rates(res)}
    if table:
        doc["configurations"] = table
    return doc
