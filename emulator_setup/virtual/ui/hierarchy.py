"""The exact ``dumpWindowHierarchy`` XML of the uiautomator2 server (protocol reference §5.5).

The server walks every window root with ``AccessibilityNodeInfoDumper`` and writes it with
Android's KXmlSerializer (indent on, UTF-8), which fixes these details:

* the declaration ``<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>``, no newline of its own;
* every start tag is preceded by CRLF and two spaces per depth; a leaf closes with `` />``;
* an attribute value is double-quoted unless it contains ``"``, then single-quoted;
* ``& < >`` and the quote char become entities, ``\\n \\r \\t`` become ``&#10; &#13; &#9;``;
  non-ASCII BMP characters are raw UTF-8, supplementary ones (emoji) become ``&#N;``;
* characters that are invalid in XML are replaced by ``.`` by the dumper before serialising.

Attribute strings (as XML and as JSON string content) are memoised by node signature and the
document is cached per screen revision by ``DeviceState``, so only nodes that really changed are
formatted and escaped again.
"""

from __future__ import annotations

import json
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
    if node.text or node.content_desc:  # the common labelled button: no walk needed
        return True
    return any(n.text or n.content_desc for n in node.walk())


# Attribute strings by node signature: a rebuilt screen mostly repeats the previous one's nodes.
# Each entry holds the attributes as XML and as the inside of a JSON string literal, so the
# JSON-RPC response is assembled from cached pieces instead of escaping the whole document again.
_ATTRS: dict[tuple[object, ...], tuple[str, bytes]] = {}


def _json_inner(text: str) -> bytes:
    """``text`` as ``json.dumps`` writes it inside a string literal (ASCII-only, quotes off)."""
    return json.dumps(text)[1:-1].encode("ascii")


def node_attrs(node: Node) -> str:
    """All attributes of one ``<node>``, in the dumper's order."""
    return _node_attrs(node)[0]


def _node_attrs(node: Node) -> tuple[str, bytes]:
    naf = node.clickable and node.enabled and node.cls not in _NAF_EXCLUDED and not _has_label(node)
    key = (
        naf, node.index, node.text, node.resource_id, node.cls, node.package, node.content_desc,
        node.checkable, node.checked, node.clickable, node.enabled, node.focusable, node.focused,
        node.scrollable, node.long_clickable, node.password, node.selected, node.visible_bounds,
        node.drawing_order, node.hint,
    )  # fmt: skip
    pair = _ATTRS.get(key)
    if pair is None:
        if len(_ATTRS) > 50_000:  # bound the memory of long runs with ever-changing screens
            _ATTRS.clear()
        text = _format(node, naf)
        pair = _ATTRS[key] = (text, _json_inner(text))
    return pair


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


def _indent(depth: int) -> str:
    return "\r\n" + "  " * depth


_INDENT = [_indent(d) for d in range(128)]
_JSON_INDENT = [_json_inner(i) for i in _INDENT]


class Document:
    """One dump as the pieces of the XML and of its JSON string literal, side by side.

    The XML (for ``uiautomator dump`` and the golden format) is joined on demand; the JSON
    pieces go straight into the JSON-RPC response body (together equal to ``json.dumps(xml)``,
    without escaping 180 KB again and without building the literal as one more large string).
    """

    __slots__ = ("_xml", "_xml_parts", "json_parts")

    def __init__(self, xml_parts: list[str], json_parts: list[bytes]) -> None:
        self._xml_parts = xml_parts
        self.json_parts = json_parts
        """ASCII bytes; ``b"".join`` gives ``json.dumps(xml).encode()``, quotes included."""
        self._xml: str | None = None

    @property
    def xml(self) -> str:
        if self._xml is None:
            self._xml = "".join(self._xml_parts)
        return self._xml


def _emit(node: Node, depth: int, max_depth: int, xml: list[str], js: list[bytes]) -> None:
    attrs, attrs_json = _node_attrs(node)
    if depth < 128:
        indent, indent_json = _INDENT[depth], _JSON_INDENT[depth]
    else:
        indent = _indent(depth)
        indent_json = _json_inner(indent)
    children = (
        [c for c in node.children if c.visible] if node.children and depth <= max_depth else None
    )
    if not children:
        xml += (indent, "<node", attrs, " />")
        js += (indent_json, b"<node", attrs_json, b" />")
        return
    xml += (indent, "<node", attrs, ">")
    js += (indent_json, b"<node", attrs_json, b">")
    for child in children:
        _emit(child, depth + 1, max_depth, xml, js)
    xml += (indent, "</node>")
    js += (indent_json, b"</node>")


def document(roots: list[Node], rotation: int = 0, max_depth: int = 50) -> Document:
    """The whole dump for the given window roots (app window first)."""
    visible = [w for w in roots if w.visible]
    if not visible:
        empty = f'{DECLARATION}\r\n<hierarchy rotation="{rotation}" />'
        return Document([empty], [b'"', _json_inner(empty), b'"'])
    head = f'{DECLARATION}\r\n<hierarchy rotation="{rotation}">'
    xml, js = [head], [b'"', _json_inner(head)]
    for root in visible:
        _emit(root, 1, max_depth, xml, js)
    xml.append("\r\n</hierarchy>")
    js.append(b'\\r\\n</hierarchy>"')
    return Document(xml, js)


def dump(roots: list[Node], rotation: int = 0, max_depth: int = 50) -> str:
    """The whole document as XML."""
    return document(roots, rotation, max_depth).xml
