"""``host_pep``'s public API is the list below: a change to it is a change to the contract."""

from __future__ import annotations

import subprocess
import sys

import host_pep

PUBLIC = [
    "ActionSemantics",
    "ActionType",
    "AgentEvent",
    "Channel",
    "ChannelAdapter",
    "Completion",
    "Decision",
    "DroidgateError",
    "EnforcementError",
    "EventValidationError",
    "Evidence",
    "FieldRole",
    "FlowRule",
    "ObservedValue",
    "Operation",
    "PEP",
    "PolicyError",
    "PolicyFileError",
    "RuleMatch",
    "RuleMode",
    "Stage",
    "Verdict",
]


def test_all_is_pinned() -> None:
    assert sorted(host_pep.__all__) == PUBLIC


def test_every_public_name_resolves() -> None:
    for name in host_pep.__all__:
        assert getattr(host_pep, name) is not None


def test_the_facade_decides_from_the_public_names_alone() -> None:
    from host_pep import PEP, AgentEvent, Decision

    pep = PEP.create("default", semantic="off")
    try:
        verdict = pep.decide_sync(
            AgentEvent.parse(
                {"session": "s", "agent": "a", "channel": "tool", "action": "tool_call",
                 "target": "clock.set_alarm", "payload": {"hour": 7, "minutes": 0},
                 "context": {"user_request": "wake me at 7"}}
            )
        )  # fmt: skip
    finally:
        pep.close()
    assert verdict.decision is Decision.ALLOW


def test_importing_the_contracts_does_not_load_the_engine() -> None:
    code = "import sys, host_pep; print('host_pep.pep' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
