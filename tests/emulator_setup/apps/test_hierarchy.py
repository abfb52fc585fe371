"""The dumpWindowHierarchy XML must be byte-compatible with the uiautomator2 server's."""

from __future__ import annotations

import re
import time

from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from emulator_setup.virtual.state import DeviceState
from emulator_setup.virtual.ui import hierarchy
from emulator_setup.virtual.ui.node import BUTTON, FRAME, TEXT_VIEW, Node, finalize

ATTR_ORDER = [
    "index",
    "text",
    "resource-id",
    "class",
    "package",
    "content-desc",
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
    "visible-to-user",
    "bounds",
    "drawing-order",
    "hint",
    "display-id",
]


def _tree(*children: Node) -> Node:
    root = Node(cls=FRAME, package="p", bounds=(0, 0, 1080, 2400)).add(*children)
    finalize(root, (0, 0, 1080, 2400))
    return root


def test_head_indentation_and_no_trailing_newline(dev: DeviceState) -> None:
    xml = dev.hierarchy_xml()
    assert xml.startswith(
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\r\n<hierarchy rotation=\"0\">\r\n  <node index=\"0\" "
    )
    assert xml.endswith("\r\n</hierarchy>")
    for line in xml.split("\r\n")[1:]:
        indent = len(line) - len(line.lstrip(" "))
        assert indent % 2 == 0
        assert "\n" not in line
    assert " />" in xml and "/>" not in xml.replace(" />", "")


def test_attribute_order_and_two_windows(dev: DeviceState) -> None:
    doc = etree.fromstring(dev.hierarchy_xml().encode("utf-8"))
    assert doc.tag == "hierarchy" and doc.get("rotation") == "0"
    roots = list(doc)
    assert [r.get("package") for r in roots] == [
        "com.google.android.apps.nexuslauncher",
        "com.android.systemui",
    ]
    assert all(r.get("index") == "0" for r in roots)
    for node in doc.iter("node"):
        keys = [k for k in node.attrib if k != "NAF"]
        assert keys == ATTR_ORDER
        if "NAF" in node.attrib:
            assert next(iter(node.attrib)) == "NAF"
        assert re.fullmatch(r"\[\d+,\d+\]\[\d+,\d+\]", node.get("bounds"))


def test_escaping_rules() -> None:
    root = _tree(
        Node(cls=TEXT_VIEW, package="p", text='say "hi" & it\'s <ok>', bounds=(0, 0, 10, 10)),
        Node(cls=TEXT_VIEW, package="p", text="a\nb\tc\rd", bounds=(0, 10, 10, 20)),
        Node(cls=TEXT_VIEW, package="p", text="王伟 é 😀 \x07", bounds=(0, 20, 10, 30)),
        Node(cls=TEXT_VIEW, package="p", text="it's", bounds=(0, 30, 10, 40)),
    )
    xml = hierarchy.dump([root])
    assert "text='say \"hi\" &amp; it&apos;s &lt;ok&gt;'" in xml
    assert 'text="a&#10;b&#9;c&#13;d"' in xml
    assert 'text="王伟 é &#128512; ."' in xml
    assert 'text="it\'s"' in xml
    assert etree.fromstring(xml.encode("utf-8")) is not None


def test_naf_only_for_unlabelled_clickables() -> None:
    root = _tree(
        Node(cls=BUTTON, package="p", clickable=True, bounds=(0, 0, 10, 10)),
        Node(cls=BUTTON, package="p", clickable=True, content_desc="Send", bounds=(0, 10, 10, 20)),
        Node(
            cls="android.widget.LinearLayout", package="p", clickable=True, bounds=(0, 20, 10, 30)
        ).add(Node(cls=TEXT_VIEW, package="p", text="label", bounds=(0, 20, 10, 30))),
        Node(cls="android.widget.ListView", package="p", clickable=True, bounds=(0, 30, 10, 40)),
    )
    lines = [ln for ln in hierarchy.dump([root]).split("\r\n") if "<node" in ln]
    assert [ln.lstrip().startswith('<node NAF="true"') for ln in lines] == [
        False,
        True,
        False,
        False,
        False,
        False,
    ]


def test_empty_and_depth_and_active_window(dev: DeviceState) -> None:
    assert (
        hierarchy.dump([])
        == "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\r\n<hierarchy rotation=\"0\" />"
    )
    shallow = etree.fromstring(dev.hierarchy_xml(max_depth=1).encode())
    assert (
        max(len(list(n.iterancestors())) for n in shallow.iter("node")) == 2
    )  # hierarchy > root > child
    active = etree.fromstring(dev.hierarchy_xml(root_in_active=True).encode())
    assert len(active) == 1


def test_invisible_offscreen_rows_are_skipped(dev: DeviceState) -> None:
    dev.seed({"notes": [{"title": f"note {i:02d}", "body": "x"} for i in range(40)]})
    dev.start("net.gsantner.markor")
    xml = dev.hierarchy_xml()
    assert "note 00.md" in xml and "note 39.md" not in xml
    doc = etree.fromstring(xml.encode())
    for node in doc.iter("node"):
        x0, y0, x1, y1 = map(int, re.findall(r"\d+", node.get("bounds")))
        assert 0 <= x0 < x1 <= 1080 and 0 <= y0 < y1 <= 2400


def test_cached_per_revision_and_400_nodes_serialize(dev: DeviceState) -> None:
    dev.seed(
        {"contacts": [{"name": f"Person {i:03d}", "phone": f"+1 555 0{i:03d}"} for i in range(200)]}
    )
    dev.start("com.android.contacts")
    # make every row visible by giving the screen a tall window
    dev.height = 40000
    dev.touch()
    t0 = time.perf_counter()
    xml = dev.hierarchy_xml()
    cold = time.perf_counter() - t0
    assert xml.count("<node") >= 400
    assert dev.hierarchy_xml() is xml  # cached: same object until something changes
    assert cold < 5  # sanity only; the 2 ms budget is measured by the benchmark


def test_rotation_and_toast_invalidate_the_cache(dev: DeviceState) -> None:
    before = dev.hierarchy_xml()
    dev.rotation = 1
    assert '<hierarchy rotation="1">' in dev.hierarchy_xml() and before != dev.hierarchy_xml()
    dev.start("com.android.contacts")
    dev.toast_text = "Contact saved"
    assert 'text="Contact saved"' in dev.hierarchy_xml()
    dev.toast_text = ""
    assert "Contact saved" not in dev.hierarchy_xml()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.text(max_size=10))
def test_any_text_round_trips_through_a_real_xml_parser(text: str, desc: str) -> None:
    root = _tree(
        Node(cls=TEXT_VIEW, package="p", text=text, content_desc=desc, bounds=(0, 0, 10, 10))
    )
    doc = etree.fromstring(hierarchy.dump([root]).encode("utf-8"))
    leaf = doc[0][0]
    dotted = hierarchy._INVALID.sub(".", text)
    assert leaf.get("text") == dotted
    assert leaf.get("content-desc") == hierarchy._INVALID.sub(".", desc)


GOLDEN = (
    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\r\n"
    '<hierarchy rotation="0">\r\n'
    '  <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" '
    'checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" '
    'scrollable="false" long-clickable="false" password="false" selected="false" visible-to-user="true" '
    'bounds="[0,0][1080,2400]" drawing-order="0" hint="" display-id="0">\r\n'
    '    <node index="0" text="First name" resource-id="p:id/first" class="android.widget.EditText" package="p" '
    'content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" '
    'focused="true" scrollable="false" long-clickable="true" password="false" selected="false" '
    'visible-to-user="true" bounds="[42,100][1038,247]" drawing-order="1" hint="First name" display-id="0" />\r\n'
    '    <node NAF="true" index="1" text="" resource-id="p:id/go" class="android.widget.ImageButton" package="p" '
    'content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" '
    'focused="false" scrollable="false" long-clickable="false" password="false" selected="false" '
    'visible-to-user="true" bounds="[900,2300][1080,2400]" drawing-order="2" hint="" display-id="0" />\r\n'
    "  </node>\r\n"
    "</hierarchy>"
)


def test_golden_document() -> None:
    root = _tree(
        Node(
            cls="android.widget.EditText",
            package="p",
            resource_id="p:id/first",
            text="First name",
            hint="First name",
            clickable=True,
            focusable=True,
            focused=True,
            long_clickable=True,
            bounds=(42, 100, 1038, 247),
        ),
        Node(
            cls="android.widget.ImageButton",
            package="p",
            resource_id="p:id/go",
            clickable=True,
            focusable=True,
            bounds=(900, 2300, 1200, 2500),
        ),  # clipped to the screen
        Node(cls=TEXT_VIEW, package="p", text="off screen", bounds=(0, 2500, 100, 2600)),  # skipped
    )
    assert hierarchy.dump([root]) == GOLDEN
