"""Offline evaluation: the case format, a runner over PEP configurations, and the metrics."""

from host_pep.evaluation.cases import Case, CaseFileError, Expect, Step, load_cases
from host_pep.evaluation.metrics import case_documents, metrics, rates
from host_pep.evaluation.runner import (
    CONFIG_ORDER,
    CONFIGS,
    CaseResult,
    PolicyCache,
    run_case,
    run_config,
)

__all__ = [
    "CONFIGS",
    "CONFIG_ORDER",
    "Case",
    "CaseFileError",
    "CaseResult",
    "Expect",
    "PolicyCache",
    "Step",
    "case_documents",
    "load_cases",
    "metrics",
    "rates",
    "run_case",
    "run_config",
]
