"""A compact text view of a screen for an LLM: one line per visible or actionable widget.

Raw uiautomator XML costs thousands of tokens and buries the few things a planner needs (what
is written, what can be tapped or typed into, where). Password fields never show their value.
"""

from __future__ import annotations

from android_bridge.events.screen import SYSTEM_UI_PACKAGE, Node, parse_screen

MAX_LINES = 150


def _line(node: Node) -> str | None:
    value = "•••" if node.password and node.value else node.value
    parts: list[str] = [node.class_name.rsplit(".", 1)[-1] or "View"]
    if value:
        parts.append(repr(value[:200]))
    if node.description and node.description != node.value:
        parts.append(f"desc={node.description[:120]!r}")
    if node.editable and node.hint:
        parts.append(f"hint={node.hint[:80]!r}")
    if node.id_suffix:
        parts.append(f"#{node.id_suffix}")
    flags = [
        name
        for name, on in (
            ("clickable", node.clickable and not node.editable),
            ("editable", node.editable),
            ("password", node.password),
            ("focused", node.focused),
            ("checked", node.checked),
            ("disabled", not node.enabled),
        )
        if on
    ]
    if flags:
        parts.append("[" + ",".join(flags) + "]")
    if len(parts) == 1 and not (node.clickable or node.editable):
        return None  # a bare layout container says nothing
    x, y = node.center
    return f"{'  ' * min(node.depth, 6)}{' '.join(parts)} @({x},{y})"


def screen_text(xml: str, *, max_lines: int = MAX_LINES) -> str:
    """``Foreground: pkg`` then the widget lines; raises if the dump is empty or malformed."""
    parsed = parse_screen(xml)
    lines = [f"Foreground app: {parsed.foreground_package or 'unknown'}"]
    # The status bar (clock, battery) is noise to a planner and changes every minute.
    body = [
        line
        for node in parsed.nodes
        if node.package != SYSTEM_UI_PACKAGE and (line := _line(node)) is not None
    ]
    if len(body) > max_lines:
        body = [*body[:max_lines], f"… {len(body) - max_lines} more widgets not shown"]
    return "\n".join(lines + body)
