"""The privilege table (``android_bridge/events/data/privileges.yaml``): every entry cites
Android's documentation, and the API parser reports a write to what it lists as a security
change, in every spelling an agent can use (``settings put``, the settings provider, ``cmd``)."""

from __future__ import annotations

import pytest

from android_bridge.events import privileges
from android_bridge.events.api import ApiAdapter
from host_pep.events import AgentEvent
from host_pep.semantics import FieldRole, Operation

API = ApiAdapter()
TABLE = privileges.table()


def ev(command: str) -> AgentEvent:
    return AgentEvent.parse(
        {"session": "s", "agent": "a", "channel": "api", "action": "api_call",
         "payload": {"command": command}}
    )  # fmt: skip


def op(command: str) -> Operation:
    return API.complete(ev(command)).semantics.operation


def test_every_entry_cites_its_source() -> None:
    sources = [r.source for r in TABLE.settings.values()] + [r.source for r in TABLE.commands]
    assert len(TABLE.settings) >= 40 and len(TABLE.commands) >= 6
    for source in sources:
        assert source.startswith(
            ("https://developer.android.com/", "https://source.android.com/",
             "https://android.googlesource.com/", "https://developers.google.com/")
        ), source  # fmt: skip
    for rule in TABLE.settings.values():
        assert rule.grants and rule.namespaces


@pytest.mark.parametrize("rule", list(TABLE.settings.values()), ids=lambda r: r.key)
def test_every_key_is_a_security_change_when_it_weakens(rule: privileges.SettingRule) -> None:
    ns = sorted(rule.namespaces - {"locksettings"})[0]
    weakening = sorted(rule.weakens)[0] if rule.weakens else "com.evil/.Service"
    assert op(f"settings put {ns} {rule.key} {weakening}") is Operation.SECURITY_CHANGE
    # the settings provider is the same store: the same judgement
    assert (
        op(f"content insert --uri content://settings/{ns} --bind name:s:{rule.key} "
           f"--bind value:s:{weakening}")
        is Operation.SECURITY_CHANGE
    )  # fmt: skip
    for restoring in rule.restores - {""}:
        assert op(f"settings put {ns} {rule.key} {restoring}") is Operation.SETTINGS_CHANGE


@pytest.mark.parametrize(
    "command",
    [
        "settings put secure enabled_notification_listeners com.evil/.Listener",
        "settings put secure enabled_accessibility_services com.evil/.A11y",
        "settings put secure autofill_service com.evil/.Autofill",
        "settings put secure sms_default_application com.evil",
        "settings put secure dialer_default_application com.evil",
        "settings put secure always_on_vpn_app com.evil.vpn",
        "settings put global http_proxy 10.0.0.9:8080",
        "settings put global private_dns_mode hostname",
        "settings put global private_dns_specifier dns.evil.example",
        "settings put secure install_non_market_apps 1",
        "settings put global adb_enabled 1",
        "settings put secure mock_location 1",
        "settings put global captive_portal_http_url http://evil.example/gen204",
        "settings put global device_provisioned 0",
        "settings put secure user_setup_complete 0",
        "settings --user 0 put secure enabled_notification_listeners com.evil/.L",
        "cmd role add-role-holder android.app.role.SMS com.evil",
        "cmd role add-role-holder --user 0 android.app.role.DIALER com.evil",
        "cmd role add-role-holder android.app.role.ASSISTANT com.evil",
        "cmd role add-role-holder android.app.role.HOME com.evil",
        "cmd role add-role-holder android.app.role.BROWSER com.evil",
        "pm grant com.evil android.permission.READ_SMS",
        "appops set com.evil android:mock_location allow",
        "cmd appops set com.evil REQUEST_INSTALL_PACKAGES allow",
        "dpm set-active-admin com.evil/.Admin",
        "dpm set-device-owner com.evil/.Admin",
        "cmd notification allow_listener com.evil/.L",
        "locksettings set-disabled true",
        "locksettings clear --old 1234",
        "content update --uri content://settings/global --bind value:s:1 --where \"name='adb_enabled'\"",
        "content update --uri content://settings/global/adb_enabled --bind value:s:1",
        "settings reset secure",
    ],
)
def test_grants_and_weakenings_are_security_changes(command: str) -> None:
    assert op(command) is Operation.SECURITY_CHANGE


@pytest.mark.parametrize(
    "command",
    [
        "settings put global adb_enabled 0",
        "settings put global http_proxy :0",
        "settings delete global http_proxy",
        "settings put global private_dns_mode opportunistic",
        "cmd role remove-role-holder android.app.role.SMS com.evil",
        "appops set com.evil android:mock_location deny",
        "locksettings set-disabled false",
        "settings put system screen_brightness 200",
        "content update --uri content://settings/system --bind value:s:200 --where \"name='screen_brightness'\"",
    ],
)
def test_taking_access_away_or_ordinary_settings_are_settings_changes(command: str) -> None:
    assert op(command) is Operation.SETTINGS_CHANGE


@pytest.mark.parametrize(
    "command",
    ["cmd role get-role-holders android.app.role.SMS", "locksettings get-disabled",
     "appops get com.evil", "settings get secure enabled_notification_listeners"],
)  # fmt: skip
def test_reading_what_is_granted_is_a_read(command: str) -> None:
    assert op(command) is Operation.READ


def test_the_grant_names_the_package_and_the_value_is_content() -> None:
    sem = API.complete(ev("cmd role add-role-holder android.app.role.SMS com.evil")).semantics
    assert sem.text["package"] == "com.evil" and sem.app == "settings"
    sem = API.complete(ev("settings put secure autofill_service com.evil/.A")).semantics
    assert sem.fields["value"] is FieldRole.CONTENT


@pytest.mark.parametrize(
    "command",
    ["appops set com.evil", "cmd role", "locksettings set-disabled", "settings put secure"],
)
def test_incomplete_grants_are_refused_with_the_problem_named(command: str) -> None:
    with pytest.raises(ValueError, match=r"needs|takes"):
        API.complete(ev(command))
