"""The webhook notifier: each escalation (and, optionally, each deny) POSTed as signed JSON to one
URL the operator chose (``droidgate serve --webhook-url``), e.g. a chat bridge that pings whoever
is on call.

Never in a decision's way: events are queued without waiting (a full queue drops the oldest and
counts it), and one background task delivers them in order. A delivery is retried on a network
error, a timeout, 408, 429 or a 5xx, with exponential backoff (``backoff_s`` doubling, with
jitter) up to ``attempts`` tries; another 4xx is final.

Signature (verify before trusting the body)::

    X-Droidgate-Timestamp: 1764412800
    X-Droidgate-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>

The timestamp is inside the MAC, so a receiver that refuses timestamps older than a few minutes
is safe from replays. The body is ``{"type": "escalation"|"deny", "delivery": id, "sent": ts,
"data": {...}}``; ``data`` is masked as in the audit (no sensitive value in clear).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import orjson

from host_pep.audit.secret import Secret
from host_pep.audit.store import StoredRow

log = logging.getLogger(__name__)

SIGNATURE_HEADER = "X-Droidgate-Signature"
TIMESTAMP_HEADER = "X-Droidgate-Timestamp"
EVENT_HEADER = "X-Droidgate-Event"
DELIVERY_HEADER = "X-Droidgate-Delivery"
SECRET_ENV = "DROIDGATE_WEBHOOK_SECRET"
MAX_QUEUED = 1000
_RETRY_STATUS = frozenset({408, 429})


def sign(secret: bytes, timestamp: str, body: bytes) -> str:
    """The signature header's value for ``body`` sent at ``timestamp``."""
    mac = hmac.new(secret, timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={mac}"


def verify(secret: bytes, timestamp: str, body: bytes, signature: str) -> bool:
    """What a receiver does (and the tests): constant-time comparison of the signature."""
    return hmac.compare_digest(sign(secret, timestamp, body).encode(), signature.encode())


@dataclass
class DeliveryStats:
    delivered: int = 0
    failed: int = 0
    retries: int = 0
    dropped: int = 0
    last_error: str | None = None


@dataclass
class _Item:
    kind: str
    data: dict[str, Any]
    delivery: str = field(default_factory=lambda: secrets.token_hex(8))


class WebhookNotifier:
    def __init__(
        self,
        url: str,
        secret: Secret,
        *,
        denies: bool = False,
        attempts: int = 5,
        backoff_s: float = 0.5,
        timeout_s: float = 5.0,
        max_queued: int = MAX_QUEUED,
    ) -> None:
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"--webhook-url must be an http(s) URL, got {url!r}")
        if len(secret.reveal()) < 16:
            raise ValueError("the webhook secret must be at least 16 characters")
        if attempts < 1 or backoff_s < 0 or timeout_s <= 0:
            raise ValueError("attempts >= 1, backoff >= 0 and timeout > 0")
        self.url = url
        self._secret = secret
        self.denies = denies
        self.attempts = attempts
        self.backoff_s = backoff_s
        self.timeout_s = timeout_s
        self.stats = DeliveryStats()
        self._queue: deque[_Item] = deque(maxlen=max_queued)
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._http: aiohttp.ClientSession | None = None

    def __repr__(self) -> str:  # the secret never gets printed
        return f"WebhookNotifier(url={self.url!r}, denies={self.denies})"

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=self.timeout_s))
        self._task = self._loop.create_task(self._run())

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._http is not None:
            await self._http.close()
            self._http = None

    # -- what is sent (never waits) ------------------------------------------------------------
    def escalation(self, data: dict[str, Any]) -> None:
        self._enqueue(_Item("escalation", data))

    def on_commit(self, rows: Sequence[StoredRow]) -> None:
        """Audit listener (any thread): each deny, when ``denies`` is on."""
        if not self.denies or self._loop is None:
            return
        denies = [r for r in rows if r.kind == "decision" and r.decision == "deny"]
        if not denies:
            return
        items = [_Item("deny", _deny_data(r)) for r in denies]
        with contextlib.suppress(RuntimeError):  # the loop has closed: the daemon is stopping
            self._loop.call_soon_threadsafe(self._enqueue_all, items)

    def _enqueue_all(self, items: list[_Item]) -> None:
        for item in items:
            self._enqueue(item)

    def _enqueue(self, item: _Item) -> None:
        if len(self._queue) == self._queue.maxlen:
            self.stats.dropped += 1
            log.warning("webhook queue full: the oldest notification was dropped")
        self._queue.append(item)
        if self._wake is not None:
            self._wake.set()

    # -- delivery --------------------------------------------------------------------------------
    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            if not self._queue:
                self._wake.clear()
                await self._wake.wait()
                continue
            item = self._queue.popleft()
            try:
                await self._deliver(item)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # never let one bad event stop the notifier
                self.stats.failed += 1
                self.stats.last_error = f"{type(exc).__name__}: {exc}"
                log.warning("webhook delivery failed: %s", self.stats.last_error)

    def body(self, item: _Item) -> bytes:
        return orjson.dumps(
            {"type": item.kind, "delivery": item.delivery, "sent": time.time(), "data": item.data}
        )

    async def _deliver(self, item: _Item) -> None:
        assert self._http is not None
        body = self.body(item)
        secret = self._secret.reveal().encode()
        for attempt in range(self.attempts):
            if attempt:
                self.stats.retries += 1
                delay = self.backoff_s * 2 ** (attempt - 1)
                await asyncio.sleep(delay * (0.75 + random.random() / 2))
            stamp = str(int(time.time()))
            headers = {
                "Content-Type": "application/json",
                "User-Agent": "droidgate-webhook",
                EVENT_HEADER: item.kind,
                DELIVERY_HEADER: item.delivery,
                TIMESTAMP_HEADER: stamp,
                SIGNATURE_HEADER: sign(secret, stamp, body),
            }
            try:
                async with self._http.post(self.url, data=body, headers=headers) as resp:
                    await resp.read()
                    if resp.status < 300:
                        self.stats.delivered += 1
                        return
                    error = f"HTTP {resp.status}"
                    if 400 <= resp.status < 500 and resp.status not in _RETRY_STATUS:
                        break  # the receiver refused this one; trying again changes nothing
            except (aiohttp.ClientError, TimeoutError, OSError) as exc:
                error = f"{type(exc).__name__}: {exc}"
            self.stats.last_error = error
        self.stats.failed += 1
        log.warning(
            "webhook %s: %s notification %s not delivered (%s)",
            self.url,
            item.kind,
            item.delivery,
            self.stats.last_error,
        )


def _deny_data(row: StoredRow) -> dict[str, Any]:
    record = orjson.loads(row.body)
    keep = (
        "seq",
        "ts",
        "event_id",
        "session",
        "agent",
        "channel",
        "action",
        "target",
        "decision",
        "stage",
        "rule_ids",
        "reason",
        "evidence",
    )
    return {k: record.get(k) for k in keep}
