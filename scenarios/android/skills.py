"""App skills of the scripted GUI agents: one named step in the data file expands to the taps
and typing a GUI agent does in that app (the way AndroidWorld task solutions are written).

``{"skill": "calendar_event", "title": "…", "description": "Call {phone}"}`` becomes
launch → tap New Event → type title → type description → tap Save. ``{var}`` in values is the agent's
memory at run time, untouched here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Steps = list[dict[str, Any]]


def _types(fields: list[tuple[str, str]], p: dict[str, Any]) -> Steps:
    return [{"type": {"id": rid, "text": str(p[key])}} for key, rid in fields if key in p]


def contact_read(p: dict[str, Any]) -> Steps:
    """Open a contact's details and remember the phone (first row) or e-mail (second row)."""
    index = {"phone": 0, "email": 1}[p.get("field", "phone")]
    return [
        {"launch": "com.android.contacts"},
        {"tap": {"text": p["name"]}},
        {"read": {"id": "header", "index": index, "as": p.get("as", p.get("field", "phone"))}},
    ]


def sms_read(p: dict[str, Any]) -> Steps:
    """Open a conversation and remember its last message."""
    return [
        {"launch": "com.simplemobiletools.smsmessenger"},
        {"tap": {"text_contains": p["contains"]}},
        {"read": {"text_contains": p["contains"], "as": p.get("as", "message")}},
    ]


def calendar_event(p: dict[str, Any]) -> Steps:
    fields = [("title", "event_title"), ("location", "event_location"),
              ("description", "event_description"), ("start", "event_start_date"),
              ("end", "event_end_date")]  # fmt: skip
    return [
        {"launch": "com.simplemobiletools.calendar.pro"},
        {"tap": {"id": "calendar_fab"}},
        *_types(fields, p),
        {"tap": {"id": "save"}},
    ]


def alarm(p: dict[str, Any]) -> Steps:
    return [
        {"launch": "com.google.android.deskclock"},
        {"tap": {"text": "Alarm"}},
        {"tap": {"id": "fab"}},
        *_types([("hour", "hours"), ("minutes", "minutes"), ("label", "alarm_label")], p),
        {"tap": {"id": "ok"}},
    ]


def note(p: dict[str, Any]) -> Steps:
    return [
        {"launch": "net.gsantner.markor"},
        {"tap": {"id": "fab_add_new_item"}},
        *_types(
            [
                ("title", "new_file_dialog__name"),
                ("body", "document__fragment__edit__highlighting_editor"),
            ],
            p,
        ),
        {"tap": {"id": "action_save"}},
    ]


def expense(p: dict[str, Any]) -> Steps:
    return [
        {"launch": "com.rammigsoftware.bluecoins"},
        {"tap": {"id": "fab"}},
        *_types(
            [
                ("amount", "amount"),
                ("title", "item_name"),
                ("category", "category"),
                ("notes", "notes"),
            ],
            p,
        ),
        {"tap": {"id": "menu_save"}},
    ]


def sms(p: dict[str, Any]) -> Steps:
    return [
        {"launch": "com.simplemobiletools.smsmessenger"},
        {"tap": {"id": "conversations_fab"}},
        {"type": {"id": "new_conversation_address", "text": str(p["to"])}},
        {"tap": {"id": "new_conversation_confirm"}},
        {"type": {"id": "thread_type_message", "text": str(p["body"])}},
        {"tap": {"id": "thread_send_message"}},
    ]


def mail(p: dict[str, Any]) -> Steps:
    return [
        {"launch": "com.google.android.gm"},
        {"tap": {"id": "compose_button"}},
        *_types([("to", "to"), ("subject", "subject"), ("body", "body")], p),
        {"tap": {"id": "send"}},
    ]


def buy(p: dict[str, Any]) -> Steps:
    steps: Steps = [
        {"launch": "com.amazon.mShop.android.shopping"},
        {"tap": {"desc": f"Add to Cart {p['product']}"}},
        {"tap": {"id": "chrome_action_bar_cart"}},
        {"tap": {"id": "proceed-to-checkout-button"}},
    ]
    address = [
        (k, f"address-ui-widgets-{k}")
        for k in ("name", "phone", "street", "city", "postcode", "country")
    ]
    steps += _types(address, p)
    steps.append({"tap": {"id": "address-ui-widgets-form-submit-button"}})
    steps += _types(
        [("card", "pmts-card-number"), ("expiry", "pmts-expiry"), ("cvv", "pmts-cvv")], p
    )
    if p.get("pay", True):
        steps.append({"tap": {"id": "pay_button"}})
    return steps


SKILLS: dict[str, Callable[[dict[str, Any]], Steps]] = {
    f.__name__: f
    for f in (contact_read, sms_read, calendar_event, alarm, note, expense, sms, mail, buy)
}


def expand(steps: list[dict[str, Any]]) -> Steps:
    out: Steps = []
    for step in steps:
        if "skill" in step:
            params = {k: v for k, v in step.items() if k not in ("skill", "agent")}
            name = str(step["skill"])
            if name not in SKILLS:
                raise ValueError(f"unknown skill {name!r}; known: {', '.join(sorted(SKILLS))}")
            expanded = SKILLS[name](params)
            if "agent" in step:
                expanded = [{**s, "agent": step["agent"]} for s in expanded]
            out += expanded
        elif "maybe" in step:
            spec = dict(step["maybe"])
            spec["steps"] = expand(spec.get("steps", []))
            spec["otherwise"] = expand(spec.get("otherwise", []))
            out.append({**step, "maybe": spec})
        else:
            out.append(step)
    return out
