"""App management on the virtual device, through a real adb server and adbutils."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from apk_helper.catalog import load_catalog
from apk_helper.errors import ApkError, AppManagementError
from apk_helper.manage import REMOTE_DIR, AppManager
from tests.apk_helper.test_catalog import VIRTUAL_PACKAGES

testing = pytest.importorskip(
    "emulator_setup.testing",
    reason="emulator_setup.testing (the virtual device farm) is not importable",
)
virtual_farm = testing.virtual_farm  # the shared session farm (two devices, private adb server)
virtual_device = testing.virtual_device  # device 0, app state reset before each test

pytestmark = pytest.mark.device


@pytest.fixture
def farm(virtual_farm: Any) -> Any:
    return virtual_farm


@pytest.fixture
def device(virtual_device: Any) -> Any:
    return virtual_device.adbutils()


@pytest.fixture
def apps(device: Any) -> AppManager:
    return AppManager(device)


def test_packages_of_the_virtual_device(apps: AppManager) -> None:
    everything = apps.packages()
    third_party = apps.packages(third_party=True)
    system = apps.packages(system=True)
    assert "com.android.contacts" in everything and "android" in system
    assert third_party and set(third_party) <= set(everything)
    assert not set(third_party) & set(system)


def test_every_app_on_the_virtual_device_is_in_the_catalog(apps: AppManager) -> None:
    cat = load_catalog()
    for package in apps.packages(third_party=True):
        entry = cat.app_for_package(package)
        assert entry is not None, f"{package} (on the virtual device) is not in the catalog"
        if package in VIRTUAL_PACKAGES:
            assert entry.name == VIRTUAL_PACKAGES[package]
    # The system packages that are apps or providers users meet resolve too.
    for package in ("com.google.android.apps.nexuslauncher", "com.android.providers.contacts"):
        assert package in apps.packages(system=True)
        assert cat.app_for_package(package) is not None


def test_install_launch_grant_revoke_uninstall(
    apps: AppManager, device: Any, farm: Any, make_apk: Callable[..., Path]
) -> None:
    pkg = "com.example.droidgate.notes"
    apk = make_apk(pkg, permissions=("android.permission.READ_CONTACTS",))
    info = apps.install(apk)
    assert info.package == pkg and apps.is_installed(pkg)
    assert pkg in apps.packages(third_party=True)
    # The pushed temp file does not stay behind.
    assert f"droidgate-{pkg}.apk" not in device.shell(["ls", REMOTE_DIR])
    apps.install(apk)  # -r: reinstalling is fine

    apps.grant(pkg, "android.permission.READ_CONTACTS")
    granted = farm.call(0, lambda dev: set(dev.state.pm.get(pkg).granted))
    assert "android.permission.READ_CONTACTS" in granted
    apps.revoke(pkg, "android.permission.READ_CONTACTS")
    granted = farm.call(0, lambda dev: set(dev.state.pm.get(pkg).granted))
    assert "android.permission.READ_CONTACTS" not in granted

    apps.uninstall(pkg)
    assert not apps.is_installed(pkg)
    with pytest.raises(AppManagementError, match="DELETE_FAILED"):
        apps.uninstall(pkg)


def test_install_the_real_uiautomator_apk(apps: AppManager, u2_apk: Path) -> None:
    assert apps.install(u2_apk).package == "com.github.uiautomator"
    assert apps.is_installed("com.github.uiautomator")
    apps.uninstall("com.github.uiautomator")


def test_broken_apk_never_reaches_the_device(apps: AppManager, tmp_path: Path) -> None:
    bad = tmp_path / "bad.apk"
    bad.write_bytes(b"not an apk")
    with pytest.raises(ApkError, match="not a zip"):
        apps.install(bad)


def test_launch(apps: AppManager, device: Any) -> None:
    apps.launch("com.android.contacts")  # monkey: the launcher activity
    current = device.app_current()
    assert current.package == "com.android.contacts"
    device.shell(["input", "keyevent", "KEYCODE_HOME"])
    apps.launch("com.android.contacts", current.activity)  # am start -n
    assert device.app_current().package == "com.android.contacts"
    with pytest.raises(AppManagementError, match="No activities found"):
        apps.launch("com.example.not.installed")
    with pytest.raises(AppManagementError, match=r"Activity class .* does not exist"):
        apps.launch("com.android.contacts", ".NoSuchActivity")


def test_device_errors_carry_the_device_message(apps: AppManager) -> None:
    with pytest.raises(AppManagementError, match=r"Unknown package: com\.example\.nope") as err:
        apps.grant("com.example.nope", "android.permission.CAMERA")
    assert err.value.command == "pm grant com.example.nope android.permission.CAMERA"


def test_cli_on_the_device(
    farm: Any,
    virtual_device: Any,
    capsys: pytest.CaptureFixture[str],
    make_apk: Callable[..., Path],
) -> None:
    from host_pep.cli.main import main

    args = ["--adb-port", str(farm.adb_port), "--serial", virtual_device.serial]
    apk = make_apk("com.example.cli", permissions=("android.permission.CAMERA",))
    assert main(["apk", "install", str(apk), *args]) == 0
    assert main(["apk", "grant", "com.example.cli", "android.permission.CAMERA", *args]) == 0
    assert main(["apk", "launch", "com.example.cli", *args]) == 0
    assert main(["apk", "uninstall", "com.example.cli", *args]) == 0
    out = capsys.readouterr().out
    assert "installed com.example.cli" in out and "uninstalled com.example.cli" in out
    assert main(["apk", "packages", *args, "--json"]) == 0
    assert "com.android.contacts" in json.loads(capsys.readouterr().out)
    assert main(["apk", "launch", "com.example.nope", *args]) == 3
    assert "No activities found" in capsys.readouterr().err
    assert main(["apk", "packages", "--adb-port", str(farm.adb_port), "--serial", "nope-1"]) == 3
