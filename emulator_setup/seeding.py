"""Load a fixture onto any device through ADB (virtual device or real emulator alike).

Each kind of data goes in the way Android lets a test harness put it there:

* contacts: ContactsContract raw contacts, then their typed data rows (name, phone_v2,
  email_v2, organization, postal-address_v2) with ``content insert``;
* SMS: rows of ``content://sms/inbox`` / ``sent`` (the provider files them in conversations);
* events: rows of a local calendar, created as its sync adapter when the phone has none;
* notes (Markor): Markdown files pushed into ``/sdcard/Documents/Markor``;
* mail, expenses, alarms: rows of the apps' private databases with root ``sqlite3``
  (``su 0``, which userdebug emulator images allow), as AndroidWorld's harness writes app
  state; alarms fall back to ``AlarmClock.ACTION_SET_ALARM`` with ``SKIP_UI``;
* web pages and the shop's catalogue: the virtual device's internet, through its test hooks;
* files with a sync push, settings with ``settings put``.

By default what the fixture replaces is emptied first (``replace=True``), so seeding twice does
not duplicate data. Data a device has no place for (an app that is not installed, another
app's database schema, the internet of a real phone) is reported in ``skipped`` with the
reason, not failed. The ``content`` tool exits 0 even when it fails, so failures are
recognised by their text.
"""

from __future__ import annotations

import io
import os
import re
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from .fixtures import Alarm, SeedPlan, load_fixture, plan
from .virtual.apps import clock, finance, mail, notes
from .virtual.apps.calendar import LOCAL_ACCOUNT
from .virtual.apps.shell_commands import WEB_CLEAR, WEB_PAGE, WEB_PRODUCT
from .virtual.seed import contact_rows

_BATCH_BYTES = 3000  # stay well below old adbd's shell-command limit
CONTACTS = "content://com.android.contacts"
CALENDAR = "content://com.android.calendar"
_PRIVATE = {  # store -> (app package, database path, table)
    "mail": (mail.PKG, mail.DB_PATH, "messages"),
    "expenses": (finance.PKG, finance.DB_PATH, "transactions"),
    "alarms": (clock.PKG, clock.DB_PATH, "alarm_templates"),
}


class SeedError(RuntimeError):
    """Seeding failed for some rows, files or settings; ``report`` says which."""

    def __init__(self, message: str, report: SeedReport | None = None) -> None:
        super().__init__(message)
        self.report = report


class SeedReport(BaseModel):
    serial: str
    fixture: str
    rows: dict[str, int] = Field(default_factory=dict)
    """Store (contacts, sms, events, mail, alarms, notes, expenses, products, pages) -> items."""
    files: list[str] = Field(default_factory=list)
    settings: int = 0
    skipped: dict[str, str] = Field(default_factory=dict)
    """Store -> why the device has no place for it (the items are not counted)."""
    errors: list[str] = Field(default_factory=list)

    def add(self, store: str, n: int = 1) -> None:
        self.rows[store] = self.rows.get(store, 0) + n


def escape_bind(text: str) -> str:
    """A column or value inside a binding: ``content`` splits bindings on unescaped ``:``
    (Android 12+), so ``\\`` and ``:`` are escaped with a backslash."""
    return text.replace("\\", "\\\\").replace(":", "\\:")


def bind(column: str, value: Any) -> str:
    """One ``--bind`` argument: column:type:value with the type ``content`` expects."""
    col = escape_bind(column)
    if value is None:
        return f"{col}:n:"
    if isinstance(value, bool):
        return f"{col}:b:{'true' if value else 'false'}"
    if isinstance(value, int):
        return f"{col}:l:{value}"
    if isinstance(value, float):
        return f"{col}:d:{value!r}"
    return f"{col}:s:{escape_bind(str(value))}"


def insert_command(uri: str, values: Mapping[str, Any]) -> str:
    args = ["content", "insert", "--uri", uri]
    for k, v in values.items():
        args += ["--bind", bind(k, v)]
    return shlex.join(args)


def sql_literal(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int | float):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def sql_insert(table: str, values: Mapping[str, Any]) -> str:
    cols = ", ".join(f'"{c}"' for c in values)
    return f'INSERT INTO "{table}" ({cols}) VALUES ({", ".join(sql_literal(v) for v in values.values())});'


def root_sqlite(db_path: str, sql: str) -> str:
    """``su 0 sqlite3 DB SQL``: an app's private database, read or written as root."""
    return shlex.join(["su", "0", "sqlite3", db_path, sql])


def failure(output: str) -> str | None:
    """The error in a command's output, if any (``content`` and ``sqlite3`` print them)."""
    for line in output.splitlines():
        if (
            line.startswith(("[ERROR]", "Error while accessing provider", "Error:", "Parse error"))
            or "Exception" in line
            or "inaccessible or not found" in line
            or "Permission denied" in line
        ):
            return output.strip()
    return None


class _Shell:
    """Runs many commands in few ``adb shell`` calls and returns each one's output."""

    def __init__(self, device: Any) -> None:
        self.device = device

    def run_many(self, commands: Sequence[str]) -> list[str]:
        outputs: list[str] = []
        batch: list[str] = []
        for cmd in commands:
            if batch and sum(len(c) for c in batch) + len(cmd) > _BATCH_BYTES:
                outputs += self._run(batch)
                batch = []
            batch.append(cmd)
        if batch:
            outputs += self._run(batch)
        return outputs

    def run(self, command: str) -> str:
        return self.run_many([command])[0]

    def _run(self, batch: list[str]) -> list[str]:
        marks = [f"__droidgate_seed_{i}__" for i in range(len(batch))]
        script = " ; ".join(f"{c} 2>&1 ; echo {m}" for c, m in zip(batch, marks, strict=True))
        out = str(self.device.shell(script, timeout=120))
        results = []
        for m in marks:
            before, sep, out = out.partition(m)
            if not sep:
                raise SeedError(f"adb shell output ended early while seeding: {before[-300:]!r}")
            results.append(before.strip("\n"))
        return results


def _ids(output: str) -> list[int]:
    return [int(m) for m in re.findall(r"(?m)^Row: \d+ _id=(\d+)", output)]


def _device(serial: str, adb_port: int | None) -> Any:
    import adbutils

    port = adb_port or int(os.environ.get("ANDROID_ADB_SERVER_PORT", "5037"))
    client = adbutils.AdbClient(host="127.0.0.1", port=port)
    try:
        states = {d.serial: d.state for d in client.list()}
    except Exception as exc:  # adbutils raises several types when the server is unreachable
        raise SeedError(f"no adb server at 127.0.0.1:{port}: {exc}") from exc
    if states.get(serial) != "device":
        raise SeedError(
            f"device {serial!r} is not available on the adb server at port {port} "
            f"(state: {states.get(serial, 'absent')}; devices: {sorted(states) or 'none'})"
        )
    return client.device(serial)


def _record(report: SeedReport, store: str, what: Sequence[str], outputs: Sequence[str]) -> None:
    for label, out in zip(what, outputs, strict=True):
        err = failure(out)
        if err:
            report.errors.append(f"{store} {label}: {err}")
        else:
            report.add(store)


def _contacts(sh: _Shell, p: SeedPlan, report: SeedReport, replace: bool) -> None:
    if replace:
        sh.run(f"content delete --uri {CONTACTS}/raw_contacts")
    before = _ids(sh.run(f"content query --uri {CONTACTS}/raw_contacts --projection _id"))
    floor = max(before, default=0)
    sh.run_many(
        [insert_command(f"{CONTACTS}/raw_contacts", {"account_name": None, "account_type": None})]
        * len(p.contacts)
    )
    new = _ids(
        sh.run(
            f"content query --uri {CONTACTS}/raw_contacts --projection _id "
            f"--where '_id>{floor}' --sort '_id ASC'"
        )
    )
    if len(new) != len(p.contacts):
        report.errors.append(f"contacts: {len(new)} raw contacts created for {len(p.contacts)}")
        return
    commands, owners = [], []
    for raw_id, c in zip(new, p.contacts, strict=True):
        for row in contact_rows(c.name, c.phone, c.email, c.company, c.address):
            commands.append(insert_command(f"{CONTACTS}/data", {"raw_contact_id": raw_id, **row}))
            owners.append(c.name)
    failed = {name for name, out in zip(owners, sh.run_many(commands), strict=True) if failure(out)}
    for c in p.contacts:
        if c.name in failed:
            report.errors.append(f"contacts {c.name!r}: a data row failed")
        else:
            report.add("contacts")


def _sms(sh: _Shell, p: SeedPlan, report: SeedReport, replace: bool) -> None:
    if replace:
        sh.run("content delete --uri content://sms")
    commands = [
        insert_command(
            f"content://sms/{m.box}",
            {
                "address": m.address,
                "body": m.body,
                "date": m.date,
                "date_sent": m.date,
                "read": int(m.read),
                "seen": int(m.read or m.box == "sent"),
            },
        )
        for m in p.sms
    ]
    _record(report, "sms", [m.address for m in p.sms], sh.run_many(commands))


def _calendar_id(sh: _Shell) -> int | None:
    out = sh.run(f"content query --uri {CALENDAR}/calendars --projection _id --where 'visible=1'")
    found = _ids(out)
    if found:
        return found[0]
    uri = (
        f"{CALENDAR}/calendars?caller_is_syncadapter=true"
        f"&account_name={LOCAL_ACCOUNT.replace(' ', '%20')}&account_type=LOCAL"
    )
    sh.run(
        insert_command(
            uri,
            {
                "name": "Simple Calendar",
                "calendar_displayName": "Events",
                "calendar_access_level": 700,
                "ownerAccount": LOCAL_ACCOUNT,
                "calendar_timezone": "UTC",
                "sync_events": 1,
                "visible": 1,
            },
        )
    )
    found = _ids(sh.run(f"content query --uri {CALENDAR}/calendars --projection _id"))
    return found[0] if found else None


def _events(sh: _Shell, p: SeedPlan, report: SeedReport, replace: bool) -> None:
    cal = _calendar_id(sh)
    if cal is None:
        report.errors.append("events: no calendar could be created")
        return
    if replace:
        sh.run(f"content delete --uri {CALENDAR}/events --where 'calendar_id={cal}'")
    commands = [
        insert_command(
            f"{CALENDAR}/events",
            {
                "calendar_id": cal,
                "eventTimezone": "UTC",
                "title": e.title,
                "description": e.description,
                "eventLocation": e.location,
                "dtstart": e.start,
                "dtend": e.end,
            },
        )
        for e in p.events
    ]
    _record(report, "events", [e.title for e in p.events], sh.run_many(commands))


def _private_rows(store: str, p: SeedPlan) -> list[dict[str, Any]]:
    if store == "mail":
        return [
            {"folder": m.folder, "sender": m.sender, "recipient": m.to, "subject": m.subject,
             "body": m.body, "date": m.date, "read": int(m.folder == "sent")}
            for m in p.mail
        ]  # fmt: skip
    if store == "expenses":
        return [
            {"title": x.title, "amount": x.amount, "category": x.category, "notes": x.notes,
             "date": x.date}
            for x in p.expenses
        ]  # fmt: skip
    return [
        {"hour": a.hour, "minutes": a.minutes, "label": a.label, "enabled": int(a.enabled)}
        for a in p.alarms
    ]


def _set_alarm(a: Alarm) -> str:
    return shlex.join(
        ["am", "start", "-W", "-a", "android.intent.action.SET_ALARM",
         "--ei", "android.intent.extra.alarm.HOUR", str(a.hour),
         "--ei", "android.intent.extra.alarm.MINUTES", str(a.minutes),
         "--es", "android.intent.extra.alarm.MESSAGE", a.label,
         "--ez", "android.intent.extra.alarm.SKIP_UI", "true"]
    )  # fmt: skip


def _private(sh: _Shell, p: SeedPlan, report: SeedReport, replace: bool) -> None:
    for store, (package, path, table) in _PRIVATE.items():
        rows = _private_rows(store, p)
        if not rows:
            continue
        probe = sh.run(root_sqlite(path, f'SELECT count(*) FROM "{table}";'))
        if failure(probe) or not probe.strip().isdigit():
            if store == "alarms":
                # the phone's Clock keeps another schema: set them as an app would
                outs = sh.run_many(
                    [_set_alarm(a) for a in p.alarms] + ["input keyevent KEYCODE_HOME"]
                )
                _record(report, "alarms", [a.label for a in p.alarms], outs[:-1])
                continue
            report.skipped[store] = (
                f"{package} has no public interface and its database {path} is not the virtual "
                f"app's ({probe.strip()[:120] or 'no output'})"
            )
            continue
        commands = ([root_sqlite(path, f'DELETE FROM "{table}";')] if replace else []) + [
            root_sqlite(path, sql_insert(table, row)) for row in rows
        ]
        outs = sh.run_many(commands)[1 if replace else 0 :]
        _record(
            report,
            store,
            [str(r.get("title") or r.get("subject") or r.get("label")) for r in rows],
            outs,
        )


def _web(sh: _Shell, p: SeedPlan, report: SeedReport, replace: bool) -> None:
    if not p.pages and not p.products:
        return
    if replace:
        out = sh.run(f"am broadcast -a {WEB_CLEAR}")
        if "result=-1" not in out:
            for store, items in (("pages", p.pages), ("products", p.products)):
                if items:
                    report.skipped[store] = "the internet of a real phone cannot be seeded"
            return
    page_cmds = [
        shlex.join(["am", "broadcast", "-a", WEB_PAGE, "--es", "url", pg.url, "--es", "title",
                    pg.title, "--es", "text", pg.text, "--es", "form", pg.form])
        for pg in p.pages
    ]  # fmt: skip
    product_cmds = [
        shlex.join(["am", "broadcast", "-a", WEB_PRODUCT, "--es", "name", pr.name, "--es", "price",
                    repr(pr.price), "--es", "description", pr.description])
        for pr in p.products
    ]  # fmt: skip
    outs = sh.run_many(page_cmds + product_cmds)
    for store, labels, results in (
        ("pages", [pg.url for pg in p.pages], outs[: len(page_cmds)]),
        ("products", [pr.name for pr in p.products], outs[len(page_cmds) :]),
    ):
        for label, out in zip(labels, results, strict=True):
            if "result=-1" in out:
                report.add(store)
            else:
                report.errors.append(f"{store} {label}: {out.strip()[:200]}")


def seed(
    serial: str,
    fixture: str | Mapping[str, Any] = "default",
    *,
    adb_port: int | None = None,
    replace: bool = True,
) -> SeedReport:
    """Load ``fixture`` (a shipped name, a YAML path or a mapping) onto ``serial`` over ADB.

    Raises ``SeedError`` (carrying the report) if any row, file or setting failed.
    """
    data = load_fixture(fixture) if isinstance(fixture, str) else dict(fixture)
    name = fixture if isinstance(fixture, str) else "<mapping>"
    # Materialise everything first: a malformed fixture fails before the device is touched.
    p = plan(data)
    device = _device(serial, adb_port)
    sh = _Shell(device)
    report = SeedReport(serial=serial, fixture=name)

    if p.contacts:
        _contacts(sh, p, report, replace)
    if p.sms:
        _sms(sh, p, report, replace)
    if p.events:
        _events(sh, p, report, replace)
    _private(sh, p, report, replace)
    _web(sh, p, report, replace)
    for n in p.notes:
        path = f"{notes.NOTES_DIR}/{notes.file_name(n.title)}"
        try:
            device.sync.push(io.BytesIO(n.body.encode("utf-8")), path, 0o660)
            report.add("notes")
        except Exception as exc:  # a failed push must not hide the others
            report.errors.append(f"notes {n.title!r}: {exc}")
    for path, content in p.files:
        try:
            device.sync.push(io.BytesIO(content), path, 0o644)
            report.files.append(path)
        except Exception as exc:  # a failed push must not hide the others
            report.errors.append(f"push {path}: {exc}")
    outs = sh.run_many([shlex.join(["settings", "put", ns, k, v]) for ns, k, v in p.settings])
    for (ns, k, _), out in zip(p.settings, outs, strict=True):
        if out.strip():
            report.errors.append(f"settings put {ns} {k}: {out.strip()}")
        else:
            report.settings += 1

    if report.errors:
        raise SeedError(
            f"seeding {serial} with {name!r}: {len(report.errors)} failures; first: {report.errors[0]}",
            report,
        )
    return report
