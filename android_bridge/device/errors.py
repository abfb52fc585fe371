"""Device-side failures, as the Mediator reports them to agents."""

from __future__ import annotations

from host_pep.exceptions import DroidgateError


class DeviceError(DroidgateError):
    """A device call failed; the action it carried must be treated as not committed."""

    def __init__(self, serial: str, operation: str, detail: str) -> None:
        super().__init__(f"device {serial}: {operation} failed: {detail}")
        self.serial = serial
        self.operation = operation
        self.detail = detail


class DeviceNotFound(DroidgateError):
    """No device with that serial is in the pool."""
