"""Pinned tool definitions: trust on first use, and a change is held until the operator accepts.

The first time the gateway sees an upstream tool it records the tool's fingerprint (title,
description, input and output schema, annotations). A later listing with a different fingerprint
marks the tool ``changed`` — the classic tool-poisoning move is a harmless description that turns
into instructions after the tool was approved — and its calls escalate until the operator
accepts the new definition. Pins live in a 0600 JSON file, so a change across restarts is caught
too.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from android_bridge.gateway.catalog import ProvidedTool

PIN_FILE = "gateway-pins.json"


class Pin(BaseModel):
    fingerprint: str
    definition: dict[str, Any]
    pinned_at: float
    accepted_by: str | None = None
    """None: pinned on first sight; otherwise who accepted a changed definition."""


class PinFile(BaseModel):
    version: int = 1
    pins: dict[str, Pin] = Field(default_factory=dict)


def _diff(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    return sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))


class PinStore:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._data = PinFile()
        if path is not None and path.exists():
            mode = path.stat().st_mode & 0o777
            if mode & 0o022:
                raise PermissionError(
                    f"{path} is writable by others (mode {mode:o}); a pin file others can edit "
                    "cannot hold the accepted tool definitions"
                )
            self._data = PinFile.model_validate_json(path.read_text("utf-8"))

    def check(self, tool: ProvidedTool) -> ProvidedTool:
        """The tool with ``status``/``changed`` set; pins a tool seen for the first time."""
        fingerprint = tool.fingerprint()
        with self._lock:
            pin = self._data.pins.get(tool.name)
            if pin is None:
                self._data.pins[tool.name] = Pin(
                    fingerprint=fingerprint, definition=tool.pinned_parts(), pinned_at=time.time()
                )
                self._save()
                return tool.model_copy(update={"status": "ok", "changed": []})
        if pin.fingerprint == fingerprint:
            return tool.model_copy(update={"status": "ok", "changed": []})
        return tool.model_copy(
            update={"status": "changed", "changed": _diff(pin.definition, tool.pinned_parts())}
        )

    def pinned(self, name: str) -> Pin | None:
        with self._lock:
            return self._data.pins.get(name)

    def accept(self, tool: ProvidedTool, *, by: str) -> Pin | None:
        """Make ``tool``'s current definition the accepted one; return the pin it replaces."""
        with self._lock:
            previous = self._data.pins.get(tool.name)
            self._data.pins[tool.name] = Pin(
                fingerprint=tool.fingerprint(),
                definition=tool.pinned_parts(),
                pinned_at=time.time(),
                accepted_by=by,
            )
            self._save()
        return previous

    def _save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(self._data.model_dump_json(indent=1))
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
