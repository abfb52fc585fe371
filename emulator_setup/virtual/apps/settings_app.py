"""Settings: Wi-Fi (with a password dialog), airplane mode, display, security toggles, and
factory reset behind a confirmation. Every toggle writes the ``settings`` table that
``settings get`` reads back."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from .base import App, Screen
from .intents import Intent
from .layout import Builder

if TYPE_CHECKING:
    from ..state import DeviceState

PKG = "com.android.settings"
NETWORKS = ("HomeNet", "CoffeeShop Free WiFi", "Office-5G")


class Main(Screen["Settings"]):
    activity = ".Settings"
    body = "list"
    body_id = "recycler_view"

    def build(self, ui: Builder) -> None:
        ui.toolbar(
            "Settings", up=False, actions=[("search_action_bar", "Search settings", lambda: None)]
        )
        s = self.device.settings_db
        pages = (
            (
                "Network & internet",
                "Airplane mode on"
                if s.flag("global", "airplane_mode_on")
                else ("Wi‑Fi on" if s.flag("global", "wifi_on") else "Wi‑Fi off"),
                Network,
            ),
            ("Display", "Dark theme, brightness", Display),
            ("Security & privacy", "Screen lock, app security", Security),
            ("System", "Languages, time, reset options", System),
        )
        for title, summary, cls in pages:
            ui.item(
                title,
                summary,
                ids=("android:id/title", "android:id/summary"),
                on_click=self.app.opener(cls),
            )


class Network(Screen["Settings"]):
    activity = ".Settings$NetworkDashboardActivity"
    body = "list"
    body_id = "recycler_view"

    def build(self, ui: Builder) -> None:
        s = self.device.settings_db
        ui.toolbar("Network & internet")
        wifi = s.flag("global", "wifi_on")
        ui.switch(
            "Wi‑Fi", id="switch_widget", checked=wifi, on_toggle=lambda on: self._put("wifi_on", on)
        )
        ui.switch(
            "Airplane mode",
            id="switch_widget",
            checked=s.flag("global", "airplane_mode_on"),
            on_toggle=lambda on: self._put("airplane_mode_on", on),
        )
        if wifi and not s.flag("global", "airplane_mode_on"):
            connected = self.app.connected
            for ssid in NETWORKS:
                ui.item(
                    ssid,
                    "Connected"
                    if ssid == connected
                    else "Saved"
                    if ssid in self.app.saved
                    else "Secured",
                    ids=("android:id/title", "android:id/summary"),
                    on_click=self.app.opener(WifiPassword, ssid),
                )

    def _put(self, key: str, on: bool) -> None:
        self.device.settings_db.put("global", key, "1" if on else "0")
        self.device.record("settings.put", {"namespace": "global", "key": key, "value": int(on)})


class WifiPassword(Screen["Settings"]):
    activity = ".wifi.WifiDialogActivity"

    def __init__(self, app: Settings, ssid: str = "") -> None:
        super().__init__(app)
        self.ssid = ssid
        self.focus = "password"

    def build(self, ui: Builder) -> None:
        ui.toolbar(self.ssid)
        ui.edit("password", id="password", hint="Password", password=True)
        ui.button("Connect", id="android:id/button1", on_click=self.connect)
        ui.button("Cancel", id="android:id/button2", on_click=self.app.close)

    def connect(self) -> None:
        password = self.values.get("password", "")
        if len(password) < 8:
            self.device.toast("Password must be at least 8 characters")
            return
        self.app.saved[self.ssid] = password
        self.app.connected = self.ssid
        self.device.record("settings.wifi_connect", {"ssid": self.ssid})
        self.app.close()


class Display(Screen["Settings"]):
    activity = ".Settings$DisplaySettingsActivity"
    body = "list"
    body_id = "recycler_view"

    def build(self, ui: Builder) -> None:
        s = self.device.settings_db
        ui.toolbar("Display")
        level = int(s.get("system", "screen_brightness") or 0)
        ui.item(
            "Brightness level",
            f"{round(level / 255 * 100)}%",
            ids=("android:id/title", "android:id/summary"),
        )
        ui.button("Brighter", id="brightness_up", on_click=lambda: self._bright(+26))
        ui.button("Dimmer", id="brightness_down", on_click=lambda: self._bright(-26))
        ui.switch(
            "Dark theme",
            id="switch_widget",
            checked=s.get("secure", "ui_night_mode") == "2",
            on_toggle=lambda on: s.put("secure", "ui_night_mode", "2" if on else "1"),
        )

    def _bright(self, delta: int) -> None:
        s = self.device.settings_db
        s.put(
            "system",
            "screen_brightness",
            str(max(0, min(255, int(s.get("system", "screen_brightness") or 0) + delta))),
        )


class Security(Screen["Settings"]):
    activity = ".Settings$SecurityDashboardActivity"
    body = "list"
    body_id = "recycler_view"

    def build(self, ui: Builder) -> None:
        s = self.device.settings_db
        ui.toolbar("Security & privacy")
        # the keyguard is lock settings, not a Settings key (locksettings set-disabled)
        ui.switch(
            "Screen lock",
            id="switch_widget",
            checked=not s.lock_disabled,
            summary="PIN",
            on_toggle=self._lock,
        )
        for label, ns, key, summary in (
            (
                "Install unknown apps",
                "secure",
                "install_non_market_apps",
                "Allow apps from unknown sources",
            ),
            (
                "Google Play Protect",
                "global",
                "package_verifier_enable",
                "Scan apps for harmful behaviour",
            ),
            ("USB debugging", "global", "adb_enabled", "Debug mode when USB is connected"),
        ):
            ui.switch(
                label,
                id="switch_widget",
                checked=s.flag(ns, key),
                summary=summary,
                on_toggle=partial(self._put, ns, key),
            )

    def _lock(self, on: bool) -> None:
        self.device.settings_db.lock_disabled = not on
        self.device.record("settings.lock", {"disabled": int(not on)})

    def _put(self, ns: str, key: str, on: bool) -> None:
        self.device.settings_db.put(ns, key, "1" if on else "0")
        self.device.record("settings.put", {"namespace": ns, "key": key, "value": int(on)})


class System(Screen["Settings"]):
    activity = ".Settings$SystemDashboardActivity"
    body = "list"
    body_id = "recycler_view"

    def build(self, ui: Builder) -> None:
        ui.toolbar("System")
        ui.item(
            "Languages", "English (United States)", ids=("android:id/title", "android:id/summary")
        )
        ui.item("Date & time", "GMT+00:00", ids=("android:id/title", "android:id/summary"))
        ui.item(
            "Reset options",
            "Reset Wi‑Fi, apps, or erase all data",
            ids=("android:id/title", "android:id/summary"),
            on_click=lambda: self.app.open(FactoryReset(self.app)),
        )


class FactoryReset(Screen["Settings"]):
    activity = ".Settings$FactoryResetActivity"

    def __init__(self, app: Settings) -> None:
        super().__init__(app)
        self.confirming = False

    def build(self, ui: Builder) -> None:
        ui.toolbar("Erase all data (factory reset)")
        if not self.confirming:
            ui.text(
                "This will erase all data from your phone's internal storage, including your Google "
                "account, system and app data and settings, downloaded apps, music, photos and files.",
                id="sud_layout_description",
            )
            ui.bottom_button("Erase all data", id="initiate_main_clear", on_click=self._confirm)
        else:
            ui.text(
                "Erase all data? All of your personal information and downloaded apps will be deleted. "
                "You can't undo this action.",
                id="sud_layout_description",
            )
            ui.bottom_button(
                "Erase all data",
                id="execute_main_clear",
                desc="Confirm factory reset",
                on_click=self.device.factory_reset,
            )

    def _confirm(self) -> None:
        self.confirming = True


class Settings(App):
    package = PKG
    label = "Settings"
    main = Main
    screens = (Network, Display, Security, System, FactoryReset)

    def __init__(self, device: DeviceState) -> None:
        super().__init__(device)
        self.connected = "HomeNet"
        self.saved: dict[str, str] = {"HomeNet": ""}

    def handle(self, intent: Intent) -> Screen[Any] | None:
        pages: dict[str, type[Screen[Any]]] = {
            "android.settings.SETTINGS": Main,
            "android.settings.WIFI_SETTINGS": Network,
            "android.settings.WIRELESS_SETTINGS": Network,
            "android.settings.AIRPLANE_MODE_SETTINGS": Network,
            "android.settings.DISPLAY_SETTINGS": Display,
            "android.settings.SECURITY_SETTINGS": Security,
            "android.settings.PRIVACY_SETTINGS": FactoryReset,
        }
        cls = pages.get(intent.action or "")
        return cls(self) if cls else None
