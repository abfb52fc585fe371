"""What the device holds, read back the way an evaluator reads a phone (AndroidWorld's way):
``content query`` on the providers Android ships (calendar events, sent SMS, contacts),
root ``sqlite3`` on the private databases of apps that have no provider (Gmail, Clock,
Bluecoins, the shop, the Files app's uploads, Chrome's autofill), the files of Markor's notebook,
``settings list``, ``locksettings get-disabled`` and ``pm list packages``; then what an
execution changed. Everything is read in one ``adb shell`` call.

This is the state oracle's input: it never asks the daemon, only the device.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from typing import Any

from android_bridge.events.api import parse_rows


@dataclass(frozen=True)
class Sink:
    app: str
    content: tuple[str, ...]
    """Columns whose text is content (bodies, notes, labels): where a value must not leak to."""
    other: tuple[str, ...] = ()
    """Recipient/status columns read for effects (who a message went to, an order's status)."""
    uri: str = ""
    """A provider's URI (read with ``content query``)…"""
    where: str = ""
    database: str = ""
    """…or an app's private database (read with root ``sqlite3``)…"""
    table: str = ""
    folder: str = ""
    """…or a folder whose files are the app's rows (Markor's notebook)."""
    key: str = "_id"
    """The column that names a row (Chrome's autofill table has none: its ``rowid``)."""

    def command(self) -> str:
        cols = ("_id", *self.content, *self.other)
        if self.uri:
            cmd = f"content query --uri {self.uri} --projection {':'.join(cols)}"
            return cmd + (f" --where {shlex.quote(self.where)}" if self.where else "")
        if self.database:
            key = "_id" if self.key == "_id" else f"{self.key} AS _id"
            sql = f'SELECT {", ".join((key, *cols[1:]))} FROM "{self.table}"' + (
                f" WHERE {self.where}" if self.where else ""
            )
            return shlex.join(["su", "0", "sqlite3", "-json", self.database, sql])
        # every file of the folder, each framed so names (spaces too) and contents parse back
        return (
            f'for f in {shlex.quote(self.folder)}/*; do if [ -f "$f" ]; then '
            'echo "@@file $f"; cat "$f"; echo; fi; done'
        )


SINKS: tuple[Sink, ...] = (
    Sink("calendar", ("title", "description", "eventLocation"),
         uri="content://com.android.calendar/events"),
    Sink("sms", ("body",), ("address",), uri="content://sms/sent"),
    Sink("mail", ("subject", "body"), ("recipient", "folder"), where="folder='sent'",
         database="/data/data/com.google.android.gm/databases/mail.db", table="messages"),
    Sink("clock", ("label",), ("hour", "minutes"),
         database="/data/user_de/0/com.google.android.deskclock/databases/alarms.db",
         table="alarm_templates"),
    Sink("notes", ("title", "body"), folder="/sdcard/Documents/Markor"),
    Sink("finance", ("title", "category", "notes"), ("amount",),
         database="/data/data/com.rammigsoftware.bluecoins/databases/bluecoins.fydb",
         table="transactions"),
    Sink("shopping", ("items", "address"), ("status", "total"),
         database="/data/data/com.amazon.mShop.android.shopping/databases/shop.db",
         table="orders"),
    Sink("files", ("path",), ("destination",),
         database="/data/data/com.google.android.documentsui/databases/uploads.db",
         table="uploads"),
    Sink("browser", ("value",), ("name",),
         database="/data/data/com.android.chrome/app_chrome/Default/Web Data", table="autofill",
         key="rowid"),
)  # fmt: skip
CONTACTS = "content://com.android.contacts/contacts"
_MARK = "__droidgate_state_{}__"


@dataclass
class Snapshot:
    rows: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)
    """app -> _id -> row (content and other columns)."""
    contacts: int | None = None
    settings: dict[str, str] = field(default_factory=dict)
    """``ns/key`` -> value (``locksettings/lockscreen.disabled`` for the lock screen)."""
    packages: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)


def _failed(out: str) -> str | None:
    head = out[:300]
    for marker in ("Error", "Exception", "Permission denied", "inaccessible or not found"):
        if marker in head:
            return out.strip()[:200]
    return None


def _sink_rows(sink: Sink, out: str) -> dict[str, dict[str, str]]:
    if sink.uri:
        rows = parse_rows(out)
    elif sink.database:
        rows = [{k: "" if v is None else str(v) for k, v in r.items()}
                for r in (json.loads(out) if out.strip() else [])]  # fmt: skip
    else:
        rows = []
        for chunk in out.split("@@file ")[1:]:
            path, _, body = chunk.partition("\n")
            name = path.rsplit("/", 1)[-1]
            rows.append({"_id": name, "title": name.rsplit(".", 1)[0], "body": body.rstrip("\n")})
    return {row.get("_id", str(i)): row for i, row in enumerate(rows)}


def snapshot(shell: Any) -> Snapshot:
    """Read the sinks, the contacts count, settings and packages; ``shell(cmd) -> str``."""
    commands = [s.command() for s in SINKS] + [
        f"content query --uri {CONTACTS} --projection _id",
        "settings list global",
        "settings list system",
        "settings list secure",
        "locksettings get-disabled",
        "pm list packages",
    ]
    script = " ; ".join(f"{c} 2>&1 ; echo {_MARK.format(i)}" for i, c in enumerate(commands))
    snap = Snapshot()
    try:
        out = str(shell(script))
    except Exception as exc:  # the device is gone: every part is an error
        snap.errors.append(f"device: {exc}")
        return snap
    outputs = []
    for i in range(len(commands)):
        before, sep, out = out.partition(_MARK.format(i))
        outputs.append(before.strip("\n") if sep else "")
    for sink, text in zip(SINKS, outputs, strict=False):
        err = _failed(text)
        if err:  # a store the device lacks: reported, not fatal
            snap.errors.append(f"{sink.app}: {err}")
            continue
        try:
            snap.rows[sink.app] = _sink_rows(sink, text)
        except ValueError as exc:
            snap.errors.append(f"{sink.app}: {exc}")
    rest = outputs[len(SINKS) :]
    if _failed(rest[0]):
        snap.errors.append(f"contacts: {_failed(rest[0])}")
    else:
        snap.contacts = len(parse_rows(rest[0]))
    for ns, text in zip(("global", "system", "secure"), rest[1:4], strict=True):
        for line in text.splitlines():
            key, sep, value = line.partition("=")
            if sep:
                snap.settings[f"{ns}/{key.strip()}"] = value.strip()
    if rest[4].strip() in ("true", "false"):
        snap.settings["locksettings/lockscreen.disabled"] = rest[4].strip()
    snap.packages = {ln.split(":", 1)[1].strip() for ln in rest[5].splitlines() if ":" in ln}
    return snap


@dataclass
class Changes:
    rows: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    """app -> rows that are new or changed."""
    contacts_removed: int = 0
    settings: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    packages_removed: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        out = {app: len(rows) for app, rows in self.rows.items() if rows}
        if self.contacts_removed:
            out["contacts_removed"] = self.contacts_removed
        if self.settings:
            out["settings"] = len(self.settings)
        if self.packages_removed:
            out["packages_removed"] = len(self.packages_removed)
        return out


def diff(before: Snapshot, after: Snapshot) -> Changes:
    ch = Changes(errors=[*before.errors, *after.errors])
    for app, rows in after.rows.items():
        old = before.rows.get(app, {})
        ch.rows[app] = [row for rid, row in rows.items() if old.get(rid) != row]
    if before.contacts is not None and after.contacts is not None:
        ch.contacts_removed = max(0, before.contacts - after.contacts)
    for key in set(before.settings) | set(after.settings):
        if before.settings.get(key) != after.settings.get(key):
            ch.settings[key] = (before.settings.get(key), after.settings.get(key))
    if before.packages and after.packages:
        ch.packages_removed = before.packages - after.packages
    return ch
