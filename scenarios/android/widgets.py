"""How a scripted GUI agent finds a widget in the screen XML the bridge returned (as an
AndroidWorld-style agent would: by resource-id, text or content-description)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lxml import etree

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


class WidgetNotFound(LookupError):
    pass


@dataclass(frozen=True)
class Widget:
    resource_id: str
    text: str
    desc: str
    bounds: tuple[int, int, int, int]
    package: str

    @property
    def center(self) -> tuple[int, int]:
        x1, y1, x2, y2 = self.bounds
        return (x1 + x2) // 2, (y1 + y2) // 2


def _widget(node: Any) -> Widget:
    m = _BOUNDS.match(node.get("bounds", ""))
    bounds = tuple(int(v) for v in m.groups()) if m else (0, 0, 0, 0)
    return Widget(
        resource_id=node.get("resource-id", ""),
        text=node.get("text", ""),
        desc=node.get("content-desc", ""),
        bounds=bounds,  # type: ignore[arg-type]
        package=node.get("package", ""),
    )


def find(xml: str, spec: dict[str, Any]) -> Widget:
    """The ``index``-th node matching ``id`` (resource-id or its ``:id/`` suffix), ``text``,
    ``text_contains`` or ``desc``; raises WidgetNotFound naming what was looked for."""
    root = etree.fromstring(xml.encode("utf-8"))
    found = []
    for node in root.iter("node"):
        rid = node.get("resource-id", "")
        if "id" in spec and rid != spec["id"] and not rid.endswith(":id/" + spec["id"]):
            continue
        if "text" in spec and node.get("text", "") != spec["text"]:
            continue
        if "text_contains" in spec and spec["text_contains"] not in node.get("text", ""):
            continue
        if "desc" in spec and node.get("content-desc", "") != spec["desc"]:
            continue
        found.append(node)
    index = int(spec.get("index", 0))
    if index >= len(found):
        what = {k: v for k, v in spec.items() if k != "as"}
        raise WidgetNotFound(f"no widget {what} on the screen ({len(found)} matches)")
    return _widget(found[index])


def widget_at(xml: str, x: float, y: float) -> Widget | None:
    """The smallest clickable widget under a point (what a tap there hits)."""
    root = etree.fromstring(xml.encode("utf-8"))
    best: tuple[int, Any] | None = None
    for node in root.iter("node"):
        if node.get("clickable") != "true":
            continue
        m = _BOUNDS.match(node.get("bounds", ""))
        if not m:
            continue
        x1, y1, x2, y2 = (int(v) for v in m.groups())
        if x1 <= x < x2 and y1 <= y < y2:
            area = (x2 - x1) * (y2 - y1)
            if best is None or area <= best[0]:
                best = (area, node)
    return _widget(best[1]) if best else None
