"""``Settings.Global/System/Secure`` with an emulator's defaults, and the ``settings`` command."""

from __future__ import annotations

import secrets

NAMESPACES = ("global", "system", "secure")

DEFAULTS: dict[str, dict[str, str]] = {
    "global": {
        "adb_enabled": "1",
        "airplane_mode_on": "0",
        "animator_duration_scale": "1.0",
        "auto_time": "1",
        "auto_time_zone": "1",
        "bluetooth_on": "0",
        "data_roaming": "0",
        "development_settings_enabled": "1",
        "device_name": "sdk_gphone64_x86_64",
        "device_provisioned": "1",
        "install_non_market_apps": "0",
        "mobile_data": "1",
        "package_verifier_enable": "1",
        "private_dns_mode": "off",
        "stay_on_while_plugged_in": "0",
        "transition_animation_scale": "1.0",
        "usb_mass_storage_enabled": "1",
        "wifi_on": "1",
        "wifi_sleep_policy": "2",
        "window_animation_scale": "1.0",
    },
    "system": {
        "accelerometer_rotation": "0",
        "font_scale": "1.0",
        "haptic_feedback_enabled": "1",
        "screen_brightness": "102",
        "screen_brightness_mode": "0",
        "screen_off_timeout": "60000",
        "sound_effects_enabled": "1",
        "time_12_24": "24",
        "user_rotation": "0",
    },
    "secure": {
        "accessibility_enabled": "0",
        "android_id": "",  # filled per device
        "backup_enabled": "0",
        "bluetooth_name": "sdk_gphone64_x86_64",
        "default_input_method": "com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME",
        "enabled_input_methods": "com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME",
        "install_non_market_apps": "0",
        "location_mode": "3",
        "lock_screen_enabled": "1",
        "lock_screen_owner_info_enabled": "0",
        "screensaver_enabled": "0",
        "show_ime_with_hard_keyboard": "1",
        "ui_night_mode": "1",
        "user_setup_complete": "1",
    },
}

USAGE = """Settings provider (settings) commands:
  help
      Print this help text.
  get [--user <USER_ID> | current] NAMESPACE KEY
      Retrieve the current value of KEY.
  put [--user <USER_ID> | current] NAMESPACE KEY VALUE [TAG] [default]
      Change the contents of KEY to VALUE.
  delete [--user <USER_ID> | current] NAMESPACE KEY
      Delete the entry for KEY.
  reset [--user <USER_ID> | current] NAMESPACE {PACKAGE_NAME | RESET_MODE}
      Reset the global/secure table for a package with mode.
  list [--user <USER_ID> | current] NAMESPACE
      Print all defined keys.
      NAMESPACE is one of {system, secure, global}, case-insensitive
"""


class SettingsStore:
    def __init__(self) -> None:
        self.values: dict[str, dict[str, str]] = {}
        self.reset()

    def reset(self) -> None:
        self.values = {ns: dict(d) for ns, d in DEFAULTS.items()}
        self.values["secure"]["android_id"] = secrets.token_hex(8)

    def get(self, namespace: str, key: str) -> str | None:
        return self.values[namespace.lower()].get(key)

    def put(self, namespace: str, key: str, value: str) -> None:
        self.values[namespace.lower()][key] = value

    def flag(self, namespace: str, key: str) -> bool:
        return (self.get(namespace, key) or "0") not in ("0", "", "false")

    def run(self, argv: list[str]) -> tuple[str, int]:
        """Run ``settings <argv...>``; returns (output, exit code)."""
        args = list(argv)
        if not args or args[0] in ("help", "-h"):
            return USAGE, 0 if args else 1
        verb = args.pop(0)
        if len(args) >= 2 and args[0] == "--user":
            args = args[2:]
        if not args:
            return USAGE + "\nInvalid command: missing NAMESPACE\n", 1
        ns = args.pop(0).lower()
        if ns not in NAMESPACES:
            return f"Invalid namespace '{ns}'\n" + USAGE, 1
        table = self.values[ns]
        if verb == "list":
            return "".join(f"{k}={v}\n" for k, v in sorted(table.items())), 0
        if verb == "get" and len(args) == 1:
            value = table.get(args[0])
            return f"{'null' if value is None else value}\n", 0
        if verb == "put" and len(args) >= 2:
            table[args[0]] = args[1]
            return "", 0
        if verb == "delete" and len(args) == 1:
            existed = table.pop(args[0], None) is not None
            return f"Deleted {int(existed)} rows\n", 0
        if verb == "reset" and len(args) == 1:
            self.values[ns] = dict(DEFAULTS[ns])
            if ns == "secure":
                self.values[ns]["android_id"] = secrets.token_hex(8)
            return "", 0
        return USAGE + f"\nInvalid arguments for {verb}\n", 1
