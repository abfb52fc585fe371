"""Seeded generators for the offline AgentEvent suites (one module per suite).

``render_all(seed)`` returns ``{file name: JSONL text}``; the text is a pure function of the seed
(seeded ``random.Random`` per suite, no time, no dict-order or hash-seed dependence), so
``droidgate scenarios generate --check`` can compare it byte for byte with the checked-in files.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

DEFAULT_SEED = 20261129
SUITES_DIR = Path(__file__).resolve().parent.parent / "suites"


def suite_modules() -> list[ModuleType]:
    from scenarios.generators import (
        broad,
        chains,
        dynamic_policy,
        provenance_boundary,
        semantic_stress,
        threat,
    )

    return [broad, threat, semantic_stress, dynamic_policy, provenance_boundary, chains]


def dumps_case(case: dict[str, Any]) -> str:
    return json.dumps(case, ensure_ascii=False, separators=(",", ":"))


def render(module: ModuleType, seed: int) -> str:
    return "".join(dumps_case(c) + "\n" for c in module.generate(seed))


def render_all(seed: int = DEFAULT_SEED) -> dict[str, str]:
    return {m.FILE: render(m, seed) for m in suite_modules()}
