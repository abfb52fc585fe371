"""The device's wall clock: the host's time, moved by ``date MMDDhhmm…`` (as root), as an
evaluator sets a phone's date before a task."""

from __future__ import annotations

import time
from collections.abc import Callable


class DeviceClock:
    def __init__(self, source: Callable[[], float] = time.time) -> None:
        self.source = source
        self.offset = 0.0

    def __call__(self) -> float:
        return self.source() + self.offset

    def set(self, when: float) -> None:
        self.offset = when - self.source()
