"""The shell-command half of ``DeviceState``: ``content``, ``settings``, ``locksettings``,
``am broadcast``, and incoming SMS/mail (what ``adb emu sms send`` would do on an emulator)."""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..database import Database
from ..providers import Providers, content_tool
from ..web import Web
from . import mail
from .grants import Grants
from .intents import IntentError
from .intents import parse as parse_intent
from .locking import Locked, locked
from .settings_store import SettingsStore

# Test hooks reachable over ADB on the virtual device:
#   am broadcast -a com.droidgate.SMS_RECEIVED --es address +15550100 --es body "Code 123456"
#   am broadcast -a com.droidgate.MAIL_RECEIVED --es from a@b.example --es subject Hi --es body ...
#   am broadcast -a com.droidgate.WEB_PAGE --es url https://… --es title … --es text …
#   am broadcast -a com.droidgate.WEB_PRODUCT --es name … --es price 9.99 --es description …
# (the last two stand for the internet: pages and a shop's catalogue are not on the phone)
SMS_RECEIVED = "com.droidgate.SMS_RECEIVED"
MAIL_RECEIVED = "com.droidgate.MAIL_RECEIVED"
WEB_PAGE = "com.droidgate.WEB_PAGE"
WEB_PRODUCT = "com.droidgate.WEB_PRODUCT"
WEB_CLEAR = "com.droidgate.WEB_CLEAR"


class ShellCommands(Locked):
    providers: Providers
    settings_db: SettingsStore
    app_databases: dict[str, Database]
    web: Web
    grants: Grants
    clock: Callable[[], float]

    if TYPE_CHECKING:  # provided by DeviceState / ActivityManager

        def touch(self) -> None: ...
        @property
        def rotation(self) -> int: ...
        @rotation.setter
        def rotation(self, value: int) -> None: ...
        def record(self, kind: str, detail: Mapping[str, Any]) -> None: ...
        def input_text(self, text: str) -> None: ...
        def clear_focused(self) -> None: ...

    @locked
    def run_content(self, argv: list[str]) -> tuple[str, str, int]:
        """``content <argv…>`` -> (stdout, stderr, status); the real tool always exits 0."""
        out, err, rc = content_tool.run(self.providers, list(argv))
        if argv and argv[0] != "query":
            self.touch()
        return out, err, rc

    @locked
    def content(self, argv: list[str]) -> tuple[str, int]:
        """``content <argv…>`` -> (what the shell shows: stdout then stderr, status)."""
        out, err, rc = self.run_content(argv)
        return out + err, rc

    @locked
    def settings(self, argv: list[str]) -> tuple[str, int]:
        out, rc = self.settings_db.run(list(argv))
        if argv and argv[0] in ("put", "delete", "reset"):
            if {"user_rotation", "accelerometer_rotation"} & set(argv[1:4]) or argv[0] == "reset":
                self.follow_rotation()
            self.touch()
        return out, rc

    def follow_rotation(self) -> None:
        """With auto-rotate off, ``system/user_rotation`` is the display's rotation (what
        ``settings put system user_rotation 1`` does on a phone)."""
        if self.settings_db.get("system", "accelerometer_rotation") in ("0", None):
            value = self.settings_db.get("system", "user_rotation") or "0"
            if value.isdigit() and int(value) % 4 != self.rotation:
                self.rotation = int(value) % 4

    @locked
    def locksettings(self, argv: list[str]) -> tuple[str, int]:
        out, rc = self.settings_db.locksettings(list(argv))
        self.touch()
        return out, rc

    @locked
    def role(self, argv: list[str]) -> tuple[str, str, int]:
        """``cmd role <argv…>`` -> (stdout, stderr, status)."""
        out = self.grants.role(list(argv))
        if argv and argv[0] not in ("get-role-holders", "help", "-h"):
            self.touch()
        return out

    @locked
    def appops(self, argv: list[str]) -> tuple[str, str, int]:
        """``appops <argv…>`` (also ``cmd appops``) -> (stdout, stderr, status)."""
        out = self.grants.appops_run(list(argv))
        if argv and argv[0] in ("set", "reset"):
            self.touch()
        return out

    @locked
    def broadcast(self, argv: list[str]) -> tuple[str, int]:
        """``am broadcast [options] <INTENT>``."""
        try:
            intent = parse_intent(argv)
        except IntentError as exc:
            return f"Error: {exc}\n", 1
        out = f"Broadcasting: {intent.describe()}\n"
        result = 0
        ex = intent.extras
        if intent.action == SMS_RECEIVED:
            address, body = ex.get("address"), ex.get("body")
            if not address or body is None:
                return (
                    out + 'Broadcast completed: result=0, data="missing address or body extra"\n',
                    0,
                )
            self.receive_sms(str(address), str(body))
            result = -1
        elif intent.action == MAIL_RECEIVED:
            sender, body = ex.get("from"), ex.get("body")
            if not sender or body is None:
                return out + 'Broadcast completed: result=0, data="missing from or body extra"\n', 0
            self.receive_mail(str(sender), str(ex.get("subject", "")), str(body))
            result = -1
        elif intent.action == WEB_PAGE:
            if not ex.get("url"):
                return out + 'Broadcast completed: result=0, data="missing url extra"\n', 0
            self.web.add(
                "pages",
                {"url": str(ex["url"]), "title": str(ex.get("title", "")),
                 "text": str(ex.get("text", "")), "form": str(ex.get("form", ""))},
            )  # fmt: skip
            self.touch()
            result = -1
        elif intent.action == WEB_CLEAR:
            self.web.execute("DELETE FROM pages")
            self.web.execute("DELETE FROM products")
            self.touch()
            result = -1
        elif intent.action == WEB_PRODUCT:
            try:
                price = float(ex.get("price", ""))
            except (TypeError, ValueError):
                return out + 'Broadcast completed: result=0, data="bad price extra"\n', 0
            self.web.add(
                "products",
                {"name": str(ex.get("name", "")), "price": price,
                 "description": str(ex.get("description", ""))},
            )  # fmt: skip
            self.touch()
            result = -1
        elif intent.action == "ADB_KEYBOARD_INPUT_TEXT":
            # AdbKeyboard's protocol, in case a client takes the IME path.
            raw = ex.get("text") or ""
            try:
                self.input_text(base64.b64decode(str(raw)).decode("utf-8"))
            except ValueError:
                self.input_text(str(raw))
            result = -1
        elif intent.action in ("ADB_KEYBOARD_CLEAR_TEXT",):
            self.clear_focused()
            result = -1
        elif intent.action == "ADB_KEYBOARD_HIDE":
            result = -1
        return out + f"Broadcast completed: result={result}\n", 0

    @locked
    def receive_sms(self, address: str, body: str) -> int:
        """An SMS arrives (like ``adb emu sms send``); returns its row id."""
        now = int(self.clock() * 1000)
        uri = self.providers.telephony.insert_row(
            "inbox", {"address": address, "body": body, "date": now, "date_sent": now}
        )
        self.record("sms.received", {"address": address, "body": body})
        self.touch()
        return int((uri or "/0").rsplit("/", 1)[-1])

    @locked
    def receive_mail(self, sender: str, subject: str, body: str, to: str = "me@example.com") -> int:
        """A mail arrives in the inbox; returns its row id."""
        row = self.app_databases[mail.DB_PATH].add(
            "messages",
            {"folder": "inbox", "sender": sender, "recipient": to, "subject": subject,
             "body": body, "date": int(self.clock() * 1000), "read": 0},
        )  # fmt: skip
        self.record("mail.received", {"from": sender, "subject": subject})
        self.touch()
        return row
