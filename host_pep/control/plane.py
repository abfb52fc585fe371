"""The control plane's library API: install, remove and list FlowRules at runtime.

``pep.rules`` is a ``ControlPlane``. Bundle rules are the base layer and cannot be removed at
runtime; installed rules live in the ``RuleStore`` and bump its revision, which is stamped into
every verdict. A rule installed with ``mode: monitor`` only records what it would have decided.

A store shared by several daemons (``PostgresRuleStore``) can be stale: it lost its control plane
longer ago than its bound. Then ``index`` answers a rule set of one rule that denies everything,
stamped ``STALE_REVISION``, instead of stamping the old revision as current (fail closed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from host_pep.control.ruleset import RuleIndex
from host_pep.control.store import RuleStore
from host_pep.exceptions import ControlPlaneError
from host_pep.rules import FlowRule, RuleMode
from host_pep.verdict import Decision

ChangeHook = Callable[[str, dict[str, Any]], None]
STALE_REVISION = -1
"""The revision a decision is stamped with while the shared control plane is stale."""
STALE_RULE_ID = "control-plane:stale"


@runtime_checkable
class SharedRuleStore(Protocol):
    """A rule store several daemons share: its cached rules can go stale."""

    def stale_reason(self) -> str | None: ...


def _stale_index() -> RuleIndex:
    return RuleIndex(
        [
            FlowRule(
                id=STALE_RULE_ID,
                decision=Decision.DENY,
                reason="the shared control plane cannot be confirmed, so its rules may be out "
                "of date: the action is denied (fail closed)",
                priority=1_000_000,
            )
        ]
    )


class ControlPlane:
    def __init__(
        self, base: list[FlowRule], store: RuleStore, on_change: ChangeHook | None = None
    ) -> None:
        self._base = list(base)
        self._base_ids = {r.id for r in base}
        self.store = store
        self._on_change = on_change
        self._index: RuleIndex | None = None
        self._index_rev = -1
        self._stale = store.stale_reason if isinstance(store, SharedRuleStore) else None
        self._stale_index: RuleIndex | None = None

    @property
    def revision(self) -> int:
        """The revision in force (``STALE_REVISION`` while a shared store is stale)."""
        if self._stale is not None and self._stale() is not None:
            return STALE_REVISION
        return self.store.revision()

    def stale_reason(self) -> str | None:
        return self._stale() if self._stale is not None else None

    def list(self) -> list[FlowRule]:
        """Bundle rules first, then installed rules (an installed rule shadows a same-id one)."""
        installed = self.store.list()
        ids = {r.id for r in installed}
        return [r for r in self._base if r.id not in ids] + installed

    def install(self, rule: FlowRule | dict[str, Any]) -> int:
        parsed = rule if isinstance(rule, FlowRule) else _parse_rule(rule)
        rev = self.store.install(parsed)
        self._changed("install", {"rule": parsed.model_dump(mode="json"), "revision": rev})
        return rev

    def remove(self, rule_id: str) -> int:
        if rule_id in self._base_ids and rule_id not in {r.id for r in self.store.list()}:
            raise ControlPlaneError(
                f"rule {rule_id!r} belongs to the policy bundle; edit the bundle"
            )
        rev = self.store.remove(rule_id)
        self._changed("remove", {"rule_id": rule_id, "revision": rev})
        return rev

    def set_mode(self, rule_id: str, mode: RuleMode | str) -> int:
        rev = self.store.set_mode(rule_id, RuleMode(mode))
        self._changed("mode", {"rule_id": rule_id, "mode": str(RuleMode(mode)), "revision": rev})
        return rev

    def index(self) -> tuple[RuleIndex, int]:
        """The compiled rule index and the revision it reflects (rebuilt only after a change)."""
        if self._stale is not None and self._stale() is not None:
            if self._stale_index is None:
                self._stale_index = _stale_index()
            return self._stale_index, STALE_REVISION
        rev = self.store.revision()
        if self._index is None or rev != self._index_rev:
            self._index = RuleIndex(self.list())
            self._index_rev = rev
        return self._index, rev

    def _changed(self, what: str, detail: dict[str, Any]) -> None:
        if self._on_change is not None:
            self._on_change(what, detail)


def _parse_rule(data: dict[str, Any]) -> FlowRule:
    from pydantic import ValidationError

    try:
        return FlowRule.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first.get("loc", ())) or "rule"
        rid = data.get("id", "?") if isinstance(data, dict) else "?"
        raise ControlPlaneError(f"rule {rid}: {field}: {first.get('msg', 'invalid')}") from exc
