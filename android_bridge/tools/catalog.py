"""The shipped typed tools (contracts §2 targets), each backed by the device's providers."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from android_bridge.tools.registry import (
    Tool,
    bind,
    check_write,
    insert,
    now_ms,
    q,
    query,
    rows_of,
    sql_literal,
)

CONTACT_PHONES = "content://com.android.contacts/data/phones"
CONTACTS = "content://com.android.contacts/contacts"
EVENTS = "content://com.android.calendar/events"
SMS_SENT = "content://sms/sent"
SMS_INBOX = "content://sms/inbox"
MAIL = "content://com.google.android.gm/messages"
NOTES = "content://net.gsantner.markor/notes"
EXPENSES = "content://com.rammigsoftware.bluecoins/transactions"
ALARMS = "content://com.google.android.deskclock/alarms"
PAGES = "content://com.android.chrome/pages"
UPLOADS = "content://com.google.android.documentsui/uploads"


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LookupArgs(_Args):
    name: str = Field(min_length=1, max_length=200, description="The contact's display name")


class SearchArgs(_Args):
    query: str = Field(min_length=1, max_length=200, description="Text in name, phone or email")


class CreateEventArgs(_Args):
    title: str = Field(min_length=1, max_length=500)
    description: str = Field(default="", max_length=10_000)
    location: str = Field(default="", max_length=1_000)
    start: int | None = Field(default=None, ge=0, description="Start, ms since the epoch")
    end: int | None = Field(default=None, ge=0, description="End, ms since the epoch")


class SmsArgs(_Args):
    recipient: str = Field(min_length=1, max_length=100, description="Phone number")
    body: str = Field(min_length=1, max_length=5_000)


class MailArgs(_Args):
    to: str = Field(min_length=3, max_length=320, description="Recipient e-mail address")
    subject: str = Field(default="", max_length=1_000)
    body: str = Field(default="", max_length=50_000)


class InboxArgs(_Args):
    limit: int = Field(default=20, ge=1, le=500)


class NoteArgs(_Args):
    title: str = Field(min_length=1, max_length=500)
    body: str = Field(default="", max_length=50_000)


class ExpenseArgs(_Args):
    title: str = Field(min_length=1, max_length=500)
    amount: float = Field(gt=-1e9, lt=1e9)
    category: str = Field(default="", max_length=200)
    notes: str = Field(default="", max_length=5_000)


class AlarmArgs(_Args):
    hour: int = Field(ge=0, le=23)
    minutes: int = Field(ge=0, le=59)
    label: str = Field(default="", max_length=500)


class BrowserArgs(_Args):
    url: str = Field(min_length=1, max_length=4_000)


class UploadArgs(_Args):
    path: str = Field(min_length=1, max_length=4_000, description="File on the device")
    destination: str = Field(min_length=1, max_length=4_000, description="Where it is uploaded")


class SettingsPutArgs(_Args):
    namespace: Literal["global", "system", "secure"]
    key: str = Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9_.]+$")
    value: str = Field(max_length=1_000)


class SettingsGetArgs(_Args):
    namespace: Literal["global", "system", "secure"]
    key: str = Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9_.]+$")


class NoArgs(_Args):
    pass


def _contact(row: dict[str, str]) -> dict[str, str]:
    out = {"name": row.get("display_name", "")}
    if row.get("number"):
        out["phone"] = row["number"]
    if row.get("email"):
        out["email"] = row["email"]
    if row.get("company"):
        out["company"] = row["company"]
    return out


def _lookup(a: LookupArgs, outs: list[str]) -> dict[str, Any]:
    want = a.name.casefold()
    found = [_contact(r) for r in rows_of(outs[0]) if r.get("display_name", "").casefold() == want]
    return {"contacts": found}


def _search(a: SearchArgs, outs: list[str]) -> dict[str, Any]:
    needle = a.query.casefold()
    found = [
        _contact(r)
        for r in rows_of(outs[0])
        if any(needle in v.casefold() for k, v in r.items() if k != "_id")
    ]
    return {"contacts": found}


def _written(what: str) -> Any:
    def parse(a: Any, outs: list[str]) -> dict[str, Any]:
        for out in outs:
            check_write(out)
        return {"status": "ok", "created": what}

    return parse


def _rows(limit_attr: str | None = None, keep: tuple[str, ...] = ()) -> Any:
    def parse(a: Any, outs: list[str]) -> dict[str, Any]:
        rows = rows_of(outs[0])
        if keep:
            rows = [{k: v for k, v in r.items() if k in keep} for r in rows]
        if limit_attr:
            rows = rows[-int(getattr(a, limit_attr)) :]
        return {"items": rows}

    return parse


def _page(a: BrowserArgs, outs: list[str]) -> dict[str, Any]:
    rows = rows_of(outs[0])
    if not rows:
        return {"url": a.url, "found": False}
    r = rows[0]
    return {"url": r.get("url", a.url), "title": r.get("title", ""), "text": r.get("text", "")}


def _setting(a: SettingsGetArgs, outs: list[str]) -> dict[str, Any]:
    value = outs[0].strip()
    return {"namespace": a.namespace, "key": a.key, "value": None if value == "null" else value}


def _settings_put(a: SettingsPutArgs, outs: list[str]) -> dict[str, Any]:
    _written("setting")(a, outs)
    return {"status": "ok", "namespace": a.namespace, "key": a.key}


TOOLS: list[Tool] = [
    Tool(
        "contacts.lookup", "Find a contact by exact name; returns their phone and e-mail.",
        LookupArgs, lambda a: [query(CONTACT_PHONES)], _lookup, read_only=True,
    ),
    Tool(
        "contacts.search", "Search contacts whose name, phone, e-mail or company contains text.",
        SearchArgs, lambda a: [query(CONTACTS)], _search, read_only=True,
    ),
    Tool(
        "calendar.create_event", "Create a calendar event.", CreateEventArgs,
        lambda a: [insert(EVENTS, [
            bind("title", a.title), bind("description", a.description),
            bind("eventLocation", a.location),
            bind("dtstart", a.start if a.start is not None else now_ms(), "l"),
            bind("dtend", a.end if a.end is not None else (a.start or now_ms()) + 3_600_000, "l"),
        ])],
        _written("event"),
    ),
    Tool(
        "calendar.list", "List calendar events.", NoArgs, lambda a: [query(EVENTS)],
        _rows(keep=("title", "description", "eventLocation", "dtstart", "dtend")), read_only=True,
    ),
    Tool(
        "sms.send", "Send an SMS to a phone number.", SmsArgs,
        lambda a: [insert(SMS_SENT, [bind("address", a.recipient), bind("body", a.body),
                                     bind("type", 2, "i"), bind("date", now_ms(), "l")])],
        _written("sms"),
    ),
    Tool(
        "sms.inbox", "Read received SMS messages (newest last).", InboxArgs,
        lambda a: [query(SMS_INBOX)], _rows("limit", keep=("address", "body", "date")),
        read_only=True,
    ),
    Tool(
        "mail.send", "Send an e-mail.", MailArgs,
        lambda a: [insert(MAIL, [bind("folder", "sent"), bind("to", a.to),
                                 bind("subject", a.subject), bind("body", a.body),
                                 bind("date", now_ms(), "l")])],
        _written("mail"),
    ),
    Tool(
        "mail.inbox", "Read received e-mails (newest last).", InboxArgs,
        lambda a: [query(MAIL, "folder='inbox'")],
        _rows("limit", keep=("from", "subject", "body", "date")), read_only=True,
    ),
    Tool(
        "notes.create", "Create a note.", NoteArgs,
        lambda a: [insert(NOTES, [bind("title", a.title), bind("body", a.body)])],
        _written("note"),
    ),
    Tool(
        "expense.add", "Log an expense.", ExpenseArgs,
        lambda a: [insert(EXPENSES, [bind("title", a.title), bind("amount", a.amount, "d"),
                                     bind("category", a.category), bind("notes", a.notes),
                                     bind("date", now_ms(), "l")])],
        _written("expense"),
    ),
    Tool(
        "clock.set_alarm", "Set an alarm.", AlarmArgs,
        lambda a: [insert(ALARMS, [bind("hour", a.hour, "i"), bind("minutes", a.minutes, "i"),
                                   bind("label", a.label), bind("enabled", 1, "i")])],
        _written("alarm"),
    ),
    Tool(
        "browser.read", "Read a web page's title and text.", BrowserArgs,
        lambda a: [query(PAGES, f"url={sql_literal(a.url)}")], _page, read_only=True,
    ),
    Tool(
        "files.upload", "Upload a file from the device to a destination.", UploadArgs,
        lambda a: [insert(UPLOADS, [bind("path", a.path), bind("destination", a.destination)])],
        _written("upload"), destructive=True,
    ),
    Tool(
        "settings.put", "Change a device setting.", SettingsPutArgs,
        lambda a: [f"settings put {a.namespace} {q(a.key)} {q(a.value)}"], _settings_put,
        destructive=True,
    ),
    Tool(
        "settings.get", "Read a device setting.", SettingsGetArgs,
        lambda a: [f"settings get {a.namespace} {q(a.key)}"], _setting, read_only=True,
    ),
]  # fmt: skip
