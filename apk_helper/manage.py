"""Install, remove, grant, revoke, launch and list apps on any adb device (real or virtual).

Commands are the ones Android's own tools take (``pm``, ``am``, ``monkey``), built by small pure
functions so they can be checked without a device, and run through ``adbutils.AdbDevice.shell2``
(which reports the exit status). Android's tools often exit 0 after a failure, so the output is
parsed too: ``Failure [...]``, ``Error: ...``, ``Exception occurred while executing ...`` and
monkey's ``aborted`` all raise ``AppManagementError`` carrying the device's own message.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from apk_helper.errors import AppManagementError
from apk_helper.inspect import ApkInfo, inspect_apk

if TYPE_CHECKING:
    import adbutils

REMOTE_DIR = "/data/local/tmp"
LAUNCHER_CATEGORY = "android.intent.category.LAUNCHER"

# Java package names: dot-separated identifiers. Checked before anything reaches a device shell.
_PACKAGE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$")
_PERMISSION = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$")
_ACTIVITY = re.compile(r"^\.?[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)*$")

_FAILURE = re.compile(r"Failure \[(?P<msg>[^\]]*)\]")
_ERROR_LINE = re.compile(
    r"^(?:Error(?: type \d+)?|Bad argument|Operation not allowed|Security exception): *(?P<msg>.*)$",
    re.M,
)
_EXCEPTION = re.compile(r"Exception occurred while executing(?: '[^']*')?:\s*\n(?P<msg>[^\n]+)")
_PACKAGE_LINE = re.compile(r"^package:(?:(?P<path>\S+)=)?(?P<name>[^\s=]+)\s*$", re.M)


def check_package(name: str) -> str:
    if not _PACKAGE.match(name):
        raise ValueError(f"invalid package name {name!r} (expected e.g. com.example.app)")
    return name


def check_permission(name: str) -> str:
    if not _PERMISSION.match(name):
        raise ValueError(
            f"invalid permission {name!r} (expected e.g. android.permission.READ_CONTACTS)"
        )
    return name


# -- command construction (pure) -------------------------------------------------------------


def install_command(
    remote_path: str, *, replace: bool = True, grant_all: bool = False
) -> list[str]:
    """``pm install -r -t``: -r replaces an installed app, -t allows test-only APKs (as u2 does)."""
    cmd = ["pm", "install"]
    if replace:
        cmd.append("-r")
    cmd.append("-t")
    if grant_all:
        cmd.append("-g")
    return [*cmd, remote_path]


def uninstall_command(package: str, *, keep_data: bool = False) -> list[str]:
    return ["pm", "uninstall", *(["-k"] if keep_data else []), check_package(package)]


def grant_command(package: str, permission: str) -> list[str]:
    return ["pm", "grant", check_package(package), check_permission(permission)]


def revoke_command(package: str, permission: str) -> list[str]:
    return ["pm", "revoke", check_package(package), check_permission(permission)]


def launch_command(package: str, activity: str | None = None) -> list[str]:
    """monkey picks the launcher activity itself; with an activity we name it for ``am start``."""
    check_package(package)
    if activity is None:
        return ["monkey", "-p", package, "-c", LAUNCHER_CATEGORY, "1"]
    if "/" in activity:
        pkg, _, activity = activity.partition("/")
        if pkg != package:
            raise ValueError(f"activity {pkg}/{activity} is not in package {package}")
    if not _ACTIVITY.match(activity):
        raise ValueError(f"invalid activity name {activity!r}")
    return [
        "am",
        "start",
        "-a",
        "android.intent.action.MAIN",
        "-c",
        LAUNCHER_CATEGORY,
        "-n",
        f"{package}/{activity}",
    ]


def list_packages_command(*, third_party: bool = False, system: bool = False) -> list[str]:
    if third_party and system:
        raise ValueError("choose third-party or system packages, not both")
    return ["pm", "list", "packages", *(["-3"] if third_party else []), *(["-s"] if system else [])]


# -- output parsing (pure) -------------------------------------------------------------------


def device_error(output: str, returncode: int = 0) -> str | None:
    """The device's error message in a pm/am/monkey output, or None if it reports success."""
    if m := _FAILURE.search(output):
        return m.group("msg").strip() or "Failure"
    if m := _EXCEPTION.search(output):
        return m.group("msg").strip()
    if m := _ERROR_LINE.search(output):
        return m.group("msg").strip() or m.group(0).strip()
    for line in output.splitlines():
        if "monkey aborted" in line or line.startswith("** "):
            return line.strip("* ").strip()
    if returncode != 0:
        tail = output.strip().splitlines()[-1:] or [""]
        return f"exit status {returncode}" + (f": {tail[0]}" if tail[0] else "")
    return None


def parse_packages(output: str) -> list[str]:
    """Package names from ``pm list packages`` (``package:NAME``, or ``package:PATH=NAME`` with -f)."""
    return sorted({m.group("name") for m in _PACKAGE_LINE.finditer(output)})


# -- the device-facing API -------------------------------------------------------------------


class AppManager:
    """App management on one device. Every failure raises AppManagementError."""

    def __init__(self, device: adbutils.AdbDevice, *, timeout: float = 120.0) -> None:
        self.device = device
        self.timeout = timeout

    @property
    def serial(self) -> str | None:
        return getattr(self.device, "serial", None)

    def run(self, cmd: Sequence[str], *, expect_success_line: bool = False) -> str:
        """Run one command; raise with the device's message if it failed."""
        import adbutils

        shown = " ".join(cmd)
        try:
            result = self.device.shell2(list(cmd), timeout=self.timeout)
        except adbutils.AdbError as exc:
            raise AppManagementError(shown, f"adb: {exc}", self.serial) from None
        output = str(result.output)
        message = device_error(output, result.returncode)
        if message is None and expect_success_line and "Success" not in output:
            message = output.strip() or "no 'Success' in the output"
        if message is not None:
            raise AppManagementError(shown, message, self.serial)
        return output

    def install(self, apk: str | Path, *, replace: bool = True, grant_all: bool = False) -> ApkInfo:
        """Push the APK and ``pm install`` it; return what the APK declares."""
        import adbutils

        info = inspect_apk(apk)  # a broken file fails here with a clear ApkError, not on the device
        remote = f"{REMOTE_DIR}/droidgate-{info.package}.apk"
        try:
            self.device.sync.push(str(apk), remote)
        except (adbutils.AdbError, OSError) as exc:
            raise AppManagementError(f"push {apk} {remote}", str(exc), self.serial) from None
        try:
            self.run(
                install_command(remote, replace=replace, grant_all=grant_all),
                expect_success_line=True,
            )
        finally:
            # cleanup of a temp file must not hide the install's own outcome
            with contextlib.suppress(adbutils.AdbError):
                self.device.shell2(["rm", "-f", remote], timeout=self.timeout)
        return info

    def uninstall(self, package: str, *, keep_data: bool = False) -> None:
        self.run(uninstall_command(package, keep_data=keep_data), expect_success_line=True)

    def grant(self, package: str, permission: str) -> None:
        self.run(grant_command(package, permission))

    def revoke(self, package: str, permission: str) -> None:
        self.run(revoke_command(package, permission))

    def launch(self, package: str, activity: str | None = None) -> None:
        self.run(launch_command(package, activity))

    def packages(self, *, third_party: bool = False, system: bool = False) -> list[str]:
        return parse_packages(
            self.run(list_packages_command(third_party=third_party, system=system))
        )

    def is_installed(self, package: str) -> bool:
        return check_package(package) in self.packages()
