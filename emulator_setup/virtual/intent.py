"""Android intents as ``am``/``monkey`` take them on the command line, and how the fake device
resolves an implicit one to a package."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class IntentError(ValueError):
    pass


class Intent(BaseModel):
    action: str | None = None
    data: str | None = None
    mime_type: str | None = None
    categories: list[str] = Field(default_factory=list)
    component: str | None = None  # "pkg/.Act" or "pkg/pkg.Act"
    package: str | None = None
    flags: int = 0
    extras: dict[str, Any] = Field(default_factory=dict)

    @property
    def target_package(self) -> str | None:
        if self.component:
            return self.component.split("/", 1)[0]
        return self.package

    @property
    def activity(self) -> str | None:
        if self.component and "/" in self.component:
            return self.component.split("/", 1)[1]
        return None

    def describe(self) -> str:
        """The ``Intent { … }`` string am prints."""
        parts = []
        if self.action:
            parts.append(f"act={self.action}")
        if self.categories:
            parts.append("cat=[" + ",".join(self.categories) + "]")
        if self.data:
            parts.append(f"dat={self.data}")
        if self.mime_type:
            parts.append(f"typ={self.mime_type}")
        if self.flags:
            parts.append(f"flg=0x{self.flags:x}")
        if self.package and not self.component:
            parts.append(f"pkg={self.package}")
        if self.component:
            parts.append(f"cmp={self.component}")
        if self.extras:
            parts.append("(has extras)")
        return "Intent { " + " ".join(parts) + " }"


_SCALAR = {
    "--es": str,
    "-e": str,
    "--ei": int,
    "--el": int,
    "--ef": float,
    "--ed": float,
    "--eu": str,
    "--ecn": str,
}
_ARRAYS = {"--esa": str, "--eia": int, "--ela": int, "--efa": float, "--esal": str, "--eial": int}
_NO_ARG = {
    "-W", "-S", "--activity-clear-task", "--activity-new-task", "--activity-clear-top",
    "--activity-single-top", "--activity-no-history", "--receiver-foreground",
    "--include-stopped-packages", "--exclude-stopped-packages", "--grant-read-uri-permission",
    "--grant-write-uri-permission", "--debug-log-resolution", "-D", "-N", "--track-allocation",
    "--async", "--activity-reorder-to-front", "--activity-brought-to-front",
}  # fmt: skip
_WITH_ARG = {"--user", "-R", "-P", "--start-profiler", "--sampling", "--windowingMode",
             "--activityType", "--display", "--receiver-permission"}  # fmt: skip


def _bool(value: str) -> bool:
    v = value.lower()
    if v in ("true", "t", "1"):
        return True
    if v in ("false", "f", "0"):
        return False
    raise IntentError(f"Invalid boolean value: {value}")


def parse_intent(args: list[str]) -> Intent:
    intent = Intent()
    i = 0

    def need(n: int) -> list[str]:
        if i + n >= len(args):
            raise IntentError(f'Argument expected after "{args[i]}"')
        return args[i + 1 : i + 1 + n]

    while i < len(args):
        a = args[i]
        if a == "-a":
            intent.action = need(1)[0]
            i += 2
        elif a == "-d":
            intent.data = need(1)[0]
            i += 2
        elif a == "-t":
            intent.mime_type = need(1)[0]
            i += 2
        elif a == "-c":
            intent.categories.append(need(1)[0])
            i += 2
        elif a == "-n":
            comp = need(1)[0]
            if "/" not in comp:
                raise IntentError(f"Bad component name: {comp}")
            intent.component = comp
            i += 2
        elif a == "-p":
            intent.package = need(1)[0]
            i += 2
        elif a == "-f":
            raw = need(1)[0]
            try:
                intent.flags = int(raw, 0)
            except ValueError as exc:
                raise IntentError(f"Invalid flags: {raw}") from exc
            i += 2
        elif a in _SCALAR:
            key, value = need(2)
            try:
                intent.extras[key] = _SCALAR[a](value)
            except ValueError as exc:
                raise IntentError(f"Invalid value for {a} {key}: {value}") from exc
            i += 3
        elif a == "--ez":
            key, value = need(2)
            intent.extras[key] = _bool(value)
            i += 3
        elif a == "--esn":
            intent.extras[need(1)[0]] = None
            i += 2
        elif a in _ARRAYS:
            key, value = need(2)
            try:
                intent.extras[key] = [_ARRAYS[a](v) for v in value.split(",")]
            except ValueError as exc:
                raise IntentError(f"Invalid value for {a} {key}: {value}") from exc
            i += 3
        elif a in _NO_ARG:
            i += 1
        elif a in _WITH_ARG:
            need(1)
            i += 2
        elif a.startswith("-"):
            raise IntentError(f"Unknown option: {a}")
        else:
            # A bare argument is a URI (or a component if it has no scheme), as `am` reads it.
            if ":" in a:
                intent.data = a
            elif "/" in a:
                intent.component = a
            else:
                intent.package = a
            i += 1
    return intent


# Implicit intents: scheme/action → package of the app that would handle them on the AVD.
_BY_SCHEME = {
    "http": "com.android.chrome",
    "https": "com.android.chrome",
    "sms": "com.simplemobiletools.smsmessenger",
    "smsto": "com.simplemobiletools.smsmessenger",
    "mms": "com.simplemobiletools.smsmessenger",
    "mailto": "com.google.android.gm",
    "geo": "com.android.chrome",
}
_BY_ACTION = {
    "android.intent.action.SET_ALARM": "com.google.android.deskclock",
    "android.intent.action.SET_TIMER": "com.google.android.deskclock",
    "android.intent.action.SHOW_ALARMS": "com.google.android.deskclock",
    "android.intent.action.INSERT": None,
    "android.intent.action.MAIN": None,
}
_BY_DATA_PREFIX = {
    "content://com.android.contacts": "com.android.contacts",
    "content://contacts": "com.android.contacts",
    "content://com.android.calendar": "com.simplemobiletools.calendar.pro",
}
_BY_TYPE_PREFIX = {
    "vnd.android.cursor.dir/contact": "com.android.contacts",
    "vnd.android.cursor.item/contact": "com.android.contacts",
    "vnd.android.cursor.dir/event": "com.simplemobiletools.calendar.pro",
    "vnd.android.cursor.item/event": "com.simplemobiletools.calendar.pro",
}


def resolve(intent: Intent, installed: list[str]) -> str | None:
    """The package that handles ``intent``, or None (am: "unable to resolve Intent")."""
    pkg = intent.target_package
    if pkg is None:
        if intent.action and intent.action.startswith("android.settings."):
            pkg = "com.android.settings"
        elif _BY_ACTION.get(intent.action):
            pkg = _BY_ACTION[intent.action]
        elif intent.mime_type and any(intent.mime_type.startswith(t) for t in _BY_TYPE_PREFIX):
            pkg = next(v for k, v in _BY_TYPE_PREFIX.items() if intent.mime_type.startswith(k))
        elif intent.data:
            for prefix, target in _BY_DATA_PREFIX.items():
                if intent.data.startswith(prefix):
                    pkg = target
                    break
            else:
                pkg = _BY_SCHEME.get(intent.data.split(":", 1)[0].lower())
        elif (
            intent.action == "android.intent.action.MAIN"
            and "android.intent.category.HOME" in intent.categories
        ):
            pkg = "com.google.android.apps.nexuslauncher"
    return pkg if pkg in installed else None
