"""The shipped typed tools (contracts §2 targets), each acting on the device the way Android
allows: through a provider where the app has one (ContactsContract, CalendarContract, SMS,
Settings), an app's intent (``AlarmClock.ACTION_SET_ALARM``), its files (Markor's notebook),
or its screens for the apps that have neither (mail, expenses, the browser, uploads)."""

from __future__ import annotations

import re
from typing import Any, Literal
from urllib.parse import quote

from pydantic import BaseModel, ConfigDict, Field

from android_bridge.tools import ui
from android_bridge.tools.registry import (
    Step,
    Tool,
    ToolError,
    bind,
    check_write,
    insert,
    now_ms,
    q,
    query,
    rows_of,
    sql_literal,
)

CONTACT_DATA = "content://com.android.contacts/data"
CALENDARS = "content://com.android.calendar/calendars"
EVENTS = "content://com.android.calendar/events"
SMS_SENT = "content://sms/sent"
SMS_INBOX = "content://sms/inbox"
MARKOR = "/sdcard/Documents/Markor"
# ContactsContract.CommonDataKinds mimetypes a contact summary is made of
_NAME, _PHONE, _EMAIL, _ORG = (
    "vnd.android.cursor.item/name", "vnd.android.cursor.item/phone_v2",
    "vnd.android.cursor.item/email_v2", "vnd.android.cursor.item/organization",
)  # fmt: skip
_SUMMARY_KINDS = {_PHONE: "phone", _EMAIL: "email", _ORG: "company"}
GMAIL = "com.google.android.gm"
BLUECOINS_FORM = "com.rammigsoftware.bluecoins/.ui.activities.transaction.ActivityTransaction"


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


def _contacts(output: str) -> list[dict[str, str]]:
    """ContactsContract data rows grouped into one summary per contact (name, phone, e-mail,
    company: the first of each kind)."""
    people: dict[str, dict[str, str]] = {}
    for row in rows_of(output):
        person = people.setdefault(row.get("contact_id", ""), {"name": row.get("display_name", "")})
        key = _SUMMARY_KINDS.get(row.get("mimetype", ""))
        if key and row.get("data1") and key not in person:
            person[key] = row["data1"]
    return list(people.values())


def _contacts_query() -> str:
    kinds = ", ".join(sql_literal(m) for m in (_NAME, *_SUMMARY_KINDS))
    return (
        query(CONTACT_DATA, f"mimetype IN ({kinds})")
        + " --projection "
        + q("contact_id:display_name:mimetype:data1")
    )


def _lookup(a: LookupArgs, outs: list[str]) -> dict[str, Any]:
    want = a.name.casefold()
    return {"contacts": [c for c in _contacts(outs[0]) if c.get("name", "").casefold() == want]}


def _search(a: SearchArgs, outs: list[str]) -> dict[str, Any]:
    needle = a.query.casefold()
    found = [c for c in _contacts(outs[0]) if any(needle in v.casefold() for v in c.values())]
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


def _event_steps(a: CreateEventArgs) -> list[Step]:
    """A new event in the first visible calendar (CalendarContract needs its calendar_id and
    a time zone; the device's is UTC)."""
    start = a.start if a.start is not None else now_ms()
    end = a.end if a.end is not None else start + 3_600_000

    def insert_event(outs: list[str]) -> str:
        ids = [r["_id"] for r in rows_of(outs[-1]) if r.get("_id")]
        if not ids:
            raise ToolError("the device has no calendar to add the event to")
        return insert(EVENTS, [
            bind("calendar_id", ids[0], "l"), bind("eventTimezone", "UTC"),
            bind("title", a.title), bind("description", a.description),
            bind("eventLocation", a.location), bind("dtstart", start, "l"),
            bind("dtend", end, "l"),
        ])  # fmt: skip

    return [
        query(CALENDARS, "visible=1") + " --projection _id --sort " + q("_id ASC"),
        insert_event,
    ]


def _mail_send_steps(a: MailArgs) -> list[Step]:
    """Gmail's compose screen, filled by its ``mailto:`` intent, and its Send button."""
    uri = f"mailto:{quote(a.to, safe='@+')}?subject={quote(a.subject)}&body={quote(a.body)}"
    return [
        f"am start -W -a android.intent.action.SENDTO -d {q(uri)} -p {GMAIL}",
        ui.DUMP,
        ui.tap(ui.by_id("send"), "Gmail's Send button"),
        ui.DUMP,
    ]


def _mail_sent(a: MailArgs, outs: list[str]) -> dict[str, Any]:
    screen = ui.screen_in(outs)
    if ui.find(screen, ui.by_id("send")):
        toast = " ".join(n.text for n in screen.nodes if n.text and "recipient" in n.text.lower())
        raise ToolError(f"the mail was not sent (compose still open) {toast}".strip())
    return {"status": "ok", "created": "mail"}


def _mail_inbox_steps(a: InboxArgs) -> list[Step]:
    """Open each mail of the inbox in turn and read it (subject, sender, body)."""
    steps: list[Step] = [f"am start -W -S -n {GMAIL}/.ConversationListActivityGmail"]
    row = ui.by_id("viewified_conversation_item_view")
    for i in range(min(a.limit, 20)):
        steps += [ui.DUMP, ui.tap(row, f"mail {i}", index=i, optional=True), ui.DUMP]
        steps.append(
            lambda outs: (
                ui.BACK if ui.find(ui.screen_in(outs), ui.by_id("message_body")) else ui.NOTHING
            )
        )
    return steps


def _mail_inbox(a: InboxArgs, outs: list[str]) -> dict[str, Any]:
    items = []
    for out in outs:
        if "message_body" not in out or "<hierarchy" not in out:
            continue
        screen = ui.screen_in([out])
        body = ui.texts(screen, ui.by_id("message_body"))
        if not body:
            continue
        items.append({
            "from": " ".join(ui.texts(screen, ui.by_id("sender_name"))),
            "subject": " ".join(ui.texts(screen, ui.by_id("subject_and_folder_view"))),
            "body": "\n".join(body),
        })  # fmt: skip
    return {"items": items[: a.limit]}


def _expense_steps(a: ExpenseArgs) -> list[Step]:
    """Bluecoins' add-transaction form: type each field, then Save."""
    steps: list[Step] = [f"am start -W -n {BLUECOINS_FORM}", ui.DUMP]
    for rid, value in (("amount", f"{a.amount:.2f}"), ("item_name", a.title),
                       ("category", a.category), ("notes", a.notes)):  # fmt: skip
        if value:
            steps += [ui.tap(ui.by_id(rid), f"the expense form's {rid} field"), ui.type_text(value)]
    steps += [ui.tap(ui.by_id("menu_save"), "the expense form's Save"), ui.DUMP]
    return steps


def _expense_saved(a: ExpenseArgs, outs: list[str]) -> dict[str, Any]:
    if ui.find(ui.screen_in(outs), ui.by_id("menu_save")):
        raise ToolError("the expense was not saved (the form is still open)")
    return {"status": "ok", "created": "expense"}


def _note_steps(a: NoteArgs) -> list[Step]:
    """A Markor note is a Markdown file in its notebook folder."""
    name = re.sub(r"[^\w\- .]", "_", a.title.strip())[:80].strip() or "Untitled"
    path = f"{MARKOR}/{name}.md"
    return [f"mkdir -p {q(MARKOR)}", f"printf %s {q(a.body)} > {q(path)}", f"ls {q(path)}"]


def _note_saved(a: NoteArgs, outs: list[str]) -> dict[str, Any]:
    if not outs[-1].strip().endswith(".md"):
        raise ToolError(outs[-1].strip()[:300] or "the note file was not written")
    return {"status": "ok", "created": "note"}


def _alarm_command(a: AlarmArgs) -> str:
    """``AlarmClock.ACTION_SET_ALARM`` with ``SKIP_UI``: the Clock sets it without its form."""
    return (
        "am start -W -a android.intent.action.SET_ALARM"
        f" --ei android.intent.extra.alarm.HOUR {a.hour}"
        f" --ei android.intent.extra.alarm.MINUTES {a.minutes}"
        f" --es android.intent.extra.alarm.MESSAGE {q(a.label)}"
        " --ez android.intent.extra.alarm.SKIP_UI true"
    )


def _started(what: str) -> Any:
    def parse(a: Any, outs: list[str]) -> dict[str, Any]:
        out = outs[0]
        if "Error" in out or "Status: ok" not in out:
            raise ToolError(out.strip()[:300])
        return {"status": "ok", "created": what}

    return parse


def _page(a: BrowserArgs, outs: list[str]) -> dict[str, Any]:
    """The page as Chrome shows it: its title and the text of its paragraphs."""
    screen = ui.screen_in(outs)
    if any(n.text == "This site can't be reached" for n in screen.nodes):
        return {"url": a.url, "found": False}
    body = [
        n.text for n in screen.nodes
        if n.text and n.package == screen.foreground_package and not n.editable
        and not n.resource_id and not n.description.startswith("Link ")
    ]  # fmt: skip
    return {"url": a.url, "title": body[0] if body else "", "text": "\n".join(body[1:])}


def _upload_steps(a: UploadArgs) -> list[Step]:
    """The Files app's upload screen for the file, the destination typed, then Upload."""
    return [
        "am start -W -a android.intent.action.SEND -t '*/*' -p com.google.android.documentsui"
        f" --eu android.intent.extra.STREAM {q('file://' + a.path)}",
        ui.DUMP,
        ui.tap(ui.by_id("upload_destination"), "the upload destination field"),
        ui.type_text(a.destination),
        ui.tap(ui.by_id("upload_button"), "the Upload button"),
        ui.DUMP,
    ]


def _uploaded(a: UploadArgs, outs: list[str]) -> dict[str, Any]:
    if ui.find(ui.screen_in(outs), ui.by_id("upload_button")):
        raise ToolError("the file was not uploaded (the upload screen is still open)")
    return {"status": "ok", "created": "upload"}


def _setting(a: SettingsGetArgs, outs: list[str]) -> dict[str, Any]:
    value = outs[0].strip()
    return {"namespace": a.namespace, "key": a.key, "value": None if value == "null" else value}


def _settings_put(a: SettingsPutArgs, outs: list[str]) -> dict[str, Any]:
    _written("setting")(a, outs)
    return {"status": "ok", "namespace": a.namespace, "key": a.key}


TOOLS: list[Tool] = [
    Tool(
        "contacts.lookup", "Find a contact by exact name; returns their phone and e-mail.",
        LookupArgs, lambda a: [_contacts_query()], _lookup, read_only=True,
    ),
    Tool(
        "contacts.search", "Search contacts whose name, phone, e-mail or company contains text.",
        SearchArgs, lambda a: [_contacts_query()], _search, read_only=True,
    ),
    Tool(
        "calendar.create_event", "Create a calendar event.", CreateEventArgs, _event_steps,
        _written("event"),
    ),
    Tool(
        "calendar.list", "List calendar events.", NoArgs,
        lambda a: [query(EVENTS) + " --projection " + q("title:description:eventLocation:dtstart:dtend")],
        _rows(keep=("title", "description", "eventLocation", "dtstart", "dtend")), read_only=True,
    ),
    Tool(
        "sms.send", "Send an SMS to a phone number.", SmsArgs,
        lambda a: [insert(SMS_SENT, [bind("address", a.recipient), bind("body", a.body),
                                     bind("date", now_ms(), "l")])],
        _written("sms"),
    ),
    Tool(
        "sms.inbox", "Read received SMS messages (newest last).", InboxArgs,
        lambda a: [query(SMS_INBOX) + " --projection address:body:date --sort " + q("date ASC")],
        _rows("limit", keep=("address", "body", "date")), read_only=True,
    ),
    Tool("mail.send", "Send an e-mail.", MailArgs, _mail_send_steps, _mail_sent),
    Tool(
        "mail.inbox", "Read received e-mails.", InboxArgs, _mail_inbox_steps, _mail_inbox,
        read_only=True,
    ),
    Tool("notes.create", "Create a note.", NoteArgs, _note_steps, _note_saved),
    Tool("expense.add", "Log an expense.", ExpenseArgs, _expense_steps, _expense_saved),
    Tool(
        "clock.set_alarm", "Set an alarm.", AlarmArgs, lambda a: [_alarm_command(a)],
        _started("alarm"),
    ),
    Tool(
        "browser.read", "Read a web page's title and text.", BrowserArgs,
        lambda a: [f"am start -W -a android.intent.action.VIEW -d {q(a.url)}", ui.DUMP], _page,
        read_only=True,
    ),
    Tool(
        "files.upload", "Upload a file from the device to a destination.", UploadArgs,
        _upload_steps, _uploaded, destructive=True,
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
