"""What a tool returned, as structure: real tools return JSON objects, but also JSON or YAML
*text* (a record dump), and plain text (a file, a page, a transcript).

Structure matters for rule 5: a bill's ``iban:`` field or a table row is data, a paragraph is
running text, and only running text can carry an instruction. A string result that parses as a
JSON or YAML mapping or list is observed as that structure; anything else stays text (its lines
are told apart when values are observed, ``host_pep.observe``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from host_pep.adapters.defences import undone

MAX_PARSE_CHARS = 512 * 1024
_YAML_SHAPE = re.compile(r"(?m)^\s*(?:-\s+)?[\w\"' .-]{1,60}:(?:\s|$)")
_JSON_START = ("{", "[")


def structured(result: Any) -> Any:
    """``result`` with JSON or YAML text replaced by what it encodes (also the strings of a
    top-level list: a list of YAML-dumped records; and JSON text in any field), and lists of
    name/value pairs read as the record they spell (``headers: [{name: From, value: …}]`` ->
    ``From: …``)."""
    # what a spotlighting defence did to the text is undone first (host_pep.adapters.defences)
    if isinstance(result, str):
        return _pairs(_inner_json(undone(_parse(undone(result)))))
    if isinstance(result, list):
        parsed = [_parse(undone(v)) if isinstance(v, str) else v for v in result]
        return _pairs(_inner_json(undone(parsed)))
    return _pairs(_inner_json(undone(result)))


def _inner_json(value: Any, depth: int = 0) -> Any:
    """JSON text held in a field of the result (a fetch's ``{"content": "[{…}]"}``, an MCP
    result's ``content[0].text``) is the structure it encodes: a form's "email" field stays a
    field, apart from the "message" beside it that may carry an instruction. Only JSON: a
    nested string with colons is as likely prose as YAML."""
    if depth > 32:
        return value
    if isinstance(value, dict):
        return {k: _inner_json(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_inner_json(v, depth + 1) for v in value]
    if isinstance(value, str) and depth > 0 and value.lstrip().startswith(_JSON_START):
        stripped = value.strip()
        if len(stripped) <= MAX_PARSE_CHARS:
            try:
                parsed = json.loads(stripped)
            except (json.JSONDecodeError, RecursionError):
                return value
            if isinstance(parsed, dict | list) and parsed:
                return _inner_json(parsed, depth + 1)
    return value


_PAIR_KEYS = ({"name", "value"}, {"key", "value"}, {"field", "value"})


def _pairs(value: Any, depth: int = 0) -> Any:
    """Email headers, custom fields and properties as many APIs return them: a list of
    ``{name, value}`` objects is the mapping it spells, so that a "From" header is a sender
    field like any other."""
    if depth > 32:
        return value
    if isinstance(value, dict):
        return {k: _pairs(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        if value and all(
            isinstance(v, dict) and {str(k).lower() for k in v} in _PAIR_KEYS for v in value
        ):
            out: dict[str, Any] = {}
            for v in value:
                keys = {str(k).lower(): k for k in v}
                label = v[keys.get("name") or keys.get("key") or keys["field"]]
                out.setdefault(str(label), v[keys["value"]])
            return out
        return [_pairs(v, depth + 1) for v in value]
    return value


def _parse(text: str) -> Any:
    stripped = text.strip()
    if not stripped or len(stripped) > MAX_PARSE_CHARS:
        return text
    if stripped.startswith(_JSON_START):
        try:
            value = json.loads(stripped)
        except (json.JSONDecodeError, RecursionError):
            value = None
        if isinstance(value, dict | list):
            return value
    # YAML: several "key: value" lines (a one-line "Note: call me" is text, not a record)
    if "\n" in stripped and len(_YAML_SHAPE.findall(stripped)) >= 2:
        try:
            value = yaml.safe_load(stripped)
        except (yaml.YAMLError, RecursionError, ValueError):
            return text
        if isinstance(value, dict | list) and _records(value):
            return value
    return text


def _records(value: dict[Any, Any] | list[Any]) -> bool:
    """YAML that parsed into records, not prose that happened to hold colons (a list of plain
    sentences, or a mapping whose single key swallowed the text)."""
    if isinstance(value, dict):
        return len(value) >= 2 or any(isinstance(v, dict | list) for v in value.values())
    return any(isinstance(v, dict) for v in value)
