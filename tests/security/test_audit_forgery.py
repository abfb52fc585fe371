"""Rewriting history in the daemon's audit database, as someone who can write the file would:
turn a deny into an allow and recompute the chain, or cut the last records and move the head
back. `droidgate audit verify` exits 1 with the key (found in the state dir, as the daemon left
it), and without the key given the checkpoints the daemon exported elsewhere."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.android_bridge.support import droidgate_bin
from tests.host_pep.audit.forge import cut_tail, edit_and_rechain
from tests.security.harness import CALENDAR, Target, api, stop_target, tool


def _verify(*args: str) -> tuple[int, str]:
    proc = subprocess.run(
        [droidgate_bin(), "audit", "verify", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return proc.returncode, proc.stdout + proc.stderr


async def _history(target: Target) -> tuple[str, int]:
    """Agents act (reads, a blocked leak, writes); the operator has the head signed. Returns
    the public key the checkpoints are signed with, and the seq of a deny."""
    async with target.operator() as op:
        s = await op.create_session(agents=["reader", "writer"], user_request="plan a call")
        reader = op.with_token(s.agent_tokens["reader"])
        writer = op.with_token(s.agent_tokens["writer"])
        await reader.call_tool(s.session, "reader", "contacts.lookup", {"name": "Alice Johnson"})
        leak = await writer.submit(
            s.session,
            api(
                "writer",
                f"content insert --uri {CALENDAR} --bind title:s:sec-audit "
                "--bind description:s:'call +1 415-555-0132'",
            ),
        )
        assert leak.decision == "deny"
        for i in range(5):
            await writer.submit(
                s.session, tool("writer", "notes.create", {"title": f"n{i}", "body": "ok"})
            )
        signed = await op.audit_checkpoints(sign=True)
        assert signed and signed[-1].seq >= 7
        denies = await op.audit(session=s.session, decision="deny")
    return signed[-1].key_id, int(denies[0]["seq"])


@pytest.mark.parametrize("attack", ["recomputed-edit", "cut-tail"])
async def test_audit_verify_fails_on_a_forged_daemon_log(
    fresh_target: Target, tmp_path: Path, attack: str
) -> None:
    target = fresh_target
    public_key, deny_seq = await _history(target)
    stop_target(target)  # the daemon signs its head when it closes
    state = target.daemon.state_dir
    db = state / "audit.db"
    kept = tmp_path / "kept" / "cp.jsonl"  # --audit-checkpoints: kept apart from the state dir
    assert kept.exists() and json.loads(kept.read_text().splitlines()[-1])["key_id"] == public_key
    assert _verify("--db", str(db))[0] == 0
    assert _verify("--db", str(db), "--checkpoints", str(kept), "--public-key", public_key)[0] == 0

    if attack == "recomputed-edit":
        edit_and_rechain(db, deny_seq, decision="allow", reason="allowed: the user asked for it")
        conn = sqlite3.connect(db)
        (decision,) = conn.execute(
            "SELECT decision FROM audit WHERE seq = ?", (deny_seq,)
        ).fetchone()
        conn.close()
        assert decision == "allow"
    else:
        cut_tail(db, keep=deny_seq - 1)
    # the unkeyed chain alone no longer sees it: that is the forgery
    code, out = _verify("--db", str(db), "--no-key")
    assert code == 0 and "would not be detected" in out
    # with the key (found in the state dir)
    code, out = _verify("--db", str(db))
    assert code == 1 and "BROKEN" in out, out
    # without the key at all, with the checkpoints kept elsewhere
    shutil.move(state / "audit.key", tmp_path / "key-taken-away")
    code, out = _verify("--db", str(db), "--checkpoints", str(kept), "--public-key", public_key)
    assert code == 1 and "BROKEN" in out, out
