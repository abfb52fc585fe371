"""The fake shell on a real VirtualDevice (no transport): parsing, operators, $?, quoting,
redirections and the Android commands' output formats."""

from __future__ import annotations

import hashlib

import pytest

from emulator_setup.virtual.device import VirtualDevice
from emulator_setup.virtual.sh import Shell, ShSyntaxError, Sink, parse


@pytest.fixture
def device() -> VirtualDevice:
    return VirtualDevice()


async def run(device: VirtualDevice, script: str) -> tuple[str, str, int]:
    sink = Sink()
    status = await Shell(device, sink, device.commands).run(script)
    out = b"".join(d for fd, d in sink.chunks if fd == 1).decode()
    err = b"".join(d for fd, d in sink.chunks if fd == 2).decode()
    return out, err, status


async def test_operators_and_status(device: VirtualDevice) -> None:
    assert await run(device, "echo a; echo b") == ("a\nb\n", "", 0)
    assert await run(device, "false && echo no || echo yes") == ("yes\n", "", 0)
    assert await run(device, "true && echo $?") == ("0\n", "", 0)
    assert await run(device, "false; echo X4EXIT:$?") == ("X4EXIT:1\n", "", 0)
    out, err, status = await run(device, "nosuchcmd arg")
    assert (out, status) == ("", 127)
    assert err == "/system/bin/sh: nosuchcmd: inaccessible or not found\n"
    assert (await run(device, "exit 3; echo unreachable"))[2] == 3


async def test_quoting_like_shlex(device: VirtualDevice) -> None:
    assert (await run(device, "echo 'a  b' \"c $HOME\" d\\ e ''"))[0] == "a  b c / d e \n"
    assert (await run(device, 'echo "it\'s" \'say "hi"\''))[0] == 'it\'s say "hi"\n'
    out, _, _ = await run(device, "X=1 Y='two words'; echo $X \"$Y\" ${X}z")
    assert out == "1 two words 1z\n"


async def test_prefix_assignment_is_scoped(device: VirtualDevice) -> None:
    out, _, _ = await run(device, "CLASSPATH=/x sh -c 'echo $CLASSPATH'; echo [$CLASSPATH]")
    assert out == "/x\n[]\n"


async def test_pipes_and_redirections(device: VirtualDevice) -> None:
    assert (await run(device, "getprop | grep ro.build.version.sdk"))[
        0
    ] == "[ro.build.version.sdk]: [34]\n"
    await run(device, "echo hello > /sdcard/a.txt; echo more >> /sdcard/a.txt")
    assert device.fs.read("/sdcard/a.txt") == b"hello\nmore\n"
    assert (await run(device, "cat /storage/emulated/0/a.txt | wc -l"))[0] == "2\n"
    out, err, status = await run(device, "cat /nope 2>&1")
    assert (out, err, status) == ("cat: /nope: No such file or directory\n", "", 1)
    assert await run(device, "cat /nope 2>/dev/null") == ("", "", 1)


async def test_md5sum_matches_stored_bytes(device: VirtualDevice) -> None:
    data = bytes(range(256)) * 100
    device.fs.write("/data/local/tmp/u2.jar", data, 0o755)
    want = hashlib.md5(data).hexdigest()
    for cmd in ("toybox md5sum", "md5sum", "md5"):
        out, _, status = await run(device, f"{cmd} /data/local/tmp/u2.jar")
        assert (out, status) == (f"{want}  /data/local/tmp/u2.jar\n", 0)


@pytest.mark.parametrize("bad", ["echo 'open", "echo a &&", "| echo", "echo a ; | b", 'echo "x'])
def test_syntax_errors(bad: str) -> None:
    with pytest.raises(ShSyntaxError):
        parse(bad)


async def test_syntax_error_reported_not_raised(device: VirtualDevice) -> None:
    _, err, status = await run(device, "echo 'open")
    assert status != 0 and "no closing quote" in err


async def test_window_size_and_current_app_formats(device: VirtualDevice) -> None:
    assert (await run(device, "wm size"))[0] == "Physical size: 1080x2400\n"
    await run(device, "wm size 720x1600")
    assert (await run(device, "wm size"))[0].endswith("Override size: 720x1600\n")
    out, _, _ = await run(device, "dumpsys display")
    assert "orientation=0" in out
    await run(device, "monkey -p com.android.contacts -c android.intent.category.LAUNCHER 1")
    out, _, _ = await run(device, "dumpsys window windows")
    assert "mCurrentFocus=Window{" in out and " u0 com.android.contacts/" in out
    out, _, _ = await run(device, "ps -A")
    rows = [line.split() for line in out.splitlines()[1:]]
    assert any(r[-1] == "com.android.contacts" and len(r) >= 9 for r in rows)


async def test_ime_list_has_no_adbkeyboard(device: VirtualDevice) -> None:
    out, _, status = await run(device, "ime list -s -a")
    assert status == 0 and "AdbKeyboard" not in out and "/" in out


async def test_am_and_pm(device: VirtualDevice) -> None:
    out, err, status = await run(device, "am start -n com.android.contacts/.NoSuchActivity")
    assert status != 0
    out, err, status = await run(device, "am start -a android.intent.action.VIEW -d nosuchscheme:x")
    assert status == 1 and "unable to resolve" in err
    assert (await run(device, "pm path com.android.contacts"))[0].startswith("package:")
    assert (await run(device, "pm path no.such.pkg"))[2] == 1
    out, err, status = await run(device, "pm grant no.such.pkg android.permission.CAMERA")
    assert status == 255 and "Unknown package: no.such.pkg" in err
    # Contacts requests READ_CONTACTS, not CAMERA: Android refuses both directions.
    for verb in ("grant", "revoke"):
        out, err, status = await run(
            device, f"pm {verb} com.android.contacts android.permission.CAMERA"
        )
        assert status == 255 and out == ""
        assert err.startswith(f"Exception occurred while executing '{verb}':\n")
        assert (
            "java.lang.SecurityException: Package com.android.contacts has not requested "
            "permission android.permission.CAMERA" in err
        )
    contacts = device.state.pm.get("com.android.contacts")
    assert "android.permission.CAMERA" not in contacts.granted
    requested = sorted(contacts.requested)[0]
    assert (await run(device, f"pm grant com.android.contacts {requested}"))[2] == 0
    assert requested in contacts.granted
    assert (await run(device, f"pm revoke com.android.contacts {requested}"))[2] == 0
    assert requested not in contacts.granted
    out, _, status = await run(device, "pm install /sdcard/missing.apk")
    assert status == 1 and "Failure" in out
    device.fs.write("/data/local/tmp/junk.apk", b"not a zip")
    out, _, status = await run(device, "pm install -r /data/local/tmp/junk.apk")
    assert status == 1 and "INSTALL_PARSE_FAILED_NOT_APK" in out


async def test_input_and_uiautomator_dump(device: VirtualDevice) -> None:
    out, _, status = await run(device, "uiautomator dump /sdcard/w.xml")
    assert status == 0 and out == "UI hierchary dumped to: /sdcard/w.xml\n"
    assert device.fs.read("/sdcard/w.xml").startswith(
        b"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
    )
    assert (await run(device, "input keyevent KEYCODE_HOME"))[2] == 0
    assert (await run(device, "input keyevent NOT_A_KEY"))[2] == 1
    assert (await run(device, "input bogus"))[2] == 1
    sink = Sink()
    assert await Shell(device, sink, device.commands).run("screencap -p") == 0
    assert sink.data().startswith(b"\x89PNG\r\n\x1a\n")
    assert (await run(device, "screencap -p /sdcard/s.png"))[2] == 0
    assert device.fs.read("/sdcard/s.png").startswith(b"\x89PNG")


async def test_command_substitution(device: VirtualDevice) -> None:
    assert (await run(device, "echo sdk=$(getprop ro.build.version.sdk)"))[0] == "sdk=34\n"
    assert (await run(device, "echo \"[$(echo 'a  b')]\" [$(echo 'a  b')]"))[0] == "[a  b] [a b]\n"
    assert (await run(device, "echo `echo tick`"))[0] == "tick\n"
    assert (await run(device, "echo $(echo $(echo nested) 'x)y')"))[0] == "nested x)y\n"
    out, err, _ = await run(device, "X=$(cat /nope); echo [$X]")
    assert out == "[]\n" and "No such file" in err


async def test_network_commands_follow_wifi_setting(device: VirtualDevice) -> None:
    out, _, status = await run(device, "ip addr show dev wlan0")
    assert status == 0 and "inet 10.0.2.16/24" in out
    await run(device, "settings put global wifi_on 0")
    assert "inet addr" not in (await run(device, "ifconfig wlan0"))[0]
    assert "inet addr:10.0.2.15" in (await run(device, "ifconfig eth0"))[0]
