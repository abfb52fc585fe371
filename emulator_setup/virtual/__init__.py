"""The virtual Android device: the device end of the ADB transport, a fake shell, sync and the
uiautomator2 JSON-RPC server, driven by the unmodified adb server, adbutils and uiautomator2.

App behaviour (screens, providers, settings) lives behind ``state.DeviceState``.
"""
