"""``droidgate doctor [--device SERIAL]``: is this device ready for droidgate?

Checks, against ``emulator_setup/data/requirements.yaml``: the adb client and server, the device
being online, its Android version, the uiautomator2 server (droidgate's GUI channel), the
content providers droidgate reads, root (``su 0`` or ``adb root``, which seeding an app's
private database needs), ``sqlite3``, and the apps the suite expects. Everything goes through
the same adb server and clients droidgate itself uses; only the uiautomator2 check changes the
device (it installs and starts the server, as ``droidgate serve`` would).
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from enum import StrEnum
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from .adb_server import AdbServer


class Status(StrEnum):
    OK = "ok"
    WARN = "warn"
    MISSING = "missing"


class Check(BaseModel):
    name: str
    status: Status
    detail: str = ""
    fix: str = ""


class Report(BaseModel):
    serial: str | None
    checks: list[Check] = Field(default_factory=list)

    @property
    def missing(self) -> list[Check]:
        return [c for c in self.checks if c.status is Status.MISSING]

    def add(self, name: str, status: Status, detail: str = "", fix: str = "") -> Check:
        check = Check(name=name, status=status, detail=detail, fix=fix)
        self.checks.append(check)
        return check


class _Provider(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    query: str


class _App(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    packages: list[str]
    install: str = ""


class Requirements(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int
    adb: dict[str, str]
    android: dict[str, int]
    providers: list[_Provider]
    apps: list[_App]


@lru_cache(maxsize=1)
def requirements() -> Requirements:
    text = (resources.files("emulator_setup.data") / "requirements.yaml").read_text("utf-8")
    return Requirements.model_validate(yaml.safe_load(text))


def _version(text: str) -> tuple[int, ...]:
    m = re.search(r"(\d+)\.(\d+)\.(\d+)", text)
    return tuple(int(x) for x in m.groups()) if m else ()


_PROVIDER_FAILURE = re.compile(
    r"Could not find provider|Unknown URI|Unknown URL|Error while accessing provider|"
    r"SecurityException|inaccessible or not found",
    re.IGNORECASE,
)


def diagnose(
    serial: str | None,
    adb_port: int,
    *,
    adb: str | None = None,
    uiautomator2: bool = True,
    u2_connect: Callable[[Any], Any] | None = None,
) -> Report:
    """Run every check; never raises for a device problem (it is reported)."""
    import adbutils

    req = requirements()
    report = Report(serial=serial)
    server = AdbServer(adb_port, adb)
    # -- adb -----------------------------------------------------------------------------------
    try:
        client_version = subprocess.run(
            [server.adb_path, "version"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        client_version = ""
        report.add("adb client", Status.MISSING, f"{server.adb_path}: {exc}",
                   "install adb (Debian: apt-get install adb; or the SDK's platform-tools)")  # fmt: skip
    if client_version:
        have, need = _version(client_version), _version(req.adb["min_version"])
        ok = bool(have) and have >= need
        report.add(
            "adb client",
            Status.OK if ok else Status.MISSING,
            f"{server.adb_path}: {'.'.join(map(str, have)) or 'unknown version'}",
            "" if ok else f"install adb {req.adb['min_version']} or newer",
        )
    if not server.is_running():  # asked first: adbutils leaks a socket on a refused connect
        report.add("adb server", Status.MISSING, f"127.0.0.1:{adb_port}: nothing answers",
                   f"start it: adb -P {adb_port} start-server (droidgate device/emulator start do)")  # fmt: skip
        return report
    client = adbutils.AdbClient(host="127.0.0.1", port=adb_port)
    try:
        listed = {d.serial: d.state for d in client.list()}
        report.add(
            "adb server", Status.OK, f"127.0.0.1:{adb_port}, version {client.server_version()}"
        )
    except Exception as exc:  # adbutils raises several types when no server answers
        report.add("adb server", Status.MISSING, f"127.0.0.1:{adb_port}: {exc}",
                   f"start it: adb -P {adb_port} start-server (droidgate device/emulator start do)")  # fmt: skip
        return report
    # -- the device ----------------------------------------------------------------------------
    if serial is None:
        online = [s for s, st in listed.items() if st == "device"]
        if len(online) != 1:
            report.add("device", Status.MISSING,
                       f"{len(online)} devices online ({', '.join(sorted(listed)) or 'none'})",
                       "pass --device SERIAL")  # fmt: skip
            return report
        serial = report.serial = online[0]
    if listed.get(serial) != "device":
        report.add("device", Status.MISSING, f"{serial}: {listed.get(serial, 'absent')}",
                   "connect it (adb connect HOST:PORT, or droidgate emulator start) and "
                   "authorise USB debugging")  # fmt: skip
        return report
    device = client.device(serial)

    def sh(cmd: str) -> tuple[str, int]:
        r = device.shell2(cmd, timeout=30)
        return str(r.output), int(r.returncode)

    sdk_text, _ = sh("getprop ro.build.version.sdk")
    sdk = int(sdk_text.strip()) if sdk_text.strip().isdigit() else 0
    want = req.android["sdk"]
    report.add(
        "device", Status.OK if sdk == want else Status.WARN,
        f"{serial}: Android API {sdk or '?'} ({sh('getprop ro.product.model')[0].strip()})",
        "" if sdk == want else f"the suite's expectations are API {want}'s",
    )  # fmt: skip
    # -- uiautomator2 ---------------------------------------------------------------------------
    if uiautomator2:
        try:
            connect = u2_connect or _u2_connect
            d = connect(device)
            info = d.info
            report.add("uiautomator2 server", Status.OK,
                       f"{info.get('productName', '?')}, screen {info.get('displayWidth')}x"
                       f"{info.get('displayHeight')}")  # fmt: skip
        except Exception as exc:
            report.add("uiautomator2 server", Status.MISSING, f"{type(exc).__name__}: {exc}",
                       "python -m uiautomator2 init (pushes and starts the server)")  # fmt: skip
    # -- providers -------------------------------------------------------------------------------
    for provider in req.providers:
        text, status = sh(provider.query)
        failed = status != 0 or _PROVIDER_FAILURE.search(text)
        uri = provider.query.split("--uri", 1)[1].split()[0]
        lines = [ln.strip() for ln in text.splitlines()]
        why = [ln for ln in lines if re.match(r"^[\w.$]+(Exception|Error): ", ln)] or [
            ln for ln in lines if _PROVIDER_FAILURE.search(ln)
        ]
        report.add(
            f"provider {provider.name}", Status.MISSING if failed else Status.OK,
            uri if not failed else f"{uri}: {why[0] if why else text.strip()[:120] or status}",
            "" if not failed else "an image with Google APIs (system-images;android-34;google_apis;x86_64)",
        )  # fmt: skip
    # -- root and sqlite3 ------------------------------------------------------------------------
    su = "uid=0(" in sh("su 0 id")[0]
    rooted = su or "uid=0(" in sh("id")[0]
    report.add("root", Status.OK if rooted else Status.WARN,
               "su 0 works" if rooted else "no su and adbd not root",
               "" if rooted else "apps' private data (mail, alarms, expenses, orders) cannot be "
               "seeded; use a Google APIs (userdebug) image, not a Google Play one")  # fmt: skip
    if rooted:
        version, status = sh("su 0 sqlite3 -version" if su else "sqlite3 -version")
        report.add("sqlite3", Status.OK if status == 0 else Status.WARN,
                   version.strip().split(" ")[0] if status == 0 else version.strip()[:80],
                   "" if status == 0 else "seeding private databases needs /system/xbin/sqlite3")  # fmt: skip
    # -- apps ------------------------------------------------------------------------------------
    packages_text, _ = sh("pm list packages")
    installed = {ln.split(":", 1)[1].strip() for ln in packages_text.splitlines() if ":" in ln}
    for app in req.apps:
        present = [p for p in app.packages if p in installed]
        if present:
            report.add(f"app {app.name}", Status.OK, present[0])
        else:
            report.add(f"app {app.name}", Status.MISSING,
                       f"none of {', '.join(app.packages)}", app.install)  # fmt: skip
    return report


def _u2_connect(device: Any) -> Any:
    import uiautomator2

    return uiautomator2.connect(device)


_MARK = {Status.OK: "ok  ", Status.WARN: "warn", Status.MISSING: "MISS"}


def render(report: Report) -> str:
    lines = [f"droidgate doctor: {report.serial or 'no device'}"]
    for c in report.checks:
        lines.append(f"  [{_MARK[c.status]}] {c.name}: {c.detail}")
        if c.fix and c.status is not Status.OK:
            lines.append(f"         fix: {c.fix}")
    missing, warn = report.missing, [c for c in report.checks if c.status is Status.WARN]
    lines.append(
        "ready" if not missing and not warn
        else f"{len(missing)} missing, {len(warn)} warnings"
    )  # fmt: skip
    return "\n".join(lines)
