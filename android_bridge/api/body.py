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

Why not parse every body twice: the decide route is the daemon's hot path. The exact scan runs
only when the bytes could hold one of those (a cheap search for the tokens, digit runs of 20+,
exponents of 3+ digits, more brackets than ``MAX_DEPTH``), or when pydantic already refused it.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from android_bridge.api.errors import ApiError, bad_request

M = TypeVar("M", bound=BaseModel)

MAX_DEPTH = 64
"""Objects and arrays nested deeper than this are refused (events are far shallower)."""
INT_MIN, INT_MAX = -(2**63), 2**64 - 1

# Could hold a non-finite number or an out-of-range one: then scan exactly. Digit runs inside
# strings (phone numbers, IBANs) also match; the exact scan then finds nothing and costs a parse.
_SUSPECT = re.compile(rb"NaN|Infinity|\d{20}|[eE][+-]?\d{3}")


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


def _walk(data: Any) -> tuple[str, str] | None:
    """Depth first, iteratively (the value may be as deep as the parser allowed)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, _Number):
            return path or "body", value.why
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                return path or "body", f"nested deeper than {MAX_DEPTH} levels"
            items = value.items() if isinstance(value, dict) else enumerate(value)
            children = [(v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in items]
            stack.extend(reversed(children))
    return None


def read_model(raw: bytes, model: type[M], first_error: Any) -> M:
    """``raw`` validated into ``model`` (strict), or an ``ApiError`` 400 naming the field.
    ``first_error(ValidationError) -> (field, message)`` words pydantic's refusals."""
    if not raw:
        raise bad_request("request body is empty; expected a JSON object", "body")
    try:
        # strict: the wire types are the documented ones (no "1" for 1, no false for 0)
        parsed = model.model_validate_json(raw, strict=True)
    except ValidationError as exc:
        raise _refusal(raw, exc, first_error) from exc
    if _SUSPECT.search(raw) or raw.count(b"[") + raw.count(b"{") > MAX_DEPTH:
        problem = first_problem(raw)
        if problem is not None:
            raise bad_request(problem[1], problem[0])
    return parsed


def _refusal(raw: bytes, exc: ValidationError, first_error: Any) -> ApiError:
    # Only on the error path: find out whether the body is JSON we accept at all.
    problem = first_problem(raw)
    if problem is not None:
        return bad_request(problem[1], problem[0])
    if not raw.lstrip().startswith(b"{"):
        return bad_request("request body must be a JSON object", "body")
    where, msg = first_error(exc)
    return bad_request(msg, where)
