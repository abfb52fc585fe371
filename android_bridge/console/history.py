"""Rule revisions, rebuilt from the audit: every change of the installed FlowRules is an audit
record (``rule_change``: install, remove, mode, with the revision it made), so replaying them
gives the installed rule set at each revision, and two of them can be compared.

The rule store keeps only the current set; the audit keeps how it came to be. Replay starts
from an empty set, so revisions older than the audit log (a log started after rules were
installed) are not known: ``RuleHistory.complete`` says whether the replay ends where the store
stands.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

MAX_CHANGES = 10_000


@dataclass(frozen=True)
class Revision:
    revision: int
    ts: float
    change: str  # install | remove | mode
    rule_id: str
    rules: Mapping[str, Mapping[str, Any]]
    """The installed rules after this change, by id."""


@dataclass(frozen=True)
class RuleChange:
    rule_id: str
    what: str  # added | removed | changed
    fields: tuple[str, ...] = ()
    """For a changed rule: the top-level fields that differ (match, decision, mode…)."""


@dataclass
class RuleHistory:
    revisions: list[Revision] = field(default_factory=list)
    complete: bool = True

    def at(self, revision: int) -> Mapping[str, Mapping[str, Any]] | None:
        """The installed rules at ``revision`` (None if the audit does not reach back there).
        Revision 0 is the empty set."""
        if revision == 0:
            return {}
        found = None
        for rev in self.revisions:
            if rev.revision <= revision:
                found = rev
            else:
                break
        if found is None:
            return None
        return found.rules

    def known(self) -> list[int]:
        return [0, *(r.revision for r in self.revisions)]


def replay(
    records: Iterable[Mapping[str, Any]], current: Iterable[Mapping[str, Any]]
) -> RuleHistory:
    """Rebuild every revision from audit ``rule_change`` records (oldest first); ``current``
    is the store's installed rules now, to tell whether the replay arrived there."""
    installed: dict[str, dict[str, Any]] = {}
    history = RuleHistory()
    for rec in records:
        detail = rec.get("detail") or {}
        change = str(detail.get("change", ""))
        revision = detail.get("revision")
        if not isinstance(revision, int):
            continue
        if change == "install" and isinstance(detail.get("rule"), dict):
            rule = dict(detail["rule"])
            rule_id = str(rule.get("id", ""))
            installed[rule_id] = rule
        elif change == "remove":
            rule_id = str(detail.get("rule_id", ""))
            installed.pop(rule_id, None)
        elif change == "mode":
            rule_id = str(detail.get("rule_id", ""))
            if rule_id in installed:
                installed[rule_id] = {**installed[rule_id], "mode": detail.get("mode")}
        else:
            continue
        history.revisions.append(
            Revision(
                revision,
                float(rec.get("ts", 0.0)),
                change,
                rule_id,
                {k: dict(v) for k, v in installed.items()},
            )
        )
    now = {str(r.get("id")): _canonical(r) for r in current}
    replayed = {k: _canonical(v) for k, v in installed.items()}
    history.complete = now == replayed
    return history


def _canonical(rule: Mapping[str, Any]) -> str:
    # the audit masks digit runs in what it records; compare what survives masking both ways
    from host_pep.audit.masking import redact_json

    return json.dumps(redact_json(dict(rule)), sort_keys=True)


def compare(
    old: Mapping[str, Mapping[str, Any]], new: Mapping[str, Mapping[str, Any]]
) -> tuple[list[RuleChange], str]:
    """What changed from ``old`` to ``new``: per rule, and as a unified diff of their JSON."""
    changes: list[RuleChange] = []
    for rule_id in sorted(set(old) | set(new)):
        if rule_id not in old:
            changes.append(RuleChange(rule_id, "added"))
        elif rule_id not in new:
            changes.append(RuleChange(rule_id, "removed"))
        elif old[rule_id] != new[rule_id]:
            keys = sorted(set(old[rule_id]) | set(new[rule_id]))
            diff = tuple(k for k in keys if old[rule_id].get(k) != new[rule_id].get(k))
            changes.append(RuleChange(rule_id, "changed", diff))
    text = "".join(
        difflib.unified_diff(
            _pretty(old).splitlines(keepends=True),
            _pretty(new).splitlines(keepends=True),
            "before",
            "after",
        )
    )
    return changes, text


def _pretty(rules: Mapping[str, Mapping[str, Any]]) -> str:
    return json.dumps([rules[k] for k in sorted(rules)], indent=2, sort_keys=True) + "\n"
