"""Extraction on real screens: every dump of the corpus (tests/data/screens) parses, and what
extraction says about it agrees with an independent reading of the XML (lxml) and, for the
hand-checked screens, with what a person reading the dump wrote down in expected.yaml.

Timing is measured by ``droidgate bench screens``, never asserted here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from lxml import etree
from pydantic import BaseModel, ConfigDict, Field

from android_bridge.events import screen
from android_bridge.events.gui import GuiAdapter
from android_bridge.events.screen import Node, parse_screen
from android_bridge.screen_corpus import Corpus
from host_pep.events import AgentEvent
from host_pep.semantics import Operation

ROOT = Path(__file__).resolve().parents[2] / "data" / "screens"
CORPUS = Corpus.load(ROOT)
IDS = [s.id for s in CORPUS]
GUI = GuiAdapter()


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class NodeSpec(_Strict):
    """The fields of a node a person checks; each one given must match."""

    cls: str | None = Field(default=None, alias="class")
    resource_id: str | None = None
    text: str | None = None
    description: str | None = None
    bounds: tuple[int, int, int, int] | None = None

    def matches(self, node: Node) -> bool:
        wanted = {
            "class_name": self.cls,
            "resource_id": self.resource_id,
            "value": self.text,
            "description": self.description,
            "bounds": self.bounds,
        }
        return all(v is None or getattr(node, k) == v for k, v in wanted.items())


class Tap(_Strict):
    at: tuple[int, int]
    node: NodeSpec
    operation: Operation | None = None
    """What the GUI adapter says a tap there does (optional)."""


class Expected(_Strict):
    foreground: str
    focused: NodeSpec | None
    passwords: list[NodeSpec]
    taps: list[Tap]
    visible: list[str] = []
    """Strings that must be among the screen's observations."""


def _expected() -> dict[str, Expected]:
    data = yaml.safe_load((ROOT / "expected.yaml").read_text("utf-8"))
    return {k: Expected.model_validate(v) for k, v in data.items()}


EXPECTED = _expected()


def _event(action: str, payload: dict[str, Any], xml: str) -> AgentEvent:
    return AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "gui", "action": action, "payload": payload,
         "context": {"screen_xml": xml}}
    )  # fmt: skip


def _lxml_nodes(xml: str) -> list[etree._Element]:
    root = etree.fromstring(xml.encode("utf-8"), etree.XMLParser(resolve_entities=False))
    return list(root.iter("node"))


@pytest.mark.parametrize("screen_id", IDS)
def test_every_real_screen_parses_the_same_on_every_path(screen_id: str) -> None:
    xml = CORPUS.xml(screen_id)
    parsed = parse_screen(xml)
    slow = screen._extract_lxml(xml)
    assert parsed.nodes == slow.nodes and parsed.screen_hash == slow.screen_hash
    assert len(parsed.nodes) == len(_lxml_nodes(xml))
    # the serialiser's own layouts are read by a regex path, not by the slow one
    fast = screen._extract_fast(xml) or screen._extract_counted(xml)
    assert fast is not None and fast.nodes == slow.nodes


@pytest.mark.parametrize("screen_id", IDS)
def test_the_foreground_is_the_app_the_manifest_names(screen_id: str) -> None:
    assert (
        parse_screen(CORPUS.xml(screen_id)).foreground_package == CORPUS.screen(screen_id).package
    )


@pytest.mark.parametrize("screen_id", IDS)
def test_focus_and_password_fields_agree_with_the_xml(screen_id: str) -> None:
    xml = CORPUS.xml(screen_id)
    parsed = parse_screen(xml)
    els = _lxml_nodes(xml)
    focused = [e for e in els if e.get("focused") == "true"]
    editable = [e for e in focused if "EditText" in (e.get("class") or "")]
    got = parsed.focused()
    if not focused:
        assert got is None
    else:
        want = (editable or focused)[0]
        assert got is not None and got.bounds_raw == want.get("bounds")
        assert got.class_name == want.get("class")
    passwords = [e.get("bounds") for e in els if e.get("password") == "true"]
    assert [n.bounds_raw for n in parsed.nodes if n.password] == passwords


@pytest.mark.parametrize("screen_id", IDS)
def test_a_tap_on_every_clickable_widget_resolves_and_completes(screen_id: str) -> None:
    """The centre of each clickable node lands on a node that contains it and that can take the
    tap, and the GUI adapter completes the tap (no crash on a real hierarchy)."""
    xml = CORPUS.xml(screen_id)
    parsed = parse_screen(xml)
    for node in parsed.nodes:
        if not node.clickable or node.area == 0:
            continue
        x, y = node.center
        hit = parsed.node_at(x, y)
        assert hit is not None and hit.contains(x, y)
        assert hit.clickable or hit.editable, (screen_id, node.bounds, hit)
        completion = GUI.complete(_event("tap", {"x": x, "y": y}, xml))
        assert completion.semantics.package == hit.package


@pytest.mark.parametrize("screen_id", IDS)
def test_typing_goes_to_the_focused_field_and_a_password_is_a_credential(screen_id: str) -> None:
    xml = CORPUS.xml(screen_id)
    parsed = parse_screen(xml)
    if parsed.focused() is not None:
        completion = GUI.complete(_event("text_input", {"text": "hello"}, xml))
        assert completion.semantics.widget is not None
        assert completion.semantics.widget["bounds"] == list(parsed.focused().bounds)  # type: ignore[union-attr]
    for node in parsed.nodes:
        if node.password and node.resource_id:
            completion = GUI.complete(
                _event(
                    "text_input",
                    {"text": "s3cret!", "selector": {"resourceId": node.resource_id}},
                    xml,
                )
            )
            creds = [o for o in completion.observations if o.kind_hint == "credential"]
            assert any(o.text == "s3cret!" for o in creds)


def test_hand_checked_screens_are_in_the_corpus() -> None:
    assert len(EXPECTED) >= 8
    assert set(EXPECTED) <= set(IDS)


@pytest.mark.parametrize("screen_id", sorted(EXPECTED))
def test_a_hand_checked_screen_extracts_as_checked(screen_id: str) -> None:
    want = EXPECTED[screen_id]
    xml = CORPUS.xml(screen_id)
    parsed = parse_screen(xml)
    assert parsed.foreground_package == want.foreground
    focused = parsed.focused()
    if want.focused is None:
        assert focused is None
    else:
        assert focused is not None and want.focused.matches(focused), focused
    passwords = [n for n in parsed.nodes if n.password]
    assert len(passwords) == len(want.passwords)
    for spec, node in zip(want.passwords, passwords, strict=True):
        assert spec.matches(node), node
    for tap in want.taps:
        hit = parsed.node_at(*tap.at)
        assert hit is not None and tap.node.matches(hit), (tap.at, hit)
        if tap.operation is not None:
            completion = GUI.complete(_event("tap", {"x": tap.at[0], "y": tap.at[1]}, xml))
            assert completion.semantics.operation is tap.operation, completion.semantics
    if want.visible:
        completion = GUI.complete(_event("swipe", {"direction": "up"}, xml))
        seen = {o.text for o in completion.observations}
        assert set(want.visible) <= seen, set(want.visible) - seen
