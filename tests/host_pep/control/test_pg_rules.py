"""FlowRules on the farm's PostgreSQL: a rule installed through one daemon's PEP is enforced by
every other daemon's, stamped with the farm's global revision; a daemon that lost its control
plane denies once the staleness bound has passed, and catches up when it is back."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from host_pep.audit.keys import AuditKey
from host_pep.control.cluster import LocalCluster
from host_pep.control.plane import STALE_REVISION, STALE_RULE_ID
from host_pep.exceptions import ControlPlaneError, ControlPlaneUnavailable
from host_pep.rules import RuleMode
from host_pep.verdict import Decision
from tests.host_pep.control.support import eventually, farm_pep
from tests.host_pep.pep.helpers import tool_event

MAIL = tool_event("mail.send", {"to": "a@b.org", "body": "hello"})
DENY_MAIL = {"id": "no-mail", "match": {"target": "mail.*"}, "decision": "deny"}


def test_a_rule_installed_on_one_daemon_is_enforced_by_the_others(
    pg_url: str, tmp_path: Path
) -> None:
    key = AuditKey.generate()
    with (
        farm_pep(pg_url, "d1", tmp_path, key) as a,
        farm_pep(pg_url, "d2", tmp_path, key) as b,
        farm_pep(pg_url, "d3", tmp_path, key) as c,
    ):
        assert b.pep.decide_sync(MAIL).decision is Decision.ALLOW
        rev = a.pep.rules.install(DENY_MAIL)
        for other in (b, c):
            assert eventually(lambda o=other: o.pep.rules.revision == rev, timeout=5)  # type: ignore[misc]
            verdict = other.pep.decide_sync(MAIL)
            assert verdict.decision is Decision.DENY
            assert verdict.rule_ids == ["no-mail"] and verdict.ruleset_revision == rev
        # the change is the farm's: monitor mode set on a third daemon reaches the first
        rev2 = c.pep.rules.set_mode("no-mail", RuleMode.MONITOR)
        assert rev2 == rev + 1
        assert eventually(lambda: a.pep.rules.revision == rev2, timeout=5)
        assert a.pep.decide_sync(MAIL).decision is Decision.ALLOW
        rev3 = b.pep.rules.remove("no-mail")
        assert eventually(lambda: c.pep.rules.revision == rev3, timeout=5)
        assert [r.id for r in c.pep.rules.list() if r.id == "no-mail"] == []


def test_revisions_are_global_and_changes_from_several_daemons_are_ordered(
    pg_url: str, tmp_path: Path
) -> None:
    key = AuditKey.generate()
    with farm_pep(pg_url, "d1", tmp_path, key) as a, farm_pep(pg_url, "d2", tmp_path, key) as b:
        revs = []
        for i in range(5):
            revs.append(a.pep.rules.install({**DENY_MAIL, "id": f"a{i}"}))
            revs.append(b.pep.rules.install({**DENY_MAIL, "id": f"b{i}"}))
        assert revs == list(range(1, 11))
        assert eventually(lambda: a.pep.rules.revision == b.pep.rules.revision == 10)
        assert [r.id for r in a.pep.rules.store.list()] == [r.id for r in b.pep.rules.store.list()]


def test_refusals_are_the_same_as_with_sqlite(pg_url: str, tmp_path: Path) -> None:
    key = AuditKey.generate()
    with farm_pep(pg_url, "d1", tmp_path, key) as a:
        with pytest.raises(ControlPlaneError, match="no installed rule"):
            a.pep.rules.remove("nothing")
        with pytest.raises(ControlPlaneError, match="no installed rule"):
            a.pep.rules.set_mode("nothing", RuleMode.MONITOR)
        assert a.pep.rules.revision == 0  # a refused change bumps nothing


def test_a_missed_notification_is_caught_up_after_a_reconnect(pg_url: str, tmp_path: Path) -> None:
    key = AuditKey.generate()
    with farm_pep(pg_url, "d1", tmp_path, key) as a, farm_pep(pg_url, "d2", tmp_path, key) as b:
        reconnects = b.farm.listener.reconnects
        with psycopg.connect(pg_url, autocommit=True) as admin:
            # cut b's listener off, then change the rules before it is back
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = 'droidgate listener'"
            )
        rev = a.pep.rules.install(DENY_MAIL)
        assert eventually(lambda: b.farm.listener.reconnects > reconnects, timeout=10)
        assert eventually(lambda: b.pep.rules.revision == rev, timeout=10)
        assert b.pep.decide_sync(MAIL).decision is Decision.DENY


def test_a_daemon_that_lost_its_control_plane_denies_after_the_bound_then_recovers(
    own_cluster: LocalCluster, tmp_path: Path
) -> None:
    url = own_cluster.create_database("farm")
    key = AuditKey.generate()
    with farm_pep(url, "d1", tmp_path, key, staleness_s=1.0) as a:
        rev = a.pep.rules.install({"id": "r", "match": {"target": "shop.*"}, "decision": "deny"})
        assert a.pep.decide_sync(MAIL).ruleset_revision == rev
        own_cluster.kill()
        try:
            # within the bound: the cached rules still decide (and say which revision)
            assert eventually(lambda: a.pep.rules.stale_reason() is not None, timeout=5)
            verdict = a.pep.decide_sync(MAIL)
            assert verdict.decision is Decision.DENY
            assert verdict.rule_ids == [STALE_RULE_ID]
            assert verdict.ruleset_revision == STALE_REVISION
            assert a.pep.rules.revision == STALE_REVISION
            with pytest.raises(ControlPlaneUnavailable):
                a.pep.rules.install(DENY_MAIL)
        finally:
            own_cluster.start()
        assert eventually(lambda: a.pep.rules.stale_reason() is None, timeout=15)
        verdict = a.pep.decide_sync(MAIL)
        assert verdict.decision is Decision.ALLOW and verdict.ruleset_revision == rev
