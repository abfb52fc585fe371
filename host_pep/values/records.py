"""Labelled values in structured records: ``{"label": "code", "value": "A1arm-7734-xx"}``,
``{"test": "HbA1c", "value": "8.4 %"}``.

A generic ``value`` key says nothing about its content; the sibling that names it does. A value
whose label names a secret is a credential whatever the record's own keys are, and a measured
value is read together with the name of what was measured ("HbA1c: 8.4 %"), so a lab result
under a generic key is recognised as one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from host_pep.recognition.lexicon import lexicon
from host_pep.values.fields import field_tokens, field_words
from host_pep.values.health import names_a_measure


@dataclass(frozen=True, slots=True)
class _Keys:
    """The record keys of every language file (``values.records``)."""

    label: tuple[str, ...]
    """Keys whose value names what the record holds, first found first."""
    value: frozenset[str]
    unit: tuple[str, ...]
    secret_label: frozenset[str]
    """Words in a label that make the labelled value a secret."""


@lru_cache(maxsize=1)
def _keys() -> _Keys:
    words = lexicon().values.records
    return _Keys(
        label=tuple(words.label_keys),
        value=frozenset(words.value_keys),
        unit=tuple(words.unit_keys),
        secret_label=field_words().credential | frozenset(words.secret_labels),
    )


MAX_RECORDS = 2000


@dataclass(frozen=True, slots=True)
class Labelled:
    path: str
    """The value's path as ``host_pep.adapters.tool.flatten`` names it (``fields[0].value``)."""
    text: str
    """What to read: the value itself (a secret), or "<label>: <value> [unit]"."""
    kind_hint: str | None
    """``"credential"`` when the label names a secret."""


def is_secret_label(text: str) -> bool:
    tokens = field_tokens(text)
    return not tokens.isdisjoint(_keys().secret_label) and tokens.isdisjoint(field_words().not_otp)


def labelled_values(value: Any) -> list[Labelled]:
    """Every labelled value in a JSON-like tree (dicts, lists, scalars)."""
    out: list[Labelled] = []
    stack: list[tuple[str, Any]] = [("", value)]
    seen = 0
    while stack and seen < MAX_RECORDS:
        prefix, node = stack.pop()
        seen += 1
        if isinstance(node, list):
            stack.extend((f"{prefix}[{i}]", v) for i, v in enumerate(node))
        elif isinstance(node, dict):
            out.extend(_in_record(prefix, node))
            out.extend(_measured(prefix, node))
            stack.extend(
                (f"{prefix}.{k}" if prefix else str(k), v)
                for k, v in node.items()
                if isinstance(v, dict | list)
            )
    return out


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str | int | float):
        text = str(value).strip()
        return text or None
    return None


def _measured(prefix: str, record: dict[Any, Any]) -> list[Labelled]:
    """Numbers under a key that names what was measured ({"systolic": 148}, {"hba1c": 8.1}):
    read as "systolic: 148", as a report would print them."""
    out = []
    for key, raw in record.items():
        if isinstance(raw, bool) or not isinstance(raw, int | float):
            continue
        if names_a_measure(str(key)):
            path = f"{prefix}.{key}" if prefix else str(key)
            out.append(Labelled(path, f"{key}: {raw}", None))
    return out


def _in_record(prefix: str, record: dict[Any, Any]) -> list[Labelled]:
    keys = _keys()
    label = next(
        (t for k in keys.label if (t := _scalar(record.get(k))) is not None and k in record),
        None,
    )
    if label is None:
        return []
    out = []
    for key, raw in record.items():
        if str(key).lower() not in keys.value:
            continue
        text = _scalar(raw)
        if text is None:
            continue
        path = f"{prefix}.{key}" if prefix else str(key)
        if is_secret_label(label):
            out.append(Labelled(path, text, "credential"))
            continue
        unit = next((u for k in keys.unit if (u := _scalar(record.get(k))) is not None), None)
        read = f"{label}: {text}" + (f" {unit}" if unit and unit not in text else "")
        out.append(Labelled(path, read, None))
    return out
