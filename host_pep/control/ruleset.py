"""The active FlowRule set, compiled and indexed for T1.

Rules are bucketed by the literal head of their ``target`` glob (``calendar.*`` -> "calendar"),
so an event only tests the rules whose head is one of its aliases' heads plus the rules without a
literal head. Globs are compiled to regexes once, when the rule set changes.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from dataclasses import dataclass

from host_pep.rules import FlowRule, RuleMode
from host_pep.verdict import Decision

_GLOB_CHARS = frozenset("*?[")
_HEAD = re.compile(r"[.:/]")


def _compile(glob: str | None) -> re.Pattern[str] | None:
    if glob is None or glob in ("", "*"):
        return None
    return re.compile(fnmatch.translate(glob.lower()))


def head_of(name: str) -> str:
    return _HEAD.split(name.lower(), maxsplit=1)[0]


def _literal_head(glob: str | None) -> str | None:
    if not glob:
        return None
    head = head_of(glob)
    if any(c in _GLOB_CHARS for c in head):
        return None
    # a glob like "calendar" (no separator) also matches only that exact alias: same head
    return head


@dataclass(frozen=True, slots=True)
class CompiledRule:
    rule: FlowRule
    order: int
    source: re.Pattern[str] | None
    target: re.Pattern[str] | None
    kind: re.Pattern[str] | None
    action: re.Pattern[str] | None
    channel: re.Pattern[str] | None
    agent: re.Pattern[str] | None

    @property
    def needs_value(self) -> bool:
        """A rule that names a source or kind (even "*") needs a sensitive value in the payload."""
        return self.rule.match.source is not None or self.rule.match.kind is not None

    @property
    def needs_provenance(self) -> bool:
        return self.rule.match.source is not None

    @classmethod
    def build(cls, rule: FlowRule, order: int) -> CompiledRule:
        m = rule.match
        return cls(
            rule,
            order,
            _compile(m.source),
            _compile(m.target),
            _compile(m.kind),
            _compile(m.action),
            _compile(m.channel),
            _compile(m.agent),
        )


def _hit(pattern: re.Pattern[str] | None, values: Iterable[str | None]) -> bool:
    if pattern is None:
        return True
    return any(v is not None and pattern.match(v.lower()) is not None for v in values)


_RANK = {Decision.DENY: 3, Decision.ESCALATE: 2, Decision.REWRITE: 1, Decision.ALLOW: 0}


class RuleIndex:
    def __init__(self, rules: Iterable[FlowRule]) -> None:
        self.by_head: dict[str, list[CompiledRule]] = {}
        self.anywhere: list[CompiledRule] = []
        self.count = 0
        for i, rule in enumerate(rules):
            if rule.mode is RuleMode.DISABLED:  # listed and revisioned, never matched
                continue
            compiled = CompiledRule.build(rule, i)
            head = _literal_head(rule.match.target)
            (self.by_head.setdefault(head, []) if head else self.anywhere).append(compiled)
            self.count += 1

    def candidates(self, aliases: Iterable[str]) -> list[CompiledRule]:
        if not self.count:
            return []
        out = list(self.anywhere)
        seen: set[str] = set()
        for alias in aliases:
            head = head_of(alias)
            if head in seen:
                continue
            seen.add(head)
            out.extend(self.by_head.get(head, ()))
        return out

    @staticmethod
    def structural_match(
        rule: CompiledRule, *, aliases: list[str], actions: list[str], channel: str, agent: str
    ) -> bool:
        return (
            _hit(rule.target, aliases)
            and _hit(rule.action, actions)
            and _hit(rule.channel, (channel,))
            and _hit(rule.agent, (agent,))
        )

    @staticmethod
    def value_match(rule: CompiledRule, kind: str, sources: Iterable[str | None]) -> bool:
        if rule.kind is not None and rule.kind.match(kind.lower()) is None:
            return False
        return _hit(rule.source, sources)


def strongest(rules: list[CompiledRule]) -> CompiledRule:
    """Forbid beats permit; among equals, higher priority wins, then the earlier rule."""
    return max(rules, key=lambda r: (_RANK[r.rule.decision], r.rule.priority, -r.order))


def is_monitor(rule: CompiledRule) -> bool:
    return rule.rule.mode is RuleMode.MONITOR
