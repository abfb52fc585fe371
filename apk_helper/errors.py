"""apk_helper's exceptions. Each names the thing that failed and why, for a one-line CLI error.

They do not derive from host_pep's DroidgateError on purpose: apk_helper never imports host_pep.
"""

from __future__ import annotations

from pathlib import Path


class ApkHelperError(Exception):
    """Base of every error apk_helper raises on purpose."""


class ApkError(ApkHelperError, ValueError):
    """An APK file could not be read or is not a valid APK."""

    def __init__(self, path: str | Path, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class AppManagementError(ApkHelperError, RuntimeError):
    """The device refused an app-management command (pm/am/monkey); carries its message."""

    def __init__(self, command: str, message: str, serial: str | None = None) -> None:
        self.command = command
        self.message = message
        self.serial = serial
        where = f" on {serial}" if serial else ""
        super().__init__(f"{command!r} failed{where}: {message}")


class CatalogError(ApkHelperError, ValueError):
    """An app-catalog file is unreadable or one of its entries is invalid."""

    def __init__(self, path: str | Path, problem: str, entry: str | None = None) -> None:
        self.path = str(path)
        self.entry = entry
        self.problem = problem
        where = f" (entry {entry!r})" if entry is not None else ""
        super().__init__(f"{self.path}{where}: {problem}")
