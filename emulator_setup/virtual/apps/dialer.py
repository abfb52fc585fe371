"""Phone (Google Dialer): the dial pad, placing and ending calls, and the call log.

``ACTION_DIAL tel:N`` opens the dial pad with N typed (nothing is called yet); the call button,
``KEYCODE_CALL`` on the dial pad, or ``ACTION_CALL tel:N`` place the call: the in-call screen
shows, ``dumpsys telephony.registry`` reports ``mCallState=2`` (off-hook) and an outgoing row
is added to ``content://call_log/calls``. ``KEYCODE_ENDCALL`` or the end button hang up.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from ..providers.base import ContentUri
from .base import App, Screen
from .intents import ACTION_CALL, ACTION_DIAL, ACTION_VIEW, Intent
from .layout import Builder

PKG = "com.google.android.dialer"
IDLE, RINGING, OFFHOOK = 0, 1, 2


class DialPad(Screen["Dialer"]):
    activity = "com.google.android.dialer.extensions.GoogleDialtactsActivity"

    def __init__(self, app: Dialer, number: str = "") -> None:
        super().__init__(app)
        self.values["digits"] = number
        self.focus = "digits"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Phone", up=False)
        ui.edit("digits", id="digits", hint="Enter a number")
        ui.bottom_button(
            "Call", id="dialpad_floating_action_button", desc="dial", on_click=self.call
        )

    def call(self) -> None:
        number = self.value("digits")
        if number and self.app.place_call(number):
            self.app.open(InCall(self.app))


class InCall(Screen["Dialer"]):
    activity = "com.android.incallui.InCallActivity"

    def build(self, ui: Builder) -> None:
        call = self.app.call or {}
        ui.toolbar("Ongoing call", up=False)
        ui.text(str(call.get("number", "")), id="contactgrid_contact_name", style="title")
        ui.text("Calling…", id="contactgrid_status_text")
        ui.bottom_button(
            "End call", id="incall_end_call_button", desc="End call", on_click=self.app.end_call
        )


class Dialer(App):
    package = PKG
    label = "Phone"
    permissions = ("android.permission.CALL_PHONE", "android.permission.READ_CALL_LOG")
    main = DialPad
    screens = (InCall,)

    def __init__(self, device: Any) -> None:
        super().__init__(device)
        self.call: dict[str, Any] | None = None

    @property
    def call_state(self) -> int:
        return OFFHOOK if self.call else IDLE

    def place_call(self, number: str) -> bool:
        """An outgoing call: off-hook and an outgoing call-log row (False: already in a call)."""
        if self.call:
            return False
        now = self.now_ms()
        uri = self.device.providers.calllog.insert(
            ContentUri.parse("content://call_log/calls"),
            {"number": number, "date": now, "duration": 0, "type": 2, "new": 1, "is_read": 1},
        )
        self.call = {"number": number, "start": now, "row": int((uri or "/0").rsplit("/", 1)[-1])}
        self.device.record("phone.call", {"number": number})
        return True

    def call_key(self) -> None:
        """KEYCODE_CALL: on the dial pad it calls the typed number; elsewhere it opens the
        dial pad (ACTION_CALL_BUTTON), as PhoneWindowManager does."""
        top = self.device.top
        if isinstance(top, DialPad):
            top.call()
        elif not self.call:
            self.open(DialPad(self))

    def end_call(self) -> None:
        if not self.call:
            return
        seconds = max(0, (self.now_ms() - int(self.call["start"])) // 1000)
        self.device.providers.calllog_db.change(
            "calls", int(self.call["row"]), {"duration": seconds}
        )
        self.call = None
        self.close()

    def handle(self, intent: Intent) -> Screen[Any] | None:
        data = intent.data or ""
        scheme, _, rest = data.partition(":")
        if scheme != "tel" and intent.action != ACTION_DIAL:
            return None
        number = unquote(rest)
        if intent.action == ACTION_CALL and number:
            return InCall(self) if self.place_call(number) else None
        if intent.action in (ACTION_DIAL, ACTION_VIEW):
            return DialPad(self, number)
        return None
