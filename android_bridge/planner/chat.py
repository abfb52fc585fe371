"""A minimal OpenAI-compatible ``/chat/completions`` client over aiohttp."""

from __future__ import annotations

from typing import Any

import aiohttp


class ChatError(Exception):
    """The chat endpoint failed or answered something that is not a chat completion."""


class ChatClient:
    def __init__(
        self, base_url: str, *, model: str, api_key: str | None = None, timeout: float = 60.0
    ) -> None:
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self._headers = {"Content-Type": "application/json"}
        if api_key:
            self._headers["Authorization"] = f"Bearer {api_key}"
        self._timeout = aiohttp.ClientTimeout(total=timeout)
        self._http: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    async def complete(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], **extra: Any
    ) -> dict[str, Any]:
        """Return the first choice's message (``content`` and maybe ``tool_calls``)."""
        if self._http is None:
            self._http = aiohttp.ClientSession(headers=self._headers, timeout=self._timeout)
        body: dict[str, Any] = {"model": self.model, "messages": messages, **extra}
        if tools:
            body["tools"] = tools
            body["tool_choice"] = "auto"
        try:
            async with self._http.post(self.url, json=body) as resp:
                text = await resp.text()
                if resp.status >= 400:
                    raise ChatError(f"{self.url} answered {resp.status}: {text[:300]}")
                try:
                    data = await resp.json(content_type=None)
                except ValueError as exc:
                    raise ChatError(f"{self.url} answered non-JSON: {text[:200]}") from exc
        except (aiohttp.ClientError, TimeoutError) as exc:
            raise ChatError(f"{self.url} unreachable: {type(exc).__name__}: {exc}") from exc
        try:
            message = data["choices"][0]["message"]
        except (KeyError, IndexError, TypeError) as exc:
            raise ChatError(f"{self.url} answered no choices[0].message: {text[:200]}") from exc
        if not isinstance(message, dict):
            raise ChatError("choices[0].message is not an object")
        return message
