"""Strict validation of tool arguments against the tool's JSON schema, before any decision.

An argument the schema does not name is refused unless the schema says ``additionalProperties``
is allowed: a caller that misspells an argument must hear so before the action is judged and
audited, not find out from a failure afterwards. Remote ``$ref``s are never fetched (the
``referencing`` registry is empty), so such a schema cannot be checked and the call is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import jsonschema
from jsonschema.exceptions import SchemaError, ValidationError, best_match

MAX_LISTED = 20


class ArgumentError(ValueError):
    """Arguments that do not fit the tool's schema; ``field`` names the offending argument."""

    def __init__(self, message: str, field: str = "arguments") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def _names(schema: Mapping[str, Any]) -> list[str]:
    props = schema.get("properties")
    return sorted(props) if isinstance(props, Mapping) else []


def shape(schema: Mapping[str, Any]) -> str:
    """One line naming the arguments a tool takes: ``name (required), limit``."""
    required = set(schema.get("required") or ())
    names = _names(schema)
    if not names:
        return "no arguments"
    listed = [f"{n} (required)" if n in required else n for n in names[:MAX_LISTED]]
    more = f", … {len(names) - MAX_LISTED} more" if len(names) > MAX_LISTED else ""
    return ", ".join(listed) + more


@lru_cache(maxsize=512)
def _validator(schema_json: str) -> Any:
    import json

    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    cls.check_schema(schema)
    return cls(schema)


_BY_OBJECT: dict[int, tuple[Mapping[str, Any], Any]] = {}
"""id(schema) -> (schema, validator): a tool's schema is one long-lived object, so the hot path
skips serialising it to find its validator (the object is kept, so its id cannot be reused)."""


def _validator_of(schema: Mapping[str, Any]) -> Any:
    import json

    hit = _BY_OBJECT.get(id(schema))
    if hit is not None and hit[0] is schema:
        return hit[1]
    validator = _validator(json.dumps(schema, sort_keys=True, default=str))
    if len(_BY_OBJECT) < 4096:
        _BY_OBJECT[id(schema)] = (schema, validator)
    return validator


def check_arguments(tool: str, schema: Mapping[str, Any] | None, args: Any) -> None:
    """Raise ArgumentError naming the first problem; return None when ``args`` fit ``schema``."""
    if not isinstance(args, Mapping):
        raise ArgumentError(f"{tool}: arguments must be a JSON object", "arguments")
    schema = schema or {"type": "object"}
    extra = schema.get("additionalProperties")
    if extra is None or extra is False:
        known = set(_names(schema))
        unknown = sorted(str(k) for k in args if k not in known)
        if unknown:
            raise ArgumentError(
                f"{tool}: unknown argument{'s' if len(unknown) > 1 else ''} "
                f"{', '.join(map(repr, unknown))}; {tool} takes {shape(schema)}",
                f"arguments.{unknown[0]}",
            )
    try:
        validator = _validator_of(schema)
    except (SchemaError, TypeError, ValueError) as exc:
        raise ArgumentError(
            f"{tool}: its input schema is not a valid JSON schema, so no call can be checked "
            f"({getattr(exc, 'message', exc)})",
            "arguments",
        ) from exc
    try:
        error = None if validator.is_valid(args) else best_match(validator.iter_errors(args))
    except Exception as exc:  # an unresolvable $ref and the like: fail closed
        raise ArgumentError(f"{tool}: the arguments could not be checked ({exc})") from exc
    if error is not None:
        raise ArgumentError(_describe(tool, error, schema), _where(error))


def _where(error: ValidationError) -> str:
    path = ".".join(str(p) for p in error.absolute_path)
    if error.validator == "required" and isinstance(error.message, str):
        missing = error.message.split("'")[1] if "'" in error.message else ""
        path = ".".join(p for p in (path, missing) if p)
    return f"arguments.{path}" if path else "arguments"


def _describe(tool: str, error: ValidationError, schema: Mapping[str, Any]) -> str:
    where = ".".join(str(p) for p in error.absolute_path)
    message = error.message if len(error.message) <= 300 else error.message[:300] + "…"
    prefix = f"{tool}: {where}: " if where else f"{tool}: "
    return f"{prefix}{message}; {tool} takes {shape(schema)}"
