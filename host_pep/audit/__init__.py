"""The audit log: every decision (and eviction, rule change, error), masked and hash-chained.

```python
from host_pep.audit import AuditLog, AuditRecord
log = AuditLog.open("audit.db")            # None -> in-memory SQLite
seq = log.append(AuditRecord.from_decision(event, completion, verdict))
log.tail(20); log.query(session="s-1", decision="deny"); log.verify().ok
```
"""

from host_pep.audit.log import AuditLog, VerifyResult, canonical_json, chain_hash
from host_pep.audit.masking import ValueHasher, mask_value, redact_json, redact_text
from host_pep.audit.record import AuditRecord, EvidenceRecord, PayloadField, RecordKind
from host_pep.audit.secret import Secret
from host_pep.audit.sqlite_store import SQLiteAuditStore
from host_pep.audit.store import AuditStore, RowFilter, StoredRow

__all__ = [
    "AuditLog",
    "AuditRecord",
    "AuditStore",
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
