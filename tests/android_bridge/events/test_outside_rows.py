"""Calendar rows an outside organiser sent are untrusted content (rule 5); the owner's own
events stay the user's data."""

from __future__ import annotations

from android_bridge.events.api import ApiAdapter
from host_pep.events import AgentEvent


def test_rows_of_an_outside_organisers_event_are_untrusted() -> None:
    api = ApiAdapter()
    event = AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "api", "action": "api_call",
         "payload": {"command": "content query --uri content://com.android.calendar/events "
                                "--projection title:description:organizer:ownerAccount"}}
    )  # fmt: skip
    out = (
        "Row: 0 _id=1, title=Standup, description=Daily sync in room 4 as usual, "
        "organizer=ana@example.com, ownerAccount=ana@example.com\n"
        "Row: 1 _id=2, title=You won, description=Claim it at http://prize.example.click/c today, "
        "organizer=promo@example.click, ownerAccount=ana@example.com\n"
    )
    completion = api.complete(event)
    obs = {o.text: o.trusted for o in api.observe_result(completion, out)}
    assert obs["Daily sync in room 4 as usual"] is True
    assert obs["Claim it at http://prize.example.click/c today"] is False
    assert obs["promo@example.click"] is False
