"""Reading a request body into a model: strict JSON, bounded in depth and number size.

The fast path is pydantic's own JSON validation (strict: the wire types are the documented
ones). Three things it lets through or trips over are caught here, each answered with a 400
that names the field:

* nesting deeper than ``MAX_DEPTH`` (pydantic's parser stops at its recursion limit with a
  generic "invalid JSON", and Python's ``json`` raises ``RecursionError`` when asked why);
* integers outside 64 bits (no honest event carries one; past 4,300 digits Python refuses to
  even print them, which used to surface as a 500 in the audit);
* ``NaN``, ``Infinity`` and numbers that overflow to infinity (not JSON at all, RFC 8259 §6,
  but pydantic accepts them in untyped fields).

Why not parse every body twice: the decide route is the daemon's hot path. A body pydantic
accepted is checked by walking the values it parsed (a few leaves for an honest event: about a
microsecond, where a scan of the raw bytes for the same tokens cost four); the exact parse here
runs only when pydantic refused the body, to say why.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from android_bridge.api.errors import ApiError, bad_request

M = TypeVar("M", bound=BaseModel)
Wording = Callable[[ValidationError], tuple[str, str]]
"""How a pydantic refusal is worded: (field, message)."""

MAX_DEPTH = 64
"""Objects and arrays nested deeper than this are refused (events are far shallower)."""
INT_MIN, INT_MAX = -(2**63), 2**64 - 1

_NON_FINITE = "not a finite number (NaN, Infinity and numbers that overflow are not JSON)"


class _Number:
    """A number the scan refuses, left where it stood so its path can be named."""

    __slots__ = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why


def _int(text: str) -> Any:
    digits = len(text.lstrip("-"))
    if digits > 20:
        return _Number(f"an integer of {digits} digits is out of range (at most 64 bits)")
    value = int(text)
    if not INT_MIN <= value <= INT_MAX:
        return _Number("an integer out of range (at most 64 bits)")
    return value


def _float(text: str) -> Any:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        return _Number(f"the number {text[:40]} overflows to infinity")
    return value


def _constant(name: str) -> Any:
    return _Number(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant)


def first_problem(raw: bytes) -> tuple[str, str] | None:
    """(field, message) of the first thing in ``raw`` this module refuses, or None."""
    try:
        data = _DECODER.decode(raw.decode("utf-8"))
    except RecursionError:
        return "body", f"nested deeper than {MAX_DEPTH} levels"
    except UnicodeDecodeError as exc:
        return "body", f"request body is not UTF-8 ({exc.reason} at byte {exc.start})"
    except ValueError as exc:  # JSONDecodeError, and anything a number hook refused
        return "body", f"request body is not valid JSON ({exc})"
    return _walk(data)


def _outer(path: str) -> str:
    """The field a too-deep value hangs from (its first two levels, not 64 of them)."""
    return ".".join(path.split(".")[:2])


def _walk(data: Any) -> tuple[str, str] | None:
    """Depth first, iteratively (the value may be as deep as the parser allowed)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, _Number):
            return path or "body", value.why
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                return _outer(path) or "body", f"nested deeper than {MAX_DEPTH} levels"
            items = value.items() if isinstance(value, dict) else enumerate(value)
            children = [(v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in items]
            stack.extend(reversed(children))
    return None


def parsed_problem(model: BaseModel) -> tuple[str, str] | None:
    """(field, message) of the first value of a validated model this module refuses: what
    pydantic lets through in untyped fields (and in ``float`` ones, infinity and NaN)."""
    values = model.__dict__
    if model.model_extra:
        values = {**values, **model.model_extra}
    for name, value in values.items():
        kind = type(value)
        if kind is dict or kind is list:
            if value:
                found = _number_or_depth(value, name)
                if found is not None:
                    return found
        elif kind is float or kind is int:
            why = _bad_number(value)
            if why is not None:
                return name, why
    return None


def _bad_number(value: float | int) -> str | None:
    if type(value) is float:
        return None if math.isfinite(value) else _NON_FINITE
    if INT_MIN <= value <= INT_MAX:
        return None
    return f"an integer of {int(value).bit_length()} bits is out of range (at most 64 bits)"


def _number_or_depth(top: dict[str, Any] | list[Any], name: str) -> tuple[str, str] | None:
    """Depth first, iteratively (as deep as pydantic's parser allowed)."""
    stack: list[tuple[Any, str, int]] = [(top, name, 1)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            return _outer(path), f"nested deeper than {MAX_DEPTH} levels"
        items = value.items() if type(value) is dict else enumerate(value)
        for key, item in items:
            kind = type(item)
            if kind is str or item is None or kind is bool:
                continue
            if kind is dict or kind is list:
                stack.append((item, f"{path}.{key}", depth + 1))
            elif kind is float or kind is int:
                why = _bad_number(item)
                if why is not None:
                    return f"{path}.{key}", why
    return None


def read_model(raw: bytes, model: type[M], first_error: Wording) -> M:
    """``raw`` validated into ``model`` (strict), or an ``ApiError`` 400 naming the field.
    ``first_error(ValidationError) -> (field, message)`` words pydantic's refusals."""
    if not raw:
        raise bad_request("request body is empty; expected a JSON object", "body")
    try:
        # strict: the wire types are the documented ones (no "1" for 1, no false for 0)
        parsed = model.model_validate_json(raw, strict=True)
    except ValidationError as exc:
        raise _refusal(raw, exc, first_error) from exc
    problem = parsed_problem(parsed)
    if problem is not None:
        raise bad_request(problem[1], problem[0])
    return parsed


def _refusal(raw: bytes, exc: ValidationError, first_error: Wording) -> ApiError:
    # Only on the error path: find out whether the body is JSON we accept at all.
    problem = first_problem(raw)
    if problem is not None:
        return bad_request(problem[1], problem[0])
    if not raw.lstrip().startswith(b"{"):
        return bad_request("request body must be a JSON object", "body")
    where, msg = first_error(exc)
    return bad_request(msg, where)
