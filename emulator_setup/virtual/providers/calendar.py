"""CalendarProvider2 (``content://com.android.calendar``) over
``/data/data/com.android.providers.calendar/databases/calendar.db``.

CalendarContract's tables (Calendars, Events, Attendees, Reminders) with its rules: a new
event needs ``calendar_id``, ``eventTimezone``, ``dtstart`` and one of ``dtend``/``duration``
(the provider's messages, verbatim); an update or delete of events, attendees or reminders
needs a selection; sync-only columns are refused to callers that are not sync adapters
(``?caller_is_syncadapter=true&account_name=…&account_type=…``). A phone with no account has no
calendar: seeding creates a local one as a sync adapter, as calendar apps do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..database import Database
from .base import (
    ILLEGAL_ARGUMENT,
    UNSUPPORTED,
    ContentUri,
    Cursor,
    ProviderError,
    Route,
    check_values,
    route_for,
    run_query,
    table_columns,
)
from .java import JavaHashMap

AUTHORITY = "com.android.calendar"
DB_PATH = "/data/data/com.android.providers.calendar/databases/calendar.db"

_CAL_SYNC = [f"cal_sync{i}" for i in range(1, 11)]
_SYNC_DATA = [f"sync_data{i}" for i in range(1, 11)]
SCHEMA = f"""
CREATE TABLE Calendars (_id INTEGER PRIMARY KEY, account_name TEXT, account_type TEXT,
  _sync_id TEXT, dirty INTEGER, mutators TEXT, name TEXT, calendar_displayName TEXT,
  calendar_color INTEGER, calendar_color_index TEXT, calendar_access_level INTEGER,
  visible INTEGER NOT NULL DEFAULT 1, sync_events INTEGER NOT NULL DEFAULT 0,
  calendar_location TEXT, calendar_timezone TEXT, ownerAccount TEXT, isPrimary INTEGER,
  canOrganizerRespond INTEGER NOT NULL DEFAULT 1, canModifyTimeZone INTEGER DEFAULT 1,
  canPartiallyUpdate INTEGER DEFAULT 0, maxReminders INTEGER DEFAULT 5,
  allowedReminders TEXT DEFAULT '0,1', allowedAvailability TEXT DEFAULT '0,1',
  allowedAttendeeTypes TEXT DEFAULT '0,1,2', deleted INTEGER NOT NULL DEFAULT 0,
  {", ".join(f"{c} TEXT" for c in _CAL_SYNC)});
CREATE TABLE Events (_id INTEGER PRIMARY KEY AUTOINCREMENT, _sync_id TEXT, dirty INTEGER,
  mutators TEXT, lastSynced INTEGER DEFAULT 0, calendar_id INTEGER NOT NULL, title TEXT,
  eventLocation TEXT, description TEXT, eventColor INTEGER, eventColor_index TEXT,
  eventStatus INTEGER, selfAttendeeStatus INTEGER NOT NULL DEFAULT 0, dtstart INTEGER,
  dtend INTEGER, eventTimezone TEXT, duration TEXT, allDay INTEGER NOT NULL DEFAULT 0,
  accessLevel INTEGER NOT NULL DEFAULT 0, availability INTEGER NOT NULL DEFAULT 0,
  hasAlarm INTEGER NOT NULL DEFAULT 0, hasExtendedProperties INTEGER NOT NULL DEFAULT 0,
  rrule TEXT, rdate TEXT, exrule TEXT, exdate TEXT, original_id INTEGER, original_sync_id TEXT,
  originalInstanceTime INTEGER, originalAllDay INTEGER, lastDate INTEGER,
  hasAttendeeData INTEGER NOT NULL DEFAULT 0, guestsCanModify INTEGER NOT NULL DEFAULT 0,
  guestsCanInviteOthers INTEGER NOT NULL DEFAULT 1, guestsCanSeeGuests INTEGER NOT NULL DEFAULT 1,
  organizer STRING, isOrganizer INTEGER, deleted INTEGER NOT NULL DEFAULT 0,
  eventEndTimezone TEXT, customAppPackage TEXT, customAppUri TEXT, uid2445 TEXT,
  {", ".join(f"{c} TEXT" for c in _SYNC_DATA)});
CREATE TABLE Attendees (_id INTEGER PRIMARY KEY, event_id INTEGER, attendeeName TEXT,
  attendeeEmail TEXT, attendeeStatus INTEGER, attendeeRelationship INTEGER,
  attendeeType INTEGER, attendeeIdentity TEXT, attendeeIdNamespace TEXT);
CREATE TABLE Reminders (_id INTEGER PRIMARY KEY, event_id INTEGER, minutes INTEGER,
  method INTEGER NOT NULL DEFAULT 0);
CREATE VIEW view_events AS SELECT Events._id AS _id, Events.title AS title,
  Events.description AS description, Events.eventLocation AS eventLocation,
  Events.eventColor AS eventColor, Events.eventColor_index AS eventColor_index,
  Events.eventStatus AS eventStatus, Events.selfAttendeeStatus AS selfAttendeeStatus,
  Events.dtstart AS dtstart, Events.dtend AS dtend, Events.duration AS duration,
  Events.eventTimezone AS eventTimezone, Events.eventEndTimezone AS eventEndTimezone,
  Events.allDay AS allDay, Events.accessLevel AS accessLevel,
  Events.availability AS availability, Events.hasAlarm AS hasAlarm,
  Events.hasExtendedProperties AS hasExtendedProperties, Events.rrule AS rrule,
  Events.rdate AS rdate, Events.exrule AS exrule, Events.exdate AS exdate,
  Events.original_sync_id AS original_sync_id, Events.original_id AS original_id,
  Events.originalInstanceTime AS originalInstanceTime, Events.originalAllDay AS originalAllDay,
  Events.lastDate AS lastDate, Events.hasAttendeeData AS hasAttendeeData,
  Events.calendar_id AS calendar_id, Events.guestsCanInviteOthers AS guestsCanInviteOthers,
  Events.guestsCanModify AS guestsCanModify, Events.guestsCanSeeGuests AS guestsCanSeeGuests,
  Events.organizer AS organizer,
  COALESCE(Events.isOrganizer, Events.organizer = Calendars.ownerAccount) AS isOrganizer,
  Events.customAppPackage AS customAppPackage, Events.customAppUri AS customAppUri,
  Events.uid2445 AS uid2445, Events.deleted AS deleted, Events._sync_id AS _sync_id,
  {", ".join(f"Events.{c} AS {c}" for c in _SYNC_DATA)},
  Events.dirty AS dirty, Events.mutators AS mutators, Events.lastSynced AS lastSynced,
  Calendars.account_name AS account_name, Calendars.account_type AS account_type,
  Calendars.calendar_timezone AS calendar_timezone,
  Calendars.calendar_displayName AS calendar_displayName,
  Calendars.calendar_location AS calendar_location, Calendars.visible AS visible,
  Calendars.calendar_color AS calendar_color,
  Calendars.calendar_color_index AS calendar_color_index,
  Calendars.calendar_access_level AS calendar_access_level,
  Calendars.maxReminders AS maxReminders, Calendars.allowedReminders AS allowedReminders,
  Calendars.allowedAttendeeTypes AS allowedAttendeeTypes,
  Calendars.allowedAvailability AS allowedAvailability,
  Calendars.canOrganizerRespond AS canOrganizerRespond,
  Calendars.canModifyTimeZone AS canModifyTimeZone,
  COALESCE(Calendars.isPrimary, Calendars.ownerAccount = Calendars.account_name) AS isPrimary,
  COALESCE(Events.eventColor, Calendars.calendar_color) AS displayColor,
  Calendars.ownerAccount AS ownerAccount, Calendars.sync_events AS sync_events,
  {", ".join(f"Calendars.{c} AS {c}" for c in _CAL_SYNC)}
  FROM Events JOIN Calendars ON Events.calendar_id = Calendars._id;
CREATE VIEW view_calendars AS SELECT _id, account_name, account_type, _sync_id, dirty,
  mutators, name, calendar_displayName, calendar_color, calendar_color_index,
  calendar_access_level, visible, sync_events, calendar_location, calendar_timezone,
  ownerAccount, COALESCE(isPrimary, ownerAccount = account_name) AS isPrimary,
  canOrganizerRespond, canModifyTimeZone, canPartiallyUpdate, maxReminders, allowedReminders,
  allowedAvailability, allowedAttendeeTypes, deleted, {", ".join(_CAL_SYNC)} FROM Calendars;
"""

_CALENDARS = JavaHashMap(
    ["_id", "account_name", "account_type", "_sync_id", "dirty", "mutators", "name",
     "calendar_displayName", "calendar_color", "calendar_color_index", "calendar_access_level",
     "visible", "sync_events", "calendar_location", "calendar_timezone", "ownerAccount",
     "isPrimary", "canOrganizerRespond", "canModifyTimeZone", "canPartiallyUpdate",
     "maxReminders", "allowedReminders", "allowedAvailability", "allowedAttendeeTypes",
     "deleted", *_CAL_SYNC]
)  # fmt: skip
_EVENTS = JavaHashMap(
    ["account_name", "account_type", "title", "eventLocation", "description", "eventStatus",
     "eventColor", "eventColor_index", "selfAttendeeStatus", "dtstart", "dtend",
     "eventTimezone", "eventEndTimezone", "duration", "allDay", "accessLevel", "availability",
     "hasAlarm", "hasExtendedProperties", "rrule", "rdate", "exrule", "exdate",
     "original_sync_id", "original_id", "originalInstanceTime", "originalAllDay", "lastDate",
     "hasAttendeeData", "calendar_id", "guestsCanInviteOthers", "guestsCanModify",
     "guestsCanSeeGuests", "organizer", "isOrganizer", "customAppPackage", "customAppUri",
     "uid2445", "deleted", "_sync_id"]
)  # fmt: skip
# sAttendeesProjectionMap and sRemindersProjectionMap are copies taken at this point.
_ATTENDEES = JavaHashMap.copy_of(_EVENTS).put_all(
    ["event_id", "_id", "attendeeName", "attendeeEmail", "attendeeStatus",
     "attendeeRelationship", "attendeeType", "attendeeIdentity", "attendeeIdNamespace",
     "deleted", "_sync_id"]
)  # fmt: skip
_REMINDERS = JavaHashMap.copy_of(_EVENTS).put_all(
    ["event_id", "_id", "minutes", "method", "deleted", "_sync_id"]
)
_EVENTS.put_all(
    ["calendar_color", "calendar_color_index", "calendar_access_level", "visible",
     "calendar_timezone", "ownerAccount", "calendar_displayName", "allowedReminders",
     "allowedAttendeeTypes", "allowedAvailability", "maxReminders", "canOrganizerRespond",
     "canModifyTimeZone", "isPrimary", "displayColor", "_id", *_SYNC_DATA, *_CAL_SYNC, "dirty",
     "mutators", "lastSynced"]
)  # fmt: skip

_ATTENDEE_COLUMNS = ("_id", "event_id", "attendeeName", "attendeeEmail", "attendeeStatus",
                     "attendeeRelationship", "attendeeType", "attendeeIdentity",
                     "attendeeIdNamespace")  # fmt: skip
_REMINDER_COLUMNS = ("_id", "event_id", "minutes", "method")


def _child_view(name: str, table: str, own: tuple[str, ...], columns: list[str]) -> str:
    """A child table joined with its event: its own columns from the table, the rest from the
    event (``deleted`` and ``_sync_id`` are the event's, as in the projection maps)."""
    cols = ", ".join(f"c.{c} AS {c}" if c in own else f"e.{c} AS {c}" for c in columns)
    return (
        f"CREATE VIEW {name} AS SELECT {cols} FROM {table} c "
        "JOIN view_events e ON e._id = c.event_id;"
    )


SCHEMA += _child_view("view_attendees", "Attendees", _ATTENDEE_COLUMNS, _ATTENDEES.keys())
SCHEMA += _child_view("view_reminders", "Reminders", _REMINDER_COLUMNS, _REMINDERS.keys())

ROUTES = (
    Route("calendars", ("calendars",), "SELECT * FROM view_calendars", tuple(_CALENDARS.keys())),
    Route("calendars_id", ("calendars", "#"), "SELECT * FROM view_calendars",
          tuple(_CALENDARS.keys()), where="_id = {0}"),
    Route("events", ("events",), "SELECT * FROM view_events", tuple(_EVENTS.keys())),
    Route("events_id", ("events", "#"), "SELECT * FROM view_events", tuple(_EVENTS.keys()),
          where="_id = {0}"),
    Route("attendees", ("attendees",), "SELECT * FROM view_attendees",
          tuple(_ATTENDEES.keys())),
    Route("attendees_id", ("attendees", "#"), "SELECT * FROM view_attendees",
          tuple(_ATTENDEES.keys()), where="_id = {0}"),
    Route("reminders", ("reminders",), "SELECT * FROM view_reminders", tuple(_REMINDERS.keys())),
    Route("reminders_id", ("reminders", "#"), "SELECT * FROM view_reminders",
          tuple(_REMINDERS.keys()), where="_id = {0}"),
)  # fmt: skip
_TABLES = {"calendars": "Calendars", "events": "Events", "attendees": "Attendees",
           "reminders": "Reminders"}  # fmt: skip
# Columns only a sync adapter may write (CalendarContract's SYNC_WRITABLE_COLUMNS).
_SYNC_ONLY = {"_sync_id", "dirty", "lastSynced", *_CAL_SYNC, *_SYNC_DATA, "account_name",
              "account_type"}  # fmt: skip


def _empty(value: Any) -> bool:
    return value is None or value == ""


def validate_event(values: dict[str, Any]) -> None:
    """CalendarProvider2.validateEventData, message for message."""
    if _empty(values.get("calendar_id")):
        raise ProviderError(ILLEGAL_ARGUMENT, "Event values must include a calendar_id")
    if _empty(values.get("eventTimezone")):
        raise ProviderError(ILLEGAL_ARGUMENT, "Event values must include an eventTimezone")
    if values.get("dtstart") is None:
        raise ProviderError(ILLEGAL_ARGUMENT, "DTSTART cannot be empty.")
    has_end, has_duration = values.get("dtend") is not None, not _empty(values.get("duration"))
    if not has_end and not has_duration:
        raise ProviderError(
            ILLEGAL_ARGUMENT, "DTEND and DURATION cannot both be null for an event."
        )
    if has_end and has_duration:
        raise ProviderError(ILLEGAL_ARGUMENT, "Cannot have both DTEND and DURATION in an event")


class CalendarProvider:
    authorities = (AUTHORITY,)

    def __init__(self, db: Database) -> None:
        self.db = db

    def query(
        self, uri: ContentUri, projection: Sequence[str] | None, selection: str | None,
        sort: str | None,
    ) -> Cursor:  # fmt: skip
        found = route_for(ROUTES, uri)
        route, captured = found
        return run_query(self.db, route, captured, projection, selection, sort)

    def _allowed(self, uri: ContentUri, values: dict[str, Any], route: str) -> bool:
        sync = uri.flag("caller_is_syncadapter")
        if sync and (not uri.param("account_name") or not uri.param("account_type")):
            raise ProviderError(
                ILLEGAL_ARGUMENT,
                f"Sync adapters must specify an account and account type: {uri.text}",
            )
        table = _TABLES[route.removesuffix("_id")]
        check_values(values, table_columns(self.db, table), table)
        if not sync:
            for col in values:
                if col in _SYNC_ONLY and not (route == "calendars" and col.startswith("account")):
                    raise ProviderError(ILLEGAL_ARGUMENT, f"Only sync adapters may write to {col}")
        return sync

    def insert(self, uri: ContentUri, values: dict[str, Any]) -> str | None:
        found = route_for(ROUTES, uri)
        route = found[0].name
        if route.endswith("_id"):
            raise ProviderError(UNSUPPORTED, f"Cannot insert into that URL: {uri.text}")
        sync = self._allowed(uri, values, route)
        values = dict(values)
        if route == "calendars":
            if sync:
                values.setdefault("account_name", uri.param("account_name"))
                values.setdefault("account_type", uri.param("account_type"))
            new_id = self.db.add("Calendars", values)
        elif route == "events":
            values.pop("_id", None)
            if not sync:
                validate_event(values)
            if values.get("dtend") is not None:
                values.setdefault("lastDate", values["dtend"])
            values.setdefault("dirty", 0 if sync else 1)
            new_id = self.db.add("Events", values)
        else:
            event_id = values.get("event_id")
            if event_id is None:
                what = "an event_id" if route == "attendees" else "a numeric event_id"
                raise ProviderError(
                    ILLEGAL_ARGUMENT, f"{route.capitalize()} values must contain {what}"
                )
            if self.db.get("Events", int(event_id)) is None:
                return None  # "Trying to insert … to a non-existent event": no row, no URI
            new_id = self.db.add(_TABLES[route], values)
            flag = "hasAttendeeData" if route == "attendees" else "hasAlarm"
            self.db.change("Events", int(event_id), {flag: 1})
        return f"content://{AUTHORITY}/{route}/{new_id}"

    def _ids(self, uri: ContentUri, selection: str | None, op: str) -> tuple[str, list[int]]:
        found = route_for(ROUTES, uri)
        route, captured = found
        base = route.name.removesuffix("_id")
        if route.name.endswith("_id") and selection:
            raise ProviderError(UNSUPPORTED, f"Selection not allowed for {uri.text}")
        if not route.name.endswith("_id") and not selection and base != "calendars":
            raise ProviderError(ILLEGAL_ARGUMENT, f"Selection must be specified for {uri.text}")
        del op
        _, rows = run_query(self.db, route, captured, ["_id"], selection, None)
        return base, [int(r[0]) for r in rows]

    def update(self, uri: ContentUri, values: dict[str, Any], selection: str | None) -> int:
        base, ids = self._ids(uri, selection, "update")
        self._allowed(uri, values, base)
        for row_id in ids:
            self.db.change(_TABLES[base], row_id, values)
        return len(ids)

    def delete(self, uri: ContentUri, selection: str | None) -> int:
        base, ids = self._ids(uri, selection, "delete")
        for row_id in ids:
            if base == "events":
                self.db.execute("DELETE FROM Attendees WHERE event_id = ?", (row_id,))
                self.db.execute("DELETE FROM Reminders WHERE event_id = ?", (row_id,))
            elif base == "calendars":
                for ev in self.db.rows("Events", "calendar_id = ?", (row_id,)):
                    self.db.execute("DELETE FROM Attendees WHERE event_id = ?", (ev["_id"],))
                    self.db.execute("DELETE FROM Reminders WHERE event_id = ?", (ev["_id"],))
                self.db.execute("DELETE FROM Events WHERE calendar_id = ?", (row_id,))
            self.db.remove(_TABLES[base], row_id)
        return len(ids)
