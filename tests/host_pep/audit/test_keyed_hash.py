"""KeyedSha256 is HMAC-SHA256, and the audit key's MACs are the documented HMACs."""

from __future__ import annotations

import hashlib
import hmac

from hypothesis import given
from hypothesis import strategies as st

from host_pep.audit.keyed_hash import KeyedSha256
from host_pep.audit.keys import AuditKey, _derive


@given(key=st.binary(max_size=200), messages=st.lists(st.binary(max_size=300), max_size=4))
def test_it_is_hmac_sha256_for_any_key_and_message(key: bytes, messages: list[bytes]) -> None:
    keyed = KeyedSha256(key)  # keys longer than a block are hashed first, as RFC 2104 says
    for msg in messages:  # the key's states are reused, never consumed
        assert keyed.hexdigest(msg) == hmac.new(key, msg, hashlib.sha256).hexdigest()


def test_record_and_head_macs_are_hmacs_under_the_derived_key() -> None:
    secret = bytes(range(32))
    key, mac_key = AuditKey(secret), _derive(secret, b"mac")
    chain = "ab" * 32
    assert key.mac_row(chain) == hmac.new(mac_key, b"row\n" + chain.encode(), "sha256").hexdigest()
    head = f"head\n7\n{chain}".encode()
    assert key.mac_head(7, chain) == hmac.new(mac_key, head, "sha256").hexdigest()
