"""Clock (Google Clock): alarms with labels, a timer with a label, and SET_ALARM/SET_TIMER intents.

The Clock has no public provider. Alarms live in its private database, in DeskClock's own
``alarm_templates`` table (``/data/user_de/0/com.google.android.deskclock/databases/alarms.db``);
apps and agents set them through ``AlarmClock.ACTION_SET_ALARM`` (with
``android.intent.extra.alarm.SKIP_UI`` the alarm is set without showing the form).
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from .base import App, Screen
from .intents import ACTION_SET_ALARM, ACTION_SET_TIMER, ACTION_SHOW_ALARMS, Intent
from .layout import Builder

PKG = "com.google.android.deskclock"
TABS = ("Alarm", "Clock", "Timer", "Stopwatch")
DB_PATH = f"/data/user_de/0/{PKG}/databases/alarms.db"
SCHEMA = """CREATE TABLE alarm_templates (_id INTEGER PRIMARY KEY, hour INTEGER NOT NULL,
  minutes INTEGER NOT NULL, daysofweek INTEGER NOT NULL DEFAULT 0, enabled INTEGER NOT NULL,
  vibrate INTEGER NOT NULL DEFAULT 1, label TEXT NOT NULL DEFAULT '', ringtone TEXT,
  delete_after_use INTEGER NOT NULL DEFAULT 0);
CREATE TABLE timers (_id INTEGER PRIMARY KEY, length INTEGER, label TEXT, state TEXT);"""


class DeskClock(Screen["Clock"]):
    activity = "com.android.deskclock.DeskClock"
    body = "list"
    body_id = "alarm_recycler_view"

    def __init__(self, app: Clock, tab: int = 0) -> None:
        super().__init__(app)
        self.tab = tab

    def _select(self, i: int) -> None:
        self.tab = i
        self.focus = "timer_length" if i == 2 else None

    def build(self, ui: Builder) -> None:
        ui.toolbar(TABS[self.tab], up=False, actions=[("settings", "Settings", lambda: None)])
        ui.tabs(TABS, self.tab, self._select)
        if self.tab == 0:
            self._alarms(ui)
        elif self.tab == 1:
            ui.text(
                time.strftime("%H:%M", time.gmtime(self.device.clock())),
                id="digital_clock",
                style="title",
            )
            ui.text(time.strftime("%a, %b %d", time.gmtime(self.device.clock())), id="date")
        elif self.tab == 2:
            self._timers(ui)
        else:
            ui.text("00:00.00", id="stopwatch_time_text", style="title")

    def _alarms(self, ui: Builder) -> None:
        for row in self.app.db.rows("alarm_templates", order="hour, minutes"):
            rid = row["_id"]
            ui.switch(
                f"{row['hour']:02d}:{row['minutes']:02d}",
                id="onoff",
                checked=bool(row["enabled"]),
                summary=row["label"] or "Add label",
                row_id="alarm_item",
                on_toggle=partial(self._enable, rid),
            )
            ui.button(
                "Delete",
                id="delete",
                desc=f"Delete alarm {row['hour']:02d}:{row['minutes']:02d}",
                on_click=partial(self.app.db.remove, "alarm_templates", rid),
            )
        ui.fab("Add alarm", id="fab", on_click=lambda: self.app.open(AlarmForm(self.app)))

    def _enable(self, rid: int, on: bool) -> None:
        self.app.db.change("alarm_templates", rid, {"enabled": int(on)})

    def _timers(self, ui: Builder) -> None:
        for row in self.app.db.rows("timers"):
            ui.item(
                f"{row['length'] // 60:02d}:{row['length'] % 60:02d}",
                row["label"] or "Timer",
                ids=("timer_time_text", "timer_label"),
                trailing=row["state"],
                trailing_id="timer_state",
            )
        ui.edit("timer_length", id="timer_setup_time", hint="Minutes")
        ui.edit("timer_label", id="timer_label", hint="Label")
        ui.fab("Start", id="fab", on_click=self.start_timer)

    def start_timer(self) -> None:
        try:
            minutes = float(self.value("timer_length"))
        except ValueError:
            self.device.toast("Enter the timer length in minutes")
            return
        values = {
            "length": int(minutes * 60),
            "label": self.value("timer_label"),
            "state": "running",
        }
        self.app.db.add("timers", values)
        self.device.record("clock.set_timer", values)
        self.values.update({"timer_length": "", "timer_label": ""})


class AlarmForm(Screen["Clock"]):
    activity = "com.android.deskclock.AlarmClockActivity"

    def __init__(
        self, app: Clock, hour: int | None = None, minutes: int = 0, label: str = ""
    ) -> None:
        super().__init__(app)
        self.values.update(
            {"hour": "" if hour is None else str(hour), "minutes": f"{minutes:02d}", "label": label}
        )
        self.focus = "hour"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Set alarm", actions=[("ok", "OK", self.save)])
        ui.edit("hour", id="hours", hint="Hour (0-23)")
        ui.edit("minutes", id="minutes", hint="Minutes")
        ui.edit("label", id="alarm_label", hint="Label")

    def save(self) -> None:
        if self.commit():
            self.app.close()

    def commit(self) -> bool:
        try:
            hour, minutes = int(self.value("hour")), int(self.value("minutes") or 0)
        except ValueError:
            self.device.toast("Enter the time as numbers")
            return False
        if not (0 <= hour < 24 and 0 <= minutes < 60):
            self.device.toast("Time out of range")
            return False
        values = {
            "hour": hour,
            "minutes": minutes,
            "label": self.values.get("label", ""),
            "enabled": 1,
        }
        self.app.db.add("alarm_templates", values)
        self.device.record("clock.set_alarm", values)
        self.device.toast(f"Alarm set for {hour:02d}:{minutes:02d}")
        return True


class Clock(App):
    package = PKG
    label = "Clock"
    permissions = ("android.permission.POST_NOTIFICATIONS",)
    main = DeskClock
    screens = (AlarmForm,)
    storage = ((DB_PATH, SCHEMA),)

    def handle(self, intent: Intent) -> Screen[Any] | None:
        ex = intent.extras
        label = str(ex.get("android.intent.extra.alarm.MESSAGE", ""))
        if intent.action == ACTION_SET_ALARM:
            hour = ex.get("android.intent.extra.alarm.HOUR")
            minutes = int(ex.get("android.intent.extra.alarm.MINUTES", 0) or 0)
            form = AlarmForm(self, None if hour is None else int(hour), minutes, label)
            if ex.get("android.intent.extra.alarm.SKIP_UI") and hour is not None:
                form.commit()  # SKIP_UI: the alarm is set without showing the form
                return DeskClock(self)
            return form
        if intent.action == ACTION_SHOW_ALARMS:
            return DeskClock(self, tab=0)
        if intent.action == ACTION_SET_TIMER:
            screen = DeskClock(self, tab=2)
            length = ex.get("android.intent.extra.alarm.LENGTH")
            screen.values.update(
                {"timer_length": str(int(length) / 60) if length else "", "timer_label": label}
            )
            if ex.get("android.intent.extra.alarm.SKIP_UI") and length:
                screen.start_timer()
            return screen
        return None
