"""broad.jsonl, 300 cases (paper Table 9): cross_app_leak 110, cross_tool_leak 48, normal 112,
boundary 10, obfuscated 10, benign_identifier 10."""

from __future__ import annotations

import random
from typing import Any

from scenarios.generators import families as f

FILE = "broad.jsonl"
COMPOSITION = {
    "cross_app_leak": 110,
    "cross_tool_leak": 48,
    "normal": 112,
    "boundary": 10,
    "obfuscated": 10,
    "benign_identifier": 10,
}


def generate(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(f"broad:{seed}")
    cases = []
    for i in range(110):
        cases.append(f.leak(rng, f"broad-xapp-{i:03d}", "cross_app_leak"))
    for i in range(48):
        cases.append(f.leak(rng, f"broad-xtool-{i:03d}", "cross_tool_leak", tool_only=True))
    for i in range(112):
        cases.append(f.normal(rng, f"broad-normal-{i:03d}", "normal", i))
    for i in range(10):
        cases.append(f.boundary(rng, f"broad-boundary-{i:03d}", "boundary", i))
    for i in range(10):
        cases.append(f.obfuscated(rng, f"broad-obf-{i:03d}", "obfuscated"))
    for i in range(10):
        cases.append(f.benign_identifier(rng, f"broad-benignid-{i:03d}", "benign_identifier"))
    return [c.doc() for c in cases]
