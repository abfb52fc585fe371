"""Intents as ``am start`` builds them, and the ``Intent { … }`` text Android prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ACTION_MAIN = "android.intent.action.MAIN"
ACTION_VIEW = "android.intent.action.VIEW"
ACTION_SENDTO = "android.intent.action.SENDTO"
ACTION_SEND = "android.intent.action.SEND"
ACTION_INSERT = "android.intent.action.INSERT"
ACTION_EDIT = "android.intent.action.EDIT"
ACTION_DIAL = "android.intent.action.DIAL"
ACTION_CALL = "android.intent.action.CALL"
ACTION_INSERT_OR_EDIT = "android.intent.action.INSERT_OR_EDIT"
ACTION_SET_ALARM = "android.intent.action.SET_ALARM"
ACTION_SET_TIMER = "android.intent.action.SET_TIMER"
ACTION_SHOW_ALARMS = "android.intent.action.SHOW_ALARMS"
CATEGORY_LAUNCHER = "android.intent.category.LAUNCHER"


class IntentError(ValueError):
    """``am`` could not parse the arguments."""


@dataclass
class Intent:
    action: str | None = None
    data: str | None = None
    mime: str | None = None
    categories: list[str] = field(default_factory=list)
    component: str | None = None  # "pkg/.Act" or "pkg/full.Act"
    package: str | None = None
    flags: int = 0
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def target(self) -> tuple[str | None, str | None]:
        """(package, full activity class) from the component, if any."""
        if not self.component:
            return self.package, None
        pkg, _, act = self.component.partition("/")
        if act.startswith("."):
            act = pkg + act
        return pkg, act or None

    def describe(self) -> str:
        parts = []
        if self.action:
            parts.append(f"act={self.action}")
        if self.categories:
            parts.append(f"cat=[{','.join(self.categories)}]")
        if self.data:
            parts.append(f"dat={self.data}")
        if self.mime:
            parts.append(f"typ={self.mime}")
        if self.flags:
            parts.append(f"flg=0x{self.flags:x}")
        if self.package and not self.component:
            parts.append(f"pkg={self.package}")
        if self.component:
            parts.append(f"cmp={self.component}")
        if self.extras:
            parts.append("(has extras)")
        return "Intent { " + " ".join(parts) + " }"


_TYPED_EXTRAS = {
    "--es": str,
    "-e": str,
    "--ei": int,
    "--el": int,
    "--ef": float,
    "--ed": float,
    "--eu": str,
    "--ecn": str,
}
_NO_ARG = {
    "-W",
    "-S",
    "-R",
    "--activity-clear-task",
    "--activity-new-task",
    "--activity-clear-top",
    "--activity-single-top",
    "--activity-no-history",
    "--grant-read-uri-permission",
    "--grant-write-uri-permission",
    "--receiver-foreground",
    "--include-stopped-packages",
    "--exclude-stopped-packages",
    "--debug-log-resolution",
    "-D",
    "-N",
}
_ONE_ARG_IGNORED = {
    "--user",
    "--display",
    "--windowingMode",
    "--activityType",
    "-P",
    "--start-profiler",
    "--sampling",
    "--attach-agent",
    "--receiver-permission",
}


def parse(argv: list[str]) -> Intent:
    """Parse the intent part of ``am start``/``am broadcast`` (options, then an optional URI)."""
    try:
        return _parse(argv)
    except ValueError as exc:  # int("x") and friends: a bad value, reported like am does
        if isinstance(exc, IntentError):
            raise
        raise IntentError(f"Bad argument: {exc}") from exc


def _parse(argv: list[str]) -> Intent:
    it = Intent()
    i = 0

    def arg(n: int = 1) -> list[str]:
        nonlocal i
        vals = argv[i + 1 : i + 1 + n]
        if len(vals) < n:
            raise IntentError(f'Argument expected after "{argv[i]}"')
        i += n
        return vals

    while i < len(argv):
        a = argv[i]
        if a == "-a":
            it.action = arg()[0]
        elif a == "-d":
            it.data = arg()[0]
        elif a == "-t":
            it.mime = arg()[0]
        elif a == "-c":
            it.categories.append(arg()[0])
        elif a == "-n":
            it.component = arg()[0]
        elif a == "-p":
            it.package = arg()[0]
        elif a == "-f":
            v = arg()[0]
            it.flags = int(v, 0)
        elif a in _TYPED_EXTRAS:
            k, v = arg(2)
            try:
                it.extras[k] = _TYPED_EXTRAS[a](v)
            except ValueError as exc:
                raise IntentError(f"Bad value for {a} {k}: {v}") from exc
        elif a == "--ez":
            k, v = arg(2)
            it.extras[k] = v.lower() in ("true", "t", "1")
        elif a == "--esn":
            it.extras[arg()[0]] = None
        elif a in ("--esa", "--eia", "--ela"):
            k, v = arg(2)
            items = v.split(",")
            it.extras[k] = items if a == "--esa" else [int(x) for x in items]
        elif a in _NO_ARG:
            pass
        elif a in _ONE_ARG_IGNORED:
            arg()
        elif a.startswith("-"):
            raise IntentError(f"Unknown option: {a}")
        elif "/" in a and ":" not in a:
            it.component = a
        elif ":" in a:
            it.data = a
        else:
            it.package = a
        i += 1
    return it
