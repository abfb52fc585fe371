"""uiautomator2 selectors (the ``sel`` JSON object) matched against node trees.

The server turns the JSON into a ``UiSelector``: only fields whose ``mask`` bit is set apply;
``*Matches`` fields are Java regexes that must match the whole value; ``instance`` picks the n-th
match in depth-first order; ``childOrSibling`` chains ``childSelector`` (a descendant of a match)
and ``fromParent`` (a child of a match's parent).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from .node import Node


class SelectorError(ValueError):
    """The selector JSON is malformed (the server answers with a JSON-RPC error)."""


MASK = {
    "text": 0x01,
    "textContains": 0x02,
    "textMatches": 0x04,
    "textStartsWith": 0x08,
    "className": 0x10,
    "classNameMatches": 0x20,
    "description": 0x40,
    "descriptionContains": 0x80,
    "descriptionMatches": 0x0100,
    "descriptionStartsWith": 0x0200,
    "checkable": 0x0400,
    "checked": 0x0800,
    "clickable": 0x1000,
    "longClickable": 0x2000,
    "scrollable": 0x4000,
    "enabled": 0x8000,
    "focusable": 0x010000,
    "focused": 0x020000,
    "selected": 0x040000,
    "packageName": 0x080000,
    "packageNameMatches": 0x100000,
    "resourceId": 0x200000,
    "resourceIdMatches": 0x400000,
    "index": 0x800000,
    "instance": 0x01000000,
}


# Java-only regex syntax that Python's re lacks, mapped to set bodies (POSIX classes are ASCII in
# Java; \p{L} is approximated by the Latin, Greek, Cyrillic, Hebrew/Arabic, Indic, kana, CJK and
# Hangul blocks).
_JAVA_CLASSES = {
    "Lower": "a-z",
    "Upper": "A-Z",
    "Alpha": "A-Za-z",
    "Digit": "0-9",
    "Alnum": "A-Za-z0-9",
    "Punct": r"!-/:-@\[-`{-~",
    "Space": r" \t\n\x0b\f\r",
    "XDigit": "0-9a-fA-F",
    "L": "A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0590-\u06ff\u0900-\u0dff"
    "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af",
    "N": r"\d",
    "Lu": "A-Z",
    "Ll": "a-z",
}
_PCLASS = re.compile(r"\\([pP])\{(?:Is)?(\w+)\}")


def java_regex(pattern: str) -> str:
    """Translate Java's ``\\Q…\\E`` quoting and common ``\\p{…}`` classes to Python syntax."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            nxt = pattern[i + 1]
            if nxt == "Q":
                end = pattern.find("\\E", i + 2)
                end = len(pattern) if end < 0 else end
                out.append(re.escape(pattern[i + 2 : end]))
                i = end + 2
                continue
            m = _PCLASS.match(pattern, i) if nxt in "pP" else None
            if m:
                body = _JAVA_CLASSES.get(m.group(2))
                if body is None:
                    raise SelectorError(
                        "java.util.regex.PatternSyntaxException: "
                        f"Unknown character property name {{{m.group(2)}}}"
                    )
                negate = m.group(1) == "P"
                if in_class and negate:
                    raise SelectorError(f"unsupported negated property inside a class: {pattern}")
                out.append(body if in_class else f"[{'^' if negate else ''}{body}]")
                i = m.end()
                continue
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if c == "[" and not in_class:
            in_class = True
        elif c == "]" and in_class:
            in_class = False
        out.append(c)
        i += 1
    return "".join(out)


@lru_cache(maxsize=512)
def _regex(pattern: str) -> re.Pattern[str]:
    try:
        return re.compile(java_regex(pattern))
    except re.error as exc:
        raise SelectorError(f"java.util.regex.PatternSyntaxException: {exc}: {pattern}") from exc


def _full(pattern: Any, value: str) -> bool:
    return _regex(str(pattern)).fullmatch(value) is not None


_STR_FIELDS: dict[str, tuple[Callable[[Node], str], Callable[[Any, str], bool]]] = {
    "text": (lambda n: n.text, lambda p, v: v == str(p)),
    "textContains": (lambda n: n.text, lambda p, v: str(p) in v),
    "textMatches": (lambda n: n.text, _full),
    "textStartsWith": (lambda n: n.text, lambda p, v: v.startswith(str(p))),
    "className": (lambda n: n.cls, lambda p, v: v == str(p)),
    "classNameMatches": (lambda n: n.cls, _full),
    "description": (lambda n: n.content_desc, lambda p, v: v == str(p)),
    "descriptionContains": (lambda n: n.content_desc, lambda p, v: str(p) in v),
    "descriptionMatches": (lambda n: n.content_desc, _full),
    "descriptionStartsWith": (lambda n: n.content_desc, lambda p, v: v.startswith(str(p))),
    "packageName": (lambda n: n.package, lambda p, v: v == str(p)),
    "packageNameMatches": (lambda n: n.package, _full),
    "resourceId": (lambda n: n.resource_id, lambda p, v: v == str(p)),
    "resourceIdMatches": (lambda n: n.resource_id, _full),
}
_BOOL_FIELDS: dict[str, Callable[[Node], bool]] = {
    "checkable": lambda n: n.checkable,
    "checked": lambda n: n.checked,
    "clickable": lambda n: n.clickable,
    "longClickable": lambda n: n.long_clickable,
    "scrollable": lambda n: n.scrollable,
    "enabled": lambda n: n.enabled,
    "focusable": lambda n: n.focusable,
    "focused": lambda n: n.focused,
    "selected": lambda n: n.selected,
}


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise SelectorError(f"selector {name} must be an integer, got {value!r}")
    try:
        return int(value)
    except ValueError as exc:
        raise SelectorError(f"selector {name} must be an integer, got {value!r}") from exc


def _active_fields(sel: Mapping[str, Any]) -> list[str]:
    if not isinstance(sel, Mapping):
        raise SelectorError(f"selector must be an object, got {type(sel).__name__}")
    mask = sel.get("mask")
    if mask is None:
        # Tolerate hand-written selectors without a mask: every known field present applies.
        return [k for k in MASK if k in sel]
    if isinstance(mask, bool) or not isinstance(mask, int | float):
        raise SelectorError(f"selector mask must be an integer, got {mask!r}")
    mask = int(mask)
    fields = [k for k, bit in MASK.items() if mask & bit]
    missing = [k for k in fields if k not in sel]
    if missing:
        raise SelectorError(f"selector mask sets {missing} but the selector has no value for them")
    return fields


def matches(node: Node, sel: Mapping[str, Any], fields: Iterable[str] | None = None) -> bool:
    """Whether one node satisfies the selector's own fields (``instance`` and chains excluded)."""
    for name in _active_fields(sel) if fields is None else fields:
        want = sel[name]
        if name in _STR_FIELDS:
            getter, test = _STR_FIELDS[name]
            if not test(want, getter(node)):
                return False
        elif name in _BOOL_FIELDS:
            if _BOOL_FIELDS[name](node) != bool(want):
                return False
        elif name == "index" and node.index != _int(want, "index"):
            return False
    return True


def _find_level(candidates: Iterable[Node], sel: Mapping[str, Any]) -> list[Node]:
    fields = [f for f in _active_fields(sel) if f != "instance"]
    found = [n for n in candidates if matches(n, sel, fields)]
    if "instance" in _active_fields(sel):
        k = _int(sel["instance"], "instance")
        return found[k : k + 1] if 0 <= k < len(found) else []
    return found


def _descendants(node: Node) -> Iterable[Node]:
    it = node.walk()
    next(it)  # skip the node itself
    return it


def find(roots: Iterable[Node], sel: Mapping[str, Any]) -> list[Node]:
    """All nodes matching ``sel`` under ``roots`` (visible nodes, depth-first order)."""
    return _chain(_find_level((n for r in roots for n in r.walk()), sel), sel)


def _chain(found: list[Node], sel: Mapping[str, Any]) -> list[Node]:
    kinds = sel.get("childOrSibling") or []
    subs = sel.get("childOrSiblingSelector") or []
    if len(kinds) != len(subs):
        raise SelectorError("childOrSibling and childOrSiblingSelector differ in length")
    for kind, sub in zip(kinds, subs, strict=True):
        pool: list[Node] = []
        seen: set[int] = set()
        for base in found:
            if kind == "child":
                cands: Iterable[Node] = _descendants(base)
            elif kind == "sibling":
                cands = base.parent.visible_children if base.parent else []
            else:
                raise SelectorError(
                    f"childOrSibling entries must be 'child' or 'sibling', got {kind!r}"
                )
            for c in cands:
                if id(c) not in seen:
                    seen.add(id(c))
                    pool.append(c)
        found = _chain(_find_level(pool, sub), sub)
    return found
