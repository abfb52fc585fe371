"""The virtual device driven by Debian's real adb CLI through a private adb server."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from emulator_setup.testing import DeviceHandle

pytestmark = pytest.mark.device


def test_devices_lists_banner(virtual_device: DeviceHandle) -> None:
    out = virtual_device.farm.adb.run("devices", "-l").stdout
    line = next(ln for ln in out.splitlines() if ln.startswith(virtual_device.serial))
    assert "device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64xa" in line


def test_shell_output_and_exit_codes(virtual_device: DeviceHandle) -> None:
    p = virtual_device.adb("shell", "echo hi")
    assert (p.returncode, p.stdout) == (0, b"hi\n")
    assert virtual_device.adb("shell", "false").returncode == 1
    p = virtual_device.adb("shell", "nosuchcmd")
    assert p.returncode == 127
    assert p.stderr == b"/system/bin/sh: nosuchcmd: inaccessible or not found\n"
    assert virtual_device.adb("shell", "exit 42").returncode == 42
    p = virtual_device.adb("shell", "echo 'a b' && false || echo $?")
    assert p.stdout == b"a b\n1\n"


def test_shell_getprop_and_features(virtual_device: DeviceHandle) -> None:
    assert virtual_device.shell("getprop ro.build.version.sdk") == "34\n"
    feats = virtual_device.adb("features").stdout.decode().split()
    assert "shell_v2" in feats and "stat_v2" in feats
    assert not any(f.startswith("sendrecv_v2") for f in feats)


def test_push_pull_md5(virtual_device: DeviceHandle, tmp_path: Path) -> None:
    data = os.urandom(2_500_000)  # several 1 MiB WRTEs each way
    src = tmp_path / "blob.bin"
    src.write_bytes(data)
    assert virtual_device.adb("push", str(src), "/data/local/tmp/blob.bin").returncode == 0
    want = hashlib.md5(data).hexdigest()
    assert (
        virtual_device.shell("md5sum /data/local/tmp/blob.bin")
        == f"{want}  /data/local/tmp/blob.bin\n"
    )
    dst = tmp_path / "back.bin"
    assert virtual_device.adb("pull", "/data/local/tmp/blob.bin", str(dst)).returncode == 0
    assert hashlib.md5(dst.read_bytes()).hexdigest() == want
    # Pushing into a directory keeps the file name; the file shows up in ls.
    assert virtual_device.adb("push", str(src), "/sdcard/Download/").returncode == 0
    assert "blob.bin" in virtual_device.shell("ls /sdcard/Download")


def test_pull_missing_file_fails(virtual_device: DeviceHandle, tmp_path: Path) -> None:
    p = virtual_device.adb("pull", "/sdcard/none.txt", str(tmp_path / "x"))
    assert p.returncode != 0
    assert b"No such file or directory" in p.stdout + p.stderr


def test_state_change_visible_through_content_query(virtual_device: DeviceHandle) -> None:
    uri = "content://com.android.contacts/contacts"
    before = virtual_device.shell(f"content query --uri {uri}")
    p = virtual_device.adb(
        "shell",
        "content insert --uri content://com.android.contacts/raw_contacts --bind account_name:n:",
    )
    assert p.returncode == 0 and not p.stdout, p.stderr
    p = virtual_device.adb(
        "shell",
        "content insert --uri content://com.android.contacts/data --bind raw_contact_id:l:11"
        " --bind mimetype:s:vnd.android.cursor.item/name --bind display_name:s:'Zed Q'",
    )
    # a data row has no display_name column: the provider's SQLite error, and exit 0 regardless
    assert p.returncode == 0 and b"no column named display_name" in p.stdout + p.stderr
    p = virtual_device.adb(
        "shell",
        "content insert --uri content://com.android.contacts/data --bind raw_contact_id:l:11"
        " --bind mimetype:s:vnd.android.cursor.item/name --bind data1:s:'Zed Q'",
    )
    assert p.returncode == 0 and not p.stdout + p.stderr
    after = virtual_device.shell(f"content query --uri {uri} --where \"display_name='Zed Q'\"")
    assert after.startswith("Row: 0 ") and "display_name=Zed Q" in after
    assert before != virtual_device.shell(f"content query --uri {uri}")


def test_settings_roundtrip(virtual_device: DeviceHandle) -> None:
    assert virtual_device.adb("shell", "settings put global airplane_mode_on 1").returncode == 0
    assert virtual_device.shell("settings get global airplane_mode_on") == "1\n"


def test_unknown_service_is_refused(virtual_device: DeviceHandle) -> None:
    # tcp:9008 before app_process ran, and a service nobody implements.
    import adbutils

    dev = virtual_device.adbutils()
    for service in ("tcp:9008", "localabstract:nothing", "reverse:list-forward"):
        conn = dev.open_transport()
        conn.send_command(service)
        with pytest.raises(adbutils.AdbError, match="closed"):
            conn.check_okay()
        conn.close()
    assert virtual_device.shell("echo still-serving") == "still-serving\n"


def test_exec_out_and_interactive_shell(virtual_device: DeviceHandle) -> None:
    p = virtual_device.adb("exec-out", "screencap -p")
    assert p.returncode == 0 and p.stdout.startswith(b"\x89PNG\r\n\x1a\n")
    # No command: the shell reads commands from stdin, and `exit` keeps the last status.
    p = virtual_device.adb("shell", input=b"echo one\necho two; false\nexit\n")
    assert (p.returncode, p.stdout) == (1, b"one\ntwo\n")


def test_adb_install_and_uninstall(virtual_device: DeviceHandle) -> None:
    import uiautomator2

    apk = Path(uiautomator2.__file__).parent / "assets" / "app-uiautomator.apk"
    p = virtual_device.adb("install", "-r", "-g", str(apk))  # legacy path: push + pm install
    assert p.returncode == 0 and b"Success" in p.stdout, p.stdout + p.stderr
    assert "package:com.github.uiautomator\n" in virtual_device.shell("pm list packages -3")
    assert virtual_device.adb("uninstall", "com.github.uiautomator").stdout == b"Success\n"
    assert "com.github.uiautomator" not in virtual_device.shell("pm list packages")


def test_pm_grant_of_an_unrequested_permission_fails(virtual_device: DeviceHandle) -> None:
    p = virtual_device.adb("shell", "pm grant com.android.contacts android.permission.CAMERA")
    assert p.returncode == 255
    assert (
        b"java.lang.SecurityException: Package com.android.contacts has not requested" in p.stderr
    )
