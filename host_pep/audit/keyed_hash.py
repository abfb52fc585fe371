"""KeyedSha256: HMAC-SHA256 under one fixed key, with the key's two padded states made once.

Why: ``hmac.digest`` sets up HMAC from the key on every call (an OpenSSL context, both padded
blocks), about 3 us; the audit computes several per decision (a salted digest per payload
value and evidence item, a MAC per record and one of the head per commit). RFC 2104's HMAC is
``H((K ^ opad) || H((K ^ ipad) || m))``: hashing the two padded key blocks once and copying
those states per message gives the same digest for ~0.6 us.
"""

from __future__ import annotations

import hashlib

_BLOCK = hashlib.sha256().block_size
_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))


class KeyedSha256:
    """``hmac.new(key, msg, hashlib.sha256)`` for many messages under one key."""

    __slots__ = ("_inner", "_outer")

    def __init__(self, key: bytes) -> None:
        if len(key) > _BLOCK:
            key = hashlib.sha256(key).digest()
        key = key.ljust(_BLOCK, b"\0")
        self._inner = hashlib.sha256(key.translate(_IPAD))
        self._outer = hashlib.sha256(key.translate(_OPAD))

    def hexdigest(self, msg: bytes) -> str:
        inner = self._inner.copy()
        inner.update(msg)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.hexdigest()
