"""The keyed audit: per-record and head MACs under a key kept outside the database, Ed25519-signed
checkpoints, and what ``verify`` then detects that the unkeyed chain cannot (a recomputed chain,
a cut tail with the head moved back), with the key or with exported checkpoints only."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from host_pep.audit import AuditLog
from host_pep.audit.keys import KEY_ENV, AuditKey
from host_pep.audit.signed import CheckpointFile, SignedCheckpoint, read_checkpoints
from host_pep.exceptions import AuditUnavailable

from .forge import cut_tail, edit_and_rechain, strip_key
from .helpers import record


def write(db: Path, key: AuditKey | None, n: int = 10, **kw: object) -> list[SignedCheckpoint]:
    """Append ``n`` records; return the checkpoints the log holds after closing."""
    with AuditLog.open(db, key=key, key_from_env=False, **kw) as log:  # type: ignore[arg-type]
        for i in range(n):
            log.append(record(session=f"s-{i % 2}", decision="deny" if i % 3 else "allow"))
    with AuditLog.open(db, readonly=True, key_from_env=False) as log:
        return log.checkpoints()


def verify(db: Path, key: AuditKey | None = None, **kw: object) -> tuple[bool, int | None, str]:
    with AuditLog.open(db, readonly=True, key=key, key_from_env=False) as log:
        result = log.verify(**kw)  # type: ignore[arg-type]
    return result.ok, result.first_bad_seq, result.problem or ""


@pytest.fixture
def key() -> AuditKey:
    return AuditKey.generate()


def test_a_keyed_log_verifies_with_its_key_and_signs_its_head_at_close(
    tmp_path: Path, key: AuditKey
) -> None:
    db = tmp_path / "audit.db"
    checkpoints = write(db, key)
    assert [cp.seq for cp in checkpoints][-1] == 10
    assert all(cp.valid_under(key.key_id) for cp in checkpoints)
    with AuditLog.open(db, readonly=True, key=key, key_from_env=False) as log:
        result = log.verify()
    assert result.ok and result.keyed and result.key_id == key.key_id
    assert result.checked == 10 and result.checkpoints == len(checkpoints)


def test_an_edited_record_with_the_chain_recomputed_fails_with_the_key(
    tmp_path: Path, key: AuditKey
) -> None:
    db = tmp_path / "audit.db"
    write(db, key)
    edit_and_rechain(db, 4, decision="allow", reason="nothing to see")
    # the unkeyed chain is whole again: that is the attack the key is for
    ok, _, _ = verify(db, unkeyed=True)
    assert ok
    ok, seq, problem = verify(db, key)
    assert (ok, seq) == (False, 4) and "MAC" in problem


def test_a_cut_tail_with_the_head_moved_back_fails_with_the_key(
    tmp_path: Path, key: AuditKey
) -> None:
    db = tmp_path / "audit.db"
    write(db, key)
    cut_tail(db, keep=7)
    assert verify(db, unkeyed=True)[0]
    ok, seq, problem = verify(db, key)
    assert (ok, seq) == (False, 7) and "head" in problem


def test_stripping_every_mac_and_the_key_id_does_not_make_it_unkeyed(
    tmp_path: Path, key: AuditKey
) -> None:
    db = tmp_path / "audit.db"
    write(db, key)
    strip_key(db)
    edit_and_rechain(db, 2, reason="forged")
    ok, seq, problem = verify(db, key)
    assert (ok, seq) == (False, 1) and "no MAC" in problem
    # and a daemon given the key refuses to extend it as if it were an old log
    with AuditLog.open(db, key=key, key_from_env=False) as log, pytest.raises(AuditUnavailable):
        log.append(record())


def test_exported_checkpoints_catch_both_forgeries_without_the_key(
    tmp_path: Path, key: AuditKey
) -> None:
    for attack in ("edit", "cut"):
        db = tmp_path / f"{attack}.db"
        exported = write(db, key)  # kept elsewhere
        if attack == "edit":
            edit_and_rechain(db, 3, decision="allow")
            strip_key(db)  # even with the stored checkpoints gone
        else:
            cut_tail(db, keep=6)
        ok, seq, problem = verify(db, exported=exported, public_key=key.key_id)
        assert not ok, attack
        if attack == "edit":
            assert seq == 10 and "changed" in problem
        else:
            assert seq == 7 and "cut off" in problem


def test_an_altered_export_or_another_key_is_refused(tmp_path: Path, key: AuditKey) -> None:
    db = tmp_path / "audit.db"
    exported = write(db, key)
    forged = [cp.model_copy(update={"hash": "0" * 64}) for cp in exported]
    ok, _, problem = verify(db, exported=forged, public_key=key.key_id)
    assert not ok and "not signed" in problem
    other = AuditKey.generate()
    resigned = [SignedCheckpoint.sign(other, cp.seq, cp.hash, cp.ts) for cp in exported]
    ok, _, problem = verify(db, exported=resigned, public_key=key.key_id)
    assert not ok and "not signed" in problem
    ok, _, problem = verify(db, other)
    assert not ok and "another key" in problem


def test_appends_need_the_logs_own_key(tmp_path: Path, key: AuditKey) -> None:
    db = tmp_path / "audit.db"
    write(db, key, n=2)
    for wrong in (None, AuditKey.generate()):
        with (
            AuditLog.open(db, key=wrong, key_from_env=False) as log,
            pytest.raises(AuditUnavailable, match="key"),
        ):
            log.append(record())
    assert verify(db, key)[0]


def test_a_log_written_without_a_key_is_adopted_explicitly(tmp_path: Path, key: AuditKey) -> None:
    db = tmp_path / "audit.db"
    write(db, None, n=4)
    with AuditLog.open(db, key=key, key_from_env=False) as log:
        with pytest.raises(AuditUnavailable, match="adopt"):
            log.append(record())
        result = log.adopt()
        assert result.ok and result.keyed and result.checked == 4
        log.append(record())
    ok, _, _ = verify(db, key)
    assert ok
    edit_and_rechain(db, 1, reason="forged after adoption")
    assert verify(db, key)[:2] == (False, 1)


def test_adopting_a_broken_log_is_refused(tmp_path: Path, key: AuditKey) -> None:
    db = tmp_path / "audit.db"
    write(db, None, n=4)
    cut_tail(db, keep=2)
    import sqlite3

    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE audit SET body = replace(body, 'allow', 'deny') WHERE seq = 1")
    conn.close()
    with (
        AuditLog.open(db, key=key, key_from_env=False) as log,
        pytest.raises(AuditUnavailable, match="broken"),
    ):
        log.adopt()


def test_checkpoints_come_every_n_records_and_are_exported(tmp_path: Path, key: AuditKey) -> None:
    db = tmp_path / "audit.db"
    out = tmp_path / "elsewhere" / "checkpoints.jsonl"
    out.parent.mkdir()
    store = AuditLog.open(db, key=key, key_from_env=False, on_checkpoint=CheckpointFile(out))
    store.checkpoint_every = 5
    with store as log:
        for _ in range(12):
            log.append(record())
    exported = read_checkpoints(out)
    assert [cp.seq for cp in exported] == [5, 10, 12]  # every 5, and the head at close
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert verify(db, exported=exported, public_key=key.key_id)[0]


def test_checkpoint_on_demand_covers_the_head_once(tmp_path: Path, key: AuditKey) -> None:
    with AuditLog.open(tmp_path / "a.db", key=key, key_from_env=False) as log:
        assert log.checkpoint() is None  # nothing to sign yet
        log.append(record())
        first = log.checkpoint()
        again = log.checkpoint()
        assert first is not None and first.seq == 1 and again == first


def test_the_key_file_is_private_and_never_followed(tmp_path: Path) -> None:
    path = tmp_path / "state" / "audit.key"
    key = AuditKey.load_or_create(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert AuditKey.load_or_create(path).key_id == key.key_id
    assert key.key_id not in repr(key) or "…" in repr(key)
    path.chmod(0o644)
    with pytest.raises(PermissionError, match="chmod 600"):
        AuditKey.load(path)
    path.chmod(0o600)
    link = tmp_path / "link.key"
    link.symlink_to(path)
    with pytest.raises(PermissionError, match="symlink"):
        AuditKey.load(link)
    # creating never writes through a planted symlink either
    target = tmp_path / "victim"
    target.write_text("do not touch")
    planted = tmp_path / "planted" / "audit.key"
    planted.parent.mkdir()
    planted.symlink_to(target)
    with pytest.raises(PermissionError):
        AuditKey.load_or_create(planted)
    assert target.read_text() == "do not touch"


def test_the_key_can_come_from_the_environment(
    tmp_path: Path, key: AuditKey, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = os.urandom(32).hex()
    monkeypatch.setenv(KEY_ENV, secret)
    with AuditLog.open(tmp_path / "audit.db") as log:
        log.append(record())
        assert log.key is not None and log.key.key_id == AuditKey.from_hex(secret).key_id
        assert log.verify().keyed
    monkeypatch.setenv(KEY_ENV, "not-hex")
    with pytest.raises(ValueError, match=KEY_ENV):
        AuditLog.open(tmp_path / "other.db")


def test_a_log_with_the_older_three_row_head_still_verifies_and_continues(tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "audit.db"
    write(db, None, n=3)
    conn = sqlite3.connect(db)
    with conn:
        (value,) = conn.execute("SELECT value FROM meta WHERE key = 'head'").fetchone()
        seq, hash_, _ = value.split(" ")
        conn.execute("DELETE FROM meta WHERE key = 'head'")
        conn.executemany(
            "INSERT INTO meta(key, value) VALUES (?, ?)", [("head_seq", seq), ("head_hash", hash_)]
        )
    conn.close()
    assert verify(db, unkeyed=True)[0]
    write(db, None, n=2)
    ok, _, problem = verify(db, unkeyed=True)
    assert ok, problem
