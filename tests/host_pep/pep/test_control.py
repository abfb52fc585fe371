from pathlib import Path

import pytest

from host_pep.control import ControlPlane, SQLiteRuleStore
from host_pep.control.ruleset import RuleIndex, strongest
from host_pep.exceptions import ControlPlaneError
from host_pep.rules import FlowRule, RuleMode


def rule(rid: str, decision: str = "deny", priority: int = 0, **match: str) -> FlowRule:
    return FlowRule.model_validate(
        {"id": rid, "match": match, "decision": decision, "priority": priority}
    )


def test_revision_increases_and_persists(tmp_path: Path) -> None:
    db = tmp_path / "rules.db"
    store = SQLiteRuleStore(db)
    assert store.revision() == 0
    assert store.install(rule("a", target="calendar.*")) == 1
    assert store.install(rule("b")) == 2
    assert store.remove("a") == 3
    store.close()
    again = SQLiteRuleStore(db)
    assert again.revision() == 3
    assert [r.id for r in again.list()] == ["b"]
    assert again.install(rule("c")) == 4


def test_removing_an_unknown_rule_is_refused_and_does_not_bump() -> None:
    store = SQLiteRuleStore()
    with pytest.raises(ControlPlaneError, match="no installed rule"):
        store.remove("ghost")
    assert store.revision() == 0


def test_control_plane_reports_changes_and_protects_bundle_rules() -> None:
    changes: list[str] = []
    plane = ControlPlane(
        [rule("base")], SQLiteRuleStore(), on_change=lambda what, d: changes.append(what)
    )
    plane.install({"id": "x", "decision": "deny", "match": {"kind": "phone"}})
    plane.set_mode("x", "monitor")
    assert [r.id for r in plane.list()] == ["base", "x"]
    assert plane.list()[1].mode is RuleMode.MONITOR
    with pytest.raises(ControlPlaneError, match="bundle"):
        plane.remove("base")
    plane.remove("x")
    assert changes == ["install", "mode", "remove"]
    assert plane.revision == 3


def test_invalid_rule_dict_names_the_field() -> None:
    plane = ControlPlane([], SQLiteRuleStore())
    with pytest.raises(ControlPlaneError, match="decision"):
        plane.install({"id": "x", "decision": "perhaps"})


def test_index_buckets_by_target_head() -> None:
    index = RuleIndex(
        [
            rule("cal", target="calendar.*"),
            rule("mail", target="mail.send"),
            rule("any", kind="phone"),
        ]
    )
    ids = {c.rule.id for c in index.candidates(["calendar.create_event", "calendar"])}
    assert ids == {"cal", "any"}


def test_forbid_beats_permit_and_priority_breaks_ties() -> None:
    index = RuleIndex(
        [rule("allow-hi", "allow", 100), rule("deny-lo", "deny", 0), rule("deny-hi", "deny", 5)]
    )
    best = strongest(index.candidates(["x"]))
    assert best.rule.id == "deny-hi"
