"""Loading the suite's data files (``data/*.yaml``) into validated executions."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field, ValidationError

from scenarios.android.model import Execution
from scenarios.android.skills import expand

DATA = "scenarios.android.data"
FILES = ("gui.yaml", "api.yaml")


class Scope(BaseModel):
    apps: list[str]
    allow: list[str]


class SuiteSpec(BaseModel):
    fixture: str = "default"
    scopes: dict[str, Scope] = Field(default_factory=dict)
    sensitive: list[dict[str, str]] = Field(default_factory=list)

    def policy_overlay(self) -> dict[str, Any]:
        return {"agents": {name: {"allow": s.allow} for name, s in self.scopes.items()}}

    def scope_apps(self) -> dict[str, list[str]]:
        return {name: list(s.apps) for name, s in self.scopes.items()}


def _read(name: str) -> Any:
    return yaml.safe_load((resources.files(DATA) / name).read_text(encoding="utf-8"))


def load_spec() -> SuiteSpec:
    return SuiteSpec.model_validate(_read("suite.yaml"))


def load_executions(path: str | Path | None = None) -> list[Execution]:
    """The shipped 100 executions (or those of one YAML file); ids must be unique."""
    raw: list[dict[str, Any]] = []
    if path is None:
        for name in FILES:
            raw += _read(name) or []
    else:
        raw = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or []
    out: list[Execution] = []
    for item in raw:
        data = dict(item)
        data["steps"] = expand(list(data.get("steps") or []))
        try:
            out.append(Execution.model_validate(data))
        except ValidationError as exc:
            raise ValueError(f"execution {data.get('id', '?')}: {exc}") from exc
    dup = [k for k, n in Counter(e.id for e in out).items() if n > 1]
    if dup:
        raise ValueError(f"duplicate execution ids: {dup}")
    return out


def composition(executions: list[Execution]) -> dict[str, int]:
    return dict(
        Counter(f"{e.family if e.family == 'gui' else 'api'}:{e.category}" for e in executions)
    )
