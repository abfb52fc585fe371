"""The shared base of the virtual apps: an ``App`` owns screens (activities) on a back stack;
a ``Screen`` builds its node tree from app state and its own form values.

Screens never mutate nodes: an interaction changes state (a form value, focus, a provider row),
the device marks the tree dirty, and the next read rebuilds it. Editable fields live in
``Screen.values`` keyed by field name, so typed text survives rebuilds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..database import Database
from ..ui.node import Node
from .intents import Intent
from .layout import Builder

if TYPE_CHECKING:
    from ..state import DeviceState


AppT = TypeVar("AppT", bound="App")


class Screen(Generic[AppT]):
    activity: ClassVar[str] = ""  # relative (".MainActivity") or fully qualified
    body: ClassVar[str] = "form"
    body_id: ClassVar[str] = ""

    def __init__(self, app: AppT) -> None:
        self.app: AppT = app
        self.values: dict[str, str] = {}
        self.focus: str | None = None
        self.scroll: dict[str, int] = {}

    @property
    def device(self) -> DeviceState:
        return self.app.device

    @property
    def activity_name(self) -> str:
        act = self.activity or ".MainActivity"
        return self.app.package + act if act.startswith(".") else act

    def set_focus(self, key: str | None) -> None:
        self.focus = key

    def value(self, key: str) -> str:
        return self.values.get(key, "").strip()

    def tree(self) -> Node:
        ui = Builder(self, body=self.body, body_id=self.body_id)
        self.build(ui)
        return ui.build()

    def build(self, ui: Builder) -> None:
        raise NotImplementedError

    def on_enter(self) -> bool:
        """The Enter key in this screen's focused field; True if it did something."""
        return False

    def stamp(self) -> Any:
        """Extra state outside the device's revision that this screen shows (e.g. files)."""
        return None


class App:
    package: ClassVar[str] = ""
    label: ClassVar[str] = ""
    permissions: ClassVar[tuple[str, ...]] = ()
    main: ClassVar[type[Screen[Any]]]
    screens: ClassVar[tuple[type[Screen[Any]], ...]] = ()  # other activities `am start -n` may open
    storage: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The app's private databases: (on-device path, schema). Nothing outside the app reads
    them but root (``sqlite3``, ``adb pull`` after ``adb root``), as on a phone."""

    def __init__(self, device: DeviceState) -> None:
        self.device = device

    @property
    def db(self) -> Database:
        """The app's (first) private database."""
        return self.device.app_databases[self.storage[0][0]]

    def now_ms(self) -> int:
        return int(self.device.clock() * 1000)

    # navigation helpers used by screens
    def open(self, screen: Screen[Any]) -> None:
        self.device.push(screen)

    def opener(self, screen: Callable[..., Screen[Any]], *args: Any) -> Callable[[], None]:
        """A click handler that opens ``screen(self, *args)``, built when clicked."""
        return lambda: self.open(screen(self, *args))

    def close(self) -> None:
        self.device.back()

    def launch(self, activity: str | None = None) -> Screen[Any] | None:
        """The screen for an explicit activity (None: the launcher activity)."""
        if not activity:
            return self.main(self)
        for cls in (self.main, *self.screens):
            act = cls.activity or ".MainActivity"
            full = self.package + act if act.startswith(".") else act
            if activity in (full, act):
                return cls(self)
        return None

    def handle(self, intent: Intent) -> Screen[Any] | None:
        """A screen for an implicit intent this app answers, or None."""
        return None
