"""Compact screens for offline case files: a small widget tree that renders to the uiautomator2
dump a GUI event carries.

A case file may give a GUI event ``context.screen`` (this tree) instead of ``context.screen_xml``
(the dump itself); host_pep's case loader finds :func:`render` through the
``droidgate.case_screens`` entry point and puts the dump in ``screen_xml`` before anything
decides, so the PEP sees exactly what a device would have sent (host_pep never imports Android
code). The bytes are written by :mod:`android_bridge.events.uixml`, the same writer tests and
benchmarks build screens with; docs/contracts.md ("Compact screens") describes the format.

```yaml
screen:
  package: com.android.contacts          # the app in front (its window comes first)
  nodes:                                 # its widgets, in a LinearLayout under the window root
    - {label: name, text: Alice Johnson, top: 200}
    - {field: search, hint: Search, top: 400, focused: true}
    - {button: edit, text: Edit, top: 2050}
    - {class: ImageView, id: avatar, desc: Photo, bounds: [60, 700, 300, 940], clickable: true}
```

Three shorthands are the widgets of a form (``uixml.label``, ``field_`` and ``button``: a full-
width text line 100 px high, a full-width input 140 px high that shows its hint while empty, a
right-aligned button 120 px high); any other widget is spelled out with its class, bounds and
flags, and may hold ``children``. A short class (no dot) is ``android.widget.<class>``; a short
id (no colon) is ``<package>:id/<id>``.

``background: corpus:<id>`` puts the windows of a real screen (android_bridge/screen_corpus.py)
under the case's own, so the engine decides the case amid real noise: the real app's strings are
observed, its fields and buttons are there to be found. The case's app stays the app in front.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from lxml import etree
from pydantic import BaseModel, ConfigDict, Discriminator, Field, StringConstraints, Tag

from android_bridge.events.uixml import DECL, W, button, dump, field_, label, status_bar, windows
from android_bridge.screen_corpus import REFERENCE, resolve

Bounds = tuple[int, int, int, int]
APP_CONTENT: Bounds = (0, 63, 1080, 2400)  # below the status bar, as uixml.app_screen lays it out
FULL_SCREEN: Bounds = (0, 0, 1080, 2400)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Label(_Strict):
    """A line of text: ``{label: ID, text, top}``."""

    label: str = Field(description="resource id (short: <package>:id/<label>)")
    text: str
    top: int

    def widget(self, package: str) -> W:
        return label(package, self.label, self.text, top=self.top)


class InputField(_Strict):
    """A text input: ``{field: ID, hint, text, top, focused, password}``; empty, it shows its hint."""

    field: str = Field(description="resource id (short: <package>:id/<field>)")
    hint: str
    text: str = ""
    top: int
    focused: bool = False
    password: bool = False

    def widget(self, package: str) -> W:
        return field_(
            package,
            self.field,
            self.hint,
            self.text,
            top=self.top,
            focused=self.focused,
            password=self.password,
        )


class Button(_Strict):
    """A button: ``{button: ID, text, top, desc}`` (``top`` defaults to the bottom bar, 2200)."""

    button: str = Field(description="resource id (short: <package>:id/<button>)")
    text: str
    top: int = 2200
    desc: str = ""

    def widget(self, package: str) -> W:
        return button(package, self.button, self.text, top=self.top, desc=self.desc)


class Widget(_Strict):
    """Any other node, spelled out; defaults are those of a plain full-screen FrameLayout."""

    cls: str = Field(default="FrameLayout", alias="class")
    text: str = ""
    id: str = ""
    desc: str = ""
    hint: str = ""
    bounds: Bounds = FULL_SCREEN
    clickable: bool = False
    focusable: bool = False
    focused: bool = False
    password: bool = False
    checked: bool = False
    children: list[Node] = Field(default_factory=list)

    def widget(self, package: str) -> W:
        return W(
            self.cls if "." in self.cls else f"android.widget.{self.cls}",
            text=self.text,
            rid=self.id if not self.id or ":" in self.id else f"{package}:id/{self.id}",
            desc=self.desc,
            hint=self.hint,
            bounds=self.bounds,
            clickable=self.clickable,
            focusable=self.focusable,
            focused=self.focused,
            password=self.password,
            checked=self.checked,
            children=[c.widget(package) for c in self.children],
        )


def _kind(node: object) -> str:
    """Which node a mapping describes: the shorthand key it holds, else a spelled-out widget."""
    keys = node if isinstance(node, Mapping) else vars(node)
    return next((k for k in ("label", "field", "button") if k in keys), "widget")


Node = Annotated[
    Annotated[Label, Tag("label")]
    | Annotated[InputField, Tag("field")]
    | Annotated[Button, Tag("button")]
    | Annotated[Widget, Tag("widget")],
    Discriminator(_kind),
]
Widget.model_rebuild()


class Window(_Strict):
    """One window: its package and widgets. ``content`` is the LinearLayout that holds ``nodes``
    under the window root (``null``: they sit on the root itself, as on a launcher)."""

    package: str
    nodes: list[Node] = Field(default_factory=list)
    content: Bounds | None = APP_CONTENT

    def root(self) -> tuple[str, W]:
        widgets = [n.widget(self.package) for n in self.nodes]
        if self.content is not None:
            widgets = [W("android.widget.LinearLayout", bounds=self.content, children=widgets)]
        return self.package, W(children=widgets)


class Screen(Window):
    """The app window, then ``windows`` drawn above it (a notification shade…), then the windows
    of a real screen as ``background``, then the status bar showing ``clock`` (``null``: none)."""

    windows: list[Window] = Field(default_factory=list)
    background: Annotated[str, StringConstraints(pattern=r"^corpus:[a-z0-9][a-z0-9-]*$")] | None = (
        Field(
            default=None,
            description="corpus:<id>: a real screen (tests/data/screens) shown beside the app",
        )
    )
    clock: str | None = "12:30"

    def xml(self) -> str:
        roots = [self.root(), *(w.root() for w in self.windows)]
        if self.background is None:
            if self.clock is not None:
                roots.append(status_bar(self.clock))
            return dump(*roots)
        bar = windows(status_bar(self.clock)) if self.clock is not None else ""
        return (
            f'{DECL}\r\n<hierarchy rotation="0">{windows(*roots)}'
            f"{real_windows(self.background)}{bar}\r\n</hierarchy>"
        )


_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)


def real_windows(reference: str) -> str:
    """The window elements of the corpus screen ``reference`` names, as that dump wrote them (in
    the serialiser's form: an element per window root, each at the indentation of a window).

    The case's own app stays the app in front (its window comes first), so the background adds
    what a real screen adds: strings that are observed, widgets a selector can find and a tap can
    land on, windows of other packages."""
    if not reference.startswith(REFERENCE):
        raise ValueError(f"a background is {REFERENCE}<id>, not {reference!r}")
    root = etree.fromstring(resolve(reference).encode("utf-8"), _PARSER)
    return "".join(
        "\r\n  " + etree.tostring(window, encoding="unicode", with_tail=False)
        for window in root.iterchildren("node")
    )


def render(screen: Mapping[str, object]) -> str:
    """The uiautomator2 dump of a compact screen; a malformed one raises pydantic's
    ``ValidationError`` (a ``ValueError``) naming the field."""
    return Screen.model_validate(screen).xml()
