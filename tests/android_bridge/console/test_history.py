"""Rule revisions rebuilt from the audit's rule_change records of a real PEP, and their diff."""

from __future__ import annotations

from pathlib import Path

from android_bridge.console.history import compare, replay
from host_pep.pep import PEP
from host_pep.rules import FlowRule, RuleMode


def rule(rid: str, decision: str = "deny", **match: str) -> FlowRule:
    return FlowRule.model_validate({"id": rid, "match": match, "decision": decision})


def test_every_revision_is_rebuilt_and_compared(tmp_path: Path) -> None:
    pep = PEP.create(policy="default", audit=tmp_path / "audit.db", semantic="off")
    r1 = pep.rules.install(rule("no-notes", target="notes.*"))
    r2 = pep.rules.install(rule("ask-pay", "escalate", action="payment"))
    r3 = pep.rules.set_mode("no-notes", RuleMode.MONITOR)
    r4 = pep.rules.remove("ask-pay")
    records = [r.model_dump(mode="json") for r in pep.audit.query(kind="rule_change", limit=100)]
    installed = [r.model_dump(mode="json") for r in pep.rules.store.list()]
    history = replay(records, installed)
    assert history.complete and history.known() == [0, r1, r2, r3, r4]
    assert set(history.at(r2) or {}) == {"no-notes", "ask-pay"}
    assert (history.at(r3) or {})["no-notes"]["mode"] == "monitor"
    assert set(history.at(r4) or {}) == {"no-notes"}

    changes, text = compare(history.at(0) or {}, history.at(r2) or {})
    assert [(c.rule_id, c.what) for c in changes] == [("ask-pay", "added"), ("no-notes", "added")]
    assert '+    "decision": "escalate",' in text
    changes, _ = compare(history.at(r2) or {}, history.at(r4) or {})
    assert [(c.rule_id, c.what, c.fields) for c in changes] == [
        ("ask-pay", "removed", ()),
        ("no-notes", "changed", ("mode",)),
    ]
    pep.close()


def test_a_log_younger_than_the_rules_says_it_is_incomplete(tmp_path: Path) -> None:
    pep = PEP.create(
        policy="default", audit=tmp_path / "a.db", rules=tmp_path / "r.db", semantic="off"
    )
    pep.rules.install(rule("old", target="notes.*"))
    pep.close()
    again = PEP.create(
        policy="default", audit=tmp_path / "b.db", rules=tmp_path / "r.db", semantic="off"
    )
    rev = again.rules.install(rule("new", target="mail.*"))
    records = [r.model_dump(mode="json") for r in again.audit.query(kind="rule_change", limit=100)]
    history = replay(records, [r.model_dump(mode="json") for r in again.rules.store.list()])
    assert not history.complete and history.known() == [0, rev]
    assert history.at(rev - 1) is None  # before the audit began: unknown, not empty
    again.close()
