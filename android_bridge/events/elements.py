"""A compact element list of a screen: what an agent needs to act, without the raw XML.

One entry per widget that shows something or can be acted on (text, content-desc, clickable,
editable, scrollable containers are skipped unless labelled); password values are never shown.
The same list is what ``GET …/screen`` and MCP ``get_screen`` return, so selectors built from it
(``{"resourceId": …}``, ``{"text": …}``) name exactly these widgets.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from android_bridge.events.screen import SYSTEM_UI_PACKAGE, Node, ParsedScreen

MAX_ELEMENTS = 300
MAX_TEXT = 500
HIDDEN = "•••"


class Element(BaseModel):
    text: str = ""
    id: str = ""
    """resource-id (``com.app:id/save``); select it with ``{"resourceId": id}``."""
    description: str = ""
    hint: str = ""
    cls: str = Field(default="", serialization_alias="class")
    bounds: list[int] = Field(default_factory=list)
    """[left, top, right, bottom] in screen pixels."""
    center: list[int] = Field(default_factory=list)
    clickable: bool = False
    editable: bool = False
    focused: bool = False
    checked: bool = False
    password: bool = False
    enabled: bool = True
    package: str = ""


def _element(node: Node) -> Element | None:
    value = HIDDEN if node.password and node.value else node.value
    if not (value or node.description or node.clickable or node.editable):
        return None
    return Element(
        text=value[:MAX_TEXT],
        id=node.resource_id,
        description=node.description[:MAX_TEXT],
        hint=node.hint[:MAX_TEXT] if node.editable else "",
        cls=node.class_name,
        bounds=list(node.bounds),
        center=list(node.center),
        clickable=node.clickable,
        editable=node.editable,
        focused=node.focused,
        checked=node.checked,
        password=node.password,
        enabled=node.enabled,
        package=node.package,
    )


def elements(screen: ParsedScreen, *, limit: int = MAX_ELEMENTS) -> list[Element]:
    """The screen's widgets in document order, status bar left out, at most ``limit``."""
    out: list[Element] = []
    for node in screen.nodes:
        if node.package == SYSTEM_UI_PACKAGE:
            continue
        el = _element(node)
        if el is not None:
            out.append(el)
            if len(out) >= limit:
                break
    return out


def elements_json(screen: ParsedScreen) -> list[dict[str, Any]]:
    return [e.model_dump(by_alias=True) for e in elements(screen)]


def size(screen: ParsedScreen) -> tuple[int, int]:
    """(width, height) of the display, from the widest window root."""
    width = height = 0
    for i in screen.window_starts:
        _, _, right, bottom = screen.nodes[i].bounds
        width, height = max(width, right), max(height, bottom)
    return width, height
