from __future__ import annotations

from emulator_setup.virtual.state import DeviceState

from .conftest import sel


def test_launcher_opens_contacts_and_shows_a_number(dev: DeviceState) -> None:
    icon = dev.find(sel(text="Contacts"))[0]
    assert dev.click(*icon.center())
    assert dev.current()[0] == "com.android.contacts"
    row = dev.find(sel(text="Mom"))[0]
    dev.click(*row.center())
    assert dev.find(sel(text="+1 212 555 0147"))
