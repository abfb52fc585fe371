"""The protection screens in every language: the conformance cases of kind ``screen``
(``tests/data/languages/cases.yaml``), phrased per language in ``tests/data/languages/<code>.yaml``
as Android writes them, run through the GUI adapter on a rendered screen.

``lock-none``: "<the lock chooser's title> | <the choice tapped>" -- choosing it turns the screen
lock off. ``debugging-on``: the label of the USB-debugging toggle -- switching it on is a
security change. The labels are language data (``values.settings`` in
``host_pep/recognition/languages/*.yaml``); the screens' mechanism is
``android_bridge/events/security.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from android_bridge.events.gui import GuiAdapter
from host_pep.events import AgentEvent
from host_pep.semantics import Operation
from tests.android_bridge.events.uixml import app_screen, button, label, toggle_row
from tests.host_pep.recognition.test_language_conformance import (
    Phrasing,
    language_cases,
    shipped_languages,
)

GUI = GuiAdapter()
SETTINGS = "com.android.settings"


def _phrasings(case_id: str) -> list[Any]:
    params: list[Any] = []
    for code in shipped_languages():
        found = language_cases(code)
        for n, phrasing in enumerate(found.phrasings.get(case_id, []) if found else []):
            ident = f"{code}-{case_id}-{n}"
            if isinstance(phrasing, Phrasing):
                mark = pytest.mark.xfail(strict=True, reason=phrasing.xfail)
                params.append(pytest.param(phrasing.text, id=ident, marks=mark))
            else:
                params.append(pytest.param(phrasing, id=ident))
    return params


def _tap(payload: dict[str, Any], xml: str) -> Any:
    event = AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "gui", "action": "tap", "payload": payload,
         "context": {"screen_xml": xml}}
    )  # fmt: skip
    return GUI.complete(event).semantics


@pytest.mark.parametrize("phrasing", _phrasings("lock-none"))
def test_choosing_no_lock_turns_the_screen_lock_off(phrasing: str) -> None:
    title, choice = (part.strip() for part in phrasing.split("|"))
    xml = app_screen(
        SETTINGS,
        label(SETTINGS, "title", title, top=200),
        button(SETTINGS, "lock_choice", choice, top=400),
        button(SETTINGS, "lock_pin", "PIN", top=600),
    )
    s = _tap({"selector": {"text": choice}}, xml)
    assert s.operation is Operation.SECURITY_CHANGE, phrasing
    assert s.text == {"setting": "screen_lock", "value": "off"}
    # the same choice on a screen about something else changes nothing
    other = app_screen(
        SETTINGS,
        label(SETTINGS, "title", "Ringtone", top=200),
        button(SETTINGS, "tone", choice, top=400),
    )
    assert _tap({"selector": {"text": choice}}, other).operation is Operation.NAVIGATE


@pytest.mark.parametrize("phrasing", _phrasings("debugging-on"))
def test_switching_usb_debugging_on_is_a_security_change(phrasing: str) -> None:
    s = _tap({"x": 960, "y": 700}, app_screen(SETTINGS, toggle_row(phrasing, checked=False)))
    assert s.operation is Operation.SECURITY_CHANGE, phrasing
    assert s.text == {"setting": "adb_enabled", "value": "on"}
    # switching it off restores protection: an ordinary settings change
    s = _tap({"x": 960, "y": 700}, app_screen(SETTINGS, toggle_row(phrasing, checked=True)))
    assert s.operation is Operation.SETTINGS_CHANGE
