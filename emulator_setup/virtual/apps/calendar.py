"""Calendar (Simple Calendar Pro): the event list and the new/edit event form.

Saving creates a ``content://com.android.calendar/events`` row. Start and end are typed as
``YYYY-MM-DD HH:MM`` (UTC), the way the app's date/time pickers would fill them.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from .base import App, Screen
from .intents import ACTION_EDIT, ACTION_INSERT, Intent
from .layout import Builder

PKG = "com.simplemobiletools.calendar.pro"
FMT = "%Y-%m-%d %H:%M"


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
        rows = self.app.db.rows("events", order="dtstart")
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
        row: dict[str, Any] = (app.db.get("events", row_id) if row_id else None) or {}
        start = row.get("dtstart") or (app.now_ms() // 3_600_000 + 1) * 3_600_000
        end = row.get("dtend") or start + 3_600_000
        self.values.update(
            {
                "title": row.get("title", ""),
                "location": row.get("eventLocation", ""),
                "description": row.get("description", ""),
                "notes": row.get("notes", ""),
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
        ui.edit("notes", id="event_notes", hint="Notes", lines=3)

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
        values = {
            "title": title,
            "eventLocation": self.value("location"),
            "description": self.values.get("description", ""),
            "notes": self.values.get("notes", ""),
            "dtstart": start,
            "dtend": end,
        }
        if self.row_id:
            self.app.db.change("events", self.row_id, values)
        else:
            self.row_id = self.app.db.add("events", values)
        self.device.record("calendar.save", values)
        self.device.toast("Event saved")
        self.app.close()

    def delete(self) -> None:
        if self.row_id:
            self.app.db.remove("events", self.row_id)
        self.app.close()


class Calendar(App):
    package = PKG
    label = "Calendar"
    permissions = ("android.permission.READ_CALENDAR", "android.permission.WRITE_CALENDAR")
    main = EventList
    screens = (EventForm,)

    def handle(self, intent: Intent) -> Screen[Any] | None:
        data, mime = intent.data or "", intent.mime or ""
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
