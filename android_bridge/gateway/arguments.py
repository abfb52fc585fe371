"""Strict validation of tool arguments against the tool's JSON schema, before any decision.

An argument the schema does not name is refused unless the schema says ``additionalProperties``
is allowed: a caller that misspells an argument must hear so before the action is judged and
audited, not find out from a failure afterwards. Remote ``$ref``s are never fetched (the
``referencing`` registry is empty), so such a schema cannot be checked and the call is refused.

Two validators per schema, both built once: jsonschema's is the reference (it judges every
schema, words every refusal and has the last word), and jsonschema-rs's compiled one answers
"valid" for the calls that fit, ~100x faster (~0.2 us where jsonschema's ``is_valid`` took
10-15 us on a quiet core, ~34 us of a busy daemon's request). The compiled one may only
*accept*: whatever it refuses, or cannot read, is judged again by the reference. It is asked
only where both read a value alike, so no call passes that jsonschema refuses: arguments of
plain JSON types (a tuple would pass as an array there, not here), and schemas without
``pattern``/``patternProperties`` (ECMA-262 regexes against Python's: their digit and space
classes differ on non-ASCII text) or ``multipleOf`` (decimal against binary float arithmetic:
0.07 is a multiple of 0.01 there, not here). A test compares the two on generated arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import jsonschema
import jsonschema_rs
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


_READ_APART = frozenset({"pattern", "patternProperties", "multipleOf"})
"""Keywords the two validators evaluate differently (see the module docstring): a schema that
has one anywhere (even as a property's name: erring towards the reference costs only time) is
checked by jsonschema alone."""


@dataclass(frozen=True, slots=True)
class _Checker:
    reference: Any
    """jsonschema's validator: the judge of the schema, of every refusal and its wording."""
    compiled: Any
    """jsonschema-rs's validator of the same schema, or None (see ``_compiled``)."""


@lru_cache(maxsize=512)
def _validator(schema_json: str) -> _Checker:
    import json

    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    cls.check_schema(schema)
    return _Checker(cls(schema), _compiled(schema))


def _compiled(schema: Any) -> Any:
    """jsonschema-rs's validator of a schema jsonschema accepted, or None where the two could
    read it differently, or it cannot build one (say a ``$ref`` it would have to fetch: it is
    told it is offline, and the reference refuses such calls). Formats are annotations in both,
    as in jsonschema without a format checker."""
    if _mentions(schema, _READ_APART):
        return None
    try:
        return jsonschema_rs.validator_for(schema, validate_formats=False, offline=True)
    except Exception:  # any schema it cannot build: the reference alone, as before
        return None


def _mentions(schema: Any, keys: frozenset[str]) -> bool:
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            if not keys.isdisjoint(node):
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


_LEAVES = (str, int, float, bool, type(None))
_INT_RANGE = (-(2**63), 2**64 - 1)


def _plain_json(value: Any) -> bool:
    """Whether ``value`` is JSON as a parser returns it: dicts with string keys, lists, strings,
    finite numbers (integers within 64 bits), booleans and None, of exactly those types."""
    stack = [value]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is dict:
            for key, item in node.items():
                if type(key) is not str:
                    return False
                stack.append(item)
        elif kind is list:
            stack.extend(node)
        elif kind is int:
            if not _INT_RANGE[0] <= node <= _INT_RANGE[1]:
                return False
        elif kind is float:
            if node != node or node in (float("inf"), float("-inf")):
                return False
        elif kind not in _LEAVES:
            return False
    return True


_BY_OBJECT: dict[int, tuple[Mapping[str, Any], _Checker]] = {}
"""id(schema) -> (schema, checker): a tool's schema is one long-lived object, so the hot path
skips serialising it to find its checker (the object is kept, so its id cannot be reused)."""


def _validator_of(schema: Mapping[str, Any]) -> _Checker:
    import json

    hit = _BY_OBJECT.get(id(schema))
    if hit is not None and hit[0] is schema:
        return hit[1]
    checker = _validator(json.dumps(schema, sort_keys=True, default=str))
    if len(_BY_OBJECT) < 4096:
        _BY_OBJECT[id(schema)] = (schema, checker)
    return checker


_ANY_OBJECT: Mapping[str, Any] = {"type": "object"}
"""The schema of a tool that gives none (one object: the caches above keep what they see)."""

_KNOWN: dict[int, tuple[Mapping[str, Any], frozenset[str]]] = {}
"""id(schema) -> (schema, the argument names it declares), kept like ``_BY_OBJECT``."""


def _known_names(schema: Mapping[str, Any]) -> frozenset[str]:
    hit = _KNOWN.get(id(schema))
    if hit is not None and hit[0] is schema:
        return hit[1]
    names = frozenset(_names(schema))
    if len(_KNOWN) < 4096:
        _KNOWN[id(schema)] = (schema, names)
    return names


def check_arguments(tool: str, schema: Mapping[str, Any] | None, args: Any) -> None:
    """Raise ArgumentError naming the first problem; return None when ``args`` fit ``schema``."""
    if not isinstance(args, Mapping):
        raise ArgumentError(f"{tool}: arguments must be a JSON object", "arguments")
    schema = schema or _ANY_OBJECT
    extra = schema.get("additionalProperties")
    if extra is None or extra is False:
        known = _known_names(schema)
        unknown = [] if known.issuperset(args) else sorted(str(k) for k in args if k not in known)
        if unknown:
            raise ArgumentError(
                f"{tool}: unknown argument{'s' if len(unknown) > 1 else ''} "
                f"{', '.join(map(repr, unknown))}; {tool} takes {shape(schema)}",
                f"arguments.{unknown[0]}",
            )
    try:
        checker = _validator_of(schema)
    except (SchemaError, TypeError, ValueError) as exc:
        raise ArgumentError(
            f"{tool}: its input schema is not a valid JSON schema, so no call can be checked "
            f"({getattr(exc, 'message', exc)})",
            "arguments",
        ) from exc
    if checker.compiled is not None and _plain_json(args):
        try:
            if checker.compiled.is_valid(args):
                return
        except Exception:  # whatever it cannot read, the reference judges
            pass
    validator = checker.reference
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
