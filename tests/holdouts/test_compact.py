"""The authoring aid (tests/holdouts/compact.py) turns a dump into a compact screen that renders
back to exactly that dump, or says it cannot."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from android_bridge.case_screens import render
from android_bridge.events.uixml import W, big_screen, dump, status_bar

from .compact import compact, main

SCREENS = sorted(
    (Path(__file__).resolve().parents[1] / "data" / "holdouts" / "screens").glob("*.xml")
)


@pytest.mark.parametrize("path", SCREENS, ids=lambda p: p.stem)
def test_a_reference_dump_becomes_a_tree_that_renders_back_to_it(path: Path) -> None:
    xml = path.read_bytes().decode("utf-8")
    screen = compact(xml)
    assert screen is not None and render(screen) == xml


def test_nested_rows_and_a_list_become_spelled_out_widgets() -> None:
    xml = big_screen(40)
    screen = compact(xml)
    assert screen is not None and render(screen) == xml
    assert screen["content"] is None and screen["nodes"][0]["class"] == "ListView"


def test_what_no_tree_renders_is_left_to_screen_xml() -> None:
    assert compact('<hierarchy rotation="0"><node text="oops"') is None
    no_status_bar = dump(("com.example", W(children=[W("android.widget.TextView", text="hi")])))
    assert compact(no_status_bar) is not None  # a dump without a status bar is a tree too
    rotated = dump(("com.example", W()), status_bar(), rotation=1)
    assert compact(rotated) is None  # rotation is not part of the format


def test_the_command_prints_the_screen_as_yaml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(SCREENS[0])]) == 0
    printed = yaml.safe_load(capsys.readouterr().out)
    assert render(printed["screen"]) == SCREENS[0].read_bytes().decode("utf-8")
    broken = tmp_path / "broken.xml"
    broken.write_text("<hierarchy", "utf-8")
    assert main([str(broken)]) == 1
