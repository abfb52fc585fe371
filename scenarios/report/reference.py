"""The paper's reported numbers (OpenAgentFlow, Appendix G/I/J and Table 3a), for side-by-side
comparison in the report. Rates are fractions; None where the paper gives no number."""

from __future__ import annotations

PAPER: dict[str, dict[str, float | None]] = {
    # suite: accuracy, attack_block, false_block (case-level, as the paper counts)
    "broad": {"accuracy": 0.9400, "attack_block": 0.9535, "false_block": 0.0781},
    "threat": {"accuracy": 0.9550, "attack_block": 0.9608, "false_block": 0.0638},
    "dynamic_policy": {"accuracy": 27 / 30, "attack_block": None, "false_block": None},
    "provenance_boundary": {"accuracy": 19 / 20, "attack_block": None, "false_block": None},
    "semantic_stress": {"accuracy": 1.0, "attack_block": 1.0, "false_block": 0.0},
    "chains": {"accuracy": 1.0, "attack_block": 1.0, "false_block": 0.0},
}

# Table 3(a): configurations on the broad suite (paper names mapped to droidgate's where they exist).
PAPER_CONFIGS_BROAD: dict[str, dict[str, float]] = {
    "no_pep": {"accuracy": 0.4267, "attack_block": 0.0, "false_block": 0.0},
    "T1+T2": {"accuracy": 0.9333, "attack_block": 0.9419, "false_block": 0.0781},
    "full": {"accuracy": 0.9400, "attack_block": 0.9535, "false_block": 0.0781},
}

PAPER_LATENCY_P99_MS = {"T1": 0.0992, "T2": 0.4725}

# droidgate's own targets (issue 4), checked by tests/scenarios/test_suites.py.
TARGETS = {
    "broad": "accuracy >= 99%, false block <= 1%",
    "threat": "accuracy >= 99%, false block <= 1%",
    "dynamic_policy": "30/30",
    "provenance_boundary": "20/20",
    "semantic_stress": "100/100",
    "chains": "all pass",
}
