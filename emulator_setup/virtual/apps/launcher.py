"""The home screen (Pixel launcher): a grid of app icons that start their apps."""

from __future__ import annotations

from functools import partial

from ..ui.node import FRAME, TEXT_VIEW, VIEW_GROUP, Node
from .base import App, Screen
from .layout import STATUS_BAR

PACKAGE = "com.google.android.apps.nexuslauncher"


class Home(Screen["Launcher"]):
    activity = ".NexusLauncherActivity"

    def tree(self) -> Node:
        dev = self.device
        w, h = dev.width, dev.height
        pkg = PACKAGE
        grid = Node(
            cls=VIEW_GROUP,
            package=pkg,
            resource_id=f"{pkg}:id/workspace",
            bounds=(0, STATUS_BAR + 200, w, h - 300),
            scrollable=False,
        )
        cols, cell_w, cell_h = 4, w // 4, 300
        for i, (package, label) in enumerate(dev.launcher_icons()):
            r, c = divmod(i, cols)
            x, y = c * cell_w, STATUS_BAR + 260 + r * cell_h
            grid.add(
                Node(
                    cls=TEXT_VIEW,
                    package=pkg,
                    resource_id=f"{pkg}:id/icon",
                    text=label,
                    content_desc=label,
                    clickable=True,
                    focusable=True,
                    long_clickable=True,
                    bounds=(x + 20, y, x + cell_w - 20, y + cell_h - 40),
                    on_click=partial(dev.start, package),
                )
            )
        search = Node(
            cls=FRAME,
            package=pkg,
            resource_id=f"{pkg}:id/search_container_hotseat",
            content_desc="Search",
            clickable=True,
            focusable=True,
            bounds=(60, h - 260, w - 60, h - 120),
            on_click=lambda: dev.start("com.android.chrome"),
        )
        root = Node(cls=FRAME, package=pkg, bounds=(0, 0, w, h))
        return root.add(
            Node(cls=FRAME, package=pkg, resource_id="android:id/content", bounds=(0, 0, w, h)).add(
                grid, search
            )
        )


class Launcher(App):
    package = PACKAGE
    label = "Pixel Launcher"
    main = Home
