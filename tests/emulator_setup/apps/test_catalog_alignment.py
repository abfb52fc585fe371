"""The virtual apps use the package names of docs/contracts.md §2 and every one of them launches."""

from __future__ import annotations

import pytest

from emulator_setup.virtual.state import DeviceState

CONTRACT_PACKAGES = {
    "contacts": "com.android.contacts",
    "sms": "com.simplemobiletools.smsmessenger",
    "mail": "com.google.android.gm",
    "calendar": "com.simplemobiletools.calendar.pro",
    "clock": "com.google.android.deskclock",
    "notes": "net.gsantner.markor",
    "finance": "com.rammigsoftware.bluecoins",
    "shopping": "com.amazon.mShop.android.shopping",
    "browser": "com.android.chrome",
    "files": "com.google.android.documentsui",
    "settings": "com.android.settings",
    "launcher": "com.google.android.apps.nexuslauncher",
}


@pytest.mark.parametrize("package", sorted(CONTRACT_PACKAGES.values()))
def test_contract_package_is_installed_and_launches(dev: DeviceState, package: str) -> None:
    assert package in dev.packages()
    assert dev.start(package)
    pkg, activity = dev.current()
    assert pkg == package and activity.count(".") >= 2
    root = dev.windows()[0]
    assert all(n.package == package for n in root.walk())
    assert all(
        n.resource_id.startswith((f"{package}:id/", "android:id/"))
        for n in root.walk()
        if n.resource_id
    )
    dev.press_key("back")
    assert dev.current()[0] == "com.google.android.apps.nexuslauncher"
