from emulator_setup.testing import virtual_device, virtual_farm  # noqa: F401
