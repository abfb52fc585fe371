"""The report's input: ``droidgate eval --json`` documents, validated at the boundary so a bad
file is reported by name and field instead of crashing halfway through rendering."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator


class ReportInputError(ValueError):
    """A results file is unreadable or not an eval --json document; names the file and field."""


class CategoryCount(BaseModel):
    model_config = ConfigDict(extra="allow")
    scored: int = Field(ge=0)
    passed: int = Field(ge=0)


class StageLatency(BaseModel):
    model_config = ConfigDict(extra="allow")
    p50: float = Field(ge=0)
    p99: float = Field(ge=0)


class Metrics(BaseModel):
    model_config = ConfigDict(extra="allow")
    cases: int = Field(ge=0)
    cases_passed: int | None = None
    steps_scored: int = Field(ge=0)
    accuracy: float = Field(ge=0, le=1)
    attack_block: float = Field(ge=0, le=1)
    false_block: float = Field(ge=0, le=1)
    by_category: dict[str, CategoryCount] = Field(default_factory=dict)
    latency_ms: dict[str, StageLatency] = Field(default_factory=dict)


class StepDoc(BaseModel):
    model_config = ConfigDict(extra="allow")
    expect: str | None = None
    decision: str
    stage: str | None = None
    rule_ids: list[str] = Field(default_factory=list)
    reason: str = ""


class CaseDoc(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str
    category: str = ""
    passed: bool
    error: str | None = None
    steps: list[StepDoc] = Field(default_factory=list)


class ConfigRow(BaseModel):
    model_config = ConfigDict(extra="allow")
    accuracy: float = Field(ge=0, le=1)
    attack_block: float | None = None
    false_block: float | None = None
    cases: int | None = None
    cases_passed: int | None = None


class Results(BaseModel):
    model_config = ConfigDict(extra="allow")
    suite: str = ""
    metrics: Metrics
    cases: list[CaseDoc] = Field(default_factory=list)
    configurations: dict[str, ConfigRow] = Field(default_factory=dict)

    @field_validator("configurations", mode="before")
    @classmethod
    def _table(cls, value: Any) -> Any:
        # Accept a list of rows with a name as well as a mapping name -> row.
        if isinstance(value, list):
            out = {}
            for row in value:
                if not isinstance(row, dict):
                    raise ValueError("each configuration row must be an object")
                name = row.get("name") or row.get("config") or row.get("configuration")
                if not isinstance(name, str):
                    raise ValueError("a configuration row needs a 'name'")
                out[name] = row
            return out
        return value


def _suite_name(path: Path, results: Results) -> str:
    if results.suite:
        return Path(results.suite).stem
    for key in ("files", "inputs", "cases_files"):
        extra = (results.model_extra or {}).get(key)
        if isinstance(extra, list) and len(extra) == 1 and isinstance(extra[0], str):
            return Path(extra[0]).stem
    stem = path.stem
    for suffix in (".results", "_results", "-results"):
        stem = stem.removesuffix(suffix)
    return stem


class SuiteEntry(BaseModel):
    model_config = ConfigDict(extra="allow")
    file: str = ""
    metrics: Metrics
    configurations: dict[str, ConfigRow] = Field(default_factory=dict)


def _per_suite(path: Path, results: Results) -> list[tuple[str, Results]]:
    """A document of several suites (``droidgate eval a.jsonl b.jsonl --json``) -> one Results
    per suite, each with its own cases, so every suite gets its row beside the paper."""
    raw = (results.model_extra or {}).get("suites")
    if not isinstance(raw, dict) or not raw:
        return []
    out: list[tuple[str, Results]] = []
    for name, entry in raw.items():
        try:
            suite = SuiteEntry.model_validate(entry)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first.get("loc", ()))
            raise ReportInputError(f"{path}: suites.{name}.{where}: {first.get('msg')}") from exc
        cases = [c for c in results.cases if (c.model_extra or {}).get("suite") == name]
        out.append(
            (
                str(name),
                Results(
                    suite=str(name),
                    metrics=suite.metrics,
                    cases=cases,
                    configurations=suite.configurations,
                ),
            )
        )
    return out


def load_results(paths: list[Path]) -> list[tuple[str, Results]]:
    out: list[tuple[str, Results]] = []
    for path in paths:
        try:
            data = json.loads(path.read_text("utf-8"))
        except OSError as exc:
            raise ReportInputError(f"{path}: cannot read ({exc.strerror or exc})") from exc
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ReportInputError(f"{path}: not JSON ({exc})") from exc
        try:
            results = Results.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first.get("loc", ())) or "document"
            raise ReportInputError(
                f"{path}: not a `droidgate eval --json` document: {where}: {first.get('msg')}"
            ) from exc
        expanded = _per_suite(path, results)
        out.extend(expanded if expanded else [(_suite_name(path, results), results)])
    if not out:
        raise ReportInputError("no results files given")
    return out
