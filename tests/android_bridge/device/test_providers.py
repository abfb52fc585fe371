"""Devices the daemon starts itself come from the ``droidgate.device_providers`` seam
(android_bridge/device/providers.py), not from an import of emulator_setup."""

from __future__ import annotations

from pathlib import Path

import pytest

from android_bridge.device import providers
from host_pep.cli.main import main


def test_emulator_setup_provides_the_virtual_devices() -> None:
    from emulator_setup.farm import VirtualDeviceFarm

    assert providers.device_provider() is VirtualDeviceFarm
    assert providers.device_provider("virtual") is VirtualDeviceFarm


def test_an_unknown_kind_is_refused_naming_the_group() -> None:
    with pytest.raises(
        providers.NoDeviceProvider, match=r"no 'avd' device provider .*device_providers"
    ):
        providers.device_provider("avd")


def test_without_emulator_setup_serve_virtual_is_a_clear_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(providers, "entry_points", lambda group: [])
    assert main(["serve", "--virtual", "1", "--port", "0", "--state-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no 'virtual' device provider is installed" in err and "--device SERIAL" in err


def test_without_emulator_setup_bench_tap_needs_a_device(monkeypatch: pytest.MonkeyPatch) -> None:
    from android_bridge.device.bench import bench_tap

    monkeypatch.setattr(providers, "entry_points", lambda group: [])
    with pytest.raises(providers.NoDeviceProvider):
        bench_tap(n=1)
