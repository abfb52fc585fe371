"""Screen extraction: one pass over a uiautomator2 hierarchy dump.

What the GUI channel needs from a dump — visible strings, widgets, the foreground package, the
focused field, the node under a point and a stable hash — is gathered in one pass and memoised
by the XML string, so the Mediator's stale-hash check and the GUI adapter share one parse.

Three parse paths, one result. uiautomator2's server always serialises the same way (protocol
reference §5.5): CRLF + two spaces per depth before each start tag, a fixed attribute order,
double-quoted values unless the value holds a ``"``. A single compiled regex over that exact
format reads a 400-node dump in about a third of the time lxml needs just to build its tree
(~2 ms on a slow core), which is what keeps extraction inside its 2 ms budget. Real dumps come
in other layouts of the same serialiser: ``adb shell uiautomator dump`` writes one line with no
indentation, older uiautomator2 servers indent with LF and write ``visible-to-user``, Android 10+
adds ``drawing-order``/``hint``. The second path reads those with the same attribute order and
counts ``</node>`` tags for the depth (~3 ms for 1,000 nodes, where lxml needs ~9 ms: the corpus
of real screens in tests/data/screens is mostly this layout). Anything else — single-quoted
values, comments or processing instructions, another attribute order, a node or tag count that
does not add up — is parsed by lxml (entity expansion and network access off). Tests check that
all paths produce identical nodes and hashes.

Screen hash. It must not change between two dumps of the *same* screen and must change when
anything an agent could act on changes. Two parts of a dump are volatile without the screen
having changed: the order of window roots (the server takes them from a HashSet) and the
system UI windows (status-bar clock, battery, notifications). So the hash is a BLAKE2b over the
rotation and the *sorted* digests of the non-system-UI windows; a window digest covers every
node's depth, text, resource-id, class, package, content-desc, checked/clickable/enabled/
focusable/focused/password/selected flags, bounds and hint (``index``/``drawing-order`` follow
from the structure).

An empty hierarchy — ``""`` or uiautomator2's silent ``<hierarchy rotation="0" />`` fallback — is
not an empty screen but a failed observation: ``parse_screen`` raises ``EmptyHierarchyError``.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock
from typing import NamedTuple

from lxml import etree

from host_pep.exceptions import EnforcementError

SYSTEM_UI_PACKAGE = "com.android.systemui"
_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")
_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, huge_tree=False, collect_ids=False
)
_CACHE_SIZE = 16
_WINDOW_INDENT = "  "  # depth-1 elements (children of <hierarchy>) are the window roots

_U2_NODE = re.compile(
    r'\r\n( *)<node (?:NAF="true" )?index="\d+" text="([^"]*)" resource-id="([^"]*)" '
    r'class="([^"]*)" package="([^"]*)" content-desc="([^"]*)" checkable="(?:true|false)" '
    r'checked="(true|false)" clickable="(true|false)" enabled="(true|false)" '
    r'focusable="(true|false)" focused="(true|false)" scrollable="(?:true|false)" '
    r'long-clickable="(?:true|false)" password="(true|false)" selected="(true|false)" '
    r'visible-to-user="(?:true|false)" bounds="([^"]*)"(?: drawing-order="-?\d+")?'
    r'(?: hint="([^"]*)")?(?: display-id="-?\d+")? ?/?>'
)
_U2_HEAD = re.compile(
    r"<\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?>\r\n<hierarchy rotation=\"(\d)\">"
)
# Any layout of the same serialiser: whitespace between tags, depth from the tags themselves.
# Group 1 is the run of end tags since the previous node, the last group the "/" of a leaf.
_ANY_NODE = re.compile(
    r"((?:\s*</node>)*)\s*"
    r'<node (?:NAF="true" )?index="\d+" text="([^"]*)" resource-id="([^"]*)" '
    r'class="([^"]*)" package="([^"]*)" content-desc="([^"]*)" checkable="(?:true|false)" '
    r'checked="(true|false)" clickable="(true|false)" enabled="(true|false)" '
    r'focusable="(true|false)" focused="(true|false)" scrollable="(?:true|false)" '
    r'long-clickable="(?:true|false)" password="(true|false)" selected="(true|false)" '
    r'(?:visible-to-user="(?:true|false)" )?bounds="([^"]*)"(?: drawing-order="-?\d+")?'
    r'(?: hint="([^"]*)")?(?: display-id="-?\d+")?( ?/)?>'
)
_ANY_HEAD = re.compile(
    r"<\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?>\s*<hierarchy rotation=\"(\d)\">"
)
_INDENTS = ["  " * depth for depth in range(128)]
# comments, CDATA, DOCTYPE or processing instructions: only lxml may read those
_MARKUP = re.compile(r"<[!?]")
_ENTITY = re.compile(r"&(#\d+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


class EmptyHierarchyError(EnforcementError):
    """The dump has no window: a provenance failure, never an empty screen."""


class ScreenParseError(EnforcementError):
    """The dump is not a uiautomator hierarchy."""


class Node(NamedTuple):
    """One visible node; raw attribute strings, parsed on access (cheap to build 400 of)."""

    indent: str
    text: str
    resource_id: str
    class_name: str
    package: str
    description: str
    checked_: str
    clickable_: str
    enabled_: str
    focusable_: str
    focused_: str
    password_: str
    selected_: str
    bounds_raw: str
    hint: str

    @property
    def depth(self) -> int:
        """0 for a window root."""
        return len(self.indent) // 2 - 1

    @property
    def clickable(self) -> bool:
        return self.clickable_ == "true"

    @property
    def enabled(self) -> bool:
        return self.enabled_ == "true"

    @property
    def focused(self) -> bool:
        return self.focused_ == "true"

    @property
    def checked(self) -> bool:
        return self.checked_ == "true"

    @property
    def password(self) -> bool:
        return self.password_ == "true"

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        return _parse_bounds(self.bounds_raw)

    @property
    def center(self) -> tuple[int, int]:
        left, top, right, bottom = self.bounds
        return (left + right) // 2, (top + bottom) // 2

    @property
    def area(self) -> int:
        left, top, right, bottom = self.bounds
        return max(0, right - left) * max(0, bottom - top)

    @property
    def editable(self) -> bool:
        return "EditText" in self.class_name or "AutoCompleteTextView" in self.class_name

    @property
    def id_suffix(self) -> str:
        """``com.app:id/notes`` -> ``notes``."""
        return self.resource_id.rsplit("/", 1)[-1] if self.resource_id else ""

    @property
    def value(self) -> str:
        """The text a field really holds: an empty EditText reports its hint as its text."""
        if self.hint and self.text == self.hint and self.editable:
            return ""
        return self.text

    def contains(self, x: float, y: float) -> bool:
        left, top, right, bottom = self.bounds
        return left <= x < right and top <= y < bottom

    def describe(self) -> dict[str, object]:
        """The widget as ActionSemantics.widget reports it."""
        return {
            "resource_id": self.resource_id,
            "text": self.value,
            "description": self.description,
            "hint": self.hint,
            "class": self.class_name,
            "package": self.package,
            "password": self.password,
            "clickable": self.clickable,
            "bounds": list(self.bounds),
        }


def _parse_bounds(raw: str) -> tuple[int, int, int, int]:
    """``[l,t][r,b]`` -> (l, t, r, b); (0, 0, 0, 0) for anything else."""
    p = raw[1:-1].replace("][", ",").split(",")
    if len(p) == 4:
        try:
            return (int(p[0]), int(p[1]), int(p[2]), int(p[3]))
        except ValueError:
            pass
    m = _BOUNDS.fullmatch(raw)
    if m is None:
        return (0, 0, 0, 0)
    return (int(m[1]), int(m[2]), int(m[3]), int(m[4]))


_SELECTOR_FIELDS = {
    "text": 1,
    "resourceId": 2,
    "className": 3,
    "packageName": 4,
    "description": 5,
    "hint": 14,
}


@dataclass(slots=True)
class ParsedScreen:
    rotation: int
    nodes: list[Node]
    window_starts: list[int]
    """Index into ``nodes`` of each window root, in dump order."""
    window_packages: list[str]
    foreground_package: str
    """Package of the first window root that is not system UI."""
    screen_hash: str

    def window_of(self, index: int) -> int:
        return bisect.bisect_right(self.window_starts, index) - 1

    def window_nodes(self, node: Node) -> list[Node]:
        """The nodes of the window that holds ``node`` (a dialog, the app, a heads-up), in
        dump order."""
        w = self.window_of(self.nodes.index(node))
        lo = self.window_starts[w]
        hi = self.window_starts[w + 1] if w + 1 < len(self.window_starts) else len(self.nodes)
        return self.nodes[lo:hi]

    def focused(self) -> Node | None:
        """The focused editable field, else any focused node."""
        best: Node | None = None
        for node in self.nodes:
            if node.focused_ == "true":
                if node.editable:
                    return node
                best = best or node
        return best

    def node_at(self, x: float, y: float) -> Node | None:
        """The node a tap at (x, y) lands on: the smallest (then deepest) node containing the
        point, in an app window rather than system UI; a tap on a label inside a clickable row
        or button resolves to that clickable ancestor-sized node, which is what receives it."""
        hits = []
        for i, n in enumerate(self.nodes):
            # Hot path (every node of a 400-node screen on every tap): uiautomator's
            # "[l,t][r,b]" is split without a regex and the rows a tap misses cost two int()s.
            p = n.bounds_raw[1:-1].replace("][", ",").split(",")
            if len(p) == 4:
                try:
                    if not int(p[1]) <= y < int(p[3]):
                        continue
                    if int(p[0]) <= x < int(p[2]):
                        hits.append((i, n))
                    continue
                except ValueError:
                    pass
            left, top, right, bottom = _parse_bounds(n.bounds_raw)
            if left <= x < right and top <= y < bottom:
                hits.append((i, n))
        if not hits:
            return None
        app_hits = [h for h in hits if h[1].package != SYSTEM_UI_PACKAGE] or hits
        i, deepest = min(app_hits, key=lambda h: (h[1].area, -h[1].depth))
        if deepest.clickable or deepest.editable:
            return deepest
        window = self.window_of(i)
        clickable = [n for j, n in app_hits if n.clickable and self.window_of(j) == window]
        if clickable:
            return min(clickable, key=lambda n: (n.area, -n.depth))
        return deepest

    def find(self, selector: dict[str, object]) -> list[Node]:
        """Nodes matching a uiautomator2-style selector (exact match on each given field)."""
        unknown = set(selector) - set(_SELECTOR_FIELDS) - {"instance"}
        if unknown:
            raise ValueError(f"unsupported selector field(s): {', '.join(sorted(unknown))}")
        wanted = [(_SELECTOR_FIELDS[k], v) for k, v in selector.items() if k != "instance"]
        if not wanted:
            raise ValueError(
                "a selector needs text, resourceId, description, className, packageName or hint"
            )
        found = [n for n in self.nodes if all(n[i] == v for i, v in wanted)]
        instance = selector.get("instance")
        if instance is None:
            return found
        if not isinstance(instance, int) or isinstance(instance, bool) or instance < 0:
            raise ValueError("selector instance must be a non-negative integer")
        return found[instance : instance + 1]

    def visible_strings(self) -> list[tuple[Node, str, str]]:
        """(node, attribute, string) for every non-empty text and content-desc."""
        out: list[tuple[Node, str, str]] = []
        for node in self.nodes:
            if node.text:
                value = node.value
                if value:
                    out.append((node, "text", value))
            else:
                value = ""
            if node.description and node.description != value:
                out.append((node, "content-desc", node.description))
        return out


def _unescape(value: str) -> str:
    if "&" not in value:
        return value

    def repl(m: re.Match[str]) -> str:
        ent = m[1]
        if ent.startswith("#x"):
            return chr(int(ent[2:], 16))
        if ent.startswith("#"):
            return chr(int(ent[1:]))
        return _NAMED[ent]

    return _ENTITY.sub(repl, value)


def _finish(rotation: int, nodes: list[Node]) -> ParsedScreen:
    """Windows, foreground package and hash from the node list (shared by both paths)."""
    window_starts = [i for i, n in enumerate(nodes) if n.indent == _WINDOW_INDENT]
    if not window_starts:
        raise EmptyHierarchyError(
            "the screen dump has no window (uiautomator2's empty-hierarchy fallback)"
        )
    if window_starts[0] != 0:
        raise ScreenParseError("a node outside any window root")
    window_packages = [nodes[i].package for i in window_starts]
    digests: list[bytes] = []
    bounds = [*window_starts, len(nodes)]
    for w, pkg in enumerate(window_packages):
        if pkg == SYSTEM_UI_PACKAGE:
            continue
        # one update of the whole window: the same digest as one update per node, fewer calls
        window = "\x1e".join(map("\x1f".join, nodes[bounds[w] : bounds[w + 1]])) + "\x1e"
        digests.append(
            hashlib.blake2b(window.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        )
    total = hashlib.blake2b(digest_size=16)
    total.update(f"rotation={rotation}".encode())
    for digest in sorted(digests):
        total.update(digest)
    foreground = next((p for p in window_packages if p and p != SYSTEM_UI_PACKAGE), "")
    return ParsedScreen(
        rotation=rotation,
        nodes=nodes,
        window_starts=window_starts,
        window_packages=window_packages,
        foreground_package=foreground,
        screen_hash=total.hexdigest(),
    )


def _extract_fast(xml: str) -> ParsedScreen | None:
    """The regex path; None when the dump is not in the exact uiautomator2 format."""
    head = _U2_HEAD.match(xml)
    if head is None or _MARKUP.search(xml, head.end()) is not None:
        return None
    if "&" in xml:
        nodes = [
            Node._make(_unescape(g) if g else "" for g in m.groups())
            for m in _U2_NODE.finditer(xml, head.end())
        ]
    else:
        # findall yields "" for absent optional groups, as groups("") does
        nodes = list(map(Node._make, _U2_NODE.findall(xml, head.end())))
    if len(nodes) != xml.count("<node"):
        return None
    return _finish(int(head[1]), nodes)


def _extract_counted(xml: str) -> ParsedScreen | None:
    """The regex path for any whitespace layout; None when the dump is not the serialiser's
    attribute order or its tags do not add up to one well-formed tree."""
    head = _ANY_HEAD.match(xml)
    if head is None or _MARKUP.search(xml, head.end()) is not None:
        return None
    if not xml.rstrip().endswith("</hierarchy>"):
        return None
    escaped = "&" in xml
    nodes: list[Node] = []
    depth = 0  # open <node> elements
    opened = 0  # nodes with children (each owes one </node>)
    for m in _ANY_NODE.findall(xml, head.end()):
        if m[0]:
            depth -= m[0].count("<")
            if depth < 0:
                return None
        depth += 1
        indent = _INDENTS[depth] if depth < len(_INDENTS) else "  " * depth
        if escaped:
            nodes.append(Node(indent, *(_unescape(g) if g else "" for g in m[1:15])))
        else:
            nodes.append(Node(indent, *m[1:15]))
        if m[15]:
            depth -= 1
        else:
            opened += 1
    # every "<" is the declaration, <hierarchy>, </hierarchy>, a node or its end tag (values
    # escape "<"): nothing was skipped between the matches, and every element is closed
    if (
        len(nodes) != xml.count("<node")
        or xml.count("</node>") != opened
        or xml.count("<") != 3 + len(nodes) + opened
    ):
        return None
    return _finish(int(head[1]), nodes)


def _extract_lxml(xml: str) -> ParsedScreen:
    if "<!doctype" in xml.lower():
        # uiautomator never writes one; a DTD could only serve entity tricks
        raise ScreenParseError("the screen dump declares a DOCTYPE; refused")
    try:
        root = etree.fromstring(xml.encode("utf-8"), _PARSER)
    except (etree.XMLSyntaxError, ValueError) as exc:
        raise ScreenParseError(f"the screen dump is not well-formed XML ({exc})") from exc
    if root.tag != "hierarchy":
        tag = root.tag if isinstance(root.tag, str) else repr(root.tag)
        raise ScreenParseError(f"the screen dump's root is <{tag}>, not <hierarchy>")
    try:
        rotation = int(root.get("rotation", "0"))
    except ValueError:
        rotation = 0
    nodes: list[Node] = []
    for window in root.iterchildren("node"):
        # preorder walk with an explicit stack: depth for free, document order kept
        stack: list[tuple[etree._Element, int]] = [(window, 1)]
        while stack:
            el, level = stack.pop()
            stack.extend((c, level + 1) for c in reversed(list(el.iterchildren("node"))))
            g = el.get
            nodes.append(
                Node(
                    "  " * level,
                    g("text") or "",
                    g("resource-id") or "",
                    g("class") or "",
                    g("package") or "",
                    g("content-desc") or "",
                    g("checked") or "",
                    g("clickable") or "",
                    g("enabled") or "",
                    g("focusable") or "",
                    g("focused") or "",
                    g("password") or "",
                    g("selected") or "",
                    g("bounds") or "",
                    g("hint") or "",
                )
            )
    return _finish(rotation, nodes)


def _extract(xml: str) -> ParsedScreen:
    if not xml or not xml.strip():
        raise EmptyHierarchyError("the screen dump is empty")
    fast = _extract_fast(xml)
    if fast is None:
        fast = _extract_counted(xml)
    return fast if fast is not None else _extract_lxml(xml)


class _ScreenCache:
    """Small LRU keyed by the XML string: the Mediator and the adapter parse the same dump."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[str, ParsedScreen] = OrderedDict()
        self._lock = Lock()

    def get(self, xml: str) -> ParsedScreen:
        with self._lock:
            hit = self._items.get(xml)
            if hit is not None:
                self._items.move_to_end(xml)
                return hit
        parsed = _extract(xml)
        with self._lock:
            self._items[xml] = parsed
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return parsed


_cache = _ScreenCache(_CACHE_SIZE)


def parse_screen(xml: str) -> ParsedScreen:
    """Parse a uiautomator2 dump (memoised). Raises EmptyHierarchyError / ScreenParseError."""
    return _cache.get(xml)


def screen_hash(xml: str) -> str:
    return parse_screen(xml).screen_hash
