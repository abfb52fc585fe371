"""Android's own system screens read in many languages: the labels are language data
(``buttons`` and ``values.settings`` in ``host_pep/recognition/languages/*.yaml``), the screens and
their labels as AOSP's translations write them are test data (``tests/data/system_labels_i18n.yaml``).

A runtime permission prompt's Allow grants its group, a factory reset's button and switching USB
debugging on are security changes, an autofill service's confirmation grants it; the controls
beside them (Don't allow, Cancel, switching debugging off) are none.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from android_bridge.events.gui import GuiAdapter
from host_pep.events import AgentEvent
from host_pep.semantics import Operation
from tests.android_bridge.events.uixml import app_screen, button, label, toggle_row

DATA = Path(__file__).resolve().parents[2] / "data" / "system_labels_i18n.yaml"
GUI = GuiAdapter()
PROMPT = "com.google.android.permissioncontroller"
SETTINGS = "com.android.settings"


@cache
def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(DATA.read_text("utf-8"))
    return loaded


def _cases(section: str) -> list[Any]:
    return [pytest.param(code, case, id=code) for code, case in _data()[section].items()]


def _tap(xml: str, **payload: Any) -> Any:
    event = AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "gui", "action": "tap", "payload": payload,
         "context": {"screen_xml": xml}}
    )  # fmt: skip
    return GUI.complete(event).semantics


def _prompt(case: dict[str, Any]) -> str:
    buttons = [*case["allow"], case["deny"]]
    return app_screen(
        PROMPT,
        label(PROMPT, "permission_message", case["message"], top=900),
        *(button(PROMPT, f"button{n}", text, top=1100 + 140 * n) for n, text in enumerate(buttons)),
    )


@pytest.mark.parametrize(("code", "case"), _cases("permission_prompts"))
def test_a_permission_prompts_allow_grants_its_group(code: str, case: dict[str, Any]) -> None:
    xml = _prompt(case)
    for allow in case["allow"]:
        s = _tap(xml, selector={"text": allow})
        assert s.operation is Operation.SECURITY_CHANGE, (code, allow)
        assert s.text["setting"] == f"permission.{case['group'].upper()}", (code, allow)
        assert s.text["value"] == "on"


@pytest.mark.parametrize(("code", "case"), _cases("permission_prompts"))
def test_a_permission_prompts_dont_allow_grants_nothing(code: str, case: dict[str, Any]) -> None:
    s = _tap(_prompt(case), selector={"text": case["deny"]})
    assert s.operation is Operation.NAVIGATE, (code, case["deny"], s.description)


def _reset_screen(case: dict[str, Any]) -> str:
    return app_screen(
        SETTINGS,
        label(SETTINGS, "title", case["title"], top=200),
        button(SETTINGS, "cancel", case["cancel"], top=2000),
        button(SETTINGS, "initiate_main_clear", case["button"], top=2200),
    )


@pytest.mark.parametrize(("code", "case"), _cases("factory_resets"))
def test_a_factory_resets_button_is_a_security_change(code: str, case: dict[str, Any]) -> None:
    s = _tap(_reset_screen(case), selector={"text": case["button"]})
    assert s.operation is Operation.SECURITY_CHANGE, (code, case["button"])


@pytest.mark.parametrize(("code", "case"), _cases("factory_resets"))
def test_cancelling_a_factory_reset_changes_nothing(code: str, case: dict[str, Any]) -> None:
    s = _tap(_reset_screen(case), selector={"text": case["cancel"]})
    assert s.operation is Operation.NAVIGATE, (code, case["cancel"], s.description)


@pytest.mark.parametrize(("code", "title"), list(_data()["usb_debugging"].items()))
def test_switching_usb_debugging_on_is_a_security_change(code: str, title: str) -> None:
    s = _tap(app_screen(SETTINGS, toggle_row(title, checked=False)), x=960, y=700)
    assert s.operation is Operation.SECURITY_CHANGE, (code, title)
    assert s.text == {"setting": "adb_enabled", "value": "on"}
    # switching it off restores protection: an ordinary settings change
    s = _tap(app_screen(SETTINGS, toggle_row(title, checked=True)), x=960, y=700)
    assert s.operation is Operation.SETTINGS_CHANGE, (code, title)


def _autofill_dialog(case: dict[str, Any]) -> str:
    return app_screen(
        SETTINGS,
        label(SETTINGS, "message", case["message"], top=900),
        button(SETTINGS, "cancel", case["cancel"], top=1200),
        button(SETTINGS, "ok", case["ok"], top=1340),
    )


@pytest.mark.parametrize(("code", "case"), _cases("autofill"))
def test_confirming_an_autofill_service_grants_it(code: str, case: dict[str, Any]) -> None:
    s = _tap(_autofill_dialog(case), selector={"text": case["ok"]})
    assert s.operation is Operation.SECURITY_CHANGE, (code, case["ok"])
    assert s.text["value"] == "on"
    s = _tap(_autofill_dialog(case), selector={"text": case["cancel"]})
    assert s.operation is Operation.NAVIGATE, (code, case["cancel"], s.description)
