"""LLMAdjudicator against the real scripted OpenAI-compatible server."""

from __future__ import annotations

import json
import socket
from typing import Any

import aiohttp
import pytest

from host_pep.adjudication import AdjudicationRequest, LLMAdjudicator, Secret, parse_answer
from host_pep.testing import OpenAIStub
from host_pep.verdict import Decision

from .conftest import PHONE


async def ask(script: Any, req: AdjudicationRequest, timeout: float = 5.0) -> Any:
    async with OpenAIStub(script) as stub:
        result = await LLMAdjudicator(stub.base_url, "judge").adjudicate(req, timeout=timeout)
        return result, stub.requests


async def test_allow_with_reason(request_: AdjudicationRequest) -> None:
    result, requests = await ask(
        ['{"decision": "allow", "reason": "the user asked to pay rent"}'], request_
    )
    assert result.decision is Decision.ALLOW
    assert result.reason == "the user asked to pay rent" and result.adjudicator == "llm:judge"
    body = requests[0].json
    assert body["model"] == "judge" and body["response_format"] == {"type": "json_object"}
    assert body["messages"][0]["role"] == "system" and "deny" in body["messages"][0]["content"]


@pytest.mark.parametrize(
    ("answer", "decision"),
    [
        ('{"decision": "deny", "reason": "IBAN came from a web page"}', Decision.DENY),
        ('```json\n{"decision": "rewrite", "reason": "drop the phone"}\n```', Decision.REWRITE),
        ('Sure. {"decision": "DENY", "reason": "x"} Hope that helps.', Decision.DENY),
    ],
)
async def test_answers_in_several_shapes(
    request_: AdjudicationRequest, answer: str, decision: Decision
) -> None:
    result, _ = await ask([answer], request_)
    assert result.decision is decision and result.error is None


@pytest.mark.parametrize(
    "reply",
    [
        "I think this is fine.",  # prose, no JSON
        '{"verdict": "allow"}',  # JSON without a decision
        '{"decision": "maybe", "reason": "?"}',  # not a decision we accept
        '{"decision": "escalate", "reason": "ask a human"}',  # T4 is final
        {"status": 500, "body": {"error": {"message": "overloaded"}}},
        {"status": 429, "body": "slow down"},
        {"raw": {"choices": []}},  # malformed completion
        {"raw": {"unexpected": True}},
        {"tool_calls": [{"name": "approve", "arguments": {}}]},  # no text answer
    ],
)
async def test_anything_else_denies(request_: AdjudicationRequest, reply: Any) -> None:
    result, _ = await ask([reply], request_)
    assert result.decision is Decision.DENY and result.error is not None


async def test_timeout_denies(request_: AdjudicationRequest) -> None:
    result, _ = await ask(
        [{"content": '{"decision": "allow", "reason": "ok"}', "delay": 2}], request_, 0.2
    )
    assert result.decision is Decision.DENY and result.error == "timeout"


async def test_unreachable_server_denies(request_: AdjudicationRequest) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    adjudicator = LLMAdjudicator(f"http://127.0.0.1:{port}/v1", "judge")
    result = await adjudicator.adjudicate(request_, timeout=2)
    assert result.decision is Decision.DENY and result.error


async def test_allow_without_reason_on_mandatory_review_denies(
    request_: AdjudicationRequest,
) -> None:
    result, _ = await ask(['{"decision": "allow"}'], request_)
    assert result.decision is Decision.DENY and "without" in result.reason
    relaxed = request_.model_copy(update={"mandatory_review": False})
    result, _ = await ask(['{"decision": "allow", "reason": ""}'], relaxed)
    assert result.decision is Decision.ALLOW


async def test_the_model_never_sees_clear_values(request_: AdjudicationRequest) -> None:
    _, requests = await ask(['{"decision": "deny", "reason": "r"}'], request_)
    sent = json.dumps(requests[0].json)
    assert PHONE not in sent and "DE89370400440532013000" not in sent
    assert "13*******78" in sent  # masked forms are there to reason about
    assert "bank.transfer" in sent and "pay my rent" in sent


async def test_api_key_is_sent_and_never_shown(request_: AdjudicationRequest) -> None:
    async with OpenAIStub(['{"decision": "deny", "reason": "r"}'], api_key="sk-test-1") as stub:
        adjudicator = LLMAdjudicator(stub.base_url, "judge", Secret("sk-test-1"))
        assert "sk-test-1" not in repr(adjudicator)
        result = await adjudicator.adjudicate(request_, timeout=5)
        assert result.decision is Decision.DENY and result.error is None
        wrong = LLMAdjudicator(stub.base_url, "judge", Secret("sk-wrong"))
        result = await wrong.adjudicate(request_, timeout=5)
        assert result.error is not None and "401" in result.error
    with pytest.raises(TypeError):
        LLMAdjudicator("http://127.0.0.1:1/v1", "judge", "sk-plain")  # type: ignore[arg-type]


async def test_server_without_response_format_support(request_: AdjudicationRequest) -> None:
    def script(body: dict[str, Any]) -> Any:
        if "response_format" in body:
            return {"status": 400, "body": {"error": {"message": "response_format unsupported"}}}
        return '{"decision": "deny", "reason": "no"}'

    result, requests = await ask(script, request_)
    assert result.decision is Decision.DENY and result.error is None
    assert len(requests) == 2


async def test_shared_client_session(request_: AdjudicationRequest) -> None:
    script = ['{"decision": "allow", "reason": "fine"}'] * 2
    async with OpenAIStub(script) as stub, aiohttp.ClientSession() as session:
        adjudicator = LLMAdjudicator(stub.base_url, "judge", session=session)
        for _ in range(2):
            result = await adjudicator.adjudicate(request_, timeout=5)
            assert result.decision is Decision.ALLOW


def test_parse_answer() -> None:
    assert parse_answer('{"decision": " Allow ", "reason": " ok "}') == (Decision.ALLOW, "ok")
    assert parse_answer('{"decision": 1}') is None
    assert parse_answer("") is None
    assert parse_answer('{"a": {"decision": "allow"}}') is None


def test_bad_configuration_is_rejected() -> None:
    with pytest.raises(ValueError, match="base_url"):
        LLMAdjudicator("127.0.0.1:8000", "judge")
    with pytest.raises(ValueError, match="model"):
        LLMAdjudicator("http://127.0.0.1:8000", "")


async def test_clear_values_are_masked_even_if_the_caller_forgot(
    request_: AdjudicationRequest,
) -> None:
    careless = request_.model_copy(
        update={"payload_masked": {"to": PHONE, "memo": "mail zhang.wei@example.com"}}
    )
    _, requests = await ask(['{"decision": "deny", "reason": "r"}'], careless)
    sent = json.dumps(requests[0].json)
    assert PHONE not in sent and "zhang.wei@example.com" not in sent
