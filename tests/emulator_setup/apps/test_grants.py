"""Roles, app ops and device admins as Android 14's ``cmd role``, ``appops`` and ``dpm`` print
them, and where the device keeps them (the SMS role is ``sms_default_application``)."""

from __future__ import annotations

from emulator_setup.virtual.state import DeviceState

SMS = "android.app.role.SMS"
GMAIL = "com.google.android.gm"


def test_role_holders_follow_the_settings_android_keeps(dev: DeviceState) -> None:
    assert dev.role(["get-role-holders", SMS]) == ("com.simplemobiletools.smsmessenger\n", "", 0)
    assert dev.role(["add-role-holder", "--user", "0", SMS, GMAIL]) == ("", "", 0)
    assert dev.settings_db.get("secure", "sms_default_application") == GMAIL
    assert dev.role(["get-role-holders", SMS])[0] == f"{GMAIL}\n"
    assert dev.role(["remove-role-holder", SMS, GMAIL]) == ("", "", 0)
    assert dev.role(["get-role-holders", SMS])[0] == "\n"
    assert dev.role(["get-role-holders", "android.app.role.HOME"])[0] == (
        "com.google.android.apps.nexuslauncher\n"
    )


def test_a_role_for_a_missing_package_fails_like_the_callback(dev: DeviceState) -> None:
    out, err, rc = dev.role(["add-role-holder", SMS, "com.not.installed"])
    assert (out, rc) == ("", 255)
    assert err.startswith("Error: see logcat for details.\n")
    assert dev.role(["help"])[0].startswith("Role (role) commands:\n")


def test_appops_modes(dev: DeviceState) -> None:
    assert dev.appops(["get", GMAIL, "android:mock_location"]) == (
        "No operations.\nDefault mode: deny\n", "", 0,
    )  # fmt: skip
    assert dev.appops(["set", GMAIL, "android:mock_location", "allow"]) == ("", "", 0)
    assert dev.appops(["get", GMAIL]) == ("MOCK_LOCATION: allow\n", "", 0)
    assert dev.grants.appop_mode(GMAIL, "MOCK_LOCATION") == 0
    assert dev.appops(["set", GMAIL, "android:mock_location"])[1] == "Error: Mode not specified.\n"
    assert (
        dev.appops(["set", "com.nope", "x", "allow"])[1] == "Error: No UID for com.nope in user 0\n"
    )
    dev.factory_reset()
    assert dev.appops(["get", GMAIL])[0] == "No operations.\n"
