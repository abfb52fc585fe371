"""App-management commands and the parsing of Android's real pm/am/monkey outputs."""

from __future__ import annotations

import pytest

from apk_helper.manage import (
    device_error,
    grant_command,
    install_command,
    launch_command,
    list_packages_command,
    parse_packages,
    revoke_command,
    uninstall_command,
)


def test_install_command_matches_uiautomator2() -> None:
    # u2 installs its own apk with exactly `pm install -r -t <path>`.
    assert install_command("/data/local/tmp/a.apk") == [
        "pm",
        "install",
        "-r",
        "-t",
        "/data/local/tmp/a.apk",
    ]
    assert install_command("/x.apk", replace=False, grant_all=True) == [
        "pm",
        "install",
        "-t",
        "-g",
        "/x.apk",
    ]


def test_package_commands() -> None:
    assert uninstall_command("net.gsantner.markor") == ["pm", "uninstall", "net.gsantner.markor"]
    assert uninstall_command("a.b", keep_data=True) == ["pm", "uninstall", "-k", "a.b"]
    assert grant_command("com.android.chrome", "android.permission.CAMERA") == [
        "pm",
        "grant",
        "com.android.chrome",
        "android.permission.CAMERA",
    ]
    assert revoke_command("a.b", "android.permission.READ_SMS")[:2] == ["pm", "revoke"]
    assert list_packages_command() == ["pm", "list", "packages"]
    assert list_packages_command(third_party=True) == ["pm", "list", "packages", "-3"]
    with pytest.raises(ValueError, match="not both"):
        list_packages_command(third_party=True, system=True)


def test_launch_commands() -> None:
    # Same shapes as uiautomator2's app_start.
    assert launch_command("com.android.settings") == [
        "monkey",
        "-p",
        "com.android.settings",
        "-c",
        "android.intent.category.LAUNCHER",
        "1",
    ]
    cmd = launch_command("com.android.settings", ".Settings")
    assert cmd[:2] == ["am", "start"] and cmd[-2:] == ["-n", "com.android.settings/.Settings"]
    full = launch_command("a.b", "a.b/a.b.Main")
    assert full[-1] == "a.b/a.b.Main"
    with pytest.raises(ValueError, match="not in package"):
        launch_command("a.b", "c.d/.Main")


@pytest.mark.parametrize(
    "bad",
    ["", "nodots", "com.example; reboot", "com.ex ample", "../etc", "com.$(id).x", "-rf.x"],
)
def test_bad_package_names_never_reach_a_shell(bad: str) -> None:
    with pytest.raises(ValueError, match="invalid package"):
        uninstall_command(bad)
    with pytest.raises(ValueError, match="invalid package"):
        launch_command(bad)


def test_bad_permission_and_activity() -> None:
    with pytest.raises(ValueError, match="invalid permission"):
        grant_command("a.b", "CAMERA && reboot")
    with pytest.raises(ValueError, match="invalid activity"):
        launch_command("a.b", ".Main;reboot")


# Outputs as Android prints them (pm on API 30-34, am, monkey).
SUCCESSES = [
    "Performing Streamed Install\nSuccess\n",
    "Success\n",
    "",  # pm grant / revoke print nothing on success
    "Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] "
    "cmp=com.android.settings/.Settings }\n",
    "Starting: Intent { cmp=a.b/.Main }\nWarning: Activity not started, its current task has "
    "been brought to the front\n",
    "  bash arg: -p\n  bash arg: com.android.settings\n  bash arg: -c\n  bash arg: "
    "android.intent.category.LAUNCHER\n  bash arg: 1\nargs: [-p, com.android.settings]\n"
    "Events injected: 1\n## Network stats: elapsed time=12ms (0ms mobile, 0ms wifi, 12ms not "
    "connected)\n",
]


@pytest.mark.parametrize("output", SUCCESSES)
def test_success_outputs(output: str) -> None:
    assert device_error(output, 0) is None


FAILURES = [
    (
        "Performing Streamed Install\nFailure [INSTALL_FAILED_INVALID_APK: Failed to parse "
        "/data/app/vmdl.tmp/base.apk: AndroidManifest.xml missing]\n",
        "INSTALL_FAILED_INVALID_APK: Failed to parse",
    ),
    (
        "Failure [INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected]",
        "INSTALL_FAILED_VERSION_DOWNGRADE",
    ),
    ("Failure [DELETE_FAILED_INTERNAL_ERROR]\n", "DELETE_FAILED_INTERNAL_ERROR"),
    ("Failure [not installed for 0]\n", "not installed for 0"),
    (
        "Exception occurred while executing 'grant':\njava.lang.SecurityException: Package "
        "com.android.chrome has not requested permission android.permission.READ_SMS\n\tat "
        "com.android.server.pm.permission.PermissionManagerServiceImpl.grantRuntimePermission"
        "Internal(PermissionManagerServiceImpl.java:1398)\n",
        "java.lang.SecurityException: Package com.android.chrome has not requested permission",
    ),
    (
        "Exception occurred while executing 'revoke':\njava.lang.IllegalArgumentException: "
        "Unknown package: com.nope\n\tat com.android.server.pm...\n",
        "Unknown package: com.nope",
    ),
    (
        "Bad argument: java.lang.IllegalArgumentException: Unknown permission: android.permission.X",
        "Unknown permission: android.permission.X",
    ),
    (
        "Operation not allowed: java.lang.SecurityException: Permission android.permission.INTERNET "
        "requested by a.b is not a changeable permission type",
        "not a changeable permission type",
    ),
    (
        "Starting: Intent { cmp=a.b/.Nope }\nError type 3\nError: Activity class {a.b/a.b.Nope} "
        "does not exist.\n",
        "Activity class {a.b/a.b.Nope} does not exist.",
    ),
    (
        "  bash arg: -p\n  bash arg: com.nope\n** No activities found to run, monkey aborted.\n",
        "No activities found to run, monkey aborted.",
    ),
]


@pytest.mark.parametrize(("output", "message"), FAILURES)
def test_failure_outputs_carry_the_device_message(output: str, message: str) -> None:
    # Android's tools exit 0 after many of these: the text decides.
    found = device_error(output, 0)
    assert found is not None and message in found


def test_nonzero_exit_without_a_known_message() -> None:
    assert device_error("/system/bin/sh: pm: not found\n", 127) == (
        "exit status 127: /system/bin/sh: pm: not found"
    )
    assert device_error("", 1) == "exit status 1"


def test_parse_packages() -> None:
    out = (
        "package:com.android.settings\npackage:net.gsantner.markor\r\npackage:com.android.chrome\n"
    )
    assert parse_packages(out) == [
        "com.android.chrome",
        "com.android.settings",
        "net.gsantner.markor",
    ]
    with_paths = (
        "package:/data/app/~~x==/com.a.b-1/base.apk=com.a.b\npackage:/system/app/S.apk=c.d\n"
    )
    assert parse_packages(with_paths) == ["c.d", "com.a.b"]
    assert parse_packages("") == []
