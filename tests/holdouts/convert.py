"""One-off: the holdout rounds' Python (scenarios/independent/) to case files under
tests/data/holdouts/, screens as compact widget trees, section comments kept.

    .venv/bin/python -m tests.holdouts.convert

Removed together with scenarios/independent/ once tests/holdouts/test_conversion.py shows that
every converted case equals the case the Python wrote.
"""

from __future__ import annotations

import ast
import importlib
import io
import json
import sys
import tokenize
from pathlib import Path
from typing import Any

import yaml
from lxml import etree

from android_bridge.case_screens import APP_CONTENT, FULL_SCREEN, render

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "scenarios" / "independent"
OUT = ROOT / "tests" / "data" / "holdouts"
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


# ---------------------------------------------------------------- cases
UNCONVERTED: list[str] = []


def with_compact_screens(case: dict[str, Any]) -> dict[str, Any]:
    for step in case["steps"]:
        ctx = step.get("event", {}).get("context")
        if not ctx or "screen_xml" not in ctx:
            continue
        screen = compact(ctx["screen_xml"])
        if screen is None:
            UNCONVERTED.append(case["id"])
            continue
        step["event"]["context"] = {
            ("screen" if k == "screen_xml" else k): (screen if k == "screen_xml" else v)
            for k, v in ctx.items()
        }
    return case


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


def dump_case(case: dict[str, Any]) -> str:
    return yaml.dump(
        [case], Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100, indent=2
    )


# ---------------------------------------------------------------- section comments
# (file, line of the module-level statement that was running) for every case id, recorded while
# the rounds' Python runs: some cases come from helpers (`leak2(...)`) rather than `case(...)`.
CREATED_AT: dict[str, tuple[str, int]] = {}


def _record(cid: str) -> None:
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_name != "<module>":
        frame = frame.f_back  # type: ignore[assignment]
    assert frame is not None, cid
    CREATED_AT[cid] = (frame.f_code.co_filename, frame.f_lineno)


def _instrument() -> None:
    author = importlib.import_module("scenarios.independent.author")
    book_case, round1_case = author.Casebook.case, author.case

    def casebook_case(self: Any, cid: str, *args: Any, **kwargs: Any) -> None:
        _record(f"{self.prefix}-{cid}")
        book_case(self, cid, *args, **kwargs)

    def core_case(cid: str, *args: Any, **kwargs: Any) -> None:
        _record(f"ind-{cid}")
        round1_case(cid, *args, **kwargs)

    author.Casebook.case = casebook_case
    author.case = core_case


def section_comments(path: Path, case_ids: list[str]) -> dict[str, list[str]]:
    """Top-level comment lines between the first and the last case, by the id of the case they
    stand above (the sections and notes an author wrote between cases)."""
    source = path.read_text("utf-8")
    tops = [(n.lineno, n.end_lineno or n.lineno) for n in ast.parse(source).body]
    starts: list[tuple[int, str]] = []
    for cid in case_ids:
        file, line = CREATED_AT[cid]
        assert Path(file) == path, cid
        starts.append((next(a for a, b in tops if a <= line <= b), cid))
    comments = [
        (tok.start[0], tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.COMMENT and tok.start[1] == 0
    ]
    first = min(a for a, _ in starts)
    out: dict[str, list[str]] = {}
    for line, text in comments:
        following = sorted((a, cid) for a, cid in starts if a > line)
        if line > first and following:
            out.setdefault(following[0][1], []).append(text)
    return out


# ---------------------------------------------------------------- rounds
HEADER = (
    "# {title}: hand-written cases in DESIGN.md's offline case format (see README.md beside).\n"
    '# GUI screens are compact widget trees (docs/contracts.md, "Compact screens").\n'
)


def _cases(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line]


def rounds() -> dict[int, tuple[Path, list[dict[str, Any]], list[dict[str, Any]]]]:
    """round -> (its Python, scored cases, unscored cases) as the Python writes them."""
    _instrument()
    author = importlib.import_module("scenarios.independent.author")
    importlib.import_module("scenarios.independent.cases")
    files = author.render()
    out = {
        1: (
            SOURCE / "cases.py",
            _cases(files["core.jsonl"]),
            _cases(files["unscored/ambiguous.jsonl"]),
        )
    }
    for n in range(2, 9):
        mod = importlib.import_module(f"scenarios.independent.round{n}")
        out[n] = (
            SOURCE / f"round{n}.py",
            _cases(mod.render()),
            _cases(mod.render_ambiguous()),
        )
    return out


def write(
    n: int, name: str, title: str, cases: list[dict[str, Any]], notes: dict[str, list[str]]
) -> None:
    parts = [HEADER.format(title=title)]
    for case in cases:
        parts.append("\n")
        parts.extend(f"{c}\n" for c in notes.get(case["id"], []))
        parts.append(dump_case(with_compact_screens(case)))
    folder = OUT / f"round{n}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text("".join(parts), encoding="utf-8")


def main() -> None:
    for n, (source, scored, unscored) in rounds().items():
        notes = section_comments(source, [c["id"] for c in scored + unscored])
        write(n, "cases.yaml", f"Round {n}, scored", scored, notes)
        if unscored:
            write(
                n,
                "unscored.yaml",
                f"Round {n}, unscored (ambiguous under DESIGN.md)",
                unscored,
                notes,
            )
        print(f"round {n}: {len(scored)} scored, {len(unscored)} unscored")
    print(f"screens kept as screen_xml (not a compact tree): {UNCONVERTED}")


if __name__ == "__main__":
    main()
