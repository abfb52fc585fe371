"""The Android execution suite: 100 scripted agents acting on a (virtual) device through the
daemon's bridge API, with trace and device-state oracles (``droidgate suite android``)."""
