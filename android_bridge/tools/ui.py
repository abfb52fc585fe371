"""Tools that act through an app's screens, as a person (or a GUI agent) would, with shell
commands only: dump the screen (``uiautomator dump /dev/tty``), tap the widget found in it
(``input tap x y``), type (``input text``), press keys. Used for apps that have no content
provider (mail, expenses, the browser, uploads): their data is reached the way a phone allows.

A step that needs the screen reads the latest dump among the outputs so far; a widget that is
not there is a ``ToolError`` naming it (the app is not the one the tool knows).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from android_bridge.events.screen import Node, ParsedScreen, parse_screen
from android_bridge.tools.registry import Step, ToolError

DUMP = "uiautomator dump /dev/tty"
BACK = "input keyevent KEYCODE_BACK"
NOTHING = "true"

Match = Callable[[Node], bool]


def screen_in(outputs: list[str]) -> ParsedScreen:
    """The screen of the latest ``uiautomator dump`` among ``outputs``."""
    for out in reversed(outputs):
        start, end = out.find("<?xml"), out.rfind("</hierarchy>")
        if start >= 0 and end > start:
            return parse_screen(out[start : end + len("</hierarchy>")])
        if start >= 0 and "<hierarchy" in out:
            return parse_screen(out[start:].split("UI hierchary dumped to")[0].strip())
    raise ToolError("no screen dump to act on")


def by_id(suffix: str) -> Match:
    return lambda n: n.resource_id.rsplit("/", 1)[-1] == suffix


def by_desc(text: str) -> Match:
    return lambda n: n.description == text


def find(screen: ParsedScreen, match: Match) -> list[Node]:
    pkg = screen.foreground_package
    return [n for n in screen.nodes if match(n) and n.package == pkg]


def tap(match: Match, what: str, *, index: int = 0, optional: bool = False) -> Step:
    """``input tap`` at the centre of the ``index``-th widget matching, on the latest dump."""

    def step(outputs: list[str]) -> str:
        nodes = find(screen_in(outputs), match)
        if len(nodes) <= index:
            if optional:
                return NOTHING
            raise ToolError(f"{what} is not on the screen")
        left, top, right, bottom = nodes[index].bounds
        return f"input tap {(left + right) // 2} {(top + bottom) // 2}"

    return step


def type_text(text: str) -> str:
    """``input text``: spaces are typed as ``%s`` (the only escape it knows)."""
    return "input text " + shlex.quote(" ".join(text.split("\n")).replace(" ", "%s"))


def texts(screen: ParsedScreen, match: Match) -> list[str]:
    return [n.text for n in find(screen, match) if n.text]
