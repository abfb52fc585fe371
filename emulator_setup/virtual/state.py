"""``DeviceState``: everything app-side about one virtual device (docs/contracts.md §4).

The transport, shell and uiautomator2 server call only this object. It owns:

* the screens: a back stack per app (task), the launcher, the status bar; the hierarchy XML is
  cached per screen revision (``revision`` bumps on every state change);
* the content providers Android ships (``providers``: contacts, call log, calendar, telephony,
  settings, media, behind the ``content`` command), each over its database file; the apps'
  private databases (``app_databases``, by on-device path); the virtual web (``web``: pages and
  the shop's catalogue, not on the phone); settings (``settings_db``), packages and permissions
  (``pm``), the clipboard, and a log of committed actions (``log``: sent mail, uploads,
  payments, calls, factory resets) for tests and scenarios;
* ``fs``: the device filesystem, **one object shared with the sync/shell code**. It is
  ``emulator_setup.virtual.filesystem.FileSystem`` (path -> entry with bytes, mode, mtime;
  ``read``/``write``/``listdir``/``remove``/``mkdirs``, /sdcard aliases normalised). The Files app
  lists and reads it, Markor saves notes into it, seeding pushes fixture files into it. Pass the
  transport's instance as ``DeviceState(fs=...)`` or use the one this object creates.

Beyond the contract: ``windows()``, ``exists``, ``get_text``, ``paste``/``copy``/``clear_focused``,
``screenshot_jpeg``/``screenshot_base64`` (takeScreenshot), ``am_start(argv)`` (whole ``am start``),
``start_intent``, ``package_path``, ``factory_reset``, ``clear_data`` (``pm clear``),
``receive_sms``/``receive_mail`` (also via ``am broadcast -a com.droidgate.SMS_RECEIVED|
MAIL_RECEIVED``), ``dial``/``call_state``, ``revision`` and ``log``. Widget resource-ids are a seam
too: scenarios script against them (scenarios/android/skills.py).

Thread safety: every public method holds one re-entrant lock, so the asyncio server and test
threads can share a device.

Errors: selector-based text methods raise ``UiObjectNotFoundError`` when nothing matches (the
server maps it to ``uiautomator.UiObjectNotFoundException``); malformed selectors raise
``SelectorError``. Shell-style commands (``content``, ``settings``, ``broadcast``, ``am_start``)
return ``(output, exit_code)`` and never raise on bad input.
"""

from __future__ import annotations

import base64
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, cast

from .apps import app_classes
from .apps.activity_manager import ActivityManager
from .apps.base import App, Screen
from .apps.blank import BlankApp
from .apps.dialer import Dialer
from .apps.grants import Grants
from .apps.intents import ACTION_DIAL, Intent
from .apps.launcher import Launcher
from .apps.locking import locked
from .apps.packages import PackageInfo, PackageManager
from .apps.settings_store import SettingsStore
from .apps.shell_commands import MAIL_RECEIVED, SMS_RECEIVED, ShellCommands
from .apps.statusbar import status_bar
from .clock import DeviceClock
from .database import Database
from .filesystem import FileSystem
from .providers import Providers
from .ui import hierarchy
from .ui.interact import hit_test, object_info, scroll_target
from .ui.node import Node, finalize
from .ui.selector import SelectorError, find
from .web import Web

__all__ = ["MAIL_RECEIVED", "SMS_RECEIVED", "DeviceState", "SelectorError", "UiObjectNotFoundError"]


class UiObjectNotFoundError(LookupError):
    """No node matches the selector (uiautomator's UiObjectNotFoundException)."""


# Key names uiautomator2 sends to pressKey, and Android keycodes (KeyEvent.KEYCODE_*).
KEYCODES = {
    "home": 3,
    "back": 4,
    "call": 5,
    "endcall": 6,
    "up": 19,
    "down": 20,
    "left": 21,
    "right": 22,
    "center": 23,
    "volume_up": 24,
    "volume_down": 25,
    "power": 26,
    "camera": 27,
    "tab": 61,
    "space": 62,
    "enter": 66,
    "del": 67,
    "delete": 67,
    "menu": 82,
    "search": 84,
    "volume_mute": 164,
    "recent": 187,
    "app_switch": 187,
    "forward_del": 112,
    "paste": 279,
    "copy": 278,
    "cut": 277,
    "escape": 111,
    "wakeup": 224,
    "sleep": 223,
    "ctrl_left": 113,
    "ctrl_right": 114,
    "shift_left": 59,
    "shift_right": 60,
}
_CODE_NAMES = {v: k for k, v in KEYCODES.items()}
_CODE_NAMES[67] = "del"
_CODE_NAMES[187] = "recent"


class DeviceState(ActivityManager, ShellCommands):
    def __init__(
        self,
        *,
        serial: str = "emulator-5554",
        fs: FileSystem | None = None,
        fixture: str | Mapping[str, Any] | None = "default",
        width: int = 1080,
        height: int = 2400,
        sdk: int = 34,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.serial = serial
        self.width, self.height, self.sdk = width, height, sdk
        self._rotation = 0
        self._toast = ""
        self.fs = fs if fs is not None else FileSystem()
        self.clock = DeviceClock(clock)
        self.timezone = "UTC"
        self.settings_db = SettingsStore()
        self.providers = Providers(self.fs, self.settings_db, self.clock)
        self.web = Web()
        self.app_databases: dict[str, Database] = {}
        self.pm = PackageManager()
        self.clipboard = ""
        self.screen_on = True
        self.log: list[dict[str, Any]] = []
        self._lock = threading.RLock()
        self._revision = 0
        self._roots_key: Any = None
        self._roots: list[Node] = []
        self._xml_cache: dict[tuple[Any, int, bool], hierarchy.Document] = {}
        self._shot: tuple[Any, Any, dict[str, bytes]] | None = None
        self.launcher = Launcher(self)
        self.apps: dict[str, App] = {self.launcher.package: self.launcher}
        for cls in app_classes():
            self.apps[cls.package] = cls(self)
            for path, schema in cls.storage:
                self.app_databases[path] = Database(path, schema)
                self.fs.mount(path, self.app_databases[path])
        for app in self.apps.values():
            self.pm.add(
                PackageInfo(
                    app.package, system=app is self.launcher, requested=set(app.permissions)
                )
            )
        self.tasks: dict[str, list[Screen[Any]]] = {
            self.launcher.package: [self.launcher.main(self.launcher)]
        }
        self.foreground = self.launcher.package
        self.task_ids: dict[str, int] = {}
        self.selection: tuple[int, str | None] | None = None
        """(screen, field) whose whole text Ctrl+A selected."""
        self.grants = Grants(self.settings_db, self.pm, self.launcher.package)
        if fixture is not None:
            from ..fixtures import load_fixture

            self.seed(load_fixture(fixture) if isinstance(fixture, str) else fixture)

    # ------------------------------------------------------------------ screens and caching
    # Both are set directly by the uiautomator2 server (setOrientation, clearLastToast); a change
    # must invalidate the cached screen.
    @property
    def rotation(self) -> int:
        return self._rotation

    @rotation.setter
    def rotation(self, value: int) -> None:
        self._rotation = int(value) % 4
        self.touch()

    @property
    def toast_text(self) -> str:
        return self._toast

    @toast_text.setter
    def toast_text(self, value: str) -> None:
        if value != self._toast:
            self._toast = value
            self.touch()

    @property
    def revision(self) -> int:
        return self._revision

    def touch(self) -> None:
        """Mark the screen dirty: something it shows may have changed."""
        self._revision += 1

    def _windows(self) -> list[Node]:
        top = self.top
        minute = int(self.clock() // 60)
        key = (self._revision, self._data_version(), id(top), top.stamp(), minute)
        if key != self._roots_key:
            app_root = top.tree()
            finalize(app_root, (0, 0, self.width, self.height))
            bar = status_bar(self.width, self.settings_db, self.clock())
            finalize(bar, (0, 0, self.width, self.height))
            self._roots = [app_root, bar]
            self._roots_key = key
            self._xml_cache.clear()
        return self._roots

    def _data_version(self) -> int:
        """Changes when any database a screen may show was written (by an app, a provider
        call, ``sqlite3`` or an ``adb push`` of the file)."""
        return self.providers.version + sum(db.version for db in self.app_databases.values())

    @locked
    def windows(self) -> list[Node]:
        """Window roots: the foreground app's window, then the status bar."""
        return list(self._windows())

    def _document(self, max_depth: int, root_in_active: bool) -> hierarchy.Document:
        roots = self._windows()
        ck = (self._roots_key, int(max_depth), bool(root_in_active))
        doc = self._xml_cache.get(ck)
        if doc is None:
            doc = hierarchy.document(
                roots[:1] if root_in_active else roots, self.rotation, int(max_depth)
            )
            self._xml_cache[ck] = doc
        return doc

    @locked
    def hierarchy_xml(self, max_depth: int = 50, root_in_active: bool = False) -> str:
        return self._document(max_depth, root_in_active).xml

    @locked
    def hierarchy_json(self, max_depth: int = 50, root_in_active: bool = False) -> list[bytes]:
        """``json.dumps(self.hierarchy_xml(...)).encode()`` in pieces (cached per node)."""
        return self._document(max_depth, root_in_active).json_parts

    def _before_input(self) -> None:
        self.toast_text = ""  # a toast disappears at the next interaction

    # ------------------------------------------------------------------ input
    @locked
    def click(self, x: float, y: float) -> bool:
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return False
        self._before_input()
        node = hit_test(self._windows()[0], x, y)
        if node is not None and node.on_click is not None:
            node.on_click()
            self.touch()
        return True

    @locked
    def long_click(self, x: float, y: float) -> bool:
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return False
        self._before_input()
        node = hit_test(self._windows()[0], x, y, long=True)
        if node is not None:
            if node.on_long_click is not None:
                node.on_long_click()
            elif node.editable:
                self.top.set_focus(node.key)
            self.touch()
        return True

    @locked
    def swipe(self, x1: float, y1: float, x2: float, y2: float, steps: int = 10) -> bool:
        del steps
        self._before_input()
        if abs(y2 - y1) < abs(x2 - x1):
            return True  # horizontal swipes do nothing in these apps
        node = scroll_target(self._windows()[0], x1, y1)
        if node is not None and node.on_scroll is not None and node.on_scroll(int(y1 - y2)):
            self.touch()
        return True

    @locked
    def find(self, selector: Mapping[str, Any]) -> list[Node]:
        """Nodes in the active window matching a uiautomator2 selector."""
        return find(self._windows()[:1], selector)

    @locked
    def exists(self, selector: Mapping[str, Any]) -> bool:
        return bool(self.find(selector))

    def object_info(self, node: Node) -> dict[str, Any]:
        return object_info(node)

    def _one(self, selector: Mapping[str, Any]) -> Node:
        nodes = self.find(selector)
        if not nodes:
            raise UiObjectNotFoundError(f"UiSelector{dict(selector)}")
        return nodes[0]

    @locked
    def get_text(self, selector: Mapping[str, Any]) -> str:
        return self._one(selector).text

    @locked
    def set_text(self, selector: Mapping[str, Any], text: str) -> bool:
        node = self._one(selector)
        if not node.editable:
            return False
        self._before_input()
        self.top.values[node.key] = text
        self.top.set_focus(node.key)
        self.touch()
        return True

    @locked
    def clear_text(self, selector: Mapping[str, Any]) -> bool:
        return self.set_text(selector, "")

    @locked
    def input_text(self, text: str) -> None:
        """Type into the focused field (``input text``, the IME, a clipboard paste); typing
        over a selection replaces it."""
        self._before_input()
        top = self.top
        if top.focus is None:
            return
        kept = "" if self._take_selection() else top.values.get(top.focus, "")
        top.values[top.focus] = kept + text
        self.touch()

    def _take_selection(self) -> bool:
        """Whether the focused field's whole text was selected (Ctrl+A); the selection ends."""
        top = self.top
        selected = self.selection is not None and self.selection == (id(top), top.focus)
        self.selection = None
        return selected

    @locked
    def press_combination(self, keys: list[str | int]) -> bool:
        """``input keycombination``: keys held together. Ctrl+A selects the focused field's
        text, Ctrl+C/X/V copy, cut and paste; other chords press their last key."""
        names = [self._key_name(k) for k in keys]
        if None in names:
            return False
        ctrl = {"ctrl_left", "ctrl_right"} & {n for n in names if n}
        rest = [n for n in names if n not in ("ctrl_left", "ctrl_right")]
        top = self.top
        if ctrl and rest == ["a"]:
            self.selection = (id(top), top.focus) if top.focus is not None else None
            return True
        if ctrl and rest in (["c"], ["x"], ["v"]):
            return self.press_key({"c": "copy", "x": "cut", "v": "paste"}[str(rest[0])])
        return self.press_key(str(rest[-1])) if rest else True

    @locked
    def copy(self, text: str) -> None:
        """Put text on the clipboard, as the selection menu's Copy does."""
        self.clipboard = text
        self.toast("Copied to clipboard")

    @locked
    def clear_focused(self) -> None:
        top = self.top
        if top.focus is not None and top.values.get(top.focus):
            top.values[top.focus] = ""
            self.touch()

    @locked
    def paste(self) -> None:
        self.input_text(self.clipboard)

    @locked
    def press_key(self, key: str | int, meta: int = 0) -> bool:
        del meta
        name = self._key_name(key)
        if name is None:
            return False
        self._before_input()
        top = self.top
        if name == "back":
            self.back()
        elif name == "home":
            self.home()
        elif name in ("enter", "center"):
            if top.on_enter():
                self.touch()
            elif name == "enter":
                self._enter_default()
        elif name == "del":
            if top.focus is not None:
                text = top.values.get(top.focus, "")
                top.values[top.focus] = "" if self._take_selection() else text[:-1]
                self.touch()
        elif name == "tab":
            self._focus_next()
        elif name == "paste":
            self.paste()
        elif name in ("copy", "cut"):
            if top.focus is not None:
                self.clipboard = top.values.get(top.focus, "")
                if name == "cut":
                    top.values[top.focus] = ""
                    self.touch()
        elif name == "space":
            self.input_text(" ")
        elif name == "call":
            self.dialer.call_key()
        elif name == "endcall":
            self.dialer.end_call()
        elif name == "power":
            self.screen_on = not self.screen_on
        elif name == "wakeup":
            self.screen_on = True
        elif name == "sleep":
            self.screen_on = False
        elif len(name) == 1:
            self.input_text(name)
        return True

    @staticmethod
    def _key_name(key: str | int) -> str | None:
        if isinstance(key, bool) or not isinstance(key, int | float | str):
            return None
        if isinstance(key, float):
            key = int(key)
        if isinstance(key, int) or key.isdigit():
            code = int(key)
            if 7 <= code <= 16:
                return str(code - 7)
            if 29 <= code <= 54:
                return chr(ord("a") + code - 29)
            return _CODE_NAMES.get(code, f"keycode_{code}" if 0 < code < 400 else None)
        k = key.lower().removeprefix("keycode_")
        if k in KEYCODES:
            return k
        if len(k) == 1 and k.isalnum():
            return k
        if k in ("dpad_up", "dpad_down", "dpad_left", "dpad_right", "dpad_center"):
            return k.removeprefix("dpad_")
        return None

    def _enter_default(self) -> None:
        """The IME's Enter: a newline in a multi-line field, else "next" to the following field."""
        top = self.top
        field = next(
            (n for n in self._windows()[0].walk() if n.editable and n.key == top.focus), None
        )
        if field is None:
            return
        if field.multiline:
            self.input_text("\n")
        else:
            self._focus_next(wrap=False)  # on the last field the IME action is "done"

    def _focus_next(self, *, wrap: bool = True) -> None:
        keys = [n.key for n in self._windows()[0].walk() if n.editable]
        if keys:
            top = self.top
            i = keys.index(top.focus) + 1 if top.focus in keys else 0
            if i >= len(keys) and not wrap:
                return
            top.set_focus(keys[i % len(keys)])
            self.touch()

    # ------------------------------------------------------------------ screenshots
    def _image(self) -> Any:
        from .ui.render import render_image

        self._windows()
        if self._shot is None or self._shot[0] != self._roots_key:
            self._shot = (self._roots_key, render_image(self._roots, self.width, self.height), {})
        return self._shot

    @locked
    def screenshot_png(self) -> bytes:
        """``screencap -p``: the screen rendered to PNG (cached per screen revision)."""
        from .ui.render import to_png

        _, img, encoded = self._image()
        if "png" not in encoded:
            encoded["png"] = to_png(img)
        return bytes(encoded["png"])

    @locked
    def screenshot_jpeg(self, quality: int = 80, scale: float = 1.0) -> bytes:
        from .ui.render import to_jpeg

        _, img, encoded = self._image()
        key = f"jpeg:{int(quality)}:{float(scale)}"
        if key not in encoded:
            encoded[key] = to_jpeg(img, quality=quality, scale=scale)
        return bytes(encoded[key])

    def screenshot_base64(self, quality: int = 80, scale: float = 1.0) -> str:
        """``takeScreenshot`` result: base64 JPEG wrapped at 76 columns (Base64.DEFAULT)."""
        return base64.encodebytes(self.screenshot_jpeg(quality, scale)).decode("ascii")

    @locked
    def factory_reset(self) -> None:
        """Settings' "Erase all data": user data, user files, settings and user apps are gone.

        The shop's catalogue and web pages are not user data (they live "online") and stay.
        """
        self.record("settings.factory_reset", {})
        self.providers.clear()
        for db in self.app_databases.values():
            db.clear()
        for name, entry in list(self.fs.listdir("/sdcard")):
            path = f"/sdcard/{name}"
            if entry.is_dir:
                for child, _ in list(self.fs.listdir(path)):
                    self.fs.remove(f"{path}/{child}", recursive=True)
            else:
                self.fs.remove(path)
        self.settings_db.reset()
        self.grants.reset()
        for pkg in self.pm.names(system=False):
            if pkg not in self.apps:
                self.pm.remove(pkg)
        fresh: dict[str, App] = {}
        for pkg, app in self.apps.items():
            if not isinstance(app, BlankApp):
                fresh[pkg] = type(app)(self)  # app-private state (cart, saved Wi-Fi) is wiped too
            elif self.pm.get(pkg) is not None:
                fresh[pkg] = app
        self.apps = fresh
        self.launcher = Launcher(self)
        self.apps[self.launcher.package] = self.launcher
        self.clipboard = ""
        self.tasks = {self.launcher.package: [self.launcher.main(self.launcher)]}
        self.foreground = self.launcher.package
        self.touch()

    @property
    def dialer(self) -> Dialer:
        return cast("Dialer", self.apps[Dialer.package])

    def call_state(self) -> int:
        """TelephonyManager's call state: 0 idle, 1 ringing, 2 off-hook."""
        app = self.apps.get(Dialer.package)
        return app.call_state if isinstance(app, Dialer) else 0

    def dial(self, number: str) -> None:
        """A tap on a phone number: the dial pad with the number typed (ACTION_DIAL)."""
        self.start_intent(Intent(action=ACTION_DIAL, data=f"tel:{number}"))

    @locked
    def clear_data(self, package: str) -> bool:
        """``pm clear``: the package's private databases (or its provider's) are emptied."""
        if self.pm.get(package) is None:
            return False
        self.providers.clear(package)
        cls = type(self.apps[package]) if package in self.apps else None
        for path, _ in getattr(cls, "storage", ()):
            self.app_databases[path].clear()
        if package in self.apps and not isinstance(self.apps[package], BlankApp):
            self.apps[package] = type(self.apps[package])(self)
        self.force_stop(package)
        self.touch()
        return True

    # ------------------------------------------------------------------ data
    @locked
    def seed(self, fixture: Mapping[str, Any]) -> None:
        """Load fixture data (the shape of ``emulator_setup/fixtures/*.yaml``) directly, into
        the stores each kind of data lives in on a phone (``emulator_setup.fixtures.plan``)."""
        from ..fixtures import plan
        from .seed import load

        load(self, plan(fixture))
        self.touch()
