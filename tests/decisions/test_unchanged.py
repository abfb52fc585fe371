"""Every suite and holdout case decides as recorded in tests/data/decisions.json.

A refactoring must leave this green. A change of semantics that changes decisions on purpose
rewrites the snapshot (``python -m tests.decisions.snapshot``) in the same commit, whose message
says which cases changed and why.
"""

from __future__ import annotations

import json

from tests.decisions.snapshot import SNAPSHOT, changed, decide_all


def test_every_recorded_case_decides_as_recorded() -> None:
    recorded = json.loads(SNAPSHOT.read_text("utf-8"))
    now = decide_all()
    assert changed(recorded, now) == []
    missing = sorted(recorded.keys() - now.keys())
    assert missing == [], f"recorded cases no longer found: {missing[:10]}"
