"""The activity manager half of ``DeviceState``: tasks and back stacks, starting activities and
resolving intents (``am start``), force-stop, and the package manager's install/grant state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from .base import App, Screen
from .blank import BlankApp
from .intents import ACTION_MAIN, CATEGORY_LAUNCHER, Intent, IntentError
from .intents import parse as parse_intent
from .launcher import Launcher
from .locking import Locked, locked
from .packages import PackageInfo, PackageManager

if TYPE_CHECKING:
    from ..state import DeviceState


class ActivityManager(Locked):
    apps: dict[str, App]
    launcher: Launcher
    pm: PackageManager
    tasks: dict[str, list[Screen[Any]]]
    foreground: str
    log: list[dict[str, Any]]
    clock: Callable[[], float]
    toast_text: str

    if TYPE_CHECKING:  # provided by DeviceState

        def touch(self) -> None: ...

    task_ids: dict[str, int]
    """package -> id of its task (one task per app, as the apps here launch)."""

    @property
    def top(self) -> Screen[Any]:
        return self.tasks[self.foreground][-1]

    # ------------------------------------------------------------------ tasks
    def task_list(self) -> list[tuple[int, str]]:
        """``(task id, package)`` of every task, most recent first (the foreground first).

        A task keeps its id while it lives; a new task gets the next id, as in Android."""
        for pkg in [p for p in self.task_ids if p not in self.tasks]:
            del self.task_ids[pkg]
        for pkg in self.tasks:
            if pkg not in self.task_ids:
                self.task_ids[pkg] = max(self.task_ids.values(), default=11) + 1
        order = sorted(self.tasks, key=lambda p: (p != self.foreground, -self.task_ids[p]))
        return [(self.task_ids[p], p) for p in order]

    @locked
    def remove_task(self, task_id: int) -> bool:
        """``am stack remove`` / swiping a task away in Recents: the app's activities finish."""
        for tid, pkg in self.task_list():
            if tid == task_id and pkg != self.launcher.package:
                self.tasks.pop(pkg, None)
                if self.foreground == pkg:
                    self.foreground = self.launcher.package
                self.touch()
                return True
        return False

    # ------------------------------------------------------------------ navigation (used by apps)
    def push(self, screen: Screen[Any]) -> None:
        pkg = screen.app.package
        self.tasks.setdefault(pkg, []).append(screen)
        self.foreground = pkg
        self.task_list()  # a new task gets its id now
        self.touch()

    def back(self) -> None:
        stack = self.tasks.get(self.foreground, [])
        if self.foreground == self.launcher.package:
            return
        if stack:
            stack.pop()
        if not stack:
            self.tasks.pop(self.foreground, None)
            self.foreground = self.launcher.package
        self.touch()

    def home(self) -> None:
        self.foreground = self.launcher.package
        self.touch()

    def toast(self, text: str) -> None:
        self.toast_text = text

    def record(self, kind: str, detail: Mapping[str, Any]) -> None:
        """Log a committed action (what a scenario may want to assert beyond providers)."""
        self.log.append({"kind": kind, "ts": self.clock(), **detail})

    def launcher_icons(self) -> list[tuple[str, str]]:
        return [
            (a.package, a.label)
            for a in self.apps.values()
            if a is not self.launcher and self.pm.get(a.package) is not None
        ]

    # ------------------------------------------------------------------ activities and intents
    @locked
    @locked
    def current(self) -> tuple[str, str]:
        return self.foreground, self.top.activity_name

    @locked
    def start(self, package: str, activity: str | None = None) -> bool:
        """Start an app (monkey / ``am start -n``); an existing task is brought to front."""
        if self.pm.get(package) is None:
            return False
        app = self.apps.get(package)
        if app is None:
            app = self.apps[package] = BlankApp(cast("DeviceState", self), package)
        if activity and activity.startswith("."):
            activity = package + activity
        main_act = app.main(app).activity_name
        if (activity is None or activity == main_act) and self.tasks.get(package):
            self.foreground = package
            self.touch()
            return True
        screen = app.launch(activity)
        if screen is None:
            return False
        if package == self.launcher.package:
            self.tasks[package] = [screen]
            self.foreground = package
            self.touch()
        else:
            self.push(screen)
        return True

    @locked
    def start_intent(self, intent: Intent) -> bool:
        """Resolve and start an intent; False if no activity handles it."""
        pkg, act = intent.target
        if intent.component and pkg:
            return self.start(pkg, act)
        if intent.action in (None, ACTION_MAIN) and (
            CATEGORY_LAUNCHER in intent.categories or not intent.data
        ):
            return self.start(pkg) if pkg else False
        candidates = [self.apps[pkg]] if pkg and pkg in self.apps else list(self.apps.values())
        for app in candidates:
            if self.pm.get(app.package) is None:
                continue
            screen = app.handle(intent)
            if screen is not None:
                self.push(screen)
                return True
        return False

    @locked
    def am_start(self, argv: list[str]) -> tuple[str, int]:
        """``am start [options] <INTENT>``: output and exit code as the real ``am``."""
        try:
            intent = parse_intent(argv)
        except IntentError as exc:
            return f"Error: {exc}\n", 1
        out = f"Starting: {intent.describe()}\n"
        pkg, act = intent.target
        if "-S" in argv and pkg and self.pm.get(pkg) is not None:
            self.force_stop(pkg)  # -S: force-stop the target app before starting it
        running = set(self.tasks)
        if intent.component and (
            pkg is None or self.pm.get(pkg) is None or not self.start(pkg, act)
        ):
            return out + f"Error type 3\nError: Activity class {{{pkg}/{act}}} does not exist.\n", 1
        if not intent.component and not self.start_intent(intent):
            return out + f"Error: Activity not started, unable to resolve {intent.describe()}\n", 1
        if "-W" in argv:  # wait for launch: am prints the launch result
            fg, activity = self.current()
            out += (
                f"Status: ok\nLaunchState: {'HOT' if fg in running else 'COLD'}\n"
                f"Activity: {fg}/{activity}\n"
                "TotalTime: 212\nWaitTime: 215\nComplete\n"
            )
        return out, 0

    @locked
    def force_stop(self, package: str) -> None:
        if package == self.launcher.package:
            return
        self.tasks.pop(package, None)
        if self.foreground == package:
            self.foreground = self.launcher.package
        self.touch()

    # convenience entry points the apps use for cross-app intents
    def open_sms_compose(self, address: str, body: str) -> None:
        self.start_intent(
            Intent(
                action="android.intent.action.SENDTO",
                data=f"smsto:{address}",
                extras={"sms_body": body},
            )
        )

    def open_mail_compose(self, to: str, subject: str, body: str) -> None:
        self.start_intent(
            Intent(
                action="android.intent.action.SENDTO",
                data=f"mailto:{to}",
                extras={"android.intent.extra.SUBJECT": subject, "android.intent.extra.TEXT": body},
            )
        )

    # ------------------------------------------------------------------ packages
    @locked
    def packages(self, *, system: bool | None = None) -> list[str]:
        return self.pm.names(system=system)

    @locked
    def package_path(self, package: str) -> str | None:
        info = self.pm.get(package)
        return info.apk_path if info else None

    @locked
    def install(
        self, package: str, apk_path: str | None = None, *, permissions: tuple[str, ...] = ()
    ) -> bool:
        existing = self.pm.get(package)
        if existing is not None:
            existing.version_code += 1  # pm install -r: a reinstall keeps data
            return True
        self.pm.add(PackageInfo(package, requested=set(permissions), apk_path=apk_path or ""))
        self.touch()
        return True

    @locked
    def uninstall(self, package: str) -> bool:
        if not self.pm.remove(package):
            return False
        self.force_stop(package)
        self.touch()
        return True

    @locked
    def grant(self, package: str, permission: str) -> bool:
        return self.pm.grant(package, permission)

    @locked
    def revoke(self, package: str, permission: str) -> bool:
        return self.pm.revoke(package, permission)
