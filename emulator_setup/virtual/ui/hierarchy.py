"""The exact ``dumpWindowHierarchy`` XML of the uiautomator2 server (protocol reference §5.5).

The server walks every window root with ``AccessibilityNodeInfoDumper`` and writes it with
Android's KXmlSerializer (indent on, UTF-8), which fixes these details:

* the declaration ``<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>``, no newline of its own;
* every start tag is preceded by CRLF and two spaces per depth; a leaf closes with `` />``;
* an attribute value is double-quoted unless it contains ``"``, then single-quoted;
* ``& < >`` and the quote char become entities, ``\\n \\r \\t`` become ``&#10; &#13; &#9;``;
  non-ASCII BMP characters are raw UTF-8, supplementary ones (emoji) become ``&#N;``;
* characters that are invalid in XML are replaced by ``.`` by the dumper before serialising.

Attribute strings are memoised by node signature and the document is cached per screen
revision by ``DeviceState``, so only nodes that really changed are formatted again.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .node import Node

DECLARATION = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"

# AccessibilityNodeInfoDumper never marks these containers NAF.
_NAF_EXCLUDED = frozenset(
    {
        "android.widget.GridView",
        "android.widget.GridLayout",
        "android.widget.ListView",
        "android.widget.TableLayout",
    }
)

# AccessibilityNodeInfoDumper.stripInvalidXMLChars: control chars and non-characters become '.'.
_INVALID = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufdd0-\ufddf\ufffe\uffff\ud800-\udfff]"
)
# (Java's checks for U+1FFFE and up never fire on UTF-16 chars; NUL, U+FFFE/F and lone
# surrogates would make KXmlSerializer throw, so they are dotted too rather than failing the dump.)
_NEEDS_ESCAPE = re.compile("[&<>\"'\n\r\t\U00010000-\U0010ffff]")
_BASE_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def _escape_char(match: re.Match[str], quote: str) -> str:
    c = match.group(0)
    if c in _BASE_ESCAPES:
        return _BASE_ESCAPES[c]
    if c == quote:
        return "&quot;" if c == '"' else "&apos;"
    if c in "\"'":
        return c
    return f"&#{ord(c)};"  # KXmlSerializer.writeSurrogate


@lru_cache(maxsize=16384)
def attr(name: str, value: str) -> str:
    """One ``name="value"`` pair as KXmlSerializer writes it (with the leading space).

    Cached: class names, packages, ids and most texts repeat across nodes and rebuilds.
    """
    value = _INVALID.sub(".", value)
    quote = "'" if '"' in value else '"'
    if _NEEDS_ESCAPE.search(value):
        value = _NEEDS_ESCAPE.sub(lambda m: _escape_char(m, quote), value)
    return f" {name}={quote}{value}{quote}"


_FLAG_NAMES = (
    "checkable",
    "checked",
    "clickable",
    "enabled",
    "focusable",
    "focused",
    "scrollable",
    "long-clickable",
    "password",
    "selected",
)
_FLAGS: dict[tuple[bool, ...], str] = {}
_NAF = ' NAF="true"'


def _flags(key: tuple[bool, ...]) -> str:
    text = _FLAGS.get(key)
    if text is None:
        text = _FLAGS[key] = (
            "".join(
                f' {n}="{"true" if v else "false"}"' for n, v in zip(_FLAG_NAMES, key, strict=True)
            )
            + ' visible-to-user="true"'
        )
    return text


def _has_label(node: Node) -> bool:
    """True if the node or any visible descendant has text or a content-desc."""
    return any(n.text or n.content_desc for n in node.walk())


# Attribute strings by node signature: a rebuilt screen mostly repeats the previous one's nodes.
_ATTRS: dict[tuple[object, ...], str] = {}


def node_attrs(node: Node) -> str:
    """All attributes of one ``<node>``, in the dumper's order."""
    naf = node.clickable and node.enabled and node.cls not in _NAF_EXCLUDED and not _has_label(node)
    key = (
        naf, node.index, node.text, node.resource_id, node.cls, node.package, node.content_desc,
        node.checkable, node.checked, node.clickable, node.enabled, node.focusable, node.focused,
        node.scrollable, node.long_clickable, node.password, node.selected, node.visible_bounds,
        node.drawing_order, node.hint,
    )  # fmt: skip
    text = _ATTRS.get(key)
    if text is None:
        if len(_ATTRS) > 50_000:  # bound the memory of long runs with ever-changing screens
            _ATTRS.clear()
        text = _ATTRS[key] = _format(node, naf)
    return text


def _format(node: Node, naf: bool) -> str:
    x0, y0, x1, y1 = node.visible_bounds
    flags = _flags(
        (
            node.checkable, node.checked, node.clickable, node.enabled, node.focusable,
            node.focused, node.scrollable, node.long_clickable, node.password, node.selected,
        )
    )  # fmt: skip
    return (
        f'{_NAF if naf else ""} index="{node.index}"{attr("text", node.text)}'
        f"{attr('resource-id', node.resource_id)}{attr('class', node.cls)}"
        f"{attr('package', node.package)}{attr('content-desc', node.content_desc)}{flags}"
        f' bounds="[{x0},{y0}][{x1},{y1}]" drawing-order="{node.drawing_order}"'
        f'{attr("hint", node.hint)} display-id="0"'
    )


_INDENT = ["\r\n" + "  " * d for d in range(128)]


def _emit(node: Node, depth: int, max_depth: int, out: list[str]) -> None:
    attrs = node_attrs(node)
    indent = _INDENT[depth] if depth < 128 else "\r\n" + "  " * depth
    children = (
        [c for c in node.children if c.visible] if node.children and depth <= max_depth else None
    )
    if not children:
        out.append(f"{indent}<node{attrs} />")
        return
    out.append(f"{indent}<node{attrs}>")
    for child in children:
        _emit(child, depth + 1, max_depth, out)
    out.append(f"{indent}</node>")


def dump(roots: list[Node], rotation: int = 0, max_depth: int = 50) -> str:
    """The whole document for the given window roots (app window first)."""
    visible = [w for w in roots if w.visible]
    if not visible:
        return f'{DECLARATION}\r\n<hierarchy rotation="{rotation}" />'
    out = [DECLARATION, f'\r\n<hierarchy rotation="{rotation}">']
    for root in visible:
        _emit(root, 1, max_depth, out)
    out.append("\r\n</hierarchy>")
    return "".join(out)
