"""XPath over a uiautomator dump, as uiautomator2's ``d.xpath`` reads it.

Element names are the widgets' classes (``//android.widget.Button[@text='OK']``), attributes are
the dump's (``@resource-id``, ``@content-desc``, ``@text``…), ``//*`` matches any widget. A match
is mapped back to the ParsedScreen node at the same position in document order, so the GUI
adapter judges, and the Mediator acts on, exactly the widget the expression selected.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lxml import etree

from android_bridge.events.screen import Node, ParsedScreen, ScreenParseError

MAX_XPATH = 1000
_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, huge_tree=False, collect_ids=False
)
_TAG = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")


class XPathError(ValueError):
    """An expression that does not compile, or does not select widgets."""


@lru_cache(maxsize=8)
def _tree(xml: str) -> tuple[etree._Element, list[etree._Element]]:
    try:
        root = etree.fromstring(xml.encode("utf-8"), _PARSER)
    except (etree.XMLSyntaxError, ValueError) as exc:
        raise ScreenParseError(f"the screen dump is not well-formed XML ({exc})") from exc
    order: list[etree._Element] = []
    for window in root.iterchildren("node"):
        for el in window.iter("node"):
            order.append(el)
    for el in order:
        cls = el.get("class") or ""
        el.tag = cls if _TAG.match(cls) else "node"
    return root, order


@lru_cache(maxsize=256)
def _compiled(expr: str) -> etree.XPath:
    try:
        return etree.XPath(expr)
    except etree.XPathSyntaxError as exc:
        raise XPathError(f"not a valid XPath expression ({exc})") from exc


def xpath_find(xml: str, screen: ParsedScreen, expr: str) -> list[Node]:
    """The nodes of ``screen`` that ``expr`` selects, in document order."""
    if len(expr) > MAX_XPATH:
        raise XPathError(f"an XPath expression is at most {MAX_XPATH} characters")
    root, order = _tree(xml)
    if len(order) != len(screen.nodes):
        raise ScreenParseError("the dump and its parsed nodes disagree; refused")
    index = {id(el): i for i, el in enumerate(order)}
    try:
        found = _compiled(expr)(root)
    except etree.XPathEvalError as exc:
        raise XPathError(f"the XPath expression failed ({exc})") from exc
    if not isinstance(found, list):
        raise XPathError("the XPath expression must select widgets, not a value")
    hits = sorted({index[id(el)] for el in found if id(el) in index})
    return [screen.nodes[i] for i in hits]
