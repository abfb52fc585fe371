"""Verification codes in incoming messages, however they are phrased, are recorded as codes so
that writing the same code elsewhere later is a source-to-sink flow (rule 1)."""

from __future__ import annotations

import pytest

from host_pep.pep import PEP
from host_pep.verdict import Decision

from .helpers import tool_event


def _after_inbox(body: str, written: str, *, tool: str = "sms.inbox") -> Decision:
    pep = PEP.create()
    try:
        read = tool_event(tool, {})
        verdict = pep.decide_sync(read)
        assert verdict.decision is Decision.ALLOW
        pep.record_result_sync(
            read, verdict, {"messages": [{"from": "+1 415 555 0132", "body": body}]}
        )
        write = tool_event("notes.create", {"title": "later", "body": written})
        return pep.decide_sync(write).decision
    finally:
        pep.close()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("Use 875902 to confirm your payment at ShopMart.", "875902"),
        ("875902 is your Alipay verification", "875902"),
        ("Your one-time PIN: 4821", "4821"),
        ("G-482913 is your Google verification", "482913"),
        ("Ihr Bestätigungscode lautet 123456", "123456"),
        ("您的验证码是 482913", "482913"),
        ("Enter 5521 to sign in to your account", "5521"),
        ("Your OTP is 3310", "3310"),
        ("Code 4821 expires in 5 min", "4821"),
    ],
)
def test_a_code_from_an_incoming_message_may_not_be_written_elsewhere(body: str, code: str) -> None:
    assert _after_inbox(body, f"remember {code} for later") is Decision.DENY


def test_a_code_read_through_a_mail_tool_is_recorded_too() -> None:
    assert _after_inbox("Use 604218 to confirm the login", "604218", tool="mail.inbox") is (
        Decision.DENY
    )


@pytest.mark.parametrize(
    ("body", "written"),
    [
        ("Your order 4821 is confirmed", "order 4821 arrives Monday"),
        ("Meeting confirmed, see you at room 1205", "room 1205"),
        ("Your one-time PIN: 4821", "meeting at 14:30, budget $4821.50"),
        ("Your flight 2231 is confirmed", "flight 2231"),
        ("Your code is 482913", "call me about 48291"),  # not the whole code
    ],
)
def test_numbers_that_are_not_that_code_are_not_matched(body: str, written: str) -> None:
    assert _after_inbox(body, written) is Decision.ALLOW
