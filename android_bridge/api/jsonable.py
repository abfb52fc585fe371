"""Turn whatever the PEP and executors return (pydantic models, dataclasses, tuples) into JSON."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from pydantic import BaseModel


def to_jsonable(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_jsonable(dataclasses.asdict(value))
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return json.loads(json.dumps(value, default=str))


def to_object(value: Any) -> dict[str, Any]:
    """Like ``to_jsonable`` but always an object (a bare value is wrapped as ``{"value": ...}``)."""
    out = to_jsonable(value)
    return out if isinstance(out, dict) else {"value": out}
