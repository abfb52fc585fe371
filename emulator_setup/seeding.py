"""Load a fixture onto any device through ADB (virtual device or real emulator alike).

Rows go in with ``content insert`` (batched into few shell calls), settings with
``settings put``, files with a sync push. By default the fixture's tables are emptied first
(``replace=True``) so seeding twice does not duplicate data.

On a real device some of the virtual device's providers do not exist (Gmail, Markor, …): those
rows are reported as skipped, not failed. Contacts fall back to the real ContactsProvider's
``raw_contacts`` + ``data`` rows when an insert on ``/contacts`` is refused. The real ``content`` tool exits 0 even when it fails, so errors
are recognised by their text.
"""

from __future__ import annotations

import io
import os
import shlex
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field

from .fixtures import fixture_files, fixture_rows, fixture_settings, load_fixture

CONTACTS_URI = "content://com.android.contacts/contacts"
_BATCH_BYTES = 3000  # stay well below old adbd's shell-command limit
_MISSING_PROVIDER = ("Could not find provider", "Unknown URL", "Unknown URI", "Unknown authority")


class SeedError(RuntimeError):
    """Seeding failed for some rows, files or settings; ``report`` says which."""

    def __init__(self, message: str, report: SeedReport | None = None) -> None:
        super().__init__(message)
        self.report = report


class SeedReport(BaseModel):
    serial: str
    fixture: str
    rows: dict[str, int] = Field(default_factory=dict)  # URI -> rows inserted
    files: list[str] = Field(default_factory=list)
    settings: int = 0
    skipped: dict[str, int] = Field(
        default_factory=dict
    )  # URI -> rows the device has no provider for
    errors: list[str] = Field(default_factory=list)


def bind(column: str, value: Any) -> str:
    """One ``--bind`` argument: column:type:value with the type ``content`` expects."""
    if value is None:
        return f"{column}:n:"
    if isinstance(value, bool):
        return f"{column}:b:{'true' if value else 'false'}"
    if isinstance(value, int):
        return f"{column}:l:{value}"
    if isinstance(value, float):
        return f"{column}:d:{value!r}"
    return f"{column}:s:{value}"


def insert_command(uri: str, values: Mapping[str, Any]) -> str:
    args = ["content", "insert", "--uri", uri]
    for k, v in values.items():
        args += ["--bind", bind(k, v)]
    return shlex.join(args)


def _failed(output: str) -> str | None:
    for line in output.splitlines():
        if (
            line.startswith(("[ERROR]", "Error while accessing provider", "Error:"))
            or "Exception" in line
        ):
            return output.strip()
    return None


class _Shell:
    """Runs many commands in few ``adb shell`` calls and returns each one's output."""

    def __init__(self, device: Any) -> None:
        self.device = device

    def run_many(self, commands: list[str]) -> list[str]:
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


def _contact_fallback(values: Mapping[str, Any]) -> list[str]:
    """The real ContactsProvider: one raw contact plus typed data rows (run as one shell script)."""
    raw_id = "$(content query --uri content://com.android.contacts/raw_contacts --projection _id --sort '_id DESC' | head -n 1 | sed 's/.*_id=//')"
    cmds = [
        "content insert --uri content://com.android.contacts/raw_contacts --bind account_type:n: --bind account_name:n:",
        f"RID={raw_id}",
    ]
    items = [
        ("vnd.android.cursor.item/name", values.get("display_name")),
        ("vnd.android.cursor.item/phone_v2", values.get("number")),
        ("vnd.android.cursor.item/email_v2", values.get("email")),
        ("vnd.android.cursor.item/organization", values.get("company")),
        ("vnd.android.cursor.item/postal-address_v2", values.get("address")),
    ]
    for mime, value in items:
        if value:
            cmds.append(
                "content insert --uri content://com.android.contacts/data --bind raw_contact_id:l:$RID "
                f"{shlex.join(['--bind', f'mimetype:s:{mime}', '--bind', f'data1:s:{value}', '--bind', 'data2:i:2'])}"
            )
    return [" && ".join(cmds)]


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
    device = client.device(serial)
    return device


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
    rows = list(fixture_rows(data))
    files = list(fixture_files(data))
    settings = list(fixture_settings(data))
    device = _device(serial, adb_port)
    sh = _Shell(device)
    report = SeedReport(serial=serial, fixture=name)

    by_uri: dict[str, list[dict[str, Any]]] = {}
    for uri, values in rows:
        by_uri.setdefault(uri, []).append(values)
    for uri, uri_rows in by_uri.items():
        probe = sh.run_many(
            [f"content query --uri {shlex.quote(uri)} --projection _id --where '_id<0'"]
        )[0]
        if any(m in probe for m in _MISSING_PROVIDER):
            report.skipped[uri] = len(uri_rows)
            continue
        if replace:
            # sms/inbox and sms/sent share a table: delete only through the view being loaded
            sh.run_many([f"content delete --uri {shlex.quote(uri)}"])
        first = sh.run_many([insert_command(uri, uri_rows[0])])
        if uri == CONTACTS_URI and _failed(first[0]):
            # A real ContactsProvider refuses inserts on /contacts: use raw_contacts + data.
            _seed_real_contacts(sh, uri_rows, report)
            continue
        outputs = first + sh.run_many([insert_command(uri, v) for v in uri_rows[1:]])
        for values, out in zip(uri_rows, outputs, strict=True):
            err = _failed(out)
            if err:
                report.errors.append(f"{uri} {dict(values)}: {err}")
            else:
                report.rows[uri] = report.rows.get(uri, 0) + 1

    for path, content in files:
        try:
            device.sync.push(io.BytesIO(content), path, 0o644)
            report.files.append(path)
        except Exception as exc:  # a failed push must not hide the others
            report.errors.append(f"push {path}: {exc}")

    outs = sh.run_many([shlex.join(["settings", "put", ns, k, v]) for ns, k, v in settings])
    for (ns, k, _), out in zip(settings, outs, strict=True):
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


def _seed_real_contacts(sh: _Shell, rows: list[dict[str, Any]], report: SeedReport) -> None:
    outputs = sh.run_many([c for v in rows for c in _contact_fallback(v)])
    for values, out in zip(rows, outputs, strict=True):
        err = _failed(out)
        if err:
            report.errors.append(f"contacts {values.get('display_name')!r}: {err}")
        else:
            report.rows[CONTACTS_URI] = report.rows.get(CONTACTS_URI, 0) + 1
