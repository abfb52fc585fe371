"""Installed packages, their runtime permissions and APK paths (what ``pm`` reports)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

# System packages an emulator image always has, besides the virtual apps.
SYSTEM_PACKAGES = (
    "android",
    "com.android.systemui",
    "com.android.shell",
    "com.android.phone",
    "com.android.providers.contacts",
    "com.android.providers.calendar",
    "com.android.providers.telephony",
    "com.android.providers.settings",
    "com.android.providers.media",
    "com.android.externalstorage",
    "com.android.packageinstaller",
    "com.android.permissioncontroller",
    "com.google.android.gms",
    "com.google.android.inputmethod.latin",
    "com.google.android.webview",
)


@dataclass
class PackageInfo:
    name: str
    system: bool = False
    requested: set[str] = field(default_factory=set)
    granted: set[str] = field(default_factory=set)
    apk_path: str = ""
    version_code: int = 1
    enabled: bool = True

    def __post_init__(self) -> None:
        if not self.apk_path:
            tag = hashlib.md5(self.name.encode()).hexdigest()[:22]
            where = "/system/priv-app" if self.system else f"/data/app/~~{tag}=="
            self.apk_path = f"{where}/{self.name}-1/base.apk"


class PackageManager:
    def __init__(self) -> None:
        self._pkgs: dict[str, PackageInfo] = {}
        for name in SYSTEM_PACKAGES:
            self.add(PackageInfo(name, system=True))

    def add(self, info: PackageInfo) -> None:
        self._pkgs[info.name] = info

    def get(self, name: str) -> PackageInfo | None:
        return self._pkgs.get(name)

    def names(self, *, system: bool | None = None) -> list[str]:
        return sorted(n for n, p in self._pkgs.items() if system is None or p.system == system)

    def remove(self, name: str) -> bool:
        info = self._pkgs.get(name)
        if info is None or info.system:
            return False
        del self._pkgs[name]
        return True

    def grant(self, name: str, perm: str) -> bool:
        info = self._pkgs.get(name)
        if info is None or perm not in info.requested:
            return False
        info.granted.add(perm)
        return True

    def revoke(self, name: str, perm: str) -> bool:
        info = self._pkgs.get(name)
        if info is None or perm not in info.requested:
            return False
        info.granted.discard(perm)
        return True
