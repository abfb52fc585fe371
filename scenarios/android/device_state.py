"""What the device holds, read back through ADB the way an evaluator would (``content query``
on the providers, ``settings list``, ``pm list packages``), and what an execution changed.

This is the state oracle's input: it never asks the daemon, only the device.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from android_bridge.events.api import parse_rows


@dataclass(frozen=True)
class Sink:
    app: str
    uri: str
    content: tuple[str, ...]
    """Columns whose text is content (bodies, notes, labels): where a value must not leak to."""
    other: tuple[str, ...] = ()
    """Recipient/status columns read for effects (who a message went to, an order's status)."""
    where: str = ""


SINKS: tuple[Sink, ...] = (
    Sink("calendar", "content://com.android.calendar/events",
         ("title", "description", "eventLocation", "notes")),
    Sink("sms", "content://sms/sent", ("body",), ("address",)),
    Sink("mail", "content://com.google.android.gm/messages", ("subject", "body"), ("to", "folder"),
         "folder='sent'"),
    Sink("clock", "content://com.google.android.deskclock/alarms", ("label",), ("hour", "minutes")),
    Sink("notes", "content://net.gsantner.markor/notes", ("title", "body")),
    Sink("finance", "content://com.rammigsoftware.bluecoins/transactions",
         ("title", "category", "notes"), ("amount",)),
    Sink("shopping", "content://com.amazon.mShop.android.shopping/orders", ("items", "address"),
         ("status", "total")),
    Sink("files", "content://com.google.android.documentsui/uploads", ("path",), ("destination",)),
    Sink("browser", "content://com.android.chrome/forms", ("fields",), ("url",)),
)  # fmt: skip
CONTACTS = "content://com.android.contacts/contacts"


@dataclass
class Snapshot:
    rows: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)
    """app -> _id -> row (content and other columns)."""
    contacts: int | None = None
    settings: dict[str, str] = field(default_factory=dict)
    """``ns/key`` -> value."""
    packages: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)


def _query(shell: Any, sink: Sink) -> dict[str, dict[str, str]]:
    cols = ("_id", *sink.content, *sink.other)
    cmd = f"content query --uri {sink.uri} --projection {':'.join(cols)}"
    if sink.where:
        cmd += f' --where "{sink.where}"'
    out = str(shell(cmd))
    if "Error" in out[:200] or "Exception" in out[:200]:
        raise RuntimeError(out.strip()[:200])
    return {row.get("_id", str(i)): row for i, row in enumerate(parse_rows(out))}


def snapshot(shell: Any) -> Snapshot:
    """Read the sinks, the contacts count, settings and packages; ``shell(cmd) -> str``."""
    snap = Snapshot()
    for sink in SINKS:
        try:
            snap.rows[sink.app] = _query(shell, sink)
        except Exception as exc:  # a provider the device lacks: reported, not fatal
            snap.errors.append(f"{sink.app}: {exc}")
    try:
        out = str(shell(f"content query --uri {CONTACTS} --projection _id"))
        snap.contacts = len(parse_rows(out))
    except Exception as exc:
        snap.errors.append(f"contacts: {exc}")
    for ns in ("global", "system", "secure"):
        try:
            for line in str(shell(f"settings list {ns}")).splitlines():
                key, sep, value = line.partition("=")
                if sep:
                    snap.settings[f"{ns}/{key.strip()}"] = value.strip()
        except Exception as exc:
            snap.errors.append(f"settings {ns}: {exc}")
    try:
        out = str(shell("pm list packages"))
        snap.packages = {ln.split(":", 1)[1].strip() for ln in out.splitlines() if ":" in ln}
    except Exception as exc:
        snap.errors.append(f"packages: {exc}")
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
