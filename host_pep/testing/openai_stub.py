"""OpenAIStub: a real, scripted OpenAI-compatible chat-completions server on 127.0.0.1.

```python
async with OpenAIStub(['{"decision": "deny", "reason": "leak"}']) as stub:
    adjudicator = LLMAdjudicator(stub.base_url, "stub-model")      # base_url ends in /v1
    ...
    stub.requests[0].json["messages"]                               # what the client sent

with OpenAIStub(script) as stub:        # same server on a background thread, for sync code
    ...
```

A script is a list of replies consumed one per request (an exhausted script answers HTTP 500)
or a callable ``request_json -> reply`` (sync or async). A reply is
* a string: the assistant's text content;
* ``{"content": str}`` and/or ``{"tool_calls": [{"name": str, "arguments": dict | str}]}``
  (OpenAI function calling, ``finish_reason: "tool_calls"``);
* ``{"status": 500, "body": ...}``: an HTTP error;
* ``{"raw": {...}}``: a response body sent as is;
* any of these with ``"delay": seconds`` to answer late.
Command line: ``python -m host_pep.testing.openai_stub --port P --script FILE.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field

Reply = str | dict[str, Any]
ScriptFn = Callable[[dict[str, Any]], Reply | Awaitable[Reply]]


class StubReply(BaseModel):
    """A validated scripted reply (a bad script fails when the stub is built, not mid-test)."""

    model_config = ConfigDict(extra="forbid")

    content: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    status: int = 200
    body: Any = None
    raw: dict[str, Any] | None = None
    delay: float = Field(default=0.0, ge=0.0)

    @classmethod
    def of(cls, reply: Reply | StubReply) -> StubReply:
        if isinstance(reply, StubReply):
            return reply
        if isinstance(reply, str):
            return cls(content=reply)
        if isinstance(reply, dict):
            return cls.model_validate(reply)
        raise TypeError(f"a scripted reply is a str or dict, got {type(reply).__name__}")


@dataclass(frozen=True)
class RecordedRequest:
    """One request the stub received: ``json`` is the parsed body (None if it was not JSON)."""

    method: str
    path: str
    headers: dict[str, str]
    json: Any
    received: float


def _tool_calls(calls: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    out = []
    for i, call in enumerate(calls):
        if "function" in call:  # already in wire format
            out.append({"id": f"call_{n}_{i}", "type": "function", **call})
            continue
        args = call.get("arguments", {})
        out.append(
            {
                "id": call.get("id", f"call_{n}_{i}"),
                "type": "function",
                "function": {
                    "name": call["name"],
                    "arguments": args if isinstance(args, str) else json.dumps(args),
                },
            }
        )
    return out


class OpenAIStub:
    def __init__(
        self,
        script: Sequence[Reply] | ScriptFn,
        *,
        model: str = "stub-model",
        api_key: str | None = None,
    ) -> None:
        """``api_key``: when set, requests without ``Authorization: Bearer <key>`` get 401."""
        if callable(script):
            self._fn: ScriptFn | None = script
            self._replies: list[StubReply] = []
        else:
            self._fn = None
            self._replies = [StubReply.of(r) for r in script]
        self.model = model
        self._api_key = api_key
        self.requests: list[RecordedRequest] = []
        self._served = 0
        self._runner: web.AppRunner | None = None
        self._port = 0
        self._thread: threading.Thread | None = None
        self._thread_loop: asyncio.AbstractEventLoop | None = None

    # -- lifecycle --------------------------------------------------------------------------

    @property
    def port(self) -> int:
        if not self._port:
            raise RuntimeError("the stub is not running")
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def start(self, port: int = 0) -> None:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_post("/chat/completions", self._chat)
        app.router.add_get("/v1/models", self._models)
        # in-flight (e.g. deliberately delayed) replies must not hold up the end of a test
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.25)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self._port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> OpenAIStub:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def __enter__(self) -> OpenAIStub:
        """Serve from a background thread with its own loop (for synchronous callers)."""
        loop = asyncio.new_event_loop()
        started: Future[None] = Future()

        def run() -> None:
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self.start())
            except BaseException as exc:
                started.set_exception(exc)
                return
            started.set_result(None)
            loop.run_forever()
            loop.run_until_complete(self.stop())
            loop.close()

        self._thread_loop = loop
        self._thread = threading.Thread(target=run, name="openai-stub", daemon=True)
        self._thread.start()
        started.result(timeout=10)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._thread_loop is not None and self._thread is not None:
            self._thread_loop.call_soon_threadsafe(self._thread_loop.stop)
            self._thread.join(timeout=10)
            self._thread = None
            self._thread_loop = None

    # -- handlers ---------------------------------------------------------------------------

    async def _models(self, request: web.Request) -> web.Response:
        return web.json_response(
            {"object": "list", "data": [{"id": self.model, "object": "model"}]}
        )

    async def _chat(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except ValueError:
            body = None
        self.requests.append(
            RecordedRequest(
                method=request.method,
                path=request.path,
                headers=dict(request.headers),
                json=body,
                received=time.time(),
            )
        )
        if self._api_key is not None and request.headers.get("Authorization") != (
            f"Bearer {self._api_key}"
        ):
            return _error(401, "invalid api key")
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return _error(400, "body must be a JSON object with a 'messages' list")
        if body.get("stream"):
            return _error(400, "streaming is not supported by the stub")
        try:
            reply = await self._next(body)
        except Exception as exc:  # a broken script callable must show up in the test
            return _error(500, f"stub script failed: {type(exc).__name__}: {exc}")
        if reply.delay:
            await asyncio.sleep(reply.delay)
        if reply.status != 200:
            payload = reply.body if reply.body is not None else {"error": {"message": "scripted"}}
            if isinstance(payload, str):
                return web.Response(status=reply.status, text=payload)
            return web.json_response(payload, status=reply.status)
        if reply.raw is not None:
            return web.json_response(reply.raw)
        return web.json_response(self._completion(body, reply))

    async def _next(self, body: dict[str, Any]) -> StubReply:
        n = self._served
        self._served += 1
        if self._fn is not None:
            out = self._fn(body)
            if inspect.isawaitable(out):
                out = await out
            return StubReply.of(out)
        if n >= len(self._replies):
            return StubReply(status=500, body={"error": {"message": "stub script exhausted"}})
        return self._replies[n]

    def _completion(self, body: dict[str, Any], reply: StubReply) -> dict[str, Any]:
        n = self._served
        message: dict[str, Any] = {"role": "assistant", "content": reply.content}
        finish = "stop"
        if reply.tool_calls:
            message["tool_calls"] = _tool_calls(reply.tool_calls, n)
            finish = "tool_calls"
        prompt_chars = sum(len(str(m.get("content", ""))) for m in body["messages"])
        completion_chars = len(reply.content or "") + len(json.dumps(reply.tool_calls or []))
        return {
            "id": f"chatcmpl-stub-{n}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", self.model),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {
                "prompt_tokens": prompt_chars // 4,
                "completion_tokens": completion_chars // 4,
                "total_tokens": (prompt_chars + completion_chars) // 4,
            },
        }


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": {"message": message, "type": "stub_error"}}, status=status)


def load_script(path: Path) -> list[Reply]:
    """A JSON list of replies, or {"replies": [...]}."""
    data = json.loads(path.read_text())
    if isinstance(data, dict):
        data = data.get("replies")
    if not isinstance(data, list):
        raise ValueError(f"{path}: a script is a JSON list of replies (or {{'replies': [...]}})")
    for i, item in enumerate(data):
        try:
            StubReply.of(item)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{path}: reply {i} is invalid: {exc}") from exc
    return data


async def _serve(port: int, script: list[Reply]) -> None:
    stub = OpenAIStub(script)
    await stub.start(port)
    print(f"OpenAI stub listening on {stub.base_url} ({len(script)} scripted replies)", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await stub.stop()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m host_pep.testing.openai_stub",
        description="Serve scripted OpenAI chat-completions answers on 127.0.0.1.",
    )
    parser.add_argument("--port", type=int, default=0, help="port (0 = any free port)")
    parser.add_argument("--script", type=Path, required=True, help="JSON list of replies")
    args = parser.parse_args(argv)
    try:
        script = load_script(args.script)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}")
        return 2
    try:
        asyncio.run(_serve(args.port, script))
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
