"""Hit-testing and the ``objInfo`` JSON shape (protocol reference §5.4)."""

from __future__ import annotations

from typing import Any

from .node import Bounds, Node


def _contains(b: Bounds, x: float, y: float) -> bool:
    return b[0] <= x < b[2] and b[1] <= y < b[3]


def hit_test(root: Node, x: float, y: float, *, long: bool = False) -> Node | None:
    """The deepest visible clickable (or long-clickable) node whose on-screen box holds (x, y).

    As in touch dispatch, later siblings are on top and get the first chance; a child that does
    not take the touch passes it on to the siblings below and then to its parent.
    """
    if not root.visible or not _contains(root.visible_bounds, x, y):
        return None
    for child in reversed(root.children):
        hit = hit_test(child, x, y, long=long)
        if hit is not None:
            return hit
    if (root.long_clickable if long else root.clickable) and root.enabled:
        return root
    return None


def scroll_target(root: Node, x: float, y: float) -> Node | None:
    """The innermost scrollable node under (x, y)."""
    best = None
    for node in root.walk():
        if node.scrollable and _contains(node.visible_bounds, x, y):
            best = node
    return best


def _rect(b: Bounds) -> dict[str, int]:
    return {"top": b[1], "bottom": b[3], "left": b[0], "right": b[2]}


def object_info(node: Node) -> dict[str, Any]:
    return {
        "bounds": _rect(node.bounds),
        "visibleBounds": _rect(node.visible_bounds),
        "childCount": len(node.visible_children),
        "className": node.cls,
        "contentDescription": node.content_desc or None,
        "packageName": node.package,
        "resourceName": node.resource_id or None,
        "text": node.text,
        "checkable": node.checkable,
        "checked": node.checked,
        "clickable": node.clickable,
        "enabled": node.enabled,
        "focusable": node.focusable,
        "focused": node.focused,
        "longClickable": node.long_clickable,
        "scrollable": node.scrollable,
        "selected": node.selected,
    }
