"""Authoring aid for GUI holdout cases: a uiautomator2 dump (a device's, a trace's, one a test
built) as the compact screen a case file gives in ``context.screen``, in the holdouts' YAML style.

    .venv/bin/python -m tests.holdouts.compact DUMP.xml      # prints `screen:` as YAML

:func:`compact` returns a tree only if it renders back to exactly the dump it was read from
(``android_bridge.case_screens.render``), else None: then give the dump as ``screen_xml``.
:func:`to_yaml` writes cases (or a screen) as the round files are written: block style, with
short mappings and lists (a widget, a payload) on one line.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml
from lxml import etree

from android_bridge.case_screens import APP_CONTENT, FULL_SCREEN, render

FLOW_WIDTH = 96  # a mapping or list this short (as flow text) stays on one line


# ---------------------------------------------------------------- screens
def _flag(el: Any, name: str) -> bool:
    return bool(el.get(name) == "true")


def _bounds(el: Any) -> tuple[int, int, int, int]:
    a, b = el.get("bounds")[1:-1].split("][")
    x0, y0 = (int(v) for v in a.split(","))
    x1, y1 = (int(v) for v in b.split(","))
    return x0, y0, x1, y1


def _node(el: Any, pkg: str) -> dict[str, Any]:
    cls, rid, text = el.get("class"), el.get("resource-id"), el.get("text")
    desc, hint, kids = el.get("content-desc"), el.get("hint"), list(el)
    x0, top, x1, y1 = _bounds(el)
    flags = {n: _flag(el, n) for n in ("clickable", "focusable", "focused", "password", "checked")}
    short = rid[len(f"{pkg}:id/") :] if rid.startswith(f"{pkg}:id/") else None
    if short is not None and not kids and not flags["checked"]:
        plain = not any(flags.values()) and not desc and not hint
        if cls == "android.widget.TextView" and plain and (x0, x1, y1) == (60, 1020, top + 100):
            return {"label": short, "text": text, "top": top}
        form = flags["clickable"] and flags["focusable"]
        if (
            cls == "android.widget.EditText"
            and form
            and not desc
            and (x0, x1, y1) == (60, 1020, top + 140)
        ):
            out: dict[str, Any] = {"field": short, "hint": hint}
            if text != hint:
                out["text"] = text
            out["top"] = top
            out.update({k: True for k in ("focused", "password") if flags[k]})
            return out
        if (
            cls == "android.widget.Button"
            and form
            and not (flags["focused"] or flags["password"] or hint)
            and (x0, x1, y1) == (700, 1032, top + 120)
        ):
            out = {"button": short, "text": text}
            if top != 2200:
                out["top"] = top
            if desc:
                out["desc"] = desc
            return out
    out = {}
    if cls != "android.widget.FrameLayout":
        tail = cls.removeprefix("android.widget.")
        out["class"] = tail if "." not in tail else cls
    if rid:
        out["id"] = short if short is not None and ":" not in short else rid
    for key, value in (("text", text), ("desc", desc), ("hint", hint)):
        if value:
            out[key] = value
    if (x0, top, x1, y1) != FULL_SCREEN:
        out["bounds"] = [x0, top, x1, y1]
    out.update({k: True for k, v in flags.items() if v})
    if kids:
        out["children"] = [_node(k, pkg) for k in kids]
    return out


def _window(el: Any) -> dict[str, Any]:
    pkg = el.get("package")
    kids = list(el)
    out: dict[str, Any] = {"package": pkg}
    if (
        len(kids) == 1
        and kids[0].get("class") == "android.widget.LinearLayout"
        and not kids[0].get("resource-id")
    ):
        content = _bounds(kids[0])
        if content != APP_CONTENT:
            out["content"] = list(content)
        nodes = list(kids[0])
    else:
        out["content"] = None
        nodes = kids
    out["nodes"] = [_node(n, pkg) for n in nodes]
    return out


def compact(xml: str) -> dict[str, Any] | None:
    """The compact screen that renders to exactly ``xml``, or None (kept as ``screen_xml``)."""
    try:
        root = etree.fromstring(xml.encode("utf-8"))
    except etree.XMLSyntaxError:
        return None
    windows = list(root)
    clock = None
    last = windows[-1] if windows else None
    if last is not None and last.get("package") == "com.android.systemui" and len(last) == 2:
        clock = last[0].get("text")
        windows = windows[:-1]
    if not windows:
        return None
    screen = _window(windows[0])
    if windows[1:]:
        screen["windows"] = [_window(w) for w in windows[1:]]
    if clock != "12:30":
        screen["clock"] = clock
    return screen if render(screen) == xml else None


# ---------------------------------------------------------------- YAML
class _Dumper(yaml.SafeDumper):
    pass


def _short(data: Any) -> bool:
    if isinstance(data, dict):
        return all(not isinstance(v, (dict, list)) or _short(v) for v in data.values())
    if isinstance(data, list):
        return all(not isinstance(v, (dict, list)) or _short(v) for v in data)
    return True


def _flow(data: Any) -> bool:
    if not _short(data):
        return False
    if any(isinstance(v, str) and "\n" in v for v in _leaves(data)):
        return False
    return len(json.dumps(data, ensure_ascii=False)) <= FLOW_WIDTH


def _leaves(data: Any) -> list[Any]:
    if isinstance(data, dict):
        return [x for v in data.values() for x in _leaves(v)]
    if isinstance(data, list):
        return [x for v in data for x in _leaves(v)]
    return [data]


def _dict(dumper: _Dumper, data: dict[str, Any]) -> Any:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=_flow(data))


def _list(dumper: _Dumper, data: list[Any]) -> Any:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=_flow(data))


def _str(dumper: _Dumper, data: str) -> Any:
    style = "|" if "\n" in data and "\r" not in data and not data.startswith(" ") else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(dict, _dict)
_Dumper.add_representer(list, _list)
_Dumper.add_representer(str, _str)


def to_yaml(data: Any) -> str:
    """``data`` (a list of cases, a screen…) in the holdout files' YAML style."""
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100, indent=2)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.holdouts.compact DUMP.xml", file=sys.stderr)
        return 2
    screen = compact(Path(argv[0]).read_bytes().decode("utf-8"))  # keep its CRLFs
    if screen is None:
        print(f"{argv[0]}: no compact screen renders to this dump; use screen_xml", file=sys.stderr)
        return 1
    print(to_yaml({"screen": screen}), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
