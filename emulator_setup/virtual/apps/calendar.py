"""Calendar (Simple Calendar Pro): the event list and the new/edit event form.

The app keeps its events in CalendarContract (as Simple Calendar Pro does for its CalDAV
calendars): saving inserts a ``content://com.android.calendar/events`` row in the first
visible calendar, with the device's time zone; with no calendar on the phone it first creates
a local one as its sync adapter. Start and end are typed as ``YYYY-MM-DD HH:MM`` (UTC), the
way the app's date/time pickers would fill them.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from ..providers.base import ContentUri
from ..providers.calendar import CalendarProvider
from .base import App, Screen
from .intents import ACTION_EDIT, ACTION_INSERT, ACTION_VIEW, Intent
from .layout import Builder

PKG = "com.simplemobiletools.calendar.pro"
FMT = "%Y-%m-%d %H:%M"
EVENTS = "content://com.android.calendar/events"
LOCAL_ACCOUNT = "Simple Calendar"
LOCAL_CALENDAR_URI = (
    "content://com.android.calendar/calendars?caller_is_syncadapter=true"
    f"&account_name={LOCAL_ACCOUNT.replace(' ', '%20')}&account_type=LOCAL"
)


def fmt(ms: int) -> str:
    return time.strftime(FMT, time.gmtime(ms / 1000))


def parse(text: str) -> int | None:
    for f in (FMT, "%Y-%m-%d", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"):
        try:
            return int(datetime.strptime(text.strip(), f).replace(tzinfo=UTC).timestamp() * 1000)
        except ValueError:
            continue
    return None


class EventList(Screen["Calendar"]):
    activity = ".activities.MainActivity"
    body = "list"
    body_id = "calendar_events_list"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Calendar", up=False, actions=[("search", "Search", lambda: None)])
        rows = self.app.provider.db.rows("view_events", "deleted = 0", order="dtstart")
        if not rows:
            ui.text("No upcoming events", id="calendar_empty_list_placeholder")
        for row in rows:
            when = f"{fmt(row['dtstart'])} – {fmt(row['dtend'])[-5:]}"
            sub = when + (f" · {row['eventLocation']}" if row["eventLocation"] else "")
            ui.item(
                row["title"],
                sub,
                ids=("event_item_title", "event_item_time"),
                row_id="event_item_holder",
                on_click=self.app.opener(EventForm, row["_id"]),
            )
        ui.fab("New Event", id="calendar_fab", on_click=lambda: self.app.open(EventForm(self.app)))


class EventForm(Screen["Calendar"]):
    activity = ".activities.EventActivity"

    def __init__(
        self, app: Calendar, row_id: int | None = None, prefill: dict[str, str] | None = None
    ) -> None:
        super().__init__(app)
        self.row_id = row_id
        row: dict[str, Any] = (app.provider.db.get("Events", row_id) if row_id else None) or {}
        start = row.get("dtstart") or (app.now_ms() // 3_600_000 + 1) * 3_600_000
        end = row.get("dtend") or start + 3_600_000
        self.values.update(
            {
                "title": row.get("title", ""),
                "location": row.get("eventLocation", ""),
                "description": row.get("description", ""),
                "start": fmt(start),
                "end": fmt(end),
            }
        )
        self.values.update({k: v for k, v in (prefill or {}).items() if v})
        self.focus = "title"

    def build(self, ui: Builder) -> None:
        actions = [("save", "Save", self.save)]
        if self.row_id:
            actions.insert(0, ("delete", "Delete", self.delete))
        ui.toolbar("Edit Event" if self.row_id else "New Event", actions=actions)
        ui.edit("title", id="event_title", hint="Title")
        ui.edit("location", id="event_location", hint="Location")
        ui.edit("description", id="event_description", hint="Description", lines=3)
        ui.edit("start", id="event_start_date", hint="Start (YYYY-MM-DD HH:MM)")
        ui.edit("end", id="event_end_date", hint="End (YYYY-MM-DD HH:MM)")

    def save(self) -> None:
        title = self.value("title")
        if not title:
            self.device.toast("Title cannot be empty")
            return
        start, end = parse(self.values["start"]), parse(self.values["end"])
        if start is None or end is None:
            self.device.toast("Invalid date, use YYYY-MM-DD HH:MM")
            return
        if end < start:
            self.device.toast("The end date cannot be before the start date")
            return
        values: dict[str, Any] = {
            "title": title,
            "eventLocation": self.value("location"),
            "description": self.values.get("description", ""),
            "dtstart": start,
            "dtend": end,
        }
        provider = self.app.provider
        if self.row_id:
            provider.update(ContentUri.parse(f"{EVENTS}/{self.row_id}"), values, None)
        else:
            values.update(calendar_id=self.app.calendar_id(), eventTimezone=self.app.timezone())
            uri = provider.insert(ContentUri.parse(EVENTS), values) or ""
            self.row_id = int(uri.rsplit("/", 1)[-1])
        self.device.record("calendar.save", values)
        self.device.toast("Event saved")
        self.app.close()

    def delete(self) -> None:
        if self.row_id:
            self.app.provider.delete(ContentUri.parse(f"{EVENTS}/{self.row_id}"), None)
        self.app.close()


class Calendar(App):
    package = PKG
    label = "Calendar"
    permissions = ("android.permission.READ_CALENDAR", "android.permission.WRITE_CALENDAR")
    main = EventList
    screens = (EventForm,)

    @property
    def provider(self) -> CalendarProvider:
        return self.device.providers.calendar

    def timezone(self) -> str:
        return self.device.timezone

    def calendar_id(self) -> int:
        """The calendar new events go to; a local one is created if the phone has none."""
        found = self.provider.db.rows("Calendars", "visible = 1 AND deleted = 0")
        if found:
            return int(found[0]["_id"])
        uri = self.provider.insert(
            ContentUri.parse(LOCAL_CALENDAR_URI),
            {"name": "Simple Calendar", "calendar_displayName": "Events",
             "calendar_access_level": 700, "ownerAccount": LOCAL_ACCOUNT,
             "calendar_timezone": self.timezone(), "sync_events": 1, "visible": 1},
        )  # fmt: skip
        return int((uri or "/0").rsplit("/", 1)[-1])

    def handle(self, intent: Intent) -> Screen[Any] | None:
        data, mime = intent.data or "", intent.mime or ""
        if intent.action == ACTION_VIEW and (
            data.startswith("content://com.android.calendar") or mime.endswith("/event")
        ):
            return EventList(self)  # the calendar (Simple Calendar handles CalendarContract URIs)
        if intent.action in (ACTION_INSERT, ACTION_EDIT) and (
            "calendar" in data or "event" in mime
        ):
            ex = intent.extras
            begin, end = ex.get("beginTime"), ex.get("endTime")
            return EventForm(
                self,
                prefill={
                    "title": str(ex.get("title", "")),
                    "location": str(ex.get("eventLocation", "")),
                    "description": str(ex.get("description", "")),
                    "start": fmt(int(begin)) if begin else "",
                    "end": fmt(int(end)) if end else "",
                },
            )
        return None
