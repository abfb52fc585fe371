"""How ``droidgate serve`` puts the console together with the daemon's core: the feed on the audit
log, the escalation desk on the approval queue and the devices, the webhook notifier."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from android_bridge.console.desk import EscalationDesk
from android_bridge.console.feed import DecisionFeed
from android_bridge.console.web import Console, ConsoleOptions
from android_bridge.console.webhook import SECRET_ENV, WebhookNotifier
from host_pep.audit.secret import Secret, read_private


class WebhookSettings(BaseModel):
    url: str
    secret_file: Path | None = None
    denies: bool = False


def webhook_secret(settings: WebhookSettings) -> Secret:
    """The HMAC secret: ``$DROIDGATE_WEBHOOK_SECRET``, else the 0600 file named."""
    value = os.environ.get(SECRET_ENV)
    if value:
        return Secret(value.strip())
    if settings.secret_file is None:
        raise ValueError(
            f"--webhook-url needs a secret to sign with: --webhook-secret-file FILE (0600) "
            f"or ${SECRET_ENV}"
        )
    return Secret(read_private(settings.secret_file).strip())


@contextlib.asynccontextmanager
async def open_console(
    core: Any,
    *,
    escalations: str,
    deadline_s: float,
    secure_cookie: bool,
    webhook: WebhookSettings | None = None,
) -> AsyncIterator[Console]:
    """The console of a running core (``android_bridge.daemon.Core``); mount it with
    ``make_app(console=console.mount)``. Stops the notifier on the way out."""
    desk: EscalationDesk = getattr(core, "desk", None) or EscalationDesk()
    feed = DecisionFeed()
    service = core.service

    def serial_of(session: str) -> str | None:
        found = next((s for s in service.sessions() if s.session == session), None)
        return found.serial if found is not None else None

    async def screenshot(serial: str) -> bytes:
        return bytes(await core.pool.get(serial).screenshot_png())

    desk.attach(
        queue=core.pep.escalations if escalations == "human" else None,
        publish=feed.publish,
        serial_of=serial_of,
        screenshot=screenshot,
    )
    console = Console(
        service,
        feed=feed,
        desk=desk,
        options=ConsoleOptions(
            escalations=escalations, deadline_s=deadline_s, secure_cookie=secure_cookie
        ),
    )
    notifier: WebhookNotifier | None = None
    remove: Any = None
    if webhook is not None:
        notifier = WebhookNotifier(webhook.url, webhook_secret(webhook), denies=webhook.denies)
        await notifier.start()
        desk.sinks.append(notifier)
        remove = core.pep.audit.add_listener(notifier.on_commit)
    try:
        yield console
    finally:
        if remove is not None:
            remove()
        if notifier is not None:
            await notifier.aclose()
