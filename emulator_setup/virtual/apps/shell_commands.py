"""The shell-command half of ``DeviceState``: ``content``, ``settings``, ``am broadcast``, and
incoming SMS/mail (what ``adb emu sms send`` would do on an emulator)."""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from . import content_cmd
from .intents import IntentError
from .intents import parse as parse_intent
from .locking import Locked, locked
from .providers import ProviderStore
from .settings_store import SettingsStore

# Test hooks reachable over ADB on the virtual device:
#   am broadcast -a com.droidgate.SMS_RECEIVED --es address +15550100 --es body "Code 123456"
#   am broadcast -a com.droidgate.MAIL_RECEIVED --es from a@b.example --es subject Hi --es body ...
SMS_RECEIVED = "com.droidgate.SMS_RECEIVED"
MAIL_RECEIVED = "com.droidgate.MAIL_RECEIVED"


class ShellCommands(Locked):
    providers: ProviderStore
    settings_db: SettingsStore
    clock: Callable[[], float]

    if TYPE_CHECKING:  # provided by DeviceState / ActivityManager

        def touch(self) -> None: ...
        def record(self, kind: str, detail: Mapping[str, Any]) -> None: ...
        def input_text(self, text: str) -> None: ...
        def clear_focused(self) -> None: ...

    @locked
    def content(self, argv: list[str]) -> tuple[str, int]:
        uri = next((argv[i + 1] for i in range(len(argv) - 1) if argv[i] == "--uri"), "")
        ns = (
            uri.removeprefix("content://settings/").split("/")[0]
            if uri.startswith("content://settings/")
            else ""
        )
        if ns in ("global", "system", "secure"):
            # The settings provider: the same table `settings get/put` uses.
            self.providers.load_settings(ns, self.settings_db.values[ns])
            out, rc = content_cmd.run(self.providers, list(argv))
            if argv[0] != "query" and rc == 0:
                self.settings_db.values[ns] = self.providers.dump_settings(ns)
                self.touch()
            return out, rc
        out, rc = content_cmd.run(self.providers, list(argv))
        if argv and argv[0] != "query" and rc == 0:
            self.touch()
        return out, rc

    @locked
    def settings(self, argv: list[str]) -> tuple[str, int]:
        out, rc = self.settings_db.run(list(argv))
        if argv and argv[0] in ("put", "delete", "reset"):
            self.touch()
        return out, rc

    @locked
    def broadcast(self, argv: list[str]) -> tuple[str, int]:
        """``am broadcast [options] <INTENT>``."""
        try:
            intent = parse_intent(argv)
        except IntentError as exc:
            return f"Error: {exc}\n", 1
        out = f"Broadcasting: {intent.describe()}\n"
        result = 0
        if intent.action == SMS_RECEIVED:
            address, body = intent.extras.get("address"), intent.extras.get("body")
            if not address or body is None:
                return (
                    out + 'Broadcast completed: result=0, data="missing address or body extra"\n',
                    0,
                )
            self.receive_sms(str(address), str(body))
            result = -1
        elif intent.action == MAIL_RECEIVED:
            sender, body = intent.extras.get("from"), intent.extras.get("body")
            if not sender or body is None:
                return out + 'Broadcast completed: result=0, data="missing from or body extra"\n', 0
            self.receive_mail(str(sender), str(intent.extras.get("subject", "")), str(body))
            result = -1
        elif intent.action == "ADB_KEYBOARD_INPUT_TEXT":
            # AdbKeyboard's protocol, in case a client takes the IME path.
            raw = intent.extras.get("text") or ""
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
        row = self.providers.add(
            "sms",
            {
                "address": address,
                "body": body,
                "date": int(self.clock() * 1000),
                "type": 1,
                "read": 0,
            },
        )
        self.record("sms.received", {"address": address, "body": body})
        self.touch()
        return row

    @locked
    def receive_mail(self, sender: str, subject: str, body: str, to: str = "me@example.com") -> int:
        """A mail arrives in the inbox; returns its row id."""
        row = self.providers.add(
            "mail",
            {
                "folder": "inbox",
                "from": sender,
                "to": to,
                "subject": subject,
                "body": body,
                "date": int(self.clock() * 1000),
                "read": 0,
            },
        )
        self.record("mail.received", {"from": sender, "subject": subject})
        self.touch()
        return row
