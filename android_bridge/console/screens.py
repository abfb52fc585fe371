"""Screens as the console draws them: a recorded screen dump (a trace keeps the XML, not the
picture) as a wireframe of its widgets, their text masked as the audit masks it.

The picture of a live device comes from the device itself (a screenshot); what a trace holds is
what the PEP judged, so the session page shows that, box by box.
"""

from __future__ import annotations

from dataclasses import dataclass

from android_bridge.events.screen import parse_screen
from host_pep.audit.masking import redact_text

MAX_BOXES = 400


@dataclass(frozen=True)
class Box:
    x: int
    y: int
    w: int
    h: int
    label: str
    clickable: bool
    editable: bool


@dataclass(frozen=True)
class Wireframe:
    width: int
    height: int
    package: str
    boxes: tuple[Box, ...]


def wireframe(xml: str) -> Wireframe | None:
    """The widgets of a uiautomator dump with their (masked) text; None if it does not parse."""
    try:
        screen = parse_screen(xml)
    except Exception:
        return None
    boxes: list[Box] = []
    width = height = 0
    for node in screen.nodes[: MAX_BOXES * 4]:
        left, top, right, bottom = node.bounds
        width, height = max(width, right), max(height, bottom)
        label = node.value or node.description or node.hint or ""
        if right <= left or bottom <= top:
            continue
        if not (label or node.clickable or node.editable):
            continue  # layout containers: nothing to read, only clutter
        boxes.append(
            Box(
                left,
                top,
                right - left,
                bottom - top,
                redact_text(label)[:80],
                node.clickable,
                node.editable,
            )
        )
        if len(boxes) >= MAX_BOXES:
            break
    if not width or not height:
        return None
    return Wireframe(width, height, screen.foreground_package, tuple(boxes))
