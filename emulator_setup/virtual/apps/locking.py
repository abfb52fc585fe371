"""The device lock: every public DeviceState method runs under one re-entrant lock."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class Locked:
    _lock: threading.RLock


def locked(fn: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(fn)
    def wrapper(self: Locked, *args: Any, **kwargs: Any) -> T:
        with self._lock:
            return fn(self, *args, **kwargs)

    return wrapper
