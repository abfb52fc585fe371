"""The audit log: every decision (and eviction, rule change, error), masked and hash-chained.

```python
from host_pep.audit import AuditLog, AuditRecord
log = AuditLog.open("audit.db")            # None -> in-memory SQLite
seq = log.append(AuditRecord.from_decision(event, completion, verdict))
seq = await log.aappend(record)             # from a coroutine: joins the next group commit
log.tail(20); log.query(session="s-1", decision="deny"); log.verify().ok
```
``AuditLog.open(path, durability="process"|"power")``: what an acknowledged record survives
(``kill -9`` of the process / also power loss); see ``docs/audit.md``.
"""

from host_pep.audit.log import AuditLog, VerifyResult, canonical_json, chain_hash
from host_pep.audit.masking import ValueHasher, mask_value, redact_json, redact_text
from host_pep.audit.record import AuditRecord, EvidenceRecord, PayloadField, RecordKind
from host_pep.audit.secret import Secret
from host_pep.audit.sqlite_store import Durability, SQLiteAuditStore
from host_pep.audit.store import AuditStore, RowFilter, StoredRow
from host_pep.audit.writer import CommitStats

__all__ = [
    "AuditLog",
    "AuditRecord",
    "AuditStore",
    "CommitStats",
    "Durability",
    "EvidenceRecord",
    "PayloadField",
    "RecordKind",
    "RowFilter",
    "SQLiteAuditStore",
    "Secret",
    "StoredRow",
    "ValueHasher",
    "VerifyResult",
    "canonical_json",
    "chain_hash",
    "mask_value",
    "redact_json",
    "redact_text",
]
