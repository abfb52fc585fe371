"""The node model: what an AccessibilityNodeInfo exposes to uiautomator, plus the behaviour hooks
the virtual apps attach (click, long-click, scroll, text edits).

A node's ``value`` is the real content of an editable field; ``text`` is what accessibility reports.
Android reports the hint as the text of an empty EditText, and dots for a password, so ``text``
is derived from ``value`` for editable nodes (see ``Node.display_text``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

Bounds = tuple[int, int, int, int]  # left, top, right, bottom

EDIT_TEXT = "android.widget.EditText"
TEXT_VIEW = "android.widget.TextView"
BUTTON = "android.widget.Button"
IMAGE_BUTTON = "android.widget.ImageButton"
SWITCH = "android.widget.Switch"
CHECK_BOX = "android.widget.CheckBox"
FRAME = "android.widget.FrameLayout"
LINEAR = "android.widget.LinearLayout"
VIEW_GROUP = "android.view.ViewGroup"
RECYCLER = "androidx.recyclerview.widget.RecyclerView"
SCROLL_VIEW = "android.widget.ScrollView"
IMAGE_VIEW = "android.widget.ImageView"
WEB_VIEW = "android.webkit.WebView"
VIEW = "android.view.View"

PASSWORD_DOT = "\u2022"


@dataclass(eq=False, slots=True)
class Node:
    cls: str = VIEW
    resource_id: str = ""
    text: str = ""
    content_desc: str = ""
    hint: str = ""
    package: str = ""
    bounds: Bounds = (0, 0, 0, 0)
    checkable: bool = False
    checked: bool = False
    clickable: bool = False
    enabled: bool = True
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    long_clickable: bool = False
    password: bool = False
    selected: bool = False
    children: list[Node] = field(default_factory=list)
    # --- behaviour, not serialized ---
    key: str = ""  # the app's name for an editable field (set_text/input go to screen.values[key])
    editable: bool = False
    multiline: bool = False  # Enter inserts a newline instead of moving to the next field
    on_click: Callable[[], object] | None = None
    on_long_click: Callable[[], object] | None = None
    on_scroll: Callable[[int], bool] | None = None  # dy in pixels (positive: content moves up)
    # Filled in by ``finalize``: the clipped on-screen rectangle, visibility, parent and index.
    visible_bounds: Bounds = (0, 0, 0, 0)
    visible: bool = True
    parent: Node | None = field(default=None, repr=False)
    index: int = 0
    drawing_order: int = 0

    def add(self, *nodes: Node) -> Node:
        self.children.extend(nodes)
        return self

    def walk(self) -> Iterator[Node]:
        """Depth-first, pre-order, visible nodes only (what uiautomator can see)."""
        stack = [self]
        while stack:
            node = stack.pop()
            if not node.visible:
                continue
            yield node
            stack.extend(reversed(node.children))

    @property
    def visible_children(self) -> list[Node]:
        return [c for c in self.children if c.visible]

    def center(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.visible_bounds
        return (x0 + x1) // 2, (y0 + y1) // 2


def display_text(value: str, hint: str, password: bool) -> str:
    """What accessibility reports for an editable field holding ``value``."""
    if not value:
        return hint
    if password:
        return PASSWORD_DOT * len(value)
    return value


def intersect(a: Bounds, b: Bounds) -> Bounds:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def finalize(root: Node, clip: Bounds) -> None:
    """Compute parents, child indexes, clipped bounds and visibility for a freshly built tree.

    A node whose clipped rectangle is empty is not visible to the user, and so (like on Android)
    is skipped together with its subtree by the dumper, selectors and hit-testing; its subtree is
    therefore not visited here either. (Hot path: runs on every screen change.)
    """
    root.parent = None
    root.index = 0
    root.drawing_order = 0
    stack: list[tuple[Node, Bounds]] = [(root, clip)]
    pop, push = stack.pop, stack.append
    while stack:
        node, (cl, ct, cr, cb) = pop()
        x0, y0, x1, y1 = node.bounds
        vb = (
            x0 if x0 > cl else cl,
            y0 if y0 > ct else ct,
            x1 if x1 < cr else cr,
            y1 if y1 < cb else cb,
        )
        node.visible_bounds = vb
        if vb[2] <= vb[0] or vb[3] <= vb[1] or not node.visible:
            node.visible = False
            continue
        for i, child in enumerate(node.children, 1):
            child.parent = node
            child.index = i - 1
            child.drawing_order = i
            push((child, vb))
