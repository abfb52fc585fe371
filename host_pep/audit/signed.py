"""Signed checkpoints: (seq, chain hash) of the audit log, signed with the audit key's Ed25519 key.

A checkpoint says "record ``seq`` of this log had chain hash ``hash``" and, through the chain,
commits to every record up to it. The log writes one inside a commit now and then (every
``every`` records or ``interval`` seconds, and when it closes), keeps them in its database, and
hands each to an optional exporter that appends it to a file elsewhere. Exported as JSON Lines
(one checkpoint per line, ``droidgate audit checkpoints``), they are verified with the public
key alone: ``droidgate audit verify --checkpoints FILE`` then detects a record changed at or
before a checkpoint (even with the chain recomputed) and records cut after it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from pydantic import BaseModel, ConfigDict, Field

from host_pep.audit.keys import AuditKey

log = logging.getLogger(__name__)

DEFAULT_EVERY = 10_000
"""Records between checkpoints (at most)."""
DEFAULT_INTERVAL_S = 60.0
"""Seconds between checkpoints while records keep coming (at most, give or take one commit)."""


class SignedCheckpoint(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seq: int = Field(ge=1)
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")
    ts: float
    key_id: str = Field(pattern=r"^[0-9a-f]{64}$")
    """The Ed25519 public key that signed it (hex)."""
    signature: str = Field(pattern=r"^[0-9a-f]{128}$")

    @staticmethod
    def message(seq: int, chain_hash: str, ts: float, key_id: str) -> bytes:
        return f"droidgate-audit-checkpoint\n{seq}\n{chain_hash}\n{ts!r}\n{key_id}".encode()

    @classmethod
    def sign(cls, key: AuditKey, seq: int, chain_hash: str, ts: float) -> SignedCheckpoint:
        msg = cls.message(seq, chain_hash, ts, key.key_id)
        return cls(seq=seq, hash=chain_hash, ts=ts, key_id=key.key_id, signature=key.sign(msg))

    def valid_under(self, key_id: str) -> bool:
        """Whether this was signed by the key whose public key is ``key_id`` (hex)."""
        if key_id != self.key_id:
            return False
        try:
            public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(key_id))
            public.verify(
                bytes.fromhex(self.signature),
                self.message(self.seq, self.hash, self.ts, self.key_id),
            )
        except (InvalidSignature, ValueError):
            return False
        return True


def read_checkpoints(path: str | Path) -> list[SignedCheckpoint]:
    """An exported checkpoint file (JSON Lines); ``ValueError`` naming the bad line."""
    out: list[SignedCheckpoint] = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(SignedCheckpoint.model_validate_json(line))
        except ValueError as exc:
            raise ValueError(f"{path} line {n} is not a signed checkpoint: {exc}") from exc
    return out


def dump_checkpoints(checkpoints: Iterable[SignedCheckpoint]) -> str:
    return "".join(cp.model_dump_json() + "\n" for cp in checkpoints)


class CheckpointFile:
    """Appends each new checkpoint to a file (one JSON line, flushed and fsynced): an export
    kept apart from the database, e.g. on another volume or a file a collector ships off."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)

    def __call__(self, checkpoint: SignedCheckpoint) -> None:
        line = (checkpoint.model_dump_json() + "\n").encode()
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:  # an export that fails must not fail the decision it follows
            log.warning(
                "could not export audit checkpoint %d to %s: %s", checkpoint.seq, self.path, exc
            )
