"""``Settings.Global/System/Secure`` with an Android 14 emulator's keys and defaults, the
``settings`` command, and the lock settings (``locksettings``), which Android keeps apart
(``/data/system/locksettings.db``) and no ``settings`` namespace reaches.

Keys are the platform's own (``android.provider.Settings``); a phone that has not finished
setup, has no Google account and no default apps beyond the image's would list more, but
every key here is one Android 14 defines, with the value a fresh ``sdk_gphone64_x86_64`` image
gives it. Apps a user has not granted anything have no entry in the access lists
(``enabled_notification_listeners``, ``enabled_accessibility_services``…).
"""

from __future__ import annotations

import itertools
import secrets

NAMESPACES = ("global", "system", "secure")

_IME = "com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME"
DEFAULTS: dict[str, dict[str, str]] = {
    "global": {
        "adb_enabled": "1",
        "adb_wifi_enabled": "0",
        "airplane_mode_on": "0",
        "airplane_mode_radios": "cell,bluetooth,uwb,wifi,wimax",
        "animator_duration_scale": "1.0",
        "auto_time": "1",
        "auto_time_zone": "1",
        "bluetooth_on": "1",
        "boot_count": "1",
        "call_auto_retry": "0",
        "data_roaming": "0",
        "development_settings_enabled": "1",
        "device_name": "sdk_gphone64_x86_64",
        "device_provisioned": "1",
        "heads_up_notifications_enabled": "1",
        "mobile_data": "1",
        "mode_ringer": "2",
        "network_recommendations_enabled": "0",
        "package_verifier_user_consent": "1",
        "private_dns_mode": "opportunistic",
        "stay_on_while_plugged_in": "0",
        "theater_mode_on": "0",
        "transition_animation_scale": "1.0",
        "usb_mass_storage_enabled": "1",
        "verifier_verify_adb_installs": "1",
        "wifi_on": "1",
        "wifi_scan_always_enabled": "0",
        "wifi_sleep_policy": "2",
        "window_animation_scale": "1.0",
        "zen_mode": "0",
    },
    "system": {
        "accelerometer_rotation": "0",
        "alarm_alert": "content://media/internal/audio/media/17?title=Cesium&canonical=1",
        "dim_screen": "1",
        "dtmf_tone": "1",
        "font_scale": "1.0",
        "haptic_feedback_enabled": "1",
        "lockscreen_sounds_enabled": "1",
        "mode_ringer_streams_affected": "422",
        "mute_streams_affected": "111",
        "notification_sound": "content://media/internal/audio/media/95?title=Eureka&canonical=1",
        "pointer_speed": "0",
        "ringtone": "content://media/internal/audio/media/112?title=The%20Big%20Adventure",
        "screen_brightness": "102",
        "screen_brightness_mode": "0",
        "screen_off_timeout": "60000",
        "sound_effects_enabled": "1",
        "time_12_24": "24",
        "user_rotation": "0",
        "vibrate_when_ringing": "0",
    },
    "secure": {
        "accessibility_enabled": "0",
        "android_id": "",  # filled per device
        "backup_enabled": "0",
        "bluetooth_name": "sdk_gphone64_x86_64",
        "default_input_method": _IME,
        "dialer_default_application": "com.google.android.dialer",
        "enabled_input_methods": _IME,
        "install_non_market_apps": "0",
        "location_mode": "3",
        "lock_screen_owner_info_enabled": "0",
        "long_press_timeout": "400",
        "mock_location": "0",
        "multi_press_timeout": "300",
        "navigation_mode": "2",
        "screensaver_enabled": "0",
        "selected_spell_checker": "com.google.android.inputmethod.latin/com.android.inputmethod.latin.spellcheck.AndroidSpellCheckerService",
        "show_ime_with_hard_keyboard": "1",
        "sms_default_application": "com.simplemobiletools.smsmessenger",
        "spell_checker_enabled": "1",
        "touch_exploration_enabled": "0",
        "ui_night_mode": "1",
        "user_setup_complete": "1",
        "zen_duration": "0",
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
        self._ids: dict[str, dict[str, int]] = {}
        self._next = itertools.count(1)
        self.lock_disabled = False
        """``locksettings set-disabled``: the keyguard is not shown (no lock screen)."""
        self.reset()

    def reset(self) -> None:
        self.values = {ns: dict(d) for ns, d in DEFAULTS.items()}
        self.values["secure"]["android_id"] = secrets.token_hex(8)
        self._ids = {ns: {} for ns in NAMESPACES}
        for ns in NAMESPACES:
            for key in self.values[ns]:
                self._ids[ns][key] = next(self._next)
        self.lock_disabled = False

    def ids(self, namespace: str) -> dict[str, int]:
        """The provider's row id of each setting (assigned when the key was first written)."""
        return self._ids[namespace.lower()]

    def get(self, namespace: str, key: str) -> str | None:
        return self.values[namespace.lower()].get(key)

    def put(self, namespace: str, key: str, value: str) -> None:
        ns = namespace.lower()
        self.values[ns][key] = value
        self._ids[ns].setdefault(key, next(self._next))

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
            self.put(ns, args[0], args[1])
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

    def locksettings(self, argv: list[str]) -> tuple[str, int]:
        """``locksettings get-disabled|set-disabled BOOL`` (the keyguard without a credential)."""
        if argv[:1] == ["get-disabled"]:
            return f"{'true' if self.lock_disabled else 'false'}\n", 0
        if argv[:1] == ["set-disabled"] and len(argv) == 2:
            if argv[1] not in ("true", "false"):
                return (
                    f"Error while executing command: set-disabled\nInvalid value: {argv[1]}\n",
                    255,
                )
            self.lock_disabled = argv[1] == "true"
            return f"Lock screen disabled set to {argv[1]}\n", 0
        return (
            "locksettings service commands:\n  help\n  get-disabled\n  set-disabled [true|false]\n"
            "  verify [--old <CREDENTIAL>]\n  clear [--old <CREDENTIAL>]\n",
            255 if argv else 0,
        )
