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

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

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
    cases: list[Case] = []
    for path in paths:
        p = Path(path)
        try:
            lines = p.read_text("utf-8").splitlines()
        except OSError as exc:
            raise CaseFileError(f"{p}: cannot read ({exc.strerror or exc})") from exc
        for n, line in enumerate(lines, 1):
            if not line.strip() or line.lstrip().startswith("//"):
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise CaseFileError(f"{p}:{n}: not valid JSON ({exc.msg})") from exc
            try:
                case = Case.model_validate(data)
            except ValidationError as exc:
                first = exc.errors()[0]
                field = ".".join(str(x) for x in first.get("loc", ())) or "case"
                cid = data.get("id", "?") if isinstance(data, dict) else "?"
                raise CaseFileError(f"{p}:{n}: case {cid}: {field}: {first.get('msg')}") from exc
            case._where = f"{p}:{n}"
            cases.append(case)
    return cases
