"""Lays out a screen the way Material apps look on a 1080x2400, 420 dpi phone.

A screen is a toolbar, optional tabs, one scrolling body (a form or a list), an optional sticky
bottom bar and an optional floating action button. ``Builder`` collects widgets top-down and
``build`` assigns their bounds; body rows move with the screen's scroll offset, and rows pushed
past the viewport become invisible (clipped), as on a device.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..ui.node import (
    BUTTON,
    EDIT_TEXT,
    FRAME,
    IMAGE_BUTTON,
    LINEAR,
    RECYCLER,
    SCROLL_VIEW,
    SWITCH,
    TEXT_VIEW,
    VIEW_GROUP,
    Node,
    display_text,
)

if TYPE_CHECKING:
    from .base import Screen

STATUS_BAR = 63  # 24 dp
TOOLBAR = 147  # 56 dp
ROW = 189  # 72 dp two-line list item
FIELD = 147
BUTTON_H = 126
MARGIN = 42
LINE = {"title": 76, "headline": 64, "body": 57, "small": 48}
CHARS = {"title": 30, "headline": 36, "body": 46, "small": 56}  # per 996 px line

Action = tuple[str, str, Callable[[], object]]  # (resource name, label, handler)


def text_height(text: str, style: str = "body") -> int:
    per = CHARS[style]
    lines = sum(max(1, math.ceil(len(part) / per)) for part in (text or " ").split("\n"))
    return lines * LINE[style] + 24


def _shift(node: Node, dx: int, dy: int) -> None:
    stack = [node]
    while stack:
        n = stack.pop()
        x0, y0, x1, y1 = n.bounds
        n.bounds = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
        stack.extend(n.children)


class Builder:
    def __init__(self, screen: Screen[Any], *, body: str = "form", body_id: str = "") -> None:
        self.screen = screen
        self.pkg = screen.app.package
        self.width = screen.app.device.width
        self.height = screen.app.device.height
        self._top: list[Node] = []  # toolbar, tabs: fixed at the top
        self._body: list[tuple[Node, int]] = []  # (node with bounds relative to (0,0), height)
        self._bottom: list[Node] = []
        self._overlay: list[Node] = []
        self._body_cls = {"form": SCROLL_VIEW, "list": RECYCLER, "web": "android.webkit.WebView"}[
            body
        ]
        self._body_id = self.rid(body_id) if body_id else ""

    def rid(self, name: str) -> str:
        if not name or ":" in name:
            return name
        return f"{self.pkg}:id/{name}"

    def _node(self, cls: str, **kw: object) -> Node:
        return Node(cls=cls, package=self.pkg, **kw)  # type: ignore[arg-type]

    # -- fixed chrome ---------------------------------------------------------------------
    def toolbar(
        self,
        title: str,
        *,
        up: bool = True,
        actions: Sequence[Action] = (),
        title_id: str = "",
        toolbar_id: str = "toolbar",
    ) -> None:
        bar = self._node(
            VIEW_GROUP, resource_id=self.rid(toolbar_id), bounds=(0, 0, self.width, TOOLBAR)
        )
        x = 0
        if up:
            bar.add(
                self._node(
                    IMAGE_BUTTON,
                    content_desc="Navigate up",
                    clickable=True,
                    focusable=True,
                    bounds=(0, 0, TOOLBAR, TOOLBAR),
                    on_click=self.screen.app.device.back,
                )
            )
            x = TOOLBAR
        right = self.width
        buttons: list[Node] = []
        for name, label, handler in reversed(list(actions)):
            w = max(TOOLBAR, 40 + 30 * len(label))
            buttons.insert(
                0,
                self._node(
                    BUTTON,
                    resource_id=self.rid(name),
                    text=label,
                    content_desc=label,
                    clickable=True,
                    focusable=True,
                    long_clickable=True,
                    bounds=(right - w, 0, right, TOOLBAR),
                    on_click=handler,
                ),
            )
            right -= w
        bar.add(
            self._node(
                TEXT_VIEW,
                resource_id=self.rid(title_id),
                text=title,
                bounds=(x + MARGIN, 30, right - 10, TOOLBAR - 30),
            )
        )
        bar.add(*buttons)
        self._top.append(bar)

    def tabs(self, labels: Sequence[str], selected: int, on_select: Callable[[int], None]) -> None:
        row = self._node(LINEAR, resource_id=self.rid("tabs"), bounds=(0, 0, self.width, TOOLBAR))
        w = self.width // max(1, len(labels))
        for i, label in enumerate(labels):
            row.add(
                self._node(
                    LINEAR,
                    content_desc=label,
                    clickable=True,
                    focusable=True,
                    selected=i == selected,
                    bounds=(i * w, 0, (i + 1) * w, TOOLBAR),
                    on_click=lambda i=i: on_select(i),
                ).add(
                    self._node(
                        TEXT_VIEW,
                        text=label,
                        selected=i == selected,
                        bounds=(i * w + 20, 40, (i + 1) * w - 20, TOOLBAR - 40),
                    )
                )
            )
        self._top.append(row)

    def fab(self, desc: str, *, id: str, on_click: Callable[[], object], text: str = "") -> None:
        w = 420 if text else 168
        self._overlay.append(
            self._node(
                BUTTON if text else IMAGE_BUTTON,
                resource_id=self.rid(id),
                text=text,
                content_desc=desc,
                clickable=True,
                focusable=True,
                long_clickable=True,
                bounds=(
                    self.width - MARGIN - w,
                    self.height - 220 - 168,
                    self.width - MARGIN,
                    self.height - 220,
                ),
                on_click=on_click,
            )
        )

    def bottom_button(
        self,
        text: str,
        *,
        id: str,
        on_click: Callable[[], object],
        desc: str = "",
        enabled: bool = True,
    ) -> None:
        self._bottom.append(
            self._node(
                BUTTON,
                resource_id=self.rid(id),
                text=text,
                content_desc=desc,
                clickable=True,
                focusable=True,
                enabled=enabled,
                bounds=(MARGIN, 20, self.width - MARGIN, 20 + BUTTON_H),
                on_click=on_click if enabled else None,
            )
        )

    # -- body widgets -------------------------------------------------------------------------
    def _add(self, node: Node, height: int) -> Node:
        self._body.append((node, height))
        return node

    def text(
        self,
        text: str,
        *,
        id: str = "",
        style: str = "body",
        desc: str = "",
        on_click: Callable[[], object] | None = None,
        selectable: bool = False,
    ) -> Node:
        h = text_height(text, style)
        return self._add(
            self._node(
                TEXT_VIEW,
                resource_id=self.rid(id),
                text=text,
                content_desc=desc,
                clickable=on_click is not None,
                focusable=on_click is not None or selectable,
                long_clickable=selectable,
                bounds=(MARGIN, 0, self.width - MARGIN, h),
                on_click=on_click,
                # Long-press on selectable text copies it (the "Copy" of the selection menu).
                on_long_click=(lambda: self.screen.device.copy(text)) if selectable else None,
            ),
            h,
        )

    def edit(
        self,
        key: str,
        *,
        id: str,
        hint: str,
        password: bool = False,
        lines: int = 1,
        default: str = "",
    ) -> Node:
        screen = self.screen
        value = screen.values.setdefault(key, default)
        h = FIELD if lines == 1 else max(FIELD, lines * LINE["body"] + 40)
        node = self._node(
            EDIT_TEXT,
            resource_id=self.rid(id),
            text=display_text(value, hint, password),
            hint=hint,
            password=password,
            clickable=True,
            focusable=True,
            long_clickable=True,
            focused=screen.focus == key,
            bounds=(MARGIN, 0, self.width - MARGIN, h),
            key=key,
            editable=True,
            multiline=lines > 1,
            on_click=lambda: screen.set_focus(key),
        )
        return self._add(node, h + 24)

    def button(
        self,
        text: str,
        *,
        id: str,
        on_click: Callable[[], object],
        desc: str = "",
        enabled: bool = True,
    ) -> Node:
        return self._add(
            self._node(
                BUTTON,
                resource_id=self.rid(id),
                text=text,
                content_desc=desc,
                clickable=True,
                focusable=True,
                enabled=enabled,
                bounds=(MARGIN, 0, self.width - MARGIN, BUTTON_H),
                on_click=on_click if enabled else None,
            ),
            BUTTON_H + 24,
        )

    def switch(
        self,
        label: str,
        *,
        id: str,
        checked: bool,
        on_toggle: Callable[[bool], None],
        summary: str = "",
        row_id: str = "",
    ) -> Node:
        h = ROW if summary else FIELD
        row = self._node(
            LINEAR,
            resource_id=self.rid(row_id),
            clickable=True,
            focusable=True,
            bounds=(0, 0, self.width, h),
            on_click=lambda: on_toggle(not checked),
        )
        row.add(
            self._node(
                TEXT_VIEW,
                resource_id="android:id/title",
                text=label,
                bounds=(MARGIN, 24, self.width - 240, 24 + LINE["body"]),
            )
        )
        if summary:
            row.add(
                self._node(
                    TEXT_VIEW,
                    resource_id="android:id/summary",
                    text=summary,
                    bounds=(MARGIN, 24 + LINE["body"], self.width - 240, h - 24),
                )
            )
        row.add(
            self._node(
                SWITCH,
                resource_id=self.rid(id),
                text="ON" if checked else "OFF",
                checkable=True,
                checked=checked,
                focusable=True,
                bounds=(self.width - 200, 30, self.width - MARGIN, h - 30),
            )
        )
        return self._add(row, h)

    def item(
        self,
        title: str,
        subtitle: str = "",
        *,
        ids: Sequence[str] = ("title", "summary"),
        on_click: Callable[[], object] | None = None,
        desc: str = "",
        trailing: str = "",
        trailing_id: str = "",
        row_id: str = "",
        on_long_click: Callable[[], object] | None = None,
        style: str = "body",
    ) -> Node:
        sub_h = text_height(subtitle, "small") - 24 if subtitle else 0
        h = max(ROW if subtitle else FIELD, LINE[style] + sub_h + 60)
        right = self.width - (260 if trailing else MARGIN)
        row = self._node(
            LINEAR,
            resource_id=self.rid(row_id),
            content_desc=desc,
            clickable=on_click is not None,
            focusable=on_click is not None,
            long_clickable=on_long_click is not None,
            bounds=(0, 0, self.width, h),
            on_click=on_click,
            on_long_click=on_long_click,
        )
        row.add(
            self._node(
                TEXT_VIEW,
                resource_id=self.rid(ids[0]),
                text=title,
                bounds=(MARGIN, 30, right, 30 + LINE[style]),
            )
        )
        if subtitle:
            row.add(
                self._node(
                    TEXT_VIEW,
                    resource_id=self.rid(ids[1]),
                    text=subtitle,
                    bounds=(MARGIN, 30 + LINE[style], right, 30 + LINE[style] + sub_h),
                )
            )
        if trailing:
            row.add(
                self._node(
                    TEXT_VIEW,
                    resource_id=self.rid(trailing_id),
                    text=trailing,
                    bounds=(self.width - 240, 30, self.width - MARGIN, 30 + LINE["small"]),
                )
            )
        return self._add(row, h)

    def spacer(self, height: int = 24) -> None:
        self._body.append((Node(visible=False), height))

    # -- assembly -----------------------------------------------------------------------------
    def build(self) -> Node:
        w, h = self.width, self.height
        y = STATUS_BAR
        column = self._node(LINEAR, bounds=(0, STATUS_BAR, w, h))
        for node in self._top:
            _shift(node, 0, y)
            y += node.bounds[3] - node.bounds[1]
            column.add(node)
        bottom_h = sum(BUTTON_H + 40 for _ in self._bottom)
        viewport = (0, y, w, h - bottom_h)
        content_h = sum(hh for _, hh in self._body)
        max_scroll = max(0, content_h + 24 - (viewport[3] - viewport[1]))
        key = self._body_id or "body"
        offset = min(self.screen.scroll.get(key, 0), max_scroll)
        self.screen.scroll[key] = offset

        def on_scroll(dy: int, key: str = key, limit: int = max_scroll) -> bool:
            cur = self.screen.scroll.get(key, 0)
            new = max(0, min(limit, cur + dy))
            self.screen.scroll[key] = new
            return new != cur

        body = self._node(
            self._body_cls,
            resource_id=self._body_id,
            bounds=viewport,
            scrollable=max_scroll > 0,
            focusable=max_scroll > 0,
            on_scroll=on_scroll,
        )
        cy = y + 12 - offset
        for node, hh in self._body:
            # Like a RecyclerView, rows scrolled out of the viewport are not in the tree at all.
            if node.visible and cy + hh > viewport[1] and cy < viewport[3]:
                _shift(node, 0, cy)
                body.add(node)
            cy += hh
        column.add(body)
        by = h - bottom_h
        for node in self._bottom:
            _shift(node, 0, by)
            by += BUTTON_H + 40
            column.add(node)
        content = self._node(FRAME, resource_id="android:id/content", bounds=(0, STATUS_BAR, w, h))
        content.add(column, *self._overlay)
        if self.screen.app.device.toast_text:
            content.add(
                self._node(
                    TEXT_VIEW,
                    resource_id="android:id/message",
                    text=self.screen.app.device.toast_text,
                    bounds=(140, h - 400, w - 140, h - 280),
                )
            )
        decor = self._node(LINEAR, bounds=(0, 0, w, h)).add(content)
        return self._node(FRAME, bounds=(0, 0, w, h)).add(decor)
