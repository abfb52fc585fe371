"""The ADB commands real agent benchmarks send, run against the virtual device through Debian's
adb and parsed the way each benchmark parses them (docs/virtual-device.md has the table).

AndroidWorld (google-research/android_world: ``env/adb_utils.py``, ``utils/file_utils.py``,
``utils/contacts_utils.py``, ``utils/datetime_utils.py``, ``utils/app_snapshot.py``,
``task_evals/common_validators/sms_validators.py``) and the android_env ``AdbCallParser`` it
runs on issue these as ``adb shell ARGS…``; each test sends the same argv and re-implements
the benchmark's expectation (a regex, a split, a string check) — no benchmark code is copied.
uiautomator2's and adbutils' own Python APIs are driven as a client would call them.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any

import pytest

from emulator_setup.testing import DeviceHandle

pytestmark = pytest.mark.device

CONTACTS = "com.android.contacts"
GMAIL = "com.google.android.gm"
MARKOR = "/storage/emulated/0/Documents/Markor"


def shell(dev: DeviceHandle, *argv: str) -> tuple[str, int]:
    """``adb shell ARGV…`` as android_env issues it: (stdout, exit status)."""
    p = dev.adb("shell", *argv)
    return p.stdout.decode("utf-8", "replace"), p.returncode


def out(dev: DeviceHandle, *argv: str) -> str:
    text, status = shell(dev, *argv)
    assert status == 0, (argv, text)
    return text


# -- activities, tasks and apps -----------------------------------------------------------------


def current_activity(dev: DeviceHandle) -> str:
    """android_env ``_get_current_activity``: the visible task's ``{…}`` in ``am stack list``."""
    visible = out(dev, "am", "stack", "list", "|", "grep", "-E", "visible=true")
    m = re.compile(r".*\{(.*)\}").search(visible)
    assert m is not None, visible
    return m.group(1)


def test_current_activity_and_task_id_from_am_stack_list(virtual_device: DeviceHandle) -> None:
    out(virtual_device, "monkey", "-p", CONTACTS, "1")  # AndroidWorld launch_app by package
    assert current_activity(virtual_device).startswith(f"{CONTACTS}/")
    # android_env _task_id: taskId=N: BASE ... visible=true ... topActivity=ComponentInfo{TOP}
    regex = re.compile(
        r"^\ *taskId=(?P<id>[0-9]*): (?P<base_activity>[^\s]*) .*visible=true"
        r".*topActivity=ComponentInfo{(?P<top_activity>[^\s]*)}$"
    )
    hits = [regex.search(ln) for ln in out(virtual_device, "am", "stack", "list").splitlines()]
    found = [m for m in hits if m is not None]
    assert len(found) == 1 and found[0].group("top_activity") == current_activity(virtual_device)


def test_start_activity_reports_no_error(virtual_device: DeviceHandle) -> None:
    """android_env ``_start_activity``: ``am start -S -W -n ACTIVITY``; output must not
    match ``.*Error.*``; a missing activity must."""
    text = out(virtual_device, "am", "start", "-S", "-W", "-n",
               f"{CONTACTS}/.activities.PeopleActivity")  # fmt: skip
    assert not re.compile(r".*Error.*").match(text) and "Status: ok" in text
    p = virtual_device.adb("shell", "am", "start", "-W", "-n", "com.nope/.Main")
    assert "Error" in (p.stdout + p.stderr).decode()


def test_default_app_uris_open_their_apps(virtual_device: DeviceHandle) -> None:
    """AndroidWorld ``_launch_default_app``: ``am start -a VIEW -d URI``."""
    for uri, package in [
        ("content://com.android.calendar", "com.simplemobiletools.calendar.pro"),
        ("content://contacts/people/", CONTACTS),
        ("mailto:", GMAIL),
        ("http://", "com.android.chrome"),
    ]:
        out(virtual_device, "am", "start", "-a", "android.intent.action.VIEW", "-d", uri)
        assert current_activity(virtual_device).split("/")[0] == package, uri


def test_close_recents_removes_every_task(virtual_device: DeviceHandle) -> None:
    """AndroidWorld ``close_recents``: every ``id=(\\d+)`` of ``dumpsys activity recents`` is
    passed to ``am stack remove``; afterwards no app task is left."""
    for pkg in (CONTACTS, GMAIL):
        out(virtual_device, "monkey", "-p", pkg, "1")
    recents = out(virtual_device, "dumpsys activity recents")
    ids = re.findall(r"id=(\d+)", recents)
    assert len(ids) >= 2
    for task_id in ids:
        shell(virtual_device, "am", "stack", "remove", task_id)
    assert re.findall(r"taskId=(\d+)", out(virtual_device, "dumpsys activity recents")) == []
    assert "launcher" in current_activity(virtual_device)


def test_close_app_and_package_list(virtual_device: DeviceHandle) -> None:
    out(virtual_device, "monkey", "-p", GMAIL, "1")
    out(virtual_device, "am", "force-stop", GMAIL)  # AndroidWorld close_app
    assert not current_activity(virtual_device).startswith(GMAIL)
    # android_env _handle_package_manager list packages: split(), strip the "package:" prefix
    items = out(virtual_device, "pm", "list", "packages").split()
    names = [x[len("package:") :] for x in items if x.startswith("package:")]
    assert {CONTACTS, GMAIL, "com.google.android.dialer"} <= set(names)


def test_grant_and_clear_app_data(virtual_device: DeviceHandle) -> None:
    out(virtual_device, "pm", "grant", "com.simplemobiletools.smsmessenger",
        "android.permission.READ_CONTACTS")  # fmt: skip
    assert out(virtual_device, "pm", "clear", "com.android.providers.contacts") == "Success\n"
    # AndroidWorld list_contacts after clear_contacts: nothing matches
    phones = out(virtual_device, "content query --uri content://contacts/phones/ "
                                 "--projection display_name:number")  # fmt: skip
    assert not re.findall(r"display_name=(.*), number=(.*)", phones)


def test_install_and_uninstall_through_adb(virtual_device: DeviceHandle, tmp_path: Path) -> None:
    """AndroidWorld ``install_apk`` (``adb install PATH``); android_env ``uninstall``."""
    apk = _apk(tmp_path)
    p = virtual_device.adb("install", "-r", "-t", "-g", str(apk))
    assert p.returncode == 0 and b"Success" in p.stdout, p.stderr
    assert "com.github.uiautomator" in out(virtual_device, "pm", "list", "packages")
    assert virtual_device.adb("uninstall", "com.github.uiautomator").stdout == b"Success\n"


def _apk(tmp_path: Path) -> Path:
    """A real APK: the one uiautomator2 ships (package com.github.uiautomator)."""
    import uiautomator2

    del tmp_path
    return Path(uiautomator2.__file__).parent / "assets" / "app-uiautomator.apk"


def test_app_setup_commands(virtual_device: DeviceHandle) -> None:
    """setup_device/apps.py: app ops, a launcher-style monkey start (``-cCATEGORY`` attached),
    ``chcon`` of copied files (root)."""
    dev = virtual_device
    out(dev, "appops", "set", GMAIL, "android:system_alert_window", "allow")
    assert "SYSTEM_ALERT_WINDOW: allow" in out(dev, "appops", "get", GMAIL)
    out(dev, "monkey", "-p", GMAIL, "-candroid.intent.category.LAUNCHER", "1")
    assert current_activity(dev).startswith(GMAIL)
    out(dev, "mkdir", "-p", "/sdcard/Android/data/net.osmand/files")
    out(dev, "touch", "/sdcard/Android/data/net.osmand/files/map.obf")
    label = [
        "chcon",
        "u:object_r:media_rw_data_file:s0",
        "/sdcard/Android/data/net.osmand/files/map.obf",
    ]
    assert shell(dev, *label)[1] != 0  # relabelling needs root
    with rooted(dev):
        out(dev, *label)


# -- input ------------------------------------------------------------------------------------


def _field_text(dev: DeviceHandle, rid: str) -> str:
    xml = out(dev, "uiautomator dump /dev/tty")
    m = re.search(rf'text="([^"]*)" resource-id="{re.escape(rid)}"', xml)
    assert m is not None, rid
    return m.group(1)


def test_taps_swipes_keys_and_typing(virtual_device: DeviceHandle) -> None:
    dev = virtual_device
    out(dev, "am start -a android.intent.action.INSERT -t vnd.android.cursor.dir/contact")
    rid = f"{CONTACTS}:id/display_name"
    # AndroidWorld type_text: word by word, spaces as %s, specials backslash-escaped
    for word in ["Ann", "%s", "O\\'Neil"]:
        out(dev, "input", "text", word)
    assert _field_text(dev, rid) == "Ann O'Neil"
    # actuation clear_text: Ctrl+A, then DEL
    out(dev, "input", "keycombination", "113", "29", "&&", "input", "keyevent", "67")
    assert _field_text(dev, rid) == "Name"  # the empty field shows its hint
    for argv in (
        ["input", "tap", "540", "1200"],
        ["input", "swipe", "540", "1200", "540", "1200", "1000"],  # long press
        ["input", "swipe", "540", "1800", "540", "600", ""],  # AndroidWorld: empty duration
        ["input", "draganddrop", "540", "1800", "540", "600", "500"],
        ["input", "keyevent", "KEYCODE_ENTER"],
        ["input", "keyevent", "KEYCODE_BACK"],
        ["input", "keyevent", "KEYCODE_HOME"],
        ["settings", "put", "system", "pointer_location", "0"],
    ):
        out(dev, *argv)
    assert "launcher" in current_activity(dev)


def test_add_contact_through_the_insert_intent_and_save(virtual_device: DeviceHandle) -> None:
    """AndroidWorld ``add_contact``: the INSERT intent, a tap on the element whose text is
    "SAVE" (case-insensitive), back; then ``list_contacts``' regex finds it."""
    dev = virtual_device
    out(dev, 'am start -a android.intent.action.INSERT -t vnd.android.cursor.dir/contact '
             '-e name "Jane Doe" -e phone 5550123')  # fmt: skip
    xml = out(dev, "uiautomator dump /sdcard/window_dump.xml && cat /sdcard/window_dump.xml")
    save = next(m for m in re.finditer(r'<node [^>]*text="([^"]*)"[^>]*bounds="\[(\d+),(\d+)\]'
                                       r'\[(\d+),(\d+)\]"', xml) if m.group(1).lower() == "save")  # fmt: skip
    x1, y1, x2, y2 = (int(save.group(i)) for i in range(2, 6))
    out(dev, "input", "tap", str((x1 + x2) // 2), str((y1 + y2) // 2))
    out(dev, "input", "keyevent", "KEYCODE_BACK")
    listing = out(dev, "content query --uri content://contacts/phones/ "
                       "--projection display_name:number")  # fmt: skip
    found = {(m.group(1), re.sub(r"\D", "", m.group(2)))
             for m in re.finditer(r"display_name=(.*), number=(.*)", listing)}  # fmt: skip
    assert ("Jane Doe", "5550123") in found
    assert ("Alice Johnson", "14155550132") in found


# -- screen geometry --------------------------------------------------------------------------


def geometry(dev: DeviceHandle) -> tuple[tuple[int, int], tuple[int, int], int, tuple[int, ...]]:
    """AndroidWorld get_screen_size, get_logical_screen_size, get_orientation and
    get_physical_frame_boundary, each with its own regex."""
    m = re.search(r"Physical size: (\d+)x(\d+)", out(dev, "wm size"))
    assert m is not None
    physical = (int(m.group(1)), int(m.group(2)))
    logical = next(
        (int(a), int(b))
        for a, b in re.findall(
            r"logicalFrame=\[0, 0, (\d+), (\d+)\]", out(dev, "dumpsys input | grep logicalFrame")
        )
        if (int(a), int(b)) != (0, 0)
    )
    rot = re.findall(r"mCurrentRotation=ROTATION_(\d+)",
                     out(dev, "dumpsys window | grep mCurrentRotation"))  # fmt: skip
    orientation = int(rot[0]) // 90
    frame = next(
        tuple(int(v) for v in f)
        for f in re.findall(
            r"physicalFrame=\[(\d+), (\d+), (\d+), (\d+)\]",
            out(dev, "dumpsys input | grep physicalFrame"),
        )
        if any(int(v) for v in f)
    )
    if orientation % 2:
        frame = (frame[1], frame[0], frame[3], frame[2])
    return physical, logical, orientation, frame


def test_screen_size_orientation_and_frames(virtual_device: DeviceHandle) -> None:
    dev = virtual_device
    assert geometry(dev) == ((1080, 2400), (1080, 2400), 0, (0, 0, 1080, 2400))
    # AndroidWorld change_orientation: accelerometer off, then user_rotation
    out(dev, "settings", "put", "system", "accelerometer_rotation", "0")
    out(dev, "settings", "put", "system", "user_rotation", "1")
    assert geometry(dev) == ((1080, 2400), (2400, 1080), 1, (0, 0, 1080, 2400))
    # android_env _get_orientation: (SurfaceOrientation|InputDeviceOrientation):\s+.*(\d)
    found = re.search(r"\s+(SurfaceOrientation|InputDeviceOrientation):\s+.*(\d)",
                      out(dev, "dumpsys input"))  # fmt: skip
    assert found is not None and found.group(2) == "1"
    out(dev, "settings", "put", "system", "user_rotation", "0")
    out(dev, "wm size 720x1600")  # AndroidWorld set_screen_size
    assert "Override size: 720x1600" in out(dev, "wm size")
    out(dev, "wm size reset")


# -- settings, radios, calls ------------------------------------------------------------------


def test_settings_get_put_list(virtual_device: DeviceHandle) -> None:
    dev = virtual_device
    assert int(out(dev, "getprop ro.build.version.sdk").strip()) == 34  # get_api_level
    out(dev, "settings", "put", "global", "airplane_mode_on", "1")  # toggle_airplane_mode
    assert out(dev, "settings", "get", "global", "airplane_mode_on").strip() == "1"
    out(dev, "settings", "put", "system", "screen_brightness", "200")  # set_brightness
    assert out(dev, "settings", "get", "system", "screen_brightness").strip() == "200"
    out(dev, "settings", "put", "secure", "sms_default_application", GMAIL)  # set_default_app
    out(dev, "settings", "put", "global", "heads_up_notifications_enabled", "0")
    # get_all_settings: every non-empty line splits on the first "="; zen_duration must exist
    settings: dict[str, str] = {}
    for ns in ("secure", "global", "system"):
        for line in out(dev, f"settings list {ns}").split("\n"):
            if line:
                key, value = line.split("=", 1)
                settings[key] = value
    settings.pop("zen_duration")
    assert settings["sms_default_application"] == GMAIL
    assert settings["heads_up_notifications_enabled"] == "0"


def test_radios_follow_svc(virtual_device: DeviceHandle) -> None:
    dev = virtual_device
    for service, key in (("wifi", "wifi_on"), ("bluetooth", "bluetooth_on")):
        out(dev, "svc", service, "disable")
        assert out(dev, "settings", "get", "global", key).strip() == "0"
        out(dev, "svc", service, "enable")
        assert out(dev, "settings", "get", "global", key).strip() == "1"


def call_state(dev: DeviceHandle) -> str:
    """AndroidWorld ``get_call_state``: ``mCallState=(\\d)`` -> IDLE/RINGING/OFFHOOK."""
    m = re.search(r"mCallState=(\d)", out(dev, "dumpsys", "telephony.registry"))
    assert m is not None
    return {"0": "IDLE", "1": "RINGING", "2": "OFFHOOK"}[m.group(1)]


def test_call_end_and_call_log(virtual_device: DeviceHandle) -> None:
    dev = virtual_device
    assert call_state(dev) == "IDLE"
    out(dev, "am", "start", "-a", "android.intent.action.CALL", "-d", "tel:4155550132")
    assert call_state(dev) == "OFFHOOK"
    out(dev, "input", "keyevent", "KEYCODE_ENDCALL")  # end_call_if_active
    assert call_state(dev) == "IDLE"
    assert "number=4155550132" in out(dev, "content query --uri content://call_log/calls")
    out(dev, "content", "delete", "--uri", "content://call_log/calls")  # clear call log
    assert out(dev, "content query --uri content://call_log/calls").startswith("No result found.")


# -- messages ---------------------------------------------------------------------------------


def parse_message(row: str) -> dict[str, str]:
    """sms_validators.parse_message, re-implemented: ``body`` may hold ", " and runs to the
    ", " before the next ``=``; other fields split on ", "."""
    fields: dict[str, str] = {}
    row = row.strip()
    start = row.find("body=")
    if start != -1:
        body = row[start + 5 :]
        eq = body.find("=")
        if eq != -1:
            body = body[: body.rfind(", ", 0, eq)]
        fields["body"] = body
        row = row[:start] + row[start + 5 + len(body) :]
    for part in row.split(", "):
        if "=" in part:
            k, v = part.split("=", 1)
            fields[k.strip()] = v.strip()
    return fields


def messages(text: str) -> list[str]:
    """sms_validators' decoding: "No result found." is none; else rows split on "\\nRow:"."""
    if text.replace("\r", "").startswith("No result found."):
        return []
    parts = text.split("\nRow:")
    return [p if i == 0 else "Row:" + p for i, p in enumerate(parts)]


def test_sent_and_inbox_messages_parse(virtual_device: DeviceHandle) -> None:
    dev = virtual_device
    now_ms = int(out(dev, "date", "+%s").strip()) * 1000
    # AndroidWorld tools.send_sms: the SENDTO intent, then the app's Send button
    out(dev, 'am start -a android.intent.action.SENDTO -d sms:+15550100 --es sms_body "Hi, all"')
    assert current_activity(dev).startswith("com.simplemobiletools.smsmessenger/")
    xml = out(dev, "uiautomator dump /dev/tty")
    send = re.search(r'content-desc="Send[^"]*"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"', xml)
    assert send is not None
    x1, y1, x2, y2 = (int(v) for v in send.groups())
    out(dev, "input", "tap", str((x1 + x2) // 2), str((y1 + y2) // 2))
    sent_argv = ["content", "query", "--uri", "content://sms/sent"]  # "...".split() in AndroidWorld
    sent = [parse_message(m) for m in messages(out(dev, *sent_argv))]
    mine = [m for m in sent if m["address"].replace("-", "").replace(" ", "") == "+15550100"]
    assert mine and mine[0]["body"] == "Hi, all" and now_ms - int(mine[0]["date"]) <= 5 * 60_000
    inbox = messages(out(dev, "content", "query", "--uri", "content://sms/inbox"))
    assert inbox and all("address" in parse_message(m) for m in inbox)
    assert messages("No result found.\n") == []


# -- date and time ----------------------------------------------------------------------------


def test_date_timezone_and_setting_the_clock(virtual_device: DeviceHandle) -> None:
    dev = virtual_device
    out(dev, "service", "call", "alarm", "3", "s16", "UTC")  # _set_timezone_to_utc
    shown = out(dev, "date").strip()
    now = datetime.datetime.strptime(shown, "%a %b %d %H:%M:%S %Z %Y")  # advance_system_time
    target = datetime.datetime(2023, 10, 15, 15, 34, 0)
    _, status = shell(dev, "date", target.strftime("%m%d%H%M%y.%S"))
    assert status != 0  # the shell user may not set the clock
    assert abs((datetime.datetime.strptime(out(dev, "date").strip(),
                                           "%a %b %d %H:%M:%S %Z %Y") - now).total_seconds()) < 60  # fmt: skip
    with rooted(dev):
        out(dev, "date", target.strftime("%m%d%H%M%y.%S"))
        moved = datetime.datetime.strptime(out(dev, "date").strip(), "%a %b %d %H:%M:%S %Z %Y")
        assert abs((moved - target).total_seconds()) < 5


class rooted:
    """AndroidWorld ``set_root_if_needed``: ``whoami``; ``adb root`` unless it says root."""

    def __init__(self, dev: DeviceHandle) -> None:
        self.dev = dev

    def __enter__(self) -> None:
        if out(self.dev, "whoami").strip() != "root":
            assert self.dev.adb("root").returncode == 0
            self.dev.adb("wait-for-device")
        assert out(self.dev, "whoami").strip() == "root"

    def __exit__(self, *exc: object) -> None:
        self.dev.adb("unroot")
        self.dev.adb("wait-for-device")


# -- files ------------------------------------------------------------------------------------


def test_file_utils_create_list_check_copy_clear(virtual_device: DeviceHandle) -> None:
    dev = virtual_device
    d = f"{MARKOR}/trip"
    out(dev, "mkdir", "-p", d)  # mkdir
    content = "It's 10am"  # create_file: ' escaped as '"'"', the argv joined by adb
    out(dev, "echo", "'" + content.replace("'", "'\"'\"'") + "'", ">", f"{d}/plan_1.md")
    assert out(dev, "cat", f"{d}/plan_1.md").replace("\r", "") == content + "\n"

    # check_file_exists / check_directory_exists: the if-script
    def exists(path: str, test: str = "-f") -> bool:
        text = out(dev, f'\n  if [ {test} "{path}" ]; then\n      echo "Exists"\n  else\n'
                        '      echo "Does not exist"\n  fi\n  ')  # fmt: skip
        assert "Exists" in text or "Does not exist" in text
        return "Exists" in text and "Does not exist" not in text

    assert exists(f"{d}/plan_1.md") and exists(d, "-d") and not exists(f"{d}/none.md")
    # get_file_list_with_metadata: `ls DIR -ll -au`, regular files split(None, 8)
    files = []
    for line in out(dev, f"ls {d} -ll -au").split("\n"):
        if line.startswith("-"):
            parts = line.split(None, 8)
            assert len(parts) == 9
            files.append((parts[8].strip(), int(parts[4]),
                          datetime.datetime.fromisoformat(" ".join(parts[5:7])[:-3])))  # fmt: skip
    assert [(n, s) for n, s, _ in files] == [("plan_1.md", len(content) + 1)]
    # check_file_or_folder_exists: find BASE -type f -o -type d
    found = set(
        out(dev, "find", MARKOR, "-type", "f", "-o", "-type", "d").replace("\r", "").split("\n")
    )
    assert f"{d}/plan_1.md" in found and d in found
    # copy_dir: cp -a SRC/. DST/
    out(dev, "mkdir", "-p", "/sdcard/Backup")
    out(dev, "cp", "-a", f"{d}/.", "/sdcard/Backup/")
    assert out(dev, "ls", "-1", "/sdcard/Backup").strip() == "plan_1.md"
    # clear_directory: ls -1, then rm -r DIR/*
    out(dev, "rm", "-r", f"{d}/*")
    assert out(dev, "ls", "-1", d).strip() == ""
    # remove_single_file and osmand's "rm -rf DIR/*" as one argument
    out(dev, "rm", "-r", "/sdcard/Backup/plan_1.md")
    out(dev, "rm -rf", "/sdcard/Backup/*")
    # clear_internal_storage: find /storage/emulated/0/ -mindepth 1 -type f -delete
    out(dev, "find", "/storage/emulated/0/", "-mindepth", "1", "-type", "f", "-delete")
    assert out(dev, "find", "/sdcard", "-type", "f") == ""
    assert exists("/sdcard/Documents", "-d")  # folders stay
    out(dev, "content delete --uri content://media/external/downloads")  # _clear_external_downloads


def test_push_chmod_and_pull(virtual_device: DeviceHandle, tmp_path: Path) -> None:
    """file_utils copy_file_to_device (push, then ``chmod 777``) and pull."""
    local = tmp_path / "a.txt"
    local.write_text("hello")
    assert virtual_device.adb("push", str(local), "/sdcard/Download/a.txt").returncode == 0
    out(virtual_device, "chmod", "777", "/sdcard/Download/a.txt")
    assert out(virtual_device, "ls -l /sdcard/Download/a.txt").startswith("-rwxrwxrwx")
    assert (
        virtual_device.adb("pull", "/sdcard/Download/a.txt", str(tmp_path / "b.txt")).returncode
        == 0
    )
    assert (tmp_path / "b.txt").read_text() == "hello"


def test_app_databases_as_root_sqlite_pull_and_snapshot(
    virtual_device: DeviceHandle, tmp_path: Path
) -> None:
    """execute_sql_command (``sqlite3 DB "SQL"`` as root), sqlite_utils' pull/push of an app's
    database, and app_snapshot's save/restore (``cp -a``, ``restorecon -RD``, ``chmod 777 -R``)."""
    import sqlite3

    dev = virtual_device
    data = f"/data/data/{GMAIL}"
    db = f"{data}/databases/mail.db"
    assert virtual_device.adb("pull", db, str(tmp_path / "x.db")).returncode != 0  # not root
    with rooted(dev):
        count = out(dev, f'sqlite3 {db} "SELECT count(*) FROM messages;"').strip()
        assert int(count) > 0
        assert dev.adb("pull", db, str(tmp_path / "mail.db")).returncode == 0
        with sqlite3.connect(tmp_path / "mail.db") as conn:
            assert conn.execute("SELECT count(*) FROM messages").fetchone()[0] == int(count)
            conn.execute("DELETE FROM messages")
        snap = "/data/data/android_world/snapshots/" + GMAIL
        out(dev, "mkdir", "-p", snap)
        out(dev, "cp", "-a", f"{data}/.", f"{snap}/")  # save_snapshot
        assert dev.adb("push", str(tmp_path / "mail.db"), db).returncode == 0  # push_file
        assert out(dev, f'sqlite3 {db} "SELECT count(*) FROM messages;"').strip() == "0"
        out(dev, "am", "force-stop", GMAIL)  # restore_snapshot
        out(dev, "rm", "-r", f"{data}/*")
        out(dev, "cp", "-a", f"{snap}/.", f"{data}/")
        out(dev, "restorecon", "-RD", data)
        out(dev, "chmod", "777", "-R", data)
        assert out(dev, f'sqlite3 {db} "SELECT count(*) FROM messages;"').strip() == count


# -- out of scope: what a phone without these parts answers ------------------------------------


def test_clipper_is_not_installed(virtual_device: DeviceHandle) -> None:
    """get_clipboard_contents needs the third-party Clipper app; without it the broadcast
    completes with result=0, which AndroidWorld reports as an error (as on such a phone)."""
    text = out(virtual_device, "am", "broadcast", "-a", "clipper.get")
    assert "Broadcast completed: result=0" in text


# -- uiautomator2's and adbutils' own APIs ------------------------------------------------------


def test_adbutils_device_api(virtual_device: DeviceHandle, tmp_path: Path) -> None:
    d: Any = virtual_device.adbutils()
    assert d.window_size() == (1080, 2400)
    assert d.rotation() == 0
    assert d.is_screen_on()
    assert {CONTACTS, GMAIL} <= set(d.list_packages())
    info = d.app_info(GMAIL)
    assert info is not None and info.package_name == GMAIL and info.version_name
    d.app_start(CONTACTS)
    current = d.app_current()
    assert current.package == CONTACTS and current.activity
    d.keyevent("HOME")
    assert d.app_current().package != CONTACTS
    d.app_stop(CONTACTS)
    img = d.screenshot()
    assert img.size == (1080, 2400)
    d.sync.push(b"data", "/sdcard/Download/x.bin")
    assert d.sync.read_bytes("/sdcard/Download/x.bin") == b"data"
    d.sync.pull("/sdcard/Download/x.bin", str(tmp_path / "x.bin"))
    assert (tmp_path / "x.bin").read_bytes() == b"data"
    d.install(str(_apk(tmp_path)))
    assert "com.github.uiautomator" in d.list_packages()
    d.uninstall("com.github.uiautomator")
    assert "com.github.uiautomator" not in d.list_packages()


def test_uiautomator2_device_api(virtual_device: DeviceHandle, tmp_path: Path) -> None:
    d: Any = virtual_device.u2()
    assert d.window_size() == (1080, 2400)
    assert {CONTACTS, GMAIL} <= set(d.app_list())
    info = d.app_info(GMAIL)
    assert info["versionName"] and info["versionCode"]
    d.app_start(CONTACTS)
    assert d.app_current()["package"] == CONTACTS
    d.press("home")
    d.keyevent("BACK")
    assert d.app_current()["package"] != CONTACTS
    assert d.screenshot().size == (1080, 2400)
    d.push(json.dumps({"a": 1}).encode(), "/sdcard/Download/a.json")
    d.pull("/sdcard/Download/a.json", str(tmp_path / "a.json"))
    assert json.loads((tmp_path / "a.json").read_text()) == {"a": 1}
    d.app_install(str(_apk(tmp_path)))
    assert "com.github.uiautomator" in d.app_list()
    d.app_uninstall("com.github.uiautomator")
    assert "com.github.uiautomator" not in d.app_list()


def test_a_probe_that_knows_no_layout_reads_androids_contacts_columns(
    virtual_device: DeviceHandle,
) -> None:
    """A u2/adbutils probe written for a phone: ContactsContract's ``data`` rows with their
    mimetype, data1…data15 and the joined contact columns, a phone as a phone row."""
    expected = {"_id", "raw_contact_id", "contact_id", "mimetype", "display_name", "lookup",
                *(f"data{i}" for i in range(1, 16))}  # fmt: skip
    for shell_out in (
        virtual_device.adbutils().shell("content query --uri content://com.android.contacts/data"),
        virtual_device.u2().shell("content query --uri content://com.android.contacts/data").output,
    ):
        rows = [dict(kv.split("=", 1) for kv in re.sub(r"^Row: \d+ ", "", ln).split(", ")
                     if "=" in kv) for ln in shell_out.splitlines() if ln.startswith("Row: ")]  # fmt: skip
        assert rows and expected <= set(rows[0])
        phones = [r for r in rows if r["mimetype"] == "vnd.android.cursor.item/phone_v2"]
        assert any(r["display_name"] == "Alice Johnson" and r["data1"] == "+1 415-555-0132"
                   and r["data4"] == "+14155550132" for r in phones)  # fmt: skip
