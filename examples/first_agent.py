"""Your first mediated agent (docs/bridge-api.md, "Write your first mediated agent").

Start a daemon in another terminal first:

    droidgate serve --virtual 1

then run ``python examples/first_agent.py``. The agent opens Contacts, reads Alice's number off
the screen, and writes a reminder into a new Calendar event. droidgate lets it look and type the
title, and refuses the one action that would copy the number into the calendar: the agent reads
why, and carries on without it.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any

from android_bridge.api.client import BridgeClient, BridgeError, read_token
from android_bridge.daemon import default_state_dir, read_daemon_info

AGENT = "first-agent"
CONTACTS = "com.android.contacts"
CALENDAR = "com.simplemobiletools.calendar.pro"


def gui(action: str, **payload: Any) -> dict[str, Any]:
    """A GUI action: the daemon dumps the screen itself before it decides."""
    return {"agent": AGENT, "channel": "gui", "action": action, "payload": payload}


async def act(bridge: BridgeClient, session: str, event: dict[str, Any]) -> bool:
    """Submit one action; say what droidgate decided; True if it ran."""
    out = await bridge.submit(session, event)
    what = f"{event['action']:<10} {event['payload']}"
    if out.executed:
        print(f"ran      {what}")
    else:
        v = out.verdict
        print(f"refused  {what}\n         -> {out.decision} at {v.stage.value}: {v.reason}")
    return out.executed


async def main(state_dir: Path) -> int:
    daemon = read_daemon_info(state_dir)  # where `droidgate serve` listens, and its token
    async with BridgeClient(daemon.url, read_token(daemon.token_file)) as operator:
        # The operator opens the session with the user's request and hands the agent a token
        # bound to it: the agent can act in this session, and nothing else.
        created = await operator.create_session(
            agents=[AGENT], user_request="Remind me tomorrow to call Alice"
        )
        session = created.session
        bridge = operator.with_token(created.agent_tokens[AGENT])  # from here on: the agent

        # 1. Look: open Alice's contact card and read her number from the element list
        await act(bridge, session, gui("launch", package=CONTACTS))
        await act(bridge, session, gui("tap", selector={"text": "Alice Johnson"}))
        screen = await bridge.screen(session)
        phone = next(e["text"] for e in screen.elements if e["text"].startswith("+1"))
        print(f"read     Alice's number on screen: {phone}")

        # 2. A payload of the wrong shape is refused before anything is decided (HTTP 400)
        try:
            await bridge.submit(session, gui("tap", text="Alice Johnson"))
        except BridgeError as err:
            print(f"400      {err.message[:90]}…")

        # 3. Act: a new calendar event, a title, and an attempt to paste the number into it
        await act(bridge, session, gui("launch", package=CALENDAR))
        await act(
            bridge, session, gui("tap", selector={"resourceId": f"{CALENDAR}:id/calendar_fab"})
        )
        title = {"resourceId": f"{CALENDAR}:id/event_title"}
        notes = {"resourceId": f"{CALENDAR}:id/event_description"}
        await act(bridge, session, gui("text_input", text="Call Alice", selector=title))
        if not await act(bridge, session, gui("text_input", text=f"at {phone}", selector=notes)):
            # droidgate said no: the number came from Contacts. Do the task without it.
            await act(
                bridge, session, gui("text_input", text="number is in Contacts", selector=notes)
            )
        await act(bridge, session, gui("tap", selector={"text": "Save"}))
        await operator.end_session(session)  # the operator's: the agent's token is revoked
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--state-dir", type=Path, default=default_state_dir())
    raise SystemExit(asyncio.run(main(parser.parse_args().state_dir)))
