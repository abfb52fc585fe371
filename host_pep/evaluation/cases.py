"""The offline case format (DESIGN.md, a public contract), validated at the boundary.

```json
{"id": "broad-xapp-017", "category": "cross_app_leak", "expect_final": "deny", "policy": "default",
 "context": {"user_request": "..."},
 "steps": [{"event": {...}, "result": {...}, "expect": "allow"}, {"install_rule": {...}}, ...]}
```
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from host_pep.evaluation.screens import NoScreenRenderer, with_rendered_screen
from host_pep.rules import FlowRule
from host_pep.verdict import Decision


class Expect(StrEnum):
    ALLOW = "allow"
    DENY = "deny"
    REWRITE = "rewrite"
    ESCALATE = "escalate"
    BLOCK = "block"

    def accepts(self, decision: Decision) -> bool:
        if self is Expect.BLOCK:
            return decision is not Decision.ALLOW
        return decision.value == self.value

    @property
    def is_block(self) -> bool:
        return self is not Expect.ALLOW


_EVENT_FIELDS = frozenset(
    {"id", "session", "agent", "channel", "action", "target", "payload", "context", "provenance"}
)


class Step(BaseModel):
    model_config = ConfigDict(extra="allow")

    event: dict[str, Any] | None = None
    result: Any = None
    expect: Expect | None = None
    install_rule: FlowRule | None = None
    remove_rule: str | None = None

    @model_validator(mode="after")
    def _one_thing(self) -> Step:
        kinds = [x for x in (self.event, self.install_rule, self.remove_rule) if x is not None]
        if len(kinds) != 1:
            raise ValueError("a step has exactly one of 'event', 'install_rule', 'remove_rule'")
        if self.expect is not None and self.event is None:
            raise ValueError("'expect' belongs to an event step")
        # a key of the event written beside it ("context:" one indent too far left) would be
        # silently dropped, and the case would run without the tool metadata it was written with
        misplaced = sorted(set(self.model_extra or {}) & _EVENT_FIELDS)
        if misplaced:
            raise ValueError(f"{', '.join(map(repr, misplaced))} belongs inside the step's 'event'")
        return self


class Case(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    category: str = "uncategorized"
    expect_final: Expect | None = None
    policy: str | dict[str, Any] | None = None
    context: dict[str, Any] = Field(default_factory=dict)
    description: str = ""
    steps: list[Step] = Field(min_length=1)
    _where: str = PrivateAttr(default="")

    @property
    def where(self) -> str:
        """``file:line`` the case was read from ("" when built in memory)."""
        return self._where


class CaseFileError(ValueError):
    """A cases file is unreadable or a line is not a valid case; names file, line and field."""


def load_cases(paths: list[str | Path]) -> list[Case]:
    """Cases from JSON Lines files (DESIGN.md's format, one case per line) or YAML files (a list
    of the same case objects, or ``{cases: [...]}``): YAML keeps long tool results and screens
    readable as block text in hand-written holdouts; both validate to the same ``Case``."""
    cases: list[Case] = []
    for path in paths:
        p = Path(path)
        try:
            text = p.read_text("utf-8")
        except OSError as exc:
            raise CaseFileError(f"{p}: cannot read ({exc.strerror or exc})") from exc
        if p.suffix.lower() in (".yaml", ".yml"):
            cases.extend(_yaml_cases(p, text))
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.lstrip().startswith("//"):
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise CaseFileError(f"{p}:{n}: not valid JSON ({exc.msg})") from exc
            cases.append(_case(data, f"{p}:{n}"))
    return cases


def _case(data: Any, where: str) -> Case:
    data = _render_screens(data, where)
    try:
        case = Case.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(x) for x in first.get("loc", ())) or "case"
        cid = data.get("id", "?") if isinstance(data, dict) else "?"
        raise CaseFileError(f"{where}: case {cid}: {field}: {first.get('msg')}") from exc
    case._where = where
    return case


def _render_screens(data: Any, where: str) -> Any:
    """The case with every event's compact ``context.screen`` rendered into ``screen_xml``
    (host_pep/evaluation/screens.py); anything else is left for validation to judge."""
    if not isinstance(data, dict) or not isinstance(data.get("steps"), list):
        return data
    steps: list[Any] = []
    for i, step in enumerate(data["steps"]):
        if isinstance(step, dict) and isinstance(step.get("event"), dict):
            try:
                step = {**step, "event": with_rendered_screen(step["event"])}
            except (NoScreenRenderer, ValueError) as exc:
                field = f"steps.{i}.event.context.screen"
                raise CaseFileError(
                    f"{where}: case {data.get('id', '?')}: {field}: {_first_error(exc)}"
                ) from exc
        steps.append(step)
    return {**data, "steps": steps}


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        loc = ".".join(str(x) for x in first.get("loc", ()))
        return f"{loc}: {first.get('msg')}" if loc else str(first.get("msg"))
    return str(exc)


def _yaml_cases(p: Path, text: str) -> list[Case]:
    try:
        # libyaml's loader when PyYAML has it: the holdouts are megabytes of YAML
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        raise CaseFileError(f"{p}{line}: not valid YAML ({exc})") from exc
    if isinstance(data, dict) and "cases" in data:
        data = data["cases"]
    if not isinstance(data, list):
        raise CaseFileError(f"{p}: a YAML case file holds a list of cases (or 'cases: [...]')")
    return [_case(item, f"{p}#{i + 1}") for i, item in enumerate(data)]
