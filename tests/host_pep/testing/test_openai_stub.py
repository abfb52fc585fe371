"""The scripted OpenAI-compatible server, exercised over real HTTP."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from host_pep.testing import OpenAIStub

CHAT = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}


async def post(session: aiohttp.ClientSession, url: str, body: Any = CHAT) -> tuple[int, Any]:
    async with session.post(f"{url}/chat/completions", json=body) as resp:
        return resp.status, await resp.json(content_type=None)


async def test_content_and_tool_calls_in_openai_format() -> None:
    script = [
        "hello",
        {"tool_calls": [{"name": "calendar.create_event", "arguments": {"title": "Lunch"}}]},
    ]
    async with OpenAIStub(script) as stub, aiohttp.ClientSession() as s:
        assert stub.base_url.startswith("http://127.0.0.1:") and stub.base_url.endswith("/v1")
        status, first = await post(s, stub.base_url)
        assert status == 200 and first["object"] == "chat.completion"
        choice = first["choices"][0]
        assert choice["message"] == {"role": "assistant", "content": "hello"}
        assert choice["finish_reason"] == "stop" and first["model"] == "m"
        status, second = await post(s, stub.base_url)
        choice = second["choices"][0]
        assert choice["finish_reason"] == "tool_calls" and choice["message"]["content"] is None
        (call,) = choice["message"]["tool_calls"]
        assert call["type"] == "function" and call["id"]
        assert call["function"]["name"] == "calendar.create_event"
        assert json.loads(call["function"]["arguments"]) == {"title": "Lunch"}
        assert [r.json["messages"][0]["content"] for r in stub.requests] == ["hi", "hi"]
        assert stub.requests[0].path == "/v1/chat/completions"


async def test_errors_exhaustion_and_bad_requests() -> None:
    script = [{"status": 503, "body": {"error": {"message": "busy"}}}, "ok"]
    async with OpenAIStub(script) as stub, aiohttp.ClientSession() as s:
        assert (await post(s, stub.base_url))[0] == 503
        assert (await post(s, stub.base_url))[0] == 200
        status, body = await post(s, stub.base_url)
        assert status == 500 and "exhausted" in body["error"]["message"]
        assert (await post(s, stub.base_url, {"no": "messages"}))[0] == 400
        assert (await post(s, stub.base_url, {**CHAT, "stream": True}))[0] == 400
        assert len(stub.requests) == 5  # every request is recorded, good or bad
        async with s.get(f"{stub.base_url}/models") as resp:
            assert (await resp.json())["data"][0]["id"] == "stub-model"


async def test_delay() -> None:
    async with OpenAIStub([{"content": "late", "delay": 0.5}]) as stub:
        timeout = aiohttp.ClientTimeout(total=0.1)
        async with aiohttp.ClientSession(timeout=timeout) as s:
            with pytest.raises(TimeoutError):
                await post(s, stub.base_url)


async def test_callable_scripts_sync_and_async() -> None:
    def echo(body: dict[str, Any]) -> str:
        return f"you said {body['messages'][-1]['content']}"

    async def later(body: dict[str, Any]) -> dict[str, Any]:
        return {"content": body["model"]}

    async with aiohttp.ClientSession() as s:
        async with OpenAIStub(echo) as stub:
            assert (await post(s, stub.base_url))[1]["choices"][0]["message"]["content"] == (
                "you said hi"
            )
        async with OpenAIStub(later) as stub:
            assert (await post(s, stub.base_url))[1]["choices"][0]["message"]["content"] == "m"
        async with OpenAIStub(lambda body: 1 / 0) as stub:  # type: ignore[arg-type,return-value]
            status, body = await post(s, stub.base_url)
            assert status == 500 and "ZeroDivisionError" in body["error"]["message"]


async def test_api_key_checked() -> None:
    async with OpenAIStub(["ok"], api_key="k") as stub, aiohttp.ClientSession() as s:
        assert (await post(s, stub.base_url))[0] == 401


def test_bad_script_fails_at_construction() -> None:
    with pytest.raises(ValueError):
        OpenAIStub([{"contnet": "typo"}])
    with pytest.raises(TypeError):
        OpenAIStub([42])  # type: ignore[list-item]


def test_threaded_mode_for_synchronous_callers() -> None:
    with OpenAIStub(["from a thread"]) as stub:
        request = urllib.request.Request(
            f"{stub.base_url}/chat/completions",
            data=json.dumps(CHAT).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=5) as resp:
            assert json.load(resp)["choices"][0]["message"]["content"] == "from a thread"
        port = stub.port
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2)


def test_command_line(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps(["from the command line"]))
    with subprocess.Popen(
        [sys.executable, "-m", "host_pep.testing.openai_stub", "--script", str(script)],
        stdout=subprocess.PIPE,
        text=True,
    ) as proc:
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            base_url = line.split(" on ")[1].split()[0]
            request = urllib.request.Request(
                f"{base_url}/chat/completions",
                data=json.dumps(CHAT).encode(),
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=5) as resp:
                content = json.load(resp)["choices"][0]["message"]["content"]
            assert content == "from the command line"
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def test_command_line_rejects_a_bad_script(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"replies": [{"status": "x"}]}))
    out = subprocess.run(
        [sys.executable, "-m", "host_pep.testing.openai_stub", "--script", str(script)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 2 and "reply 0 is invalid" in out.stdout


async def test_stopping_does_not_wait_for_delayed_replies() -> None:
    loop = asyncio.get_running_loop()
    async with aiohttp.ClientSession() as s:
        stub = OpenAIStub([{"content": "never", "delay": 60}])
        await stub.start()
        pending = asyncio.create_task(post(s, stub.base_url))
        while not stub.requests:
            await asyncio.sleep(0.01)
        started = loop.time()
        await stub.stop()
        assert loop.time() - started < 10  # not the 60 s the reply was scripted to take
        with pytest.raises(aiohttp.ClientError):
            await pending
