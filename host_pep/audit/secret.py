"""Secret: a string that never shows itself in logs, reprs, tracebacks or JSON.

Used for the audit log's HMAC salt and for API tokens (the T4 LLM adjudicator's key). Unlike
Starlette's ``Secret``, ``str()`` is hidden too: an f-string in a log line must not leak a key.
Call ``reveal()`` at the one place that needs the value.
"""

from __future__ import annotations

import hmac
from typing import Any

_HIDDEN = "**********"


class Secret:
    __slots__ = ("_value",)

    def __init__(self, value: str | bytes) -> None:
        if isinstance(value, bytes):
            value = value.hex()
        if not isinstance(value, str):
            raise TypeError("a Secret wraps a str (or bytes, stored as hex)")
        self._value = value

    def reveal(self) -> str:
        return self._value

    def reveal_bytes(self) -> bytes:
        return self._value.encode()

    def __repr__(self) -> str:
        return f"Secret('{_HIDDEN}')"

    def __str__(self) -> str:
        return _HIDDEN

    def __format__(self, spec: str) -> str:
        return _HIDDEN

    def __bool__(self) -> bool:
        return bool(self._value)

    def __len__(self) -> int:
        return len(self._value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Secret):
            return NotImplemented
        # constant time: equality of secrets must not be a timing oracle
        return hmac.compare_digest(self._value.encode(), other._value.encode())

    def __hash__(self) -> int:
        return hash(("Secret", self._value))

    def __reduce__(self) -> Any:
        # pickling would be a way to copy the value out unnoticed; refuse it
        raise TypeError("Secret values cannot be pickled")
