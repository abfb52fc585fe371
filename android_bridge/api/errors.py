"""The bridge API's one error shape: ``{"error": {"code", "message", "field"}}``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class ErrorDetail(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str
    message: str
    field: str | None = None


class ErrorBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    error: ErrorDetail


class ApiError(Exception):
    """Raised by the service and route handlers; rendered as the JSON error with ``status``."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field

    def body(self) -> dict[str, Any]:
        return ErrorBody(
            error=ErrorDetail(code=self.code, message=self.message, field=self.field)
        ).model_dump()


def bad_request(message: str, field: str | None = None, code: str = "invalid") -> ApiError:
    return ApiError(400, code, message, field)


def not_found(message: str, field: str | None = None) -> ApiError:
    return ApiError(404, "not_found", message, field)


def conflict(message: str, field: str | None = None) -> ApiError:
    return ApiError(409, "conflict", message, field)


def forbidden(message: str, field: str | None = None, code: str = "forbidden") -> ApiError:
    return ApiError(403, code, message, field)


def device_unavailable(message: str) -> ApiError:
    return ApiError(502, "device_unavailable", message, "device")
