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


_module_frozen: list[str] = [""]


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Freeze again as each test module starts: what the run built since (caches, session
    memories, results) grows a full collection's walk too, and a rule case late in a quiet run
    saw T1 take 617 ms against its 250 ms deadline (a fail-closed deny where the case named the
    rule that must decide it). Only what the earlier modules left alive is frozen."""
    module = item.nodeid.split("::", 1)[0]
    if module != _module_frozen[0]:
        _module_frozen[0] = module
        gc.collect()
        gc.freeze()
