"""Device fixtures come from emulator_setup.testing, shared with other packages' tests."""

from emulator_setup.testing import virtual_device, virtual_farm

__all__ = ["virtual_device", "virtual_farm"]
