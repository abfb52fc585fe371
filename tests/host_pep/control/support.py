"""A farm daemon's PEP in process: the shared stores on a real PostgreSQL, its own spool."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from host_pep.audit import AuditLog
from host_pep.audit.keys import AuditKey
from host_pep.control.farm import FarmControlPlane
from host_pep.pep import PEP


@dataclass
class FarmPEP:
    pep: PEP
    farm: FarmControlPlane


@contextlib.contextmanager
def farm_pep(
    url: str, daemon: str, spool_dir: Path, key: AuditKey, *, staleness_s: float = 5.0
) -> Iterator[FarmPEP]:
    farm = FarmControlPlane.open(url, daemon=daemon, host="host-a", staleness_s=staleness_s)
    audit = AuditLog(farm.audit_store(spool_dir / f"{daemon}-audit.db"), key=key)
    pep = PEP.create(audit=audit, rules=farm.rules, adjudicator=farm.escalations, semantic="off")
    pep.journal = farm.journal
    try:
        yield FarmPEP(pep, farm)
    finally:
        pep.close()
        farm.close()


def eventually(check: Callable[[], bool], timeout: float = 10.0, every: float = 0.01) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(every)
    return check()
