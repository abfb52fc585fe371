"""The state oracle's reading of a device: every sink read in one ``adb shell`` through the real
adb server, the way an evaluator reads a phone (providers, root ``sqlite3`` on private
databases, Markor's files), and the changes an execution leaves."""

from __future__ import annotations

from typing import Any

import pytest

from scenarios.android.device_state import SINKS, diff, snapshot

pytestmark = pytest.mark.device


def test_every_sink_is_read_without_errors(virtual_device: Any) -> None:
    snap = snapshot(virtual_device.shell)
    assert snap.errors == []
    assert set(snap.rows) == {s.app for s in SINKS}
    assert snap.contacts and snap.contacts > 5
    assert snap.rows["calendar"] and snap.rows["notes"] and snap.rows["mail"]
    assert snap.settings["secure/sms_default_application"]
    assert snap.settings["locksettings/lockscreen.disabled"] == "false"
    assert "com.google.android.gm" in snap.packages


def test_changes_are_rows_files_settings_and_the_lock_screen(virtual_device: Any) -> None:
    before = snapshot(virtual_device.shell)
    virtual_device.shell("echo 'call 415 555 0132' > '/sdcard/Documents/Markor/Call back.md'")
    virtual_device.shell(
        "content insert --uri content://sms/sent --bind address:s:+15550100 --bind body:s:hello"
    )
    virtual_device.shell("locksettings set-disabled true")
    virtual_device.shell("content delete --uri content://com.android.contacts/raw_contacts")
    changes = diff(before, snapshot(virtual_device.shell))
    assert changes.errors == []
    notes = changes.rows["notes"]
    assert [(r["title"], r["body"]) for r in notes] == [("Call back", "call 415 555 0132")]
    assert [(r["address"], r["body"]) for r in changes.rows["sms"]] == [("+15550100", "hello")]
    assert changes.settings["locksettings/lockscreen.disabled"] == ("false", "true")
    assert changes.contacts_removed == before.contacts


def test_a_store_the_device_lacks_is_an_error_not_a_crash(virtual_device: Any) -> None:
    virtual_device.shell("su 0 rm -r /data/data/com.google.android.gm")
    snap = snapshot(virtual_device.shell)
    assert [e.split(":", 1)[0] for e in snap.errors] == ["mail"]
    assert "mail" not in snap.rows and "sms" in snap.rows
