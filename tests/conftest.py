"""Fixtures shared across packages: PostgreSQL (tests/postgres.py); the collector set up as the
daemon sets it up."""

import gc

import pytest

pytest_plugins = ["tests.postgres"]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze the heap collection built (every module, lexicon and compiled bundle), as the
    daemon freezes its startup heap (android_bridge.api.server): a full collection otherwise
    walks all of it, and late in a long run one such pass stalled a single decision past T1's
    deadline (a fail-closed deny a test read as a wrong verdict)."""
    del session
    gc.collect()
    gc.freeze()
