"""AuditKey: the audit log's secret, kept outside the audit database.

One 256-bit secret, from ``$DROIDGATE_AUDIT_KEY`` (64 hex digits) or a 0600 key file (the
daemon's is ``STATE_DIR/audit.key``). Two keys are derived from it with HKDF-SHA256, so one
secret is all there is to keep:

* a MAC key: every record's chain hash, and the log's head, are authenticated with
  HMAC-SHA256 under it. Someone who can write the database but does not hold the key can
  still rewrite a record and recompute the (unkeyed) SHA-256 chain, but not the MACs;
* an Ed25519 signing key: periodic checkpoints (seq, chain hash) are signed with it, and its
  public key (``key_id``) verifies them anywhere, without the secret. Checkpoints exported and
  kept elsewhere anchor the log's history even against someone who later steals the key.

What each protects, exactly: docs/audit.md.
"""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from host_pep.audit.keyed_hash import KeyedSha256
from host_pep.audit.secret import create_private, read_private

KEY_ENV = "DROIDGATE_AUDIT_KEY"
KEY_FILE = "audit.key"
_KEY_BYTES = 32


def _derive(master: bytes, label: bytes) -> bytes:
    return HKDF(algorithm=SHA256(), length=32, salt=None, info=b"droidgate-audit/" + label).derive(
        master
    )


def _parse(text: str, where: str) -> bytes:
    value = text.strip()
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        raw = b""
    if len(raw) != _KEY_BYTES:
        raise ValueError(f"{where} must hold {2 * _KEY_BYTES} hexadecimal digits (a 256-bit key)")
    return raw


class AuditKey:
    """The derived MAC and signing keys of one secret. Never printed: ``repr`` shows the
    public ``key_id`` only."""

    __slots__ = ("_mac", "_signer", "key_id", "public_key")

    def __init__(self, secret: bytes) -> None:
        if len(secret) != _KEY_BYTES:
            raise ValueError(f"an audit key is {_KEY_BYTES} bytes")
        self._mac = KeyedSha256(_derive(secret, b"mac"))
        self._signer = Ed25519PrivateKey.from_private_bytes(_derive(secret, b"sign"))
        self.public_key: Ed25519PublicKey = self._signer.public_key()
        self.key_id: str = self.public_key.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
        """The Ed25519 public key, hex: names the key, and verifies its checkpoints."""

    # -- where a key comes from -----------------------------------------------------------------

    @classmethod
    def generate(cls) -> AuditKey:
        return cls(secrets.token_bytes(_KEY_BYTES))

    @classmethod
    def from_hex(cls, text: str, *, where: str = "the audit key") -> AuditKey:
        return cls(_parse(text, where))

    @classmethod
    def from_env(cls) -> AuditKey | None:
        """The key in ``$DROIDGATE_AUDIT_KEY``, if set."""
        text = os.environ.get(KEY_ENV)
        if not text:
            return None
        return cls.from_hex(text, where=f"${KEY_ENV}")

    @classmethod
    def load(cls, path: str | Path) -> AuditKey:
        """A key file (0600, this user's, not a symlink; ``PermissionError`` otherwise)."""
        return cls.from_hex(read_private(path), where=str(path))

    @classmethod
    def load_or_create(cls, path: str | Path) -> AuditKey:
        """The key in ``path``, created (0600, ``O_EXCL``) if there is none."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fresh = secrets.token_bytes(_KEY_BYTES)
        if create_private(p, fresh.hex() + "\n"):
            return cls(fresh)
        return cls.load(p)

    # -- using it -------------------------------------------------------------------------------

    def mac_row(self, chain_hash: str) -> str:
        """The MAC of a record, over its chain hash (which commits to it and all before it)."""
        return self._mac.hexdigest(b"row\n" + chain_hash.encode())

    def mac_head(self, seq: int, chain_hash: str) -> str:
        """The MAC of the log's head: which record is the last one (a cut tail moves it)."""
        return self._mac.hexdigest(f"head\n{seq}\n{chain_hash}".encode())

    @staticmethod
    def same(a: str | None, b: str) -> bool:
        """Constant-time comparison of a stored MAC with the expected one."""
        return a is not None and hmac.compare_digest(a.encode(), b.encode())

    def sign(self, message: bytes) -> str:
        return self._signer.sign(message).hex()

    def __repr__(self) -> str:
        return f"AuditKey(key_id={self.key_id[:16]}…)"
