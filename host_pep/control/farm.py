"""FarmControlPlane: everything one daemon shares with its farm, opened from one URL.

``FarmControlPlane.open("postgresql://…", daemon=…, host=…)`` migrates the schema, starts the
daemon's ``Listener`` and gives the stores behind the existing seams:

* ``rules``: ``PostgresRuleStore`` (``RuleStore``), the farm's FlowRules and global revision;
* ``escalations``: ``PostgresApprovalQueue`` (an ``EscalationQueue`` and an adjudicator);
* ``audit_store(path)``: the daemon's chain, written to its local SQLite log and forwarded into
  the farm's audit (``ForwardedAuditStore``, an ``AuditStore``);
* ``registry`` and ``journal``: sessions/devices, and device provenance across restarts.

What stays local (docs/farm.md): session memory and provenance lookups (every decision reads
them, and a round trip per decision would cost more than the decision), the rule index, devices.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from host_pep.adjudication.approval import PendingApproval
from host_pep.audit.forward import ForwardedAuditStore
from host_pep.audit.pg_store import PostgresAuditStore
from host_pep.audit.sqlite_store import Durability, SQLiteAuditStore
from host_pep.control.escalations import PostgresApprovalQueue
from host_pep.control.listener import Listener
from host_pep.control.pg import migrate, redact
from host_pep.control.pg_rules import DEFAULT_STALENESS_S, PostgresRuleStore
from host_pep.control.registry import FarmRegistry, ProvenanceJournal
from host_pep.exceptions import ControlPlaneUnavailable

DAEMON_ID_FILE = "daemon.id"


def daemon_id(state_dir: Path) -> str:
    """This daemon's id in the farm: stable per state directory (a restarted daemon continues
    its audit chain and serves its devices again), created on first start."""
    path = state_dir / DAEMON_ID_FILE
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        pass
    ident = f"{socket.gethostname()}-{secrets.token_hex(4)}"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(ident)
    return ident


@dataclass
class FarmControlPlane:
    url: str
    daemon: str
    host: str
    listener: Listener
    rules: PostgresRuleStore
    escalations: PostgresApprovalQueue
    registry: FarmRegistry
    journal: ProvenanceJournal

    @classmethod
    def open(
        cls,
        url: str,
        *,
        daemon: str,
        host: str | None = None,
        staleness_s: float = DEFAULT_STALENESS_S,
        connect_wait_s: float = 10.0,
        on_pending: Callable[[PendingApproval], None] | None = None,
    ) -> FarmControlPlane:
        """Raises ControlPlaneUnavailable when the database cannot be reached at start (a
        daemon does not join a farm whose control plane it has never seen)."""
        migrate(url)
        listener = Listener(url, heartbeat_s=min(0.5, staleness_s / 4))
        rules = PostgresRuleStore(url, listener, staleness_s=staleness_s, daemon=daemon)
        escalations = PostgresApprovalQueue(url, listener, daemon=daemon, on_pending=on_pending)
        if not listener.start(wait=connect_wait_s):
            listener.close()
            raise ControlPlaneUnavailable(
                f"the control plane {redact(url)} did not answer within {connect_wait_s:g} s"
                + (f": {listener.last_error}" if listener.last_error else "")
            )
        host = host or socket.gethostname()
        return cls(
            url=url,
            daemon=daemon,
            host=host,
            listener=listener,
            rules=rules,
            escalations=escalations,
            registry=FarmRegistry(url, daemon, host),
            journal=ProvenanceJournal(url, host),
        )

    def audit_store(
        self, path: Path | None, durability: Durability = "process"
    ) -> ForwardedAuditStore:
        """The daemon's chain: its local SQLite log at ``path``, forwarded to the farm's."""
        return ForwardedAuditStore(
            SQLiteAuditStore(path, durability=durability),
            PostgresAuditStore(self.url, self.daemon),
        )

    def close(self) -> None:
        self.journal.close()
        self.listener.close()
        self.rules.close()
        self.escalations.close()
        self.registry.close()
