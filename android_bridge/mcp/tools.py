"""The MCP tool surface: every tool the bridge offers plus the GUI actions, and how a call
becomes a bridge submission.

Kept free of the ``mcp`` SDK so the mapping is testable (and importable) without the extra.
Tool names are valid for every major LLM API (letters, digits, ``_``, ``-``); droidgate's dotted
names (``contacts.lookup``) still work as aliases. Arguments are checked against each tool's
schema before anything is submitted: an unknown argument is an error, never a guess.
"""

from __future__ import annotations

import shlex
from typing import Any, Literal

from pydantic import BaseModel, Field

from android_bridge.api.models import ToolSpec
from android_bridge.gateway.arguments import check_arguments

Kind = Literal["tool", "gui", "api", "screen", "device"]


class McpTool(BaseModel):
    name: str
    description: str
    input_schema: dict[str, Any]
    read_only: bool
    destructive: bool
    kind: Kind = "tool"
    """``tool`` (a tool-channel call the bridge resolves), ``gui`` (a GUI event), ``api`` (an ADB
    command event), ``screen`` (read the screen), ``device`` (the session's device)."""
    annotations: dict[str, Any] = Field(default_factory=dict)
    aliases: list[str] = Field(default_factory=list)


class BridgeCall(BaseModel):
    """What one MCP call asks of the bridge."""

    kind: Kind
    event: dict[str, Any] | None = None
    screen_hash: str | None = None
    post: Literal["packages"] | None = None
    """How to present an ADB command's output (``packages``: ``pm list packages`` lines)."""


_HASH = {
    "type": "string",
    "description": "hash of the screen you planned on; a changed screen refuses the action as stale",
}
_SELECTOR = {
    "text": {"type": "string", "description": "exact visible text of the widget"},
    "resource_id": {"type": "string", "description": "resource-id, e.g. com.app:id/save"},
    "description": {"type": "string", "description": "content-desc of the widget"},
    "class_name": {"type": "string", "description": "widget class, e.g. android.widget.Button"},
    "xpath": {
        "type": "string",
        "description": "XPath over the screen dump as uiautomator2 reads it, e.g. "
        "//android.widget.Button[@text='Save']",
    },
    "instance": {"type": "integer", "minimum": 0, "description": "the n-th match (0-based)"},
}
_POINT = {
    "x": {"type": "number", "minimum": 0, "description": "pixels from the left"},
    "y": {"type": "number", "minimum": 0, "description": "pixels from the top"},
}
_PACKAGE = {"type": "string", "minLength": 1, "description": "Android package name"}


def _schema(props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


def _gui(name: str, description: str, schema: dict[str, Any], *, destructive: bool) -> McpTool:
    return McpTool(
        name=name,
        description=description,
        input_schema=schema,
        read_only=False,
        destructive=destructive,
        kind="gui",
    )


GUI_TOOLS: tuple[McpTool, ...] = (
    _gui(
        "gui_tap",
        "Tap the screen at (x, y), or the widget a selector names (text, resource_id, "
        "description, class_name or xpath).",
        _schema({**_POINT, **_SELECTOR, "screen_hash": _HASH}),
        destructive=True,
    ),
    _gui(
        "gui_long_press",
        "Press and hold at (x, y) or on the widget a selector names; judged like a tap there.",
        _schema(
            {
                **_POINT,
                **_SELECTOR,
                "duration_ms": {"type": "integer", "minimum": 100, "maximum": 10000},
                "screen_hash": _HASH,
            }
        ),
        destructive=True,
    ),
    _gui(
        "gui_double_tap",
        "Tap twice at (x, y) or on the widget a selector names; judged like a tap there.",
        _schema({**_POINT, **_SELECTOR, "screen_hash": _HASH}),
        destructive=True,
    ),
    _gui(
        "gui_type",
        "Type text into the focused field, or into the field a selector names.",
        _schema(
            {
                "text": {"type": "string"},
                **{k: v for k, v in _SELECTOR.items() if k != "text"},
                "screen_hash": _HASH,
            },
            ("text",),
        ),
        destructive=True,
    ),
    _gui(
        "gui_key",
        "Press a key: back, home, enter, recent, delete, volume_up, … or an Android key code.",
        _schema(
            {
                "key": {"type": ["string", "integer"], "minLength": 1},
                "screen_hash": _HASH,
            },
            ("key",),
        ),
        destructive=False,
    ),
    _gui(
        "gui_swipe",
        "Swipe in a direction (the finger's: 'up' shows what is below), optionally from (x, y) "
        "over a distance, or fast ('fling'); or between two points (x1, y1) -> (x2, y2).",
        _schema(
            {
                "direction": {"type": "string", "enum": ["up", "down", "left", "right"]},
                **_POINT,
                "distance": {"type": "number", "exclusiveMinimum": 0},
                "speed": {"type": "string", "enum": ["normal", "fling"]},
                "x1": {"type": "number", "minimum": 0},
                "y1": {"type": "number", "minimum": 0},
                "x2": {"type": "number", "minimum": 0},
                "y2": {"type": "number", "minimum": 0},
                "duration_ms": {"type": "integer", "minimum": 10, "maximum": 10000},
                "screen_hash": _HASH,
            }
        ),
        destructive=False,
    ),
    _gui(
        "gui_scroll_to",
        "Scroll (swipe, default 'up') until a widget the selector names is on the screen.",
        _schema(
            {
                **_SELECTOR,
                "direction": {"type": "string", "enum": ["up", "down", "left", "right"]},
                "max_swipes": {"type": "integer", "minimum": 1, "maximum": 30},
                "screen_hash": _HASH,
            }
        ),
        destructive=False,
    ),
    _gui(
        "launch_app",
        "Start an app by its Android package name.",
        _schema({"package": _PACKAGE}, ("package",)),
        destructive=False,
    ),
    _gui(
        "set_orientation",
        "Rotate the screen: portrait, landscape (or natural, left, right, upsidedown).",
        _schema(
            {
                "orientation": {
                    "type": "string",
                    "enum": ["portrait", "landscape", "natural", "left", "right", "upsidedown"],
                }
            },
            ("orientation",),
        ),
        destructive=False,
    ),
    McpTool(
        name="stop_app",
        description="Stop (force-stop) an app; an ADB command, judged as one.",
        input_schema=_schema({"package": _PACKAGE}, ("package",)),
        read_only=False,
        destructive=False,
        kind="api",
    ),
    McpTool(
        name="open_url",
        description="Open a URL (an Android VIEW intent: the browser for http(s), the handling "
        "app for other schemes); judged like a navigation to that URL.",
        input_schema=_schema(
            {"url": {"type": "string", "minLength": 1, "maxLength": 4000}}, ("url",)
        ),
        read_only=False,
        destructive=False,
        kind="api",
    ),
    McpTool(
        name="list_apps",
        description="List the installed apps' package names (third_party: only apps the user "
        "installed).",
        input_schema=_schema({"third_party": {"type": "boolean", "default": False}}),
        read_only=True,
        destructive=False,
        kind="api",
    ),
    McpTool(
        name="get_screen",
        description="Read the current screen: its hash, foreground app, size, rotation and a "
        "compact element list (text, id, bounds, clickable…); format 'text' adds a one-line-per-"
        "widget view, 'xml' the raw dump; screenshot adds a PNG.",
        input_schema=_schema(
            {
                "format": {"type": "string", "enum": ["elements", "text", "xml"]},
                "screenshot": {"type": "boolean", "default": False},
                "image": {"type": "boolean", "description": "the same as screenshot"},
            }
        ),
        read_only=True,
        destructive=False,
        kind="screen",
    ),
    McpTool(
        name="list_devices",
        description="The device this session acts on: serial, SDK, screen size, orientation "
        "and foreground app.",
        input_schema=_schema({}),
        read_only=True,
        destructive=False,
        kind="device",
    ),
)
GUI_NAMES = frozenset(t.name for t in GUI_TOOLS)


def mcp_tools(provided: list[ToolSpec]) -> list[McpTool]:
    """The bridge's tools (LLM-safe names, aliases kept) and then the GUI actions."""
    out = [
        McpTool(
            name=t.name,
            description=_described(t),
            input_schema=t.input_schema or {"type": "object"},
            read_only=t.read_only,
            destructive=t.destructive,
            annotations=dict(t.annotations),
            aliases=list(t.aliases),
        )
        for t in provided
        if t.name not in GUI_NAMES
    ]
    return out + list(GUI_TOOLS)


def _described(t: ToolSpec) -> str:
    text = t.description or t.name
    if t.status == "changed":
        return f"[held by droidgate: its definition changed; calls need the operator] {text}"
    if t.status == "unavailable":
        return f"[unavailable: its server is down] {text}"
    return text


def _selector(args: dict[str, Any], *, with_text: bool) -> dict[str, Any]:
    sel: dict[str, Any] = {}
    if with_text and args.get("text") is not None:
        sel["text"] = args["text"]
    for key, name in (
        ("resource_id", "resourceId"),
        ("description", "description"),
        ("class_name", "className"),
        ("xpath", "xpath"),
    ):
        if args.get(key):
            sel[name] = args[key]
    if sel and args.get("instance") is not None:
        sel["instance"] = args["instance"]
    return sel


def _target(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """A tap-like tool's point or selector payload."""
    sel = _selector(args, with_text=True)
    has_point = "x" in args or "y" in args
    if has_point and sel:
        raise ValueError(f"{tool}: give x and y, or a selector, not both")
    if has_point:
        if "x" not in args or "y" not in args:
            raise ValueError(f"{tool}: give both x and y")
        return {"x": args["x"], "y": args["y"]}
    if not sel:
        raise ValueError(
            f"{tool} needs x and y, or one of text, resource_id, description, class_name, xpath"
        )
    return {"selector": sel}


def _gui_payload(tool: str, args: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    if tool == "gui_tap":
        return "tap", _target(tool, args)
    if tool == "gui_long_press":
        payload = {**_target(tool, args), "gesture": "long_press"}
        if args.get("duration_ms") is not None:
            payload["duration_ms"] = args["duration_ms"]
        return "tap", payload
    if tool == "gui_double_tap":
        return "tap", {**_target(tool, args), "gesture": "double_tap"}
    if tool == "gui_type":
        typed: dict[str, Any] = {"text": args["text"]}
        sel = _selector(args, with_text=False)
        if sel:
            typed["selector"] = sel
        return "text_input", typed
    if tool == "gui_key":
        return "key", {"key": args["key"]}
    if tool == "gui_swipe":
        keys = ("direction", "x", "y", "distance", "speed", "x1", "y1", "x2", "y2", "duration_ms")
        return "swipe", {k: args[k] for k in keys if k in args}
    if tool == "gui_scroll_to":
        sel = _selector(args, with_text=True)
        if not sel:
            raise ValueError(
                "gui_scroll_to needs the widget to look for: text, resource_id, description, "
                "class_name or xpath"
            )
        payload = {"until": sel}
        for key in ("direction", "max_swipes"):
            if key in args:
                payload[key] = args[key]
        return "swipe", payload
    if tool == "launch_app":
        return "launch", {"package": args["package"]}
    if tool == "set_orientation":
        return "rotate", {"orientation": args["orientation"]}
    raise ValueError(f"unknown GUI tool {tool!r}")


def _command(tool: str, args: dict[str, Any]) -> tuple[str, Literal["packages"] | None]:
    if tool == "open_url":
        return f"am start -a android.intent.action.VIEW -d {shlex.quote(str(args['url']))}", None
    if tool == "stop_app":
        return f"am force-stop {shlex.quote(str(args['package']))}", None
    if tool == "list_apps":
        return ("pm list packages -3" if args.get("third_party") else "pm list packages"), (
            "packages"
        )
    raise ValueError(f"unknown command tool {tool!r}")


def bridge_call(tool: McpTool, args: dict[str, Any], agent: str) -> BridgeCall:
    """What a call of ``tool`` with ``args`` asks of the bridge. Raises ArgumentError for
    arguments outside the tool's schema and ValueError for an incomplete combination."""
    if tool.kind == "tool":
        # the bridge resolves the name (aliases too) and checks the arguments itself
        event = {
            "agent": agent,
            "channel": "tool",
            "action": "tool_call",
            "target": tool.name,
            "payload": args,
        }
        return BridgeCall(kind="tool", event=event)
    check_arguments(tool.name, tool.input_schema, args)
    if tool.kind in ("screen", "device"):
        return BridgeCall(kind=tool.kind)
    if tool.kind == "api":
        command, post = _command(tool.name, args)
        event = {
            "agent": agent,
            "channel": "api",
            "action": "api_call",
            "payload": {"command": command},
        }
        return BridgeCall(kind="api", event=event, post=post)
    action, payload = _gui_payload(tool.name, args)
    event = {"agent": agent, "channel": "gui", "action": action, "payload": payload}
    if action == "launch":
        event["target"] = payload["package"]
    return BridgeCall(kind="gui", event=event, screen_hash=args.get("screen_hash"))


def packages(output: str) -> list[str]:
    """``package:com.x`` lines of ``pm list packages`` -> sorted package names."""
    return sorted(
        {
            line.split(":", 1)[1].strip()
            for line in output.splitlines()
            if line.startswith("package:")
        }
    )
