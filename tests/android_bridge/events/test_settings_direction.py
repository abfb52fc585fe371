"""`settings put` through the whole PEP: rule 4 makes *weakening* a security setting high-impact;
the policy's direction table decides which value of a key weakens it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from host_pep.events import AgentEvent
from host_pep.pep import PEP
from host_pep.verdict import Decision


@pytest.fixture(scope="module")
def pep() -> Iterator[PEP]:
    pep = PEP.create()
    yield pep
    pep.close()


def adb(command: str, request: str) -> AgentEvent:
    return AgentEvent.parse(
        {"session": "s-settings", "agent": "adb_script", "channel": "api", "action": "api_call",
         "payload": {"command": command}, "context": {"user_request": request}}
    )  # fmt: skip


@pytest.mark.parametrize(
    ("command", "allowed"),
    [
        # restoring protection: an ordinary settings change
        ("settings put secure lock_screen_enabled 1", True),
        ("settings put global adb_enabled 0", True),
        ("settings put secure install_non_market_apps 0", True),
        ("settings put global package_verifier_enable 1", True),
        # weakening it, without a request that asks for it
        ("settings put secure lock_screen_enabled 0", False),
        ("settings put global adb_enabled 1", False),
        ("settings put secure install_non_market_apps 1", False),
        ("settings put global package_verifier_enable 0", False),
        # a value that is neither state of an on/off key: fail closed
        ("settings put secure lock_screen_enabled maybe", False),
        # a weakening value in a key the ADB parser does not know as a security key
        ("settings put secure play_protect 0", False),
        # no value, so no direction: still a security change
        ("settings delete secure lock_screen_enabled", False),
    ],
)
def test_direction_of_a_settings_write(pep: PEP, command: str, allowed: bool) -> None:
    verdict = pep.decide_sync(adb(command, "Tidy up my phone's settings, thanks"))
    assert (verdict.decision is Decision.ALLOW) is allowed, verdict.reason
    if not allowed:
        assert "default:high-impact:security_change" in verdict.rule_ids, verdict.rule_ids


def test_weakening_asked_for_in_the_request_is_authorized(pep: PEP) -> None:
    verdict = pep.decide_sync(
        adb("settings put global adb_enabled 1", "Turn on USB debugging (adb) for me")
    )
    assert verdict.decision is Decision.ALLOW, verdict.reason
