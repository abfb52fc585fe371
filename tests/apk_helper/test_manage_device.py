"""App management on the virtual device, through a real adb server and adbutils."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from apk_helper.catalog import load_catalog
from apk_helper.errors import ApkError, AppManagementError
from apk_helper.manage import REMOTE_DIR, AppManager

testing = pytest.importorskip(
    "emulator_setup.testing",
    reason="emulator_setup.testing (the virtual device farm) is not importable",
)

pytestmark = pytest.mark.device


@pytest.fixture(scope="module")
def farm() -> Iterator[Any]:
    with testing.VirtualDeviceFarm() as farm:
        yield farm


@pytest.fixture(scope="module")
def device(farm: Any) -> Any:
    import adbutils

    return adbutils.AdbClient(host="127.0.0.1", port=farm.adb_port).device(serial=farm.serials[0])


@pytest.fixture
def apps(device: Any) -> AppManager:
    return AppManager(device)


def test_packages_of_the_virtual_device(apps: AppManager) -> None:
    everything = apps.packages()
    third_party = apps.packages(third_party=True)
    system = apps.packages(system=True)
    assert "com.android.settings" in everything and "android" in system
    assert set(third_party) <= set(everything) and "android" not in third_party


def test_every_virtual_app_is_in_the_catalog(apps: AppManager) -> None:
    cat = load_catalog()
    virtual_apps = {
        "com.android.contacts",
        "com.simplemobiletools.smsmessenger",
        "com.android.chrome",
    }
    installed = set(apps.packages())
    assert virtual_apps <= installed
    for package in installed:
        if package.startswith(("com.android.providers.", "android", "com.google.android.gms")):
            continue
        # Apps users meet resolve to a semantic app; system plumbing may not.
        if package in virtual_apps:
            assert cat.app_for_package(package) is not None, package


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
    apps.launch("com.android.settings")
    assert device.app_current().package == "com.android.settings"
    with pytest.raises(AppManagementError, match="No activities found"):
        apps.launch("com.example.not.installed")


def test_device_errors_carry_the_device_message(apps: AppManager) -> None:
    with pytest.raises(AppManagementError, match=r"Unknown package: com\.example\.nope") as err:
        apps.grant("com.example.nope", "android.permission.CAMERA")
    assert err.value.command == "pm grant com.example.nope android.permission.CAMERA"


def test_cli_on_the_device(farm: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from host_pep.cli.main import main

    args = ["--adb-port", str(farm.adb_port), "--serial", farm.serials[0]]
    assert main(["apk", "packages", *args, "--json"]) == 0
    assert "com.android.settings" in json.loads(capsys.readouterr().out)
    assert main(["apk", "launch", "com.example.nope", *args]) == 3
    assert "No activities found" in capsys.readouterr().err
    assert main(["apk", "packages", "--adb-port", str(farm.adb_port), "--serial", "nope-1"]) == 3
