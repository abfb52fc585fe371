"""No sensitive value is stored in clear: not in any column, not in the WAL, in no format."""

from __future__ import annotations

from pathlib import Path

from host_pep.audit import AuditLog, AuditRecord, Secret, mask_value, redact_json, redact_text

from .helpers import CARD, EMAIL, OTP, PHONE, leaky_decision


def _file_bytes(tmp_path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(tmp_path.iterdir()) if p.is_file())


def test_no_clear_value_in_the_database_files(tmp_path: Path) -> None:
    ev, completion, v = leaky_decision()
    log = AuditLog.open(tmp_path / "audit.db")
    for _ in range(3):
        log.append(AuditRecord.from_decision(ev, completion, v, error=f"failed on {PHONE}"))
    log.append_event("eviction", "s-leak", {"value": EMAIL, "reason": f"ttl for {CARD}"})
    # read the files while the WAL still holds the rows, and again after the checkpoint on close
    raw_open = _file_bytes(tmp_path)
    log.close()
    raw_closed = _file_bytes(tmp_path)
    for raw in (raw_open, raw_closed):
        assert b"audit" in raw  # we are looking at the right bytes
        for secret in (PHONE, "138 1234 5678", EMAIL, EMAIL.upper(), CARD, OTP):
            assert secret.encode() not in raw, secret
            assert secret.encode("utf-16-le") not in raw, secret


def test_the_salt_is_random_per_log_and_never_shown(tmp_path: Path) -> None:
    salts = []
    for name in ("a.db", "b.db"):
        with AuditLog.open(tmp_path / name) as log:
            log.append(AuditRecord.from_decision(*leaky_decision()))
            salts.append(log.store.meta_get("hmac_salt"))
    assert salts[0] and salts[1] and salts[0] != salts[1]
    secret = Secret(str(salts[0]))
    shown = f"{secret} {secret!r} {secret!s} {[secret]}"
    assert str(salts[0]) not in shown
    assert secret.reveal() == salts[0]


def test_mask_value_reveals_little() -> None:
    assert mask_value(PHONE) == "13*******78"
    assert mask_value("138 1234 5678") == mask_value(PHONE)  # equal values mask equally
    assert mask_value(EMAIL) == "z***@example.com"
    assert mask_value(CARD, "card") == "************1111"
    assert mask_value("hunter2", "credential") == "********"
    assert mask_value(OTP) == "******"


def test_redaction_keeps_text_readable_but_masks_values() -> None:
    text = redact_text(
        f"send {OTP} to {EMAIL} or +86 {PHONE}, room 402, DE89 3704 0044 0532 0130 00"
    )
    for secret in (OTP, EMAIL, PHONE, "DE89 3704 0044 0532 0130 00", "3704"):
        assert secret not in text
    assert text.startswith("send ") and "room 402" in text
    assert redact_json({"rule_id": "r-2024-000123", "n": [int(PHONE), 12], "x": None}) == {
        "rule_id": "r-2024-000123",
        "n": ["13*******78", 12],
        "x": None,
    }
