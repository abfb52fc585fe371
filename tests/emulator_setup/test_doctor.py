"""``droidgate doctor`` against the virtual device through the real adb server: a ready device,
one that lacks apps and a provider, and no device at all."""

from __future__ import annotations

import json
from typing import Any

import pytest

from emulator_setup.doctor import Status, diagnose, render, requirements
from emulator_setup.testing import DeviceHandle
from host_pep.cli.main import main as droidgate

pytestmark = pytest.mark.device


def test_every_requirement_has_a_check_and_a_way_to_install() -> None:
    req = requirements()
    assert {p.name for p in req.providers} >= {"ContactsContract data", "CalendarContract events",
                                              "Telephony SMS", "Settings", "MediaStore files"}  # fmt: skip
    assert all(app.packages and app.install for app in req.apps)


def test_a_ready_device(virtual_device: DeviceHandle, capsys: pytest.CaptureFixture[str]) -> None:
    farm = virtual_device.farm
    report = diagnose(virtual_device.serial, farm.adb_port, adb=farm.adb.adb_path)
    assert report.missing == [], render(report)
    names = {c.name: c for c in report.checks}
    assert names["uiautomator2 server"].status is Status.OK
    assert names["root"].status is Status.OK and names["sqlite3"].status is Status.OK
    assert names["device"].detail.startswith(f"{virtual_device.serial}: Android API 34")
    assert droidgate(["doctor", "--device", virtual_device.serial, "--adb-port",
                      str(farm.adb_port), "--no-uiautomator2"]) == 0  # fmt: skip
    assert capsys.readouterr().out.strip().endswith("ready")


def test_a_device_that_lacks_apps_and_a_provider(
    virtual_device: DeviceHandle, capsys: pytest.CaptureFixture[str]
) -> None:
    for pkg in ("net.gsantner.markor", "com.rammigsoftware.bluecoins"):
        assert virtual_device.shell(f"pm uninstall {pkg}") == "Success\n"
    # an image without the Calendar provider (as some stripped builds ship)
    virtual_device.call(lambda dev: dev.state.providers._by_authority.pop("com.android.calendar"))
    code = droidgate(["doctor", "--device", virtual_device.serial, "--adb-port",
                      str(virtual_device.farm.adb_port), "--json"])  # fmt: skip
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == 1
    missing = {c["name"]: c for c in out["checks"] if c["status"] == "missing"}
    assert set(missing) == {"app Markor", "app Bluecoins", "provider CalendarContract events"}
    assert "Could not find provider" in missing["provider CalendarContract events"]["detail"]
    assert "f-droid.org" in missing["app Markor"]["fix"]
    text = render(diagnose(virtual_device.serial, virtual_device.farm.adb_port,
                           adb=virtual_device.farm.adb.adb_path, uiautomator2=False))  # fmt: skip
    assert "[MISS] app Markor: none of net.gsantner.markor" in text
    assert text.endswith("3 missing, 0 warnings")


def test_no_such_device(virtual_device: DeviceHandle) -> None:
    farm = virtual_device.farm
    report = diagnose("emulator-5998", farm.adb_port, adb=farm.adb.adb_path)
    assert [(c.name, c.status) for c in report.missing] == [("device", Status.MISSING)]
    assert "absent" in report.missing[0].detail
    report = diagnose(None, 1, adb=farm.adb.adb_path)  # nothing listens on port 1
    assert report.missing[-1].name == "adb server"
