"""The status bar window (com.android.systemui): clock, wifi/airplane icons and battery."""

from __future__ import annotations

import time

from ..ui.node import FRAME, IMAGE_VIEW, LINEAR, TEXT_VIEW, Node
from .settings_store import SettingsStore

PACKAGE = "com.android.systemui"
HEIGHT = 63


def status_bar(width: int, settings: SettingsStore, now: float) -> Node:
    pkg = PACKAGE
    clock = time.strftime("%H:%M", time.localtime(now))
    icons = Node(
        cls=LINEAR,
        package=pkg,
        resource_id=f"{pkg}:id/system_icons",
        bounds=(width - 330, 0, width - 40, HEIGHT),
    )
    x = width - 330
    if settings.flag("global", "airplane_mode_on"):
        icons.add(
            Node(
                cls=IMAGE_VIEW,
                package=pkg,
                content_desc="Airplane mode.",
                bounds=(x, 8, x + 48, HEIGHT - 8),
            )
        )
    elif settings.flag("global", "wifi_on"):
        icons.add(
            Node(
                cls=IMAGE_VIEW,
                package=pkg,
                resource_id=f"{pkg}:id/wifi_signal",
                content_desc="Wifi signal full.",
                bounds=(x, 8, x + 48, HEIGHT - 8),
            )
        )
    icons.add(
        Node(
            cls=IMAGE_VIEW,
            package=pkg,
            resource_id=f"{pkg}:id/mobile_signal",
            content_desc="Phone signal full.",
            bounds=(x + 60, 8, x + 108, HEIGHT - 8),
        )
    )
    icons.add(
        Node(
            cls=LINEAR,
            package=pkg,
            resource_id=f"{pkg}:id/battery",
            content_desc="Battery 100 percent.",
            bounds=(x + 180, 8, width - 40, HEIGHT - 8),
        )
    )
    root = Node(
        cls=FRAME,
        package=pkg,
        resource_id=f"{pkg}:id/status_bar_container",
        bounds=(0, 0, width, HEIGHT),
    )
    bar = Node(
        cls=LINEAR, package=pkg, resource_id=f"{pkg}:id/status_bar", bounds=(0, 0, width, HEIGHT)
    )
    bar.add(
        Node(
            cls=TEXT_VIEW,
            package=pkg,
            resource_id=f"{pkg}:id/clock",
            text=clock,
            content_desc=clock,
            bounds=(40, 0, 170, HEIGHT),
        ),
        icons,
    )
    return root.add(bar)
