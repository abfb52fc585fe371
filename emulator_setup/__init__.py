"""emulator_setup: getting a device for droidgate.

* ``emulator_setup.farm.VirtualDeviceFarm``: N protocol-faithful virtual Android devices attached
  to a private adb server (docs/virtual-device.md); pytest fixtures in ``emulator_setup.testing``.
* ``emulator_setup.emulator.Emulator``: a real AVD through the SDK tools (docs/emulator.md).
* ``emulator_setup.seeding.seed``: fixture data onto any device over ADB.
* CLI: ``droidgate device …``, ``droidgate emulator …``, ``droidgate bench device``.

This package never imports host_pep: its CLI takes droidgate's exit codes and the shared ``bench``
group from the ``Commands`` object its ``register`` receives (host_pep/cli/subcommands.py).
"""
