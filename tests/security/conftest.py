"""Fixtures of the attack suite (tests/security): add a case by asking for them.

    async def test_my_attack(target, sessions):
        before_device = target.device.snapshot()           # the device, read through adb
        before_gov = await target.governance()             # rules, sessions, escalations
        s = await sessions.open(["reader", "writer"], user_request="plan my week")
        out = await s.agent("writer").submit(s.id, {...})  # acts with writer's own token
        assert out.decision != "allow" and not out.executed
        assert target.device.unchanged_since(before_device)
        assert await target.governance() == before_gov

* ``target`` — one ``droidgate serve --virtual 1`` for the whole suite (the default policy,
  ``--escalations deny``, a trace, ``--idle-timeout 3``); ``target.operator()`` is the
  operator's client, ``target.raw()`` sends one request exactly as given;
* ``sessions`` — opens sessions as the operator, each with an agent client per agent
  (``s.agent(name)``, ``s.tokens[name]``), and ends them after the test;
* ``fresh_target`` — a daemon of the test's own (for attacks that break it: a vanished
  device, a forged audit); ``human_target`` — one with ``--escalations human``.

Every value the tests write carries a marker of their own, so a check of the device finds
exactly what that test did even though the suite shares one device.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.security.harness import Sessions, Target, start_target, stop_target
from tests.security.harness import sessions as open_sessions


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.device)
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="package")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    state = tmp_path_factory.mktemp("security-daemon")
    t = start_target(state, "--idle-timeout", "3", verbose=2)
    try:
        yield t
    finally:
        assert stop_target(t) == 0, (state / "daemon.stderr").read_text()[-3000:]


@pytest.fixture
def fresh_target(tmp_path: Path) -> Iterator[Target]:
    t = start_target(tmp_path / "state", "--audit-checkpoints", str(tmp_path / "kept" / "cp.jsonl"))
    try:
        yield t
    finally:
        stop_target(t)


@pytest.fixture(scope="module")
def human_target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    state = tmp_path_factory.mktemp("security-human")
    t = start_target(state, "--escalations", "human")
    try:
        yield t
    finally:
        stop_target(t)


@pytest.fixture
async def sessions(target: Target) -> AsyncIterator[Sessions]:
    async with open_sessions(target) as opened:
        yield opened
