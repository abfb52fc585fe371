"""The control plane's library API: install, remove and list FlowRules at runtime.

``pep.rules`` is a ``ControlPlane``. Bundle rules are the base layer and cannot be removed at
runtime; installed rules live in the ``RuleStore`` and bump its revision, which is stamped into
every verdict. A rule installed with ``mode: monitor`` only records what it would have decided.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host_pep.control.ruleset import RuleIndex
from host_pep.control.store import RuleStore
from host_pep.exceptions import ControlPlaneError
from host_pep.rules import FlowRule, RuleMode

ChangeHook = Callable[[str, dict[str, Any]], None]


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

    @property
    def revision(self) -> int:
        return self.store.revision()

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
