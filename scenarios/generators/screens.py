"""Real-format uiautomator2 screen XML for GUI cases, built with the virtual device's own node
model and serializer (``emulator_setup.virtual.ui``), so offline events carry exactly what the
live daemon dumps (protocol reference §5.5).

A screen is a toolbar title, rows of text (list items or details), editable fields and buttons,
stacked top-down in a 1080x2400 window of one app, plus the system status bar window (which can
show a notification). Only the layout is ours; attribute order, escaping and CRLF indentation
come from ``emulator_setup.virtual.ui.hierarchy.dump``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from emulator_setup.virtual.ui.hierarchy import dump
from emulator_setup.virtual.ui.node import (
    BUTTON,
    EDIT_TEXT,
    FRAME,
    LINEAR,
    SCROLL_VIEW,
    TEXT_VIEW,
    Node,
    display_text,
    finalize,
)

WIDTH, HEIGHT = 1080, 2400
STATUS_BAR = 63
SYSTEMUI = "com.android.systemui"

PACKAGES = {
    "contacts": "com.android.contacts",
    "sms": "com.simplemobiletools.smsmessenger",
    "mail": "com.google.android.gm",
    "calendar": "com.simplemobiletools.calendar.pro",
    "clock": "com.google.android.deskclock",
    "notes": "net.gsantner.markor",
    "finance": "com.rammigsoftware.bluecoins",
    "shopping": "com.amazon.mShop.android.shopping",
    "browser": "com.android.chrome",
    "files": "com.google.android.documentsui",
    "settings": "com.android.settings",
}


@dataclass(slots=True)
class Field:
    rid: str
    hint: str
    value: str = ""
    focused: bool = False
    password: bool = False


@dataclass(slots=True)
class Screen:
    app: str
    title: str
    rows: list[tuple[str, str]] = field(default_factory=list)  # (resource name, text)
    fields: list[Field] = field(default_factory=list)
    buttons: list[tuple[str, str]] = field(default_factory=list)  # (resource name, label)
    notification: str = ""

    @property
    def package(self) -> str:
        return PACKAGES[self.app]

    def xml(self) -> str:
        pkg = self.package

        def rid(name: str) -> str:
            return f"{pkg}:id/{name}" if name else ""

        y = STATUS_BAR
        body: list[Node] = []

        def place(node: Node, height: int) -> None:
            nonlocal y
            node.bounds = (42, y, WIDTH - 42, y + height)
            node.package = pkg
            body.append(node)
            y += height + 12

        place(Node(cls=TEXT_VIEW, resource_id=rid("toolbar_title"), text=self.title), 147)
        for name, text in self.rows:
            lines = max(1, -(-len(text) // 40)) + text.count("\n")
            place(Node(cls=TEXT_VIEW, resource_id=rid(name), text=text), min(57 * lines + 40, 600))
        for f in self.fields:
            place(
                Node(
                    cls=EDIT_TEXT,
                    resource_id=rid(f.rid),
                    hint=f.hint,
                    text=display_text(f.value, f.hint, f.password),
                    clickable=True,
                    focusable=True,
                    focused=f.focused,
                    password=f.password,
                    long_clickable=True,
                ),
                147,
            )
        for name, label in self.buttons:
            place(
                Node(cls=BUTTON, resource_id=rid(name), text=label, clickable=True, focusable=True),
                126,
            )
        scroll = Node(
            cls=SCROLL_VIEW,
            resource_id=rid("content"),
            package=pkg,
            scrollable=True,
            focusable=True,
            bounds=(0, STATUS_BAR, WIDTH, HEIGHT),
        )
        scroll.add(
            Node(
                cls=LINEAR, package=pkg, bounds=(0, STATUS_BAR, WIDTH, max(y, STATUS_BAR + 1))
            ).add(*body)
        )
        app_root = Node(cls=FRAME, package=pkg, bounds=(0, 0, WIDTH, HEIGHT)).add(scroll)
        bar = Node(cls=FRAME, package=SYSTEMUI, bounds=(0, 0, WIDTH, STATUS_BAR))
        bar.add(
            Node(
                cls=TEXT_VIEW,
                resource_id=f"{SYSTEMUI}:id/clock",
                package=SYSTEMUI,
                text="9:41",
                bounds=(42, 0, 200, STATUS_BAR),
            )
        )
        if self.notification:
            bar.add(
                Node(
                    cls=TEXT_VIEW,
                    resource_id="android:id/text",
                    package=SYSTEMUI,
                    text=self.notification,
                    bounds=(220, 0, WIDTH - 42, STATUS_BAR),
                )
            )
        for root in (app_root, bar):
            finalize(root, (0, 0, WIDTH, HEIGHT))
        return dump([app_root, bar])

    def center_of(self, name: str) -> tuple[int, int]:
        """Where a tap on the widget ``name`` lands (same stacking as ``xml``)."""
        y = STATUS_BAR + 147 + 12
        for rname, text in self.rows:
            lines = max(1, -(-len(text) // 40)) + text.count("\n")
            h = min(57 * lines + 40, 600)
            if rname == name:
                return WIDTH // 2, y + h // 2
            y += h + 12
        for f in self.fields:
            if f.rid == name:
                return WIDTH // 2, y + 147 // 2
            y += 147 + 12
        for rname, _ in self.buttons:
            if rname == name:
                return WIDTH // 2, y + 126 // 2
            y += 126 + 12
        raise KeyError(name)
