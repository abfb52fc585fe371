"""APK inspection on a real APK, on APKs built with the AXML writer, and on broken files."""

from __future__ import annotations

import logging
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from apk_helper.axml_writer import ANDROID_NS, encode_manifest, simple_manifest
from apk_helper.errors import ApkError
from apk_helper.inspect import inspect_apk
from apk_helper.permissions import DANGEROUS_PERMISSIONS, is_dangerous, permission_group


def test_real_uiautomator_apk(u2_apk: Path) -> None:
    info = inspect_apk(u2_apk)
    assert info.package == "com.github.uiautomator"
    assert info.version_name == "2.4.0"
    assert info.version_code == 2004001
    assert info.label == "ATX"  # resolved through resources.arsc, not the raw @7F0C001F
    assert (info.min_sdk, info.target_sdk) == (19, 32)
    assert info.launcher_activity == "com.github.uiautomator.MainActivity"
    names = {a.name for a in info.activities}
    assert {
        "com.github.uiautomator.IdentifyActivity",
        "com.github.uiautomator.ToastActivity",
    } <= names
    services = {s.name: s for s in info.services}
    assert "android.view.InputMethod" in services["com.github.uiautomator.AdbKeyboard"].actions
    assert [r.name for r in info.receivers] == ["com.github.uiautomator.AdbBroadcastReceiver"]
    assert info.providers == []
    perms = {p.name: p for p in info.permissions}
    assert "android.permission.INTERNET" in perms
    assert perms["android.permission.GET_ACCOUNTS"].dangerous
    assert perms["android.permission.GET_ACCOUNTS"].group == "contacts"
    assert not perms["android.permission.INTERNET"].dangerous
    assert info.dangerous_permissions == ["android.permission.GET_ACCOUNTS"]


def test_service_with_launcher_filter_is_not_the_launcher_activity(u2_apk: Path) -> None:
    # The u2 Service also declares MAIN+LAUNCHER; only activities can be launched by a launcher.
    assert inspect_apk(u2_apk).launcher_activity != "com.github.uiautomator.Service"


def test_built_apk_with_providers_and_dangerous_permissions(make_apk: Callable[..., Path]) -> None:
    apk = make_apk(
        "com.example.notes",
        label="Notes",
        version_code=42,
        version_name="4.2",
        permissions=(
            "android.permission.READ_CONTACTS",
            "android.permission.SEND_SMS",
            "android.permission.INTERNET",
        ),
        providers={".data.NotesProvider": "com.example.notes;com.example.notes.files"},
    )
    info = inspect_apk(apk)
    assert info.package == "com.example.notes"
    assert (info.version_code, info.version_name, info.label) == (42, "4.2", "Notes")
    assert info.launcher_activity == "com.example.notes.MainActivity"
    assert info.dangerous_permissions == [
        "android.permission.READ_CONTACTS",
        "android.permission.SEND_SMS",
    ]
    (prov,) = info.providers
    assert prov.name == "com.example.notes.data.NotesProvider"
    assert prov.authorities == ["com.example.notes", "com.example.notes.files"]
    assert prov.exported


def test_component_rules(make_apk: Callable[..., Path]) -> None:
    manifest = f"""<manifest xmlns:android="{ANDROID_NS}" package="org.x.app">
      <application>
        <activity android:name="Hidden"/>
        <activity android:name=".Disabled" android:enabled="false">
          <intent-filter><action android:name="android.intent.action.MAIN"/>
            <category android:name="android.intent.category.LAUNCHER"/></intent-filter>
        </activity>
        <activity android:name="org.x.app.Split">
          <intent-filter><action android:name="android.intent.action.MAIN"/></intent-filter>
          <intent-filter><category android:name="android.intent.category.LAUNCHER"/></intent-filter>
        </activity>
        <activity-alias android:name=".Launch" android:targetActivity=".Hidden">
          <intent-filter><action android:name="android.intent.action.MAIN"/>
            <category android:name="android.intent.category.LAUNCHER"/></intent-filter>
        </activity-alias>
        <service android:name=".Sync" android:exported="false"/>
        <receiver android:name=".Boot">
          <intent-filter><action android:name="android.intent.action.BOOT_COMPLETED"/></intent-filter>
        </receiver>
        <provider android:name=".P" android:authorities="org.x.app.p"
            android:readPermission="org.x.READ"/>
      </application>
    </manifest>"""
    info = inspect_apk(make_apk("org.x.app", manifest=manifest))
    acts = {a.name: a for a in info.activities}
    # "Hidden" (no dot) is relative to the package, as Android reads it.
    assert not acts["org.x.app.Hidden"].exported
    assert not acts["org.x.app.Disabled"].enabled
    # MAIN and LAUNCHER in different filters do not make a launcher activity; a disabled one is
    # skipped; the alias is what the launcher starts.
    assert info.launcher_activity == "org.x.app.Launch"
    assert info.services[0].name == "org.x.app.Sync" and not info.services[0].exported
    assert info.receivers[0].exported  # has an intent filter and no explicit android:exported
    assert info.providers[0].read_permission == "org.x.READ"
    assert not info.providers[0].exported
    assert info.version_code is None and info.min_sdk is None


def _zip_with_manifest(path: Path, data: bytes | str) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("AndroidManifest.xml", data)
    return path


GOOD = encode_manifest(simple_manifest("com.example.ok"))


@pytest.mark.parametrize(
    ("name", "build", "problem"),
    [
        ("empty.apk", lambda p: p.write_bytes(b""), "empty file"),
        ("text.apk", lambda p: p.write_text("just text"), "not a zip archive"),
        ("pdf.apk", lambda p: p.write_bytes(b"%PDF-1.4\n" + bytes(range(256))), "not a zip"),
        (
            "nomanifest.apk",
            lambda p: zipfile.ZipFile(p, "w").close(),
            "no AndroidManifest.xml",
        ),
        (
            "garbage.apk",
            lambda p: _zip_with_manifest(p, bytes(range(256)) * 4),
            "not a valid binary Android manifest",
        ),
        (
            "truncated.apk",
            lambda p: _zip_with_manifest(p, GOOD[: len(GOOD) // 2]),
            "not a valid binary Android manifest",
        ),
        ("tiny.apk", lambda p: _zip_with_manifest(p, b"\x03\x00"), "truncated"),
        (
            "plain.apk",
            lambda p: _zip_with_manifest(p, simple_manifest("com.example.ok")),
            "plain-text XML",
        ),
        (
            "nopackage.apk",
            lambda p: _zip_with_manifest(p, encode_manifest("<manifest/>")),
            "declares no package",
        ),
        (
            "wrongroot.apk",
            lambda p: _zip_with_manifest(p, encode_manifest('<resources package="a.b"/>')),
            "not a valid binary Android manifest",
        ),
    ],
)
def test_malformed_files_raise_apk_error(
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    name: str,
    build: Callable[[Path], object],
    problem: str,
) -> None:
    path = tmp_path / name
    build(path)
    caplog.set_level(logging.DEBUG)
    with pytest.raises(ApkError) as err:
        inspect_apk(path)
    assert problem in str(err.value)
    assert str(path) in str(err.value) and err.value.path == str(path)
    # The parser's own logging is silenced: the ApkError is the one message the user sees.
    assert not [r for r in caplog.records if r.name.startswith("pyaxmlparser")]


def test_truncated_zip(tmp_path: Path, u2_apk: Path) -> None:
    path = tmp_path / "cut.apk"
    path.write_bytes(u2_apk.read_bytes()[:100_000])
    with pytest.raises(ApkError, match="not a zip archive"):
        inspect_apk(path)


def test_missing_and_directory(tmp_path: Path) -> None:
    with pytest.raises(ApkError, match="no such file"):
        inspect_apk(tmp_path / "nope.apk")
    with pytest.raises(ApkError, match="not a regular file"):
        inspect_apk(tmp_path)


def test_dangerous_permission_table() -> None:
    assert is_dangerous("android.permission.READ_SMS")
    assert permission_group("android.permission.ACCESS_FINE_LOCATION") == "location"
    assert permission_group("android.permission.POST_NOTIFICATIONS") == "notifications"
    assert not is_dangerous("android.permission.INTERNET")
    assert not is_dangerous("READ_SMS")  # only fully qualified names
    assert len(DANGEROUS_PERMISSIONS) >= 35
