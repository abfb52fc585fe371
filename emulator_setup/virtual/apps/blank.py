"""An installed package with no virtual behaviour: it opens a plain window with its name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import App, Screen
from .layout import Builder

if TYPE_CHECKING:
    from ..state import DeviceState


class BlankScreen(Screen["BlankApp"]):
    activity = ".MainActivity"

    def build(self, ui: Builder) -> None:
        ui.toolbar(self.app.label, up=False)
        ui.text(f"{self.app.package} is running.", id="message")


class BlankApp(App):
    main = BlankScreen

    def __init__(self, device: DeviceState, package: str) -> None:
        super().__init__(device)
        self.package = package  # type: ignore[misc]
        self.label = package.rsplit(".", 1)[-1].capitalize()  # type: ignore[misc]
