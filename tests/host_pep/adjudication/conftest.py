from __future__ import annotations

import pytest

from host_pep.adjudication import AdjudicationRequest
from host_pep.events import AgentEvent
from host_pep.semantics import ActionSemantics, Completion, FieldRole, Operation
from host_pep.verdict import Evidence

PHONE = "13812345678"


@pytest.fixture
def request_() -> AdjudicationRequest:
    """A payment escalated by T1, built the way the pipeline builds it (payload masked)."""
    event = AgentEvent.parse(
        {
            "session": "s-9",
            "agent": "shopper",
            "channel": "tool",
            "action": "tool_call",
            "target": "bank.transfer",
            "payload": {"iban": "DE89370400440532013000", "amount": 250, "memo": f"call {PHONE}"},
            "context": {"user_request": "pay my rent to the landlord"},
        }
    )
    completion = Completion(
        event=event,
        semantics=ActionSemantics(
            app="bank",
            operation=Operation.PAYMENT,
            fields={"iban": FieldRole.ACCOUNT, "amount": FieldRole.AMOUNT},
            text={"memo": f"call {PHONE}"},
        ),
    )
    return AdjudicationRequest.for_completion(
        completion,
        reasons=["T1: payment is high-impact and needs review"],
        evidence=[Evidence(kind="phone", masked="13*******78", field="memo", source="contacts")],
    )
